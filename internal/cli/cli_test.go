package cli_test

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/gamelang/gamelang/internal/cli"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"gamelang": func() { os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the CLI sessions in testdata/script/*.txtar.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: os.Getenv("UPDATE_SCRIPTS") != "",
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"sleep": func(ts *testscript.TestScript, neg bool, args []string) {
				d, err := time.ParseDuration(args[0])
				ts.Check(err)
				time.Sleep(d)
			},
		},
	})
}

func TestExitStatus(t *testing.T) {
	dir := t.TempDir()
	good := dir + "/good.game"
	bad := dir + "/bad.game"
	os.WriteFile(good, []byte("game Nim { take 1.. }\ngrundy(Nim(3))\n"), 0o644)
	os.WriteFile(bad, []byte("grundy(Nimm(3))\n"), 0o644)
	cases := []struct {
		args   []string
		stdin  string
		status int
	}{
		{[]string{"run", good}, "", 0},
		{[]string{"check", good}, "", 0},
		{[]string{"run", bad}, "", 1},
		{[]string{"check", bad}, "", 1},
		{[]string{"run", dir + "/missing.game"}, "", 1},
		{[]string{"-e", "1 + 1"}, "", 0},
		{[]string{"-e", "1 +"}, "", 1},
		{[]string{"-f", good, "-e", "grundy(Nim(5))"}, "", 0},
		{nil, "grundy(2)\n", 1},
		{nil, "1 + 2\n", 0},
		{[]string{"frobnicate"}, "", 2},
		{[]string{"run"}, "", 2},
		{[]string{"-f", good}, "", 2},
		{[]string{"-e", "1", "extra"}, "", 2},
		{[]string{"--no-such-flag"}, "", 2},
	}
	for _, c := range cases {
		var out, errOut strings.Builder
		got := cli.Main(c.args, strings.NewReader(c.stdin), &out, &errOut)
		if got != c.status {
			t.Errorf("gamelang %q: status %d, want %d (stderr %q)", c.args, got, c.status, errOut.String())
		}
	}
}
