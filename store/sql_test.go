package store

// Every SQL statement is constant text: values only ever travel as parameters.

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// sqlCalls are the methods whose argument at the index given is SQL.
var sqlCalls = map[string]int{
	"ExecContext": 1, "QueryContext": 1, "QueryRowContext": 1, "PrepareContext": 1,
	"Exec": 0, "Query": 0, "QueryRow": 0, "Prepare": 0,
}

// TestSQLIsConstant: in the store's code, the SQL of every call that runs
// a statement is constant text — a string literal, a constant, constants
// joined with +, a local variable only ever given such text, or a
// parameter every caller gives such text — so that nothing a client sends
// can become SQL.
func TestSQLIsConstant(t *testing.T) {
	paths, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var sources []string
	for _, p := range paths {
		if !strings.HasSuffix(p, "_test.go") {
			sources = append(sources, p)
		}
	}
	bad, n, err := nonConstantSQL(sources, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bad {
		t.Error(b)
	}
	if n < 40 {
		t.Errorf("only %d statements found: the check does not see the code", n)
	}
	t.Logf("%d statements, all constant text", n)
}

// TestSQLCheckCatches: the check finds SQL made of values.
func TestSQLCheckCatches(t *testing.T) {
	src := `package x
const q = "SELECT 1 FROM t WHERE a = $1"
func f(db *sql.DB, ctx context.Context, name string) {
	db.ExecContext(ctx, q, name)
	db.ExecContext(ctx, "SELECT * FROM t WHERE a = '"+name+"'")
	s := "SELECT " + name
	db.QueryRowContext(ctx, s)
	g(db, ctx, "DELETE FROM t")
	g(db, ctx, name)
	conn.Exec(ctx, "LISTEN "+name)
	db.Exec(fmt.Sprintf("DROP TABLE %s", name))
}
func g(db *sql.DB, ctx context.Context, query string) { db.QueryContext(ctx, query) }
`
	bad, n, err := nonConstantSQL([]string{"x.go"}, map[string]string{"x.go": src})
	if err != nil {
		t.Fatal(err)
	}
	if n != 6 || len(bad) != 5 {
		t.Errorf("%d statements, %d found: %v; want 6 and 5", n, len(bad), bad)
	}
}

// nonConstantSQL parses the files (their text from srcs when there,
// else from disk) and returns the statements whose SQL is not constant
// text, and how many statements there are.
func nonConstantSQL(paths []string, srcs map[string]string) (bad []string, n int, err error) {
	fset := token.NewFileSet()
	var files []*ast.File
	for _, p := range paths {
		var src any
		if s, ok := srcs[p]; ok {
			src = s
		}
		f, err := parser.ParseFile(fset, p, src, 0)
		if err != nil {
			return nil, 0, err
		}
		files = append(files, f)
	}
	consts := map[string]ast.Expr{} // package constants
	// scope is a function: its parameters' positions and what is
	// assigned to its (and its closures') variables, by name.
	type scope struct {
		name     string
		params   map[string]int
		assigned map[string][]ast.Expr
	}
	type call struct {
		c  *ast.CallExpr
		in *scope
	}
	calls := map[string][]call{} // calls by function or method name
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				if d.Tok != token.CONST {
					continue
				}
				for _, sp := range d.Specs {
					vs := sp.(*ast.ValueSpec)
					for i, n := range vs.Names {
						if i < len(vs.Values) {
							consts[n.Name] = vs.Values[i]
						}
					}
				}
			case *ast.FuncDecl:
				sc := &scope{name: d.Name.Name, params: map[string]int{}, assigned: map[string][]ast.Expr{}}
				i := 0
				for _, fld := range d.Type.Params.List {
					for _, n := range fld.Names {
						sc.params[n.Name] = i
						i++
					}
					if len(fld.Names) == 0 {
						i++
					}
				}
				if d.Body == nil {
					continue
				}
				ast.Inspect(d.Body, func(n ast.Node) bool {
					switch n := n.(type) {
					case *ast.AssignStmt:
						if len(n.Lhs) == len(n.Rhs) {
							for i, l := range n.Lhs {
								if id, ok := l.(*ast.Ident); ok {
									sc.assigned[id.Name] = append(sc.assigned[id.Name], n.Rhs[i])
								}
							}
						}
					case *ast.CallExpr:
						switch fn := n.Fun.(type) {
						case *ast.Ident:
							calls[fn.Name] = append(calls[fn.Name], call{n, sc})
						case *ast.SelectorExpr:
							calls[fn.Sel.Name] = append(calls[fn.Sel.Name], call{n, sc})
						}
					}
					return true
				})
			}
		}
	}
	var constant func(e ast.Expr, sc *scope, depth int) bool
	constant = func(e ast.Expr, sc *scope, depth int) bool {
		if depth > 10 {
			return false
		}
		switch e := e.(type) {
		case *ast.BasicLit:
			return e.Kind == token.STRING
		case *ast.ParenExpr:
			return constant(e.X, sc, depth+1)
		case *ast.BinaryExpr:
			return e.Op == token.ADD && constant(e.X, sc, depth+1) && constant(e.Y, sc, depth+1)
		case *ast.Ident:
			if sc != nil {
				if idx, ok := sc.params[e.Name]; ok {
					callers := calls[sc.name]
					for _, c := range callers {
						if idx >= len(c.c.Args) || !constant(c.c.Args[idx], c.in, depth+1) {
							return false
						}
					}
					return len(callers) > 0
				}
				if values, ok := sc.assigned[e.Name]; ok {
					for _, v := range values {
						if !constant(v, sc, depth+1) {
							return false
						}
					}
					return true
				}
			}
			if c, ok := consts[e.Name]; ok {
				return constant(c, nil, depth+1)
			}
		}
		return false
	}
	for name, at := range sqlCalls {
		for _, c := range calls[name] {
			i := at
			if len(c.c.Args) == 0 {
				continue
			}
			if id, ok := c.c.Args[0].(*ast.Ident); ok && id.Name == "ctx" && i == 0 {
				i = 1 // pgx's methods take the context first
			}
			if i >= len(c.c.Args) {
				continue
			}
			n++
			if !constant(c.c.Args[i], c.in, 0) {
				bad = append(bad, fmt.Sprintf("%s: the SQL of %s is not constant text", fset.Position(c.c.Args[i].Pos()), name))
			}
		}
	}
	return bad, n, nil
}
