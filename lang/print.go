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

// FormatStmt prints one statement.
func FormatStmt(s Stmt) string {
	switch s := s.(type) {
	case *GameDecl:
		return formatGame(s)
	case *LetStmt:
		head := s.Name.Name
		if s.Func {
			names := make([]string, len(s.Params))
			for i, p := range s.Params {
				names[i] = p.Name
			}
			head += "(" + strings.Join(names, ", ") + ")"
		}
		return "let " + head + " = " + FormatExpr(s.Value)
	case *ExprStmt:
		return FormatExpr(s.X)
	}
	return ""
}

func formatGame(d *GameDecl) string {
	head := "game " + d.Name
	if len(d.Params) > 0 {
		head += "(" + identList(d.Params) + ")"
	}
	if d.Alias != nil {
		return head + " = " + FormatExpr(d.Alias)
	}
	if k := d.Kind; k != nil {
		head += " " + k.Word
		if len(k.Vars) > 0 {
			head += " (" + identList(k.Vars) + ")"
		}
	}
	rules := make([]string, len(d.Rules))
	for i, r := range d.Rules {
		rules[i] = "    " + formatRule(r)
	}
	return head + " {\n" + strings.Join(rules, "\n") + "\n}"
}

func identList(ids []*Ident) string {
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = id.Name
	}
	return strings.Join(names, ", ")
}

func formatRule(r Rule) string {
	switch r := r.(type) {
	case *TakeRule:
		s := "take " + FormatExpr(r.Amount)
		if r.Split {
			s += " split"
		} else if r.Leaving != nil {
			s += " leaving " + FormatExpr(r.Leaving)
		}
		return s
	case *MoveRule:
		s := "move (" + exprList(r.Result) + ")" + forsText(r.Fors)
		if r.Guard != nil {
			s += " if " + FormatExpr(r.Guard)
		}
		return s
	case *LosesRule:
		return "loses if " + FormatExpr(r.Cond)
	case *PickRule:
		return "pick " + r.Var.Name + " in " + FormatExpr(r.Universe)
	case *ForbidRule:
		return "forbid " + r.What.Name
	}
	return ""
}

func exprList(es []Expr) string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = FormatExpr(e)
	}
	return strings.Join(parts, ", ")
}

// FormatExpr prints an expression with every operation parenthesised.
func FormatExpr(e Expr) string {
	switch e := e.(type) {
	case *Ident:
		return e.Name
	case *IntLit:
		return e.Digits
	case *StringLit:
		return strconv.Quote(e.Value)
	case *SetLit:
		return "{" + exprList(e.Elems) + "}"
	case *RangeExpr:
		if e.Hi == nil {
			return "(" + FormatExpr(e.Lo) + "..)"
		}
		return "(" + FormatExpr(e.Lo) + ".." + FormatExpr(e.Hi) + ")"
	case *Binary:
		return "(" + FormatExpr(e.Left) + " " + e.Op + " " + FormatExpr(e.Right) + ")"
	case *Unary: // a chain of prefix operators in one pair of brackets: (- -x)
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
		return out + FormatExpr(x) + ")"
	case *Call:
		return FormatExpr(e.Fn) + "(" + exprList(e.Args) + ")"
	case *SetCall:
		return FormatExpr(e.Fn) + "{" + exprList(e.Elems) + "}"
	case *Paren:
		return FormatExpr(e.X)
	case *CondExpr:
		return "(if " + FormatExpr(e.If) + " then " + FormatExpr(e.Then) + " else " + FormatExpr(e.Else) + ")"
	case *Comprehension:
		out := FormatExpr(e.Elem) + forsText(e.Fors)
		if e.Cond != nil {
			out += " if " + FormatExpr(e.Cond)
		}
		if e.Set {
			return "{" + out + "}"
		}
		return out
	}
	return ""
}

func forsText(fors []*ForClause) string {
	s := ""
	for _, f := range fors {
		s += " for " + f.Var.Name + " in " + FormatExpr(f.Range)
	}
	return s
}
