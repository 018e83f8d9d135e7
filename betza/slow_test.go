package betza
import ("testing";"time";"strings")
func TestSlow(t *testing.T){
 for _, s := range []string{"aaaK", "aaaKaaaNaaaCaaaZaaaGaaaHaaa(4,1)aaa(5,1)aaa(5,2)", strings.Repeat("aaa(9,8)",10)} {
  st := time.Now(); p, err := Parse(s); n := 0; if p != nil { n = len(p.Paths) }
  t.Log(len(s), n, err, time.Since(st))
 }
}
