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
	consts := map[string]ast.Expr{}          // package constants
	assigned := map[*ast.Object][]ast.Expr{} // local variables' values
	params := map[*ast.Object]struct {
		fn  string
		idx int
	}{}
	calls := map[string][]*ast.CallExpr{} // calls by function or method name
	for _, f := range files {
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.CONST {
				for _, sp := range g.Specs {
					vs := sp.(*ast.ValueSpec)
					for i, n := range vs.Names {
						if i < len(vs.Values) {
							consts[n.Name] = vs.Values[i]
						}
					}
				}
			}
			if fd, ok := d.(*ast.FuncDecl); ok {
				i := 0
				for _, fld := range fd.Type.Params.List {
					for _, n := range fld.Names {
						params[n.Obj] = struct {
							fn  string
							idx int
						}{fd.Name.Name, i}
						i++
					}
					if len(fld.Names) == 0 {
						i++
					}
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) == len(n.Rhs) {
					for i, l := range n.Lhs {
						if id, ok := l.(*ast.Ident); ok && id.Obj != nil {
							assigned[id.Obj] = append(assigned[id.Obj], n.Rhs[i])
						}
					}
				}
			case *ast.CallExpr:
				switch fn := n.Fun.(type) {
				case *ast.Ident:
					calls[fn.Name] = append(calls[fn.Name], n)
				case *ast.SelectorExpr:
					calls[fn.Sel.Name] = append(calls[fn.Sel.Name], n)
				}
			}
			return true
		})
	}
	var constant func(e ast.Expr, depth int) bool
	constant = func(e ast.Expr, depth int) bool {
		if depth > 10 {
			return false
		}
		switch e := e.(type) {
		case *ast.BasicLit:
			return e.Kind == token.STRING
		case *ast.ParenExpr:
			return constant(e.X, depth+1)
		case *ast.BinaryExpr:
			return e.Op == token.ADD && constant(e.X, depth+1) && constant(e.Y, depth+1)
		case *ast.Ident:
			if c, ok := consts[e.Name]; ok && (e.Obj == nil || e.Obj.Kind == ast.Con) {
				return constant(c, depth+1)
			}
			if e.Obj == nil {
				return false
			}
			if p, ok := params[e.Obj]; ok {
				callers := calls[p.fn]
				for _, c := range callers {
					if p.idx >= len(c.Args) || !constant(c.Args[p.idx], depth+1) {
						return false
					}
				}
				return len(callers) > 0
			}
			values := assigned[e.Obj]
			for _, v := range values {
				if !constant(v, depth+1) {
					return false
				}
			}
			return len(values) > 0
		}
		return false
	}
	for name, at := range sqlCalls {
		for _, c := range calls[name] {
			i := at
			if len(c.Args) == 0 {
				continue
			}
			if id, ok := c.Args[0].(*ast.Ident); ok && id.Name == "ctx" && i == 0 {
				i = 1 // pgx's methods take the context first
			}
			if i >= len(c.Args) {
				continue
			}
			n++
			if !constant(c.Args[i], 0) {
				bad = append(bad, fmt.Sprintf("%s: the SQL of %s is not constant text", fset.Position(c.Args[i].Pos()), name))
			}
		}
	}
	return bad, n, nil
}
