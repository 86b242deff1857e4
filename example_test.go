package gamelang_test

import (
	"bytes"
	"context"
	"fmt"
	"os"

	"github.com/gamelang/gamelang"
)

// Ask for values: each comes back typed, integers exact at any size.
func ExampleSession_Eval() {
	ctx := context.Background()
	s := gamelang.NewSession(gamelang.Options{})
	v, err := s.Eval(ctx, "grundy(Kayles(10^100))") // from Kayles' proved period
	if err != nil {
		panic(err)
	}
	n, _ := gamelang.BigInt(v)
	fmt.Println(n, v.What())

	o, _ := s.Eval(ctx, "outcome(Nim(1) + Nim(1), misere)")
	fmt.Println(o.(gamelang.Outcome), o.What())

	w, _ := s.Eval(ctx, "winning(Nim(3) + Nim(5) + Nim(7))")
	fmt.Println(w)
	// Output:
	// 1 a number
	// N an outcome
	// Nim(3) -> Nim(2), Nim(5) -> Nim(4), Nim(7) -> Nim(6)
}

// Define a game in a string, then ask about it; statements print to Out.
func ExampleSession_Exec() {
	s := gamelang.NewSession(gamelang.Options{Out: os.Stdout})
	err := s.Exec(context.Background(), "dawson.game", `
game DawsonKayles { take 2 split }
grundy(DawsonKayles, 0..9)
period(DawsonKayles)
`)
	if err != nil {
		fmt.Println(s.Render(err))
	}
	// Output:
	// 0 0 1 1 2 0 3 1 1 0
	// period 34, preperiod 53, exceptions at n = 0, 1, 15, 17, 18, 32, 35, 52; proved by the Guy-Smith periodicity theorem from the values up to 255 (it needs them up to 175)
}

// Compile once, run in many sessions; every error the check finds comes
// back at once, each with its place.
func ExampleCompile() {
	_, err := gamelang.Compile("bad.game", "game G { take 1..2 }\ngrundy(Nimm(3))\ngrundy()\n")
	for _, e := range err.(gamelang.ErrorList) {
		fmt.Printf("line %d, column %d: %s\n", e.Line, e.Column, e.Msg)
	}

	p, err := gamelang.Compile("nim.game", "game Nim2 { take 1..2 }\ngrundy(Nim2(10))\n")
	if err != nil {
		panic(err)
	}
	for _, out := range []*bytes.Buffer{{}, {}} {
		s := gamelang.NewSession(gamelang.Options{Out: out})
		if err := s.Run(context.Background(), p); err != nil {
			panic(err)
		}
		fmt.Print(out)
	}
	// Output:
	// line 2, column 8: unknown name Nimm (did you mean Nim?)
	// line 3, column 1: grundy takes 1 to 3 arguments, got 0 (usage: grundy(P) or grundy(G, a..b), with a convention last: grundy(P, misere))
	// 1
	// 1
}

// A sweep over games, streamed as lines of JSON: one answer per game.
func ExampleJSON() {
	ctx := context.Background()
	s := gamelang.NewSession(gamelang.Options{})
	for _, code := range []string{"0.07", "0.137", "0.6"} {
		v, err := s.Eval(ctx, fmt.Sprintf("grundy(octal(%q), 0..11)", code))
		if err != nil {
			panic(err)
		}
		line, _ := gamelang.JSON(v)
		fmt.Printf("%s %s\n", code, line)
	}
	// Output:
	// 0.07 {"type":"sequence","value":[0,0,1,1,2,0,3,1,1,0,3,3],"text":"0 0 1 1 2 0 3 1 1 0 3 3"}
	// 0.137 {"type":"sequence","value":[0,1,1,2,0,3,1,1,0,3,3,2],"text":"0 1 1 2 0 3 1 1 0 3 3 2"}
	// 0.6 {"type":"sequence","value":[0,0,1,2,0,1,2,3,1,2,3,4],"text":"0 0 1 2 0 1 2 3 1 2 3 4"}
}

// A limit for one call: the solver stops at it with an error, and the
// session goes on.
func ExampleWithMaxStates() {
	ctx := context.Background()
	s := gamelang.NewSession(gamelang.Options{})
	_ = s.Exec(ctx, "w.game", `game W state (a, b) { move (a - k, b) for k in 1..a; move (a, b - k) for k in 1..b }`)
	_, err := s.Eval(ctx, "grundy(W(300, 300))", gamelang.WithMaxStates(1000))
	fmt.Println(gamelang.IsLimit(err))
	v, _ := s.Eval(ctx, "grundy(W(300, 299))") // two heaps of Nim: 300 xor 299
	fmt.Println(v)
	// Output:
	// true
	// 7
}

// Draw plot()'s picture into any writer, in any of its formats.
func ExampleSession_WritePlot() {
	s := gamelang.NewSession(gamelang.Options{})
	var png bytes.Buffer
	if err := s.WritePlot(context.Background(), &png, ".png", "Wythoff", 0, 40, "title=Wythoff's game; width=8cm; height=6cm"); err != nil {
		panic(err)
	}
	fmt.Printf("%q\n", png.Bytes()[1:4])
	// Output:
	// "PNG"
}

// A table, written in each of its formats.
func ExampleRenderTable() {
	s := gamelang.NewSession(gamelang.Options{})
	v, _ := s.Eval(context.Background(), "table(Bounded(2), 0..5)")
	md, _ := gamelang.RenderTable(v.(gamelang.Table), "csv")
	fmt.Print(md)
	// Output:
	// n,g,exception
	// 0,0,false
	// 1,1,false
	// 2,2,false
	// 3,0,false
	// 4,1,false
	// 5,2,false
}

// Analyze reads past a syntax error: the statement that does not parse is
// reported, and the rest is checked and resolved.
func ExampleAnalyze() {
	a := gamelang.Analyze("a.game", "let n = 4\ngrundy(Nim(n)\ngrundy(Kayles(n), misere)\n")
	for _, e := range gamelang.Errors(a.Err) {
		fmt.Println(e)
	}
	for _, u := range a.Uses {
		fmt.Printf("%d:%d %s: %s (defined at line %d)\n", u.Line, u.Column, u.Name, u.Kind, u.DefLine)
	}
	// Output:
	// a.game:3:1: syntax error: unexpected "grundy" (expected ")" to close the "(" at 2:7)
	// 3:8 Kayles: builtin game (defined at line 0)
	// 3:15 n: value (defined at line 1)
	// 3:19 misere: predeclared (defined at line 0)
}
