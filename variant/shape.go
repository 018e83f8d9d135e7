package variant

// Shape check: compares decoded TOML data with core.Definition, for type errors with exact paths.

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"time"

	"anychess/core"
)

// problem is a fault found at a path.
type problem struct {
	path string
	msg  string
}

var definitionType = reflect.TypeFor[core.Definition]()

// checkShape walks data (as decoded into map[string]any) against type t and
// reports values of the wrong type and keys that match a field only when
// letter case is ignored (the decoder would accept them silently). Keys that
// match no field are left to MetaData.Undecoded.
func checkShape(data any, t reflect.Type, path string, out *[]problem) {
	switch t.Kind() {
	case reflect.Struct:
		m, ok := data.(map[string]any)
		if !ok {
			*out = append(*out, problem{path, "want a table, got " + tomlType(data)})
			return
		}
		for _, k := range sortedKeys(m) {
			f, exact := field(t, k)
			if f == nil {
				continue
			}
			p := join(path, k)
			if !exact {
				*out = append(*out, problem{p, fmt.Sprintf("unknown key %q (keys are case-sensitive: did you mean %q?)", k, tag(*f))})
				continue
			}
			checkShape(m[k], f.Type, p, out)
		}
	case reflect.Map:
		m, ok := data.(map[string]any)
		if !ok {
			*out = append(*out, problem{path, "want a table, got " + tomlType(data)})
			return
		}
		for _, k := range sortedKeys(m) {
			checkShape(m[k], t.Elem(), join(path, k), out)
		}
	case reflect.Slice:
		v := reflect.ValueOf(data)
		if data == nil || v.Kind() != reflect.Slice {
			*out = append(*out, problem{path, "want an array, got " + tomlType(data)})
			return
		}
		for i := 0; i < v.Len(); i++ {
			checkShape(v.Index(i).Interface(), t.Elem(), index(path, i), out)
		}
	case reflect.String:
		if _, ok := data.(string); !ok {
			*out = append(*out, problem{path, "want a string, got " + tomlType(data)})
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if _, ok := data.(int64); !ok {
			*out = append(*out, problem{path, "want an integer, got " + tomlType(data)})
		}
	case reflect.Float32, reflect.Float64:
		switch data.(type) {
		case int64, float64:
		default:
			*out = append(*out, problem{path, "want a number, got " + tomlType(data)})
		}
	case reflect.Bool:
		if _, ok := data.(bool); !ok {
			*out = append(*out, problem{path, "want true or false, got " + tomlType(data)})
		}
	}
	// Other kinds are left to the decoder, whose error then has no exact path.
}

// field finds the struct field whose toml tag is k; exact is false if it
// matches only when letter case is ignored.
func field(t reflect.Type, k string) (f *reflect.StructField, exact bool) {
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		if tag(sf) == k {
			return &sf, true
		}
		if f == nil && strings.EqualFold(tag(sf), k) {
			f = &sf
		}
	}
	return f, false
}

func tag(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
	if name == "" {
		return f.Name
	}
	return name
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// tomlType names the TOML type of a decoded value.
func tomlType(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case int64:
		return "an integer"
	case float64:
		return "a float"
	case bool:
		return "a boolean"
	case time.Time:
		return "a date-time"
	case map[string]any:
		return "a table"
	case nil:
		return "nothing"
	}
	if reflect.ValueOf(v).Kind() == reflect.Slice {
		return "an array"
	}
	return fmt.Sprintf("a %T", v)
}
