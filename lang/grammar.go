package lang

import (
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The participle grammar. These structs mirror the concrete syntax; parse.go
// lowers them into the AST of ast.go (operator chains become binary trees).
// Newlines are not significant: statements and rules are keyword-led or are
// expressions, and an optional ';' may separate them.

// Keywords are the reserved words of the language, in the order the
// reference introduces them.
var Keywords = []string{"game", "let", "take", "split", "leaving", "loses", "if", "then", "else", "move", "for", "in", "state", "set", "pick", "forbid", "and", "or", "not", "mod"}

type gFile struct {
	Stmts []*gStmt `parser:"( @@ ';'* )*"`
}

type gStmt struct {
	Game *gGame `parser:"  @@"`
	Let  *gLet  `parser:"| @@"`
	Expr *gExpr `parser:"| @@"`
}

type gName struct {
	Pos  lexer.Position
	Name string `parser:"@Ident"`
}

type gGame struct {
	Kw     lexer.Token `parser:"@'game'"`
	Name   string      `parser:"@Ident"`
	Params []*gName    `parser:"( '(' ( @@ ( ',' @@ )* )? ')' )?"`
	Alias  *gExpr      `parser:"( '=' @@"`
	Kind   *gKind      `parser:"| @@?"`
	Rules  []*gRule    `parser:"  '{' ( @@ ';'* )* '}' )"`
}

// gKind is the kind of position a game declares, after its name: 'state
// (a, b)', 'set', or any other word a kind of position registers. Heaps,
// the default, need none.
type gKind struct {
	Pos  lexer.Position
	Word string   `parser:"@( 'state' | 'set' | Ident )"`
	Vars []*gName `parser:"( '(' @@ ( ',' @@ )* ')' )?"`
}

type gLet struct {
	Kw     lexer.Token `parser:"@'let'"`
	Name   *gName      `parser:"@@"`
	Func   bool        `parser:"( @'('"`
	Params []*gName    `parser:"  ( @@ ( ',' @@ )* )? ')' )?"`
	Value  *gExpr      `parser:"'=' @@"`
}

type gRule struct {
	Take   *gTake   `parser:"  @@"`
	Move   *gMove   `parser:"| @@"`
	Loses  *gLoses  `parser:"| @@"`
	Pick   *gPick   `parser:"| @@"`
	Forbid *gForbid `parser:"| @@"`
	Pass   *gPass   `parser:"| @@"`
}

type gTake struct {
	Pos     lexer.Position
	Amount  *gExpr `parser:"'take' @@"`
	Split   bool   `parser:"( @'split'"`
	Leaving *gExpr `parser:"| 'leaving' @@ )?"`
	Then    string `parser:"@( 'entailing' | 'again' )?"`
}

type gMove struct {
	Pos    lexer.Position
	Result []*gExpr `parser:"'move' '(' @@ ( ',' @@ )*"`
	Gen    *gComp   `parser:"@@? ')'"` // move (j for j in a..b): heaps as many as the generator gives
	Fors   []*gFor  `parser:"@@*"`
	Guard  *gExpr   `parser:"( 'if' @@ )?"`
	Then   string   `parser:"@( 'entailing' | 'again' )?"`
}

type gFor struct {
	Pos   lexer.Position
	Var   *gName `parser:"'for' @@"`
	Range *gExpr `parser:"'in' @@"`
}

type gLoses struct {
	Pos  lexer.Position
	Cond *gExpr `parser:"'loses' 'if' @@"`
}

type gPick struct {
	Pos      lexer.Position
	Var      *gName `parser:"'pick' @@"`
	Universe *gExpr `parser:"'in' @@"`
}

// gPass is `pass once`: a one-time pass. Its words are not keywords: a
// rule that starts with the name pass is this one.
type gPass struct {
	Pos  lexer.Position
	Once bool `parser:"'pass' @'once'"`
}

type gForbid struct {
	Pos  lexer.Position
	What *gName `parser:"'forbid' @@"`
}

// Expressions are written flat: operands, each with its prefix operators,
// joined by binary operators. parse.go gives them their structure by
// precedence (the table ops there), so a chain of any length is one grammar
// level per operand and the grammar has no level per precedence.

type gExpr struct {
	gOperand
	Tail []*gBinary  `parser:"@@*"`
	Open lexer.Token `parser:"@'..'?"` // a range with no high end: 1..
}

type gBinary struct {
	Op lexer.Token `parser:"@Op"`
	gOperand
}

// gOperand is an operand with its prefix operators and its suffixes: a
// number, string or name (the token itself, which says which), a bracketed
// expression, a set or a list, then calls, set positions and indexes:
// -Bounded(3)(10), hs[0]. It is
// embedded in the nodes that hold one, which keeps the tree shallow.
type gOperand struct {
	Prefix []*gPrefix  `parser:"@@*"`
	Atom   lexer.Token `parser:"( @( Ident | Int | String )"`
	Paren  *gParen     `parser:"| @@"`
	Set    *gSetLit    `parser:"| @@"`
	List   *gListLit   `parser:"| @@"`
	Cond   *gCond      `parser:"| @@ )"`
	Suffix []*gSuffix  `parser:"@@*"`
}

type gPrefix struct {
	Op lexer.Token `parser:"@( '-' | 'not' )"`
}

type gSuffix struct {
	Call  lexer.Token `parser:"( @'(':Punct"`
	Args  []*gExpr    `parser:"  ( @@ ( ',' @@ )* )?"`
	Gen   *gComp      `parser:"  @@? ')'"`
	Set   bool        `parser:"| @'{':Punct"`
	Elems []*gExpr    `parser:"  ( @@ ( ',' @@ )* )? '}'"`
	Index *gExpr      `parser:"| '[':Punct @@ ']' )"`
}

// gComp is the tail of a comprehension, after its element: for clauses and
// an optional condition, as in {k^2 for k in 1..n if odd(k)} and
// all(p % d != 0 for d in 2..p-1).
type gComp struct {
	Pos  lexer.Position
	Fors []*gFor `parser:"@@+"`
	Cond *gExpr  `parser:"( 'if' @@ )?"`
}

// gCond is the conditional expression: if c then a else b. The else branch
// reaches as far as an expression can, as the body of a rule's guard does.
type gCond struct {
	Pos  lexer.Position
	If   *gExpr `parser:"'if' @@"`
	Then *gExpr `parser:"'then' @@"`
	Else *gExpr `parser:"'else' @@"`
}

type gParen struct {
	Pos lexer.Position
	X   *gExpr `parser:"'(' @@ ')'"`
}

type gSetLit struct {
	Pos   lexer.Position
	Elems []*gExpr `parser:"'{' ( @@ ( ',' @@ )* )?"`
	Comp  *gComp   `parser:"@@? '}'"`
}

// gListLit is a list, [3, 3, 5], or a list comprehension, [h for h in hs if h > 0].
type gListLit struct {
	Pos   lexer.Position
	Elems []*gExpr `parser:"'[' ( @@ ( ',' @@ )* )?"`
	Comp  *gComp   `parser:"@@? ']'"`
}

// grammar is the parser, built when first wanted: building it takes about a
// millisecond, which a script of simple statements and game declarations,
// read without it (simple.go), never spends.
var grammar = sync.OnceValue(func() *participle.Parser[gFile] {
	return participle.MustBuild[gFile](
		participle.Lexer(gameLexer{}),
		participle.UseLookahead(2),
	)
})

// Grammar returns the grammar in EBNF, as participle prints it.
func Grammar() string { return grammar().String() }
