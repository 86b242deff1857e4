package lang

import (
	"strconv"
	"strings"
)

// Format prints a file in canonical form: one statement per line, every
// binary and unary operation in parentheses. Parsing the result gives the same
// tree (positions aside).
func Format(f *File) string {
	var b strings.Builder
	for _, s := range f.Stmts {
		b.WriteString(FormatStmt(s))
		b.WriteByte('\n')
	}
	return b.String()
}

// printer writes the syntax tree: with every operation in brackets (the
// canonical form, which shows the structure), or as written (faithful:
// only the brackets the source has, which is what gamelang fmt and :info
// show; printed in order, the tree's operators give back the source's
// sequence, so it parses to the same tree).
//
// The faithful form spaces binary operators, except ^ (k^2) and any
// symbol inside the ends of a range, where a+1..n-1 reads better than
// a + 1..n - 1; brackets, calls and sets space their insides again.
type printer struct{ faithful, tight bool }

// loose is the printer for what brackets enclose.
func (pr printer) loose() printer { return printer{faithful: pr.faithful} }

// FormatStmt prints one statement in the canonical form.
func FormatStmt(s Stmt) string { return printer{}.stmt(s) }

// FormatExpr prints an expression with every operation parenthesised.
func FormatExpr(e Expr) string { return printer{}.expr(e) }

// PrettyStmt prints one statement as written: only its own brackets.
func PrettyStmt(s Stmt) string { return printer{faithful: true}.stmt(s) }

// PrettyExpr prints an expression as written.
func PrettyExpr(e Expr) string { return printer{faithful: true}.expr(e) }

func (pr printer) stmt(s Stmt) string {
	switch s := s.(type) {
	case *GameDecl:
		return pr.game(s)
	case *LetStmt:
		head := s.Name.Name
		if s.Func {
			names := make([]string, len(s.Params))
			for i, p := range s.Params {
				names[i] = p.Name
			}
			head += "(" + strings.Join(names, ", ") + ")"
		}
		return "let " + head + " = " + pr.expr(s.Value)
	case *ExprStmt:
		return pr.expr(s.X)
	}
	return ""
}

func (pr printer) gameHead(d *GameDecl) string {
	head := "game " + d.Name
	if len(d.Params) > 0 {
		head += "(" + identList(d.Params) + ")"
	}
	if d.Alias != nil {
		return head + " = " + pr.expr(d.Alias)
	}
	if k := d.Kind; k != nil {
		head += " " + k.Word
		if len(k.Vars) > 0 {
			head += " (" + identList(k.Vars) + ")"
		}
	}
	return head + " {"
}

func (pr printer) game(d *GameDecl) string {
	head := pr.gameHead(d)
	if d.Alias != nil {
		return head
	}
	rules := make([]string, len(d.Rules))
	for i, r := range d.Rules {
		rules[i] = "    " + pr.rule(r)
	}
	return head + "\n" + strings.Join(rules, "\n") + "\n}"
}

func identList(ids []*Ident) string {
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = id.Name
	}
	return strings.Join(names, ", ")
}

func (pr printer) rule(r Rule) string {
	switch r := r.(type) {
	case *TakeRule:
		s := "take " + pr.expr(r.Amount)
		if r.Split {
			s += " split"
		} else if r.Leaving != nil {
			s += " leaving " + pr.expr(r.Leaving)
		}
		return s + then(r.Then)
	case *MoveRule:
		s := "move (" + pr.list(r.Result) + ")" + pr.fors(r.Fors)
		if r.Guard != nil {
			s += " if " + pr.expr(r.Guard)
		}
		return s + then(r.Then)
	case *LosesRule:
		return "loses if " + pr.expr(r.Cond)
	case *PickRule:
		return "pick " + r.Var.Name + " in " + pr.expr(r.Universe)
	case *ForbidRule:
		return "forbid " + r.What.Name
	case *PassRule:
		return "pass once"
	}
	return ""
}

func (pr printer) list(es []Expr) string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = pr.expr(e)
	}
	return strings.Join(parts, ", ")
}

func (pr printer) expr(e Expr) string {
	switch e := e.(type) {
	case *Ident:
		return e.Name
	case *IntLit:
		return e.Digits
	case *StringLit:
		return strconv.Quote(e.Value)
	case *SetLit:
		return "{" + pr.loose().list(e.Elems) + "}"
	case *ListLit:
		return "[" + pr.loose().list(e.Elems) + "]"
	case *Index:
		return pr.expr(e.X) + "[" + pr.loose().expr(e.I) + "]"
	case *RangeExpr:
		return pr.rangeExpr(e)
	case *Binary:
		return pr.binary(e)
	case *Unary:
		return pr.unary(e)
	case *Call:
		return pr.expr(e.Fn) + "(" + pr.loose().list(e.Args) + ")"
	case *SetCall:
		return pr.expr(e.Fn) + "{" + pr.loose().list(e.Elems) + "}"
	case *Paren:
		if pr.faithful {
			return "(" + pr.loose().expr(e.X) + ")"
		}
		return pr.expr(e.X)
	case *CondExpr:
		cond := "if " + pr.expr(e.If) + " then " + pr.expr(e.Then) + " else " + pr.expr(e.Else)
		if pr.faithful {
			return cond
		}
		return "(" + cond + ")"
	case *Comprehension:
		return pr.comprehension(e)
	}
	return ""
}

func (pr printer) rangeExpr(e *RangeExpr) string {
	if t := (printer{faithful: true, tight: true}); pr.faithful {
		if e.Hi == nil {
			return t.expr(e.Lo) + ".."
		}
		return t.expr(e.Lo) + ".." + t.expr(e.Hi)
	}
	if e.Hi == nil {
		return "(" + pr.expr(e.Lo) + "..)"
	}
	return "(" + pr.expr(e.Lo) + ".." + pr.expr(e.Hi) + ")"
}

func (pr printer) binary(e *Binary) string {
	if pr.faithful {
		l, r := pr.expr(e.Left), pr.expr(e.Right)
		if (e.Op == "^" || pr.tight && e.Op != "xor" && e.Op != "and" && e.Op != "or") && !strings.HasPrefix(r, "-") {
			return l + e.Op + r
		}
		return l + " " + e.Op + " " + r
	}
	return "(" + pr.expr(e.Left) + " " + e.Op + " " + pr.expr(e.Right) + ")"
}

func (pr printer) unary(e *Unary) string {
	if pr.faithful {
		x := pr.expr(e.X)
		if e.Op == "not" {
			return "not " + x
		}
		if strings.HasPrefix(x, "-") {
			return "- " + x // not "--"
		}
		return "-" + x
	}
	// canonical: a chain of prefix operators in one pair of brackets: (- -x)
	var ops []string
	var x Expr = e
	for {
		if p, ok := x.(*Paren); ok {
			x = p.X
			continue
		}
		u, ok := x.(*Unary)
		if !ok {
			break
		}
		ops = append(ops, u.Op)
		x = u.X
	}
	out := "("
	for i, op := range ops {
		switch {
		case op == "not":
			out += "not "
		case i+1 < len(ops) && ops[i+1] == "-":
			out += "- " // not "--"
		default:
			out += "-"
		}
	}
	return out + pr.expr(x) + ")"
}

func (pr printer) comprehension(e *Comprehension) string {
	pr = pr.loose()
	out := pr.expr(e.Elem) + pr.fors(e.Fors)
	if e.Cond != nil {
		out += " if " + pr.expr(e.Cond)
	}
	if e.Set {
		return "{" + out + "}"
	}
	if e.List {
		return "[" + out + "]"
	}
	return out
}

func (pr printer) fors(fors []*ForClause) string {
	s := ""
	for _, f := range fors {
		s += " for " + f.Var.Name + " in " + pr.expr(f.Range)
	}
	return s
}

// then writes what a rule's moves oblige after it: " entailing".
func then(word string) string {
	if word == "" {
		return ""
	}
	return " " + word
}
