package kernel

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "store the example notebook's new outputs")

// python is Debian's Python with nbclient and jupyter_client (packages
// python3-nbclient, python3-jupyter-client), which .ci/run installs.
func python(t *testing.T) string {
	t.Helper()
	py := "/usr/bin/python3"
	if err := exec.Command(py, "-c", "import nbclient, jupyter_client").Run(); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI has no nbclient (.ci/run installs python3-nbclient): %v", err)
		}
		t.Skipf("no nbclient for %s: %v", py, err)
	}
	return py
}

// TestNotebook runs examples/notebook.ipynb through nbclient against the
// kernel, registered by `gamelang kernel install` as a user would, and
// compares every output with the one stored in the notebook.
func TestNotebook(t *testing.T) {
	if testing.Short() {
		t.Skip("builds gamelang and starts Python")
	}
	py := python(t)
	dir, data := install(t)
	src := "../../examples/notebook.ipynb"
	executed := filepath.Join(dir, "executed.ipynb")
	work := filepath.Join(dir, "work")
	if err := os.Mkdir(work, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(py, "testdata/nbrun.py", src, executed, work)
	cmd.Env = append(os.Environ(), "JUPYTER_PATH="+data, "JUPYTER_DATA_DIR="+data)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nbclient: %v\n%s", err, out)
	}
	if *update {
		b, err := os.ReadFile(executed)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(src, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, got := cellOutputs(t, src), cellOutputs(t, executed)
	if len(want) != len(got) {
		t.Fatalf("%d code cells ran, the notebook has %d", len(got), len(want))
	}
	for i := range want {
		if !reflect.DeepEqual(want[i], got[i]) {
			w, _ := json.MarshalIndent(want[i], "", " ")
			g, _ := json.MarshalIndent(got[i], "", " ")
			t.Errorf("code cell %d differs (go test ./internal/kernel -run TestNotebook -update stores new outputs)\nwant %.2000s\ngot  %.2000s", i+1, w, g)
		}
	}
	if _, err := os.Stat(filepath.Join(work, "wythoff.png")); err != nil {
		t.Errorf("the notebook's plot() wrote no file in its directory: %v", err)
	}
}

// install builds gamelang and registers its kernel as a user would
// (gamelang kernel install), in a temporary directory: it returns the
// directory and the Jupyter data directory to point JUPYTER_PATH at.
func install(t *testing.T) (dir, data string) {
	t.Helper()
	dir = t.TempDir()
	bin := filepath.Join(dir, "gamelang")
	if out, err := exec.Command("go", "build", "-o", bin, "../../cmd/gamelang").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	data = filepath.Join(dir, "jupyter")
	if out, err := exec.Command(bin, "kernel", "install", "--data-dir", data).CombinedOutput(); err != nil {
		t.Fatalf("kernel install: %v\n%s", err, out)
	}
	return dir, data
}

// TestPlayWithJupyterClient plays a game in a cell through
// jupyter_client, which answers the kernel's input_request as Jupyter's
// console and notebook do.
func TestPlayWithJupyterClient(t *testing.T) {
	if testing.Short() {
		t.Skip("builds gamelang and starts Python")
	}
	py := python(t)
	_, data := install(t)
	cmd := exec.Command(py, "testdata/play.py", "9", "3", "1")
	cmd.Env = append(os.Environ(), "JUPYTER_PATH="+data, "JUPYTER_DATA_DIR="+data)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("jupyter_client: %v\n%s", err, out)
	}
	// 3. (Nim(3) -> Nim(1)) wins; the solver's only answers leave a Nim(1)
	// for the user's last move, which wins the game.
	for _, want := range []string{"Type the number of a move, 1 to 4", "A winning move", "you win!", "after\n",
		"prompt: 'your move: '", "status: ok"} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("the session lacks %q:\n%s", want, out)
		}
	}
}

// TestNotebookWithNbclient runs a notebook with nbclient (testdata/
// nbplay.py, which answers the stdin channel that nbclient leaves off): a
// definition, an answer shown as Out[2], a play() cell whose three moves
// come through input_request, and an error cell; then the history with
// each cell's Out[n].
func TestNotebookWithNbclient(t *testing.T) {
	if testing.Short() {
		t.Skip("builds gamelang and starts Python")
	}
	py := python(t)
	_, data := install(t)
	cmd := exec.Command(py, "testdata/nbplay.py", "9", "3", "1")
	cmd.Env = append(os.Environ(), "JUPYTER_PATH="+data, "JUPYTER_DATA_DIR="+data)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("nbclient: %v\n%s", err, stderr.Bytes())
	}
	type output struct {
		Type   string `json:"output_type"`
		Count  int    `json:"execution_count"`
		Data   map[string]any
		Text   string
		Evalue string
	}
	var nb struct {
		Cells []struct {
			Count   int `json:"execution_count"`
			Outputs []output
		}
		Prompts []string
		History [][]any
	}
	if err := json.Unmarshal(out, &nb); err != nil || len(nb.Cells) != 4 {
		t.Fatalf("%v: %s", err, out)
	}
	for i, c := range nb.Cells {
		if c.Count != i+1 {
			t.Errorf("cell %d ran as In[%d]", i+1, c.Count)
		}
	}
	if o := nb.Cells[1].Outputs; len(o) != 1 || o[0].Type != "execute_result" || o[0].Count != 2 || o[0].Data["text/plain"] != "2" {
		t.Errorf("grundy(Bounded(3)(10)) is not Out[2] = 2: %+v", o)
	}
	var played strings.Builder
	for _, o := range nb.Cells[2].Outputs {
		played.WriteString(o.Text)
	}
	if !strings.Contains(played.String(), "you win!") || !slices.Equal(nb.Prompts, []string{"your move: ", "your move: ", "your move: "}) {
		t.Errorf("play(): prompts %q, output:\n%s", nb.Prompts, played.String())
	}
	if o := nb.Cells[3].Outputs; len(o) != 1 || o[0].Type != "error" || !strings.HasPrefix(o[0].Evalue, "In[4]:1:13: the range 5..1 is empty") {
		t.Errorf("the error cell: %+v", o)
	}
	want := `[[0,1,["game Bounded(m) { take 1..m }",null]],[0,2,["grundy(Bounded(3)(10))","2"]],[0,3,["play(Nim(1) + Nim(3))",null]],[0,4,["grundy(Nim, 5..1)",null]]]`
	if got, _ := json.Marshal(nb.History); string(got) != want {
		t.Errorf("history\n%s\nwant\n%s", got, want)
	}
}

// cellOutputs are the outputs of each code cell of a notebook.
func cellOutputs(t *testing.T, file string) []any {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var nb struct {
		Cells []struct {
			CellType string `json:"cell_type"`
			Outputs  any    `json:"outputs"`
		} `json:"cells"`
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	if err := d.Decode(&nb); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	var out []any
	for _, c := range nb.Cells {
		if c.CellType == "code" {
			out = append(out, c.Outputs)
		}
	}
	return out
}
