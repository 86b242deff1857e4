package builtin_test

import (
	"testing"

	"github.com/gamelang/gamelang/builtin"
	_ "github.com/gamelang/gamelang/stdlib" // fills the catalogue
)

// A builtin's twin is parsed once, into a declaration of its own name; a
// game defined in gamelang keeps its whole body. (Some twins are prose,
// such as Nimstring's: those say nothing of the positions to the check
// pass, and are known only when run.)
func TestEveryTwinParses(t *testing.T) {
	all := builtin.All()
	if len(all) < 20 {
		t.Fatalf("%d builtin games", len(all))
	}
	prose := 0 // twins that do not parse
	for i, b := range all {
		if i > 0 && all[i-1].Name >= b.Name {
			t.Errorf("not sorted: %s before %s", all[i-1].Name, b.Name)
		}
		d := b.Decl()
		switch {
		case d == nil && b.Defined():
			t.Errorf("%s is defined in gamelang, but its twin does not parse:\n%s", b.Name, b.Twin)
		case d == nil:
			prose++
		case d != b.Decl():
			t.Errorf("%s: parsed twice", b.Name)
		case d.Name != b.Name:
			t.Errorf("%s: the twin declares %s", b.Name, d.Name)
		case b.Defined() && len(d.Rules) == 0:
			t.Errorf("%s is defined in gamelang, but its twin has no rules", b.Name)
		}
		if got, ok := builtin.Lookup(b.Name); !ok || got != b {
			t.Errorf("Lookup(%s) = %v, %v", b.Name, got, ok)
		}
	}
	if prose > 2 {
		t.Errorf("%d twins do not parse", prose)
	}
	if _, ok := builtin.Lookup("NoSuchGame"); ok {
		t.Error("Lookup finds a game that is not registered")
	}
}

func TestRegisterTwicePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("a second Nim was registered")
		}
	}()
	builtin.Register(&builtin.Game{Name: "Nim"})
}

// A builtin with parameters is made from as many arguments, no other
// number.
func TestMakeCountsArguments(t *testing.T) {
	b, ok := builtin.Lookup("Bounded")
	if !ok {
		t.Fatal("no Bounded")
	}
	if _, err := b.Make(builtin.Env{}, nil); err == nil {
		t.Error("Bounded made without its argument")
	}
}
