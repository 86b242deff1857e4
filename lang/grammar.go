package lang

import (
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The participle grammar. These structs mirror the concrete syntax; parse.go
// lowers them into the AST of ast.go (operator chains become binary trees).
// Newlines are not significant: statements and rules are keyword-led or are
// expressions, and an optional ';' may separate them.

// Keywords are the reserved words of the language, in the order the
// reference introduces them.
var Keywords = []string{"game", "let", "take", "split", "leaving", "loses", "if", "move", "for", "in", "state", "set", "pick", "forbid", "and", "or", "not", "mod"}

var gameLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Comment", Pattern: `#[^\n]*`},
	{Name: "Whitespace", Pattern: `[ \t\r\n]+`},
	{Name: "String", Pattern: `"(\\.|[^"\\\n])*"`},
	{Name: "Int", Pattern: `[0-9]+`},
	{Name: "Keyword", Pattern: `\b(` + strings.Join(Keywords, "|") + `)\b`},
	{Name: "Ident", Pattern: `[A-Za-z_][A-Za-z0-9_]*`},
	{Name: "Punct", Pattern: `\.\.|==|!=|<=|>=|[-+*/%^(){},;=<>]`},
})

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
	Pos    lexer.Position
	Name   string   `parser:"'game' @Ident"`
	Params []*gName `parser:"( '(' ( @@ ( ',' @@ )* )? ')' )?"`
	Alias  *gExpr   `parser:"( '=' @@"`
	Kind   *gKind   `parser:"| @@?"`
	Rules  []*gRule `parser:"  '{' ( @@ ';'* )* '}' )"`
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
	Pos   lexer.Position
	Name  *gName `parser:"'let' @@"`
	Value *gExpr `parser:"'=' @@"`
}

type gRule struct {
	Take   *gTake   `parser:"  @@"`
	Move   *gMove   `parser:"| @@"`
	Loses  *gLoses  `parser:"| @@"`
	Pick   *gPick   `parser:"| @@"`
	Forbid *gForbid `parser:"| @@"`
}

type gTake struct {
	Pos     lexer.Position
	Amount  *gExpr `parser:"'take' @@"`
	Split   bool   `parser:"( @'split'"`
	Leaving *gExpr `parser:"| 'leaving' @@ )?"`
}

type gMove struct {
	Pos    lexer.Position
	Result []*gExpr `parser:"'move' '(' @@ ( ',' @@ )* ')'"`
	Fors   []*gFor  `parser:"@@*"`
	Guard  *gExpr   `parser:"( 'if' @@ )?"`
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

type gForbid struct {
	Pos  lexer.Position
	What *gName `parser:"'forbid' @@"`
}

// Expressions, loosest binding first.

type gExpr struct {
	Pos  lexer.Position
	Left *gAnd  `parser:"@@"`
	Rest []*gOr `parser:"@@*"`
}

type gOr struct {
	Pos   lexer.Position // of the operator
	Right *gAnd          `parser:"'or' @@"`
}

type gAnd struct {
	Pos  lexer.Position
	Left *gNot        `parser:"@@"`
	Rest []*gAndRight `parser:"@@*"`
}

type gAndRight struct {
	Pos   lexer.Position // of the operator
	Right *gNot          `parser:"'and' @@"`
}

type gNot struct {
	Pos lexer.Position
	Not *gNot `parser:"  'not' @@"`
	Cmp *gCmp `parser:"| @@"`
}

type gCmp struct {
	Pos  lexer.Position
	Left *gRange `parser:"@@"`
	Op   *gCmpOp `parser:"@@?"`
}

type gCmpOp struct {
	Pos   lexer.Position
	Op    string  `parser:"@( '==' | '!=' | '<=' | '>=' | '<' | '>' )"`
	Right *gRange `parser:"@@"`
}

type gRange struct {
	Pos  lexer.Position
	Lo   *gSum `parser:"@@"`
	Dots bool  `parser:"( @'..'"`
	Hi   *gSum `parser:"  @@? )?"`
}

type gSum struct {
	Pos  lexer.Position
	Left *gTerm     `parser:"@@"`
	Rest []*gOpTerm `parser:"@@*"`
}

type gOpTerm struct {
	Pos  lexer.Position
	Op   string `parser:"@( '+' | '-' )"`
	Term *gTerm `parser:"@@"`
}

type gTerm struct {
	Pos  lexer.Position
	Left *gUnary     `parser:"@@"`
	Rest []*gOpUnary `parser:"@@*"`
}

type gOpUnary struct {
	Pos   lexer.Position
	Op    string  `parser:"@( '*' | '/' | '%' | 'mod' )"`
	Unary *gUnary `parser:"@@"`
}

type gUnary struct {
	Pos   lexer.Position
	Neg   *gUnary `parser:"  '-' @@"`
	Power *gPower `parser:"| @@"`
}

type gPower struct {
	Pos  lexer.Position
	Base *gPostfix `parser:"@@"`
	Exp  *gExp     `parser:"@@?"`
}

type gExp struct {
	Pos lexer.Position
	Exp *gUnary `parser:"'^' @@"`
}

type gPostfix struct {
	Pos     lexer.Position
	Primary *gPrimary  `parser:"@@"`
	Suffix  []*gSuffix `parser:"@@*"`
}

type gSuffix struct {
	Pos   lexer.Position
	Call  bool     `parser:"( @'(':Punct"`
	Args  []*gExpr `parser:"  ( @@ ( ',' @@ )* )? ')'"`
	Set   bool     `parser:"| @'{':Punct"`
	Elems []*gExpr `parser:"  ( @@ ( ',' @@ )* )? '}' )"`
}

type gPrimary struct {
	Pos    lexer.Position
	Int    *string  `parser:"  @Int"`
	String *string  `parser:"| @String"`
	Ident  *string  `parser:"| @Ident"`
	Paren  *gExpr   `parser:"| '(' @@ ')'"`
	Set    *gSetLit `parser:"| @@"`
}

type gSetLit struct {
	Open  bool     `parser:"@'{'"`
	Elems []*gExpr `parser:"( @@ ( ',' @@ )* )? '}'"`
}

var parser = participle.MustBuild[gFile](
	participle.Lexer(lineAware{gameLexer}),
	participle.Elide("Comment", "Whitespace"),
	participle.UseLookahead(2),
)

// Grammar returns the grammar in EBNF, as participle prints it.
func Grammar() string { return parser.String() }
