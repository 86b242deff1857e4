package web_test

// The playground in a real browser: Chromium, driven by chromedp, loads
// the page from a site built by web.Build and served by web.Handler (as
// `gamelang serve` does). Skipped, saying why, where Chromium is absent;
// .ci/run installs Debian's chromium so that CI runs it.
//
// GAMELANG_SCREENSHOTS=DIR keeps a screenshot of each step in DIR.

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/gamelang/gamelang/internal/cli"
	"github.com/gamelang/gamelang/web"
	"github.com/gamelang/gamelang/web/session"
)

// chromium finds the browser, or skips the test.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no Chromium on this machine (apt install chromium): the playground's browser test is skipped")
	return ""
}

var (
	siteOnce sync.Once
	siteDir  string
	siteErr  error
)

// site builds the playground once for the tests.
func site(t *testing.T) string {
	t.Helper()
	siteOnce.Do(func() {
		dir, err := os.MkdirTemp("", "gamelang-site")
		if err != nil {
			siteErr = err
			return
		}
		siteDir, siteErr = dir, web.Build(dir)
	})
	if siteErr != nil {
		t.Fatal(siteErr)
	}
	return siteDir
}

// page is a browser tab on a served site.
type page struct {
	t   *testing.T
	ctx context.Context
	url string
}

var (
	browserOnce sync.Once
	browserCtx  context.Context // the one Chromium of the tests; each test opens a tab
	browserStop = func() {}
	browserErr  error
)

// browser starts Chromium once for the tests of the package (TestMain
// stops it). Starting it is retried: on a busy machine it sometimes exits
// before its DevTools connection is up ("chrome failed to start").
// Nothing a page does is retried.
func browser(t *testing.T) context.Context {
	t.Helper()
	exe := chromium(t)
	browserOnce.Do(func() {
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.WindowSize(1400, 1000),
			chromedp.Flag("disable-dev-shm-usage", true)) // a container's /dev/shm may be small
		for attempt := 1; attempt <= 3; attempt++ {
			actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
			ctx, cancelC := chromedp.NewContext(actx)
			if browserErr = chromedp.Do(ctx, chromedp.Navigate("about:blank")); browserErr == nil {
				browserCtx, browserStop = ctx, func() { cancelC(); cancelA() }
				return
			}
			cancelC()
			cancelA()
			t.Logf("starting Chromium, attempt %d: %v", attempt, browserErr)
		}
	})
	if browserErr != nil {
		t.Fatalf("Chromium did not start: %v", browserErr)
	}
	return browserCtx
}

// shortSkips skips a browser test under -short, which runs the smoke
// tests only: the first script, two examples, an error marked, Stop and
// play().
func shortSkips(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the browser's smoke tests only")
	}
}

func TestMain(m *testing.M) {
	code := m.Run()
	browserStop()
	for _, srv := range servers {
		srv.Close()
	}
	os.Exit(code)
}

// open opens a tab of the tests' Chromium on a server of the site;
// isolated says whether the server sends the headers of cross-origin
// isolation (as web.Handler does).
func open(t *testing.T, isolated bool) *page {
	t.Helper()
	return openAt(t, server(t, isolated))
}

// openAt opens a tab on the site served at url.
func openAt(t *testing.T, url string) *page {
	t.Helper()
	bctx := browser(t)
	ctx, cancelTab := chromedp.NewContext(bctx) // a new tab
	t.Cleanup(cancelTab)
	// The tests share a server, so that the browser compiles the
	// WebAssembly once (its cache is the origin's); each starts with the
	// origin's storage empty, as a new visitor's.
	err := chromedp.Do(ctx, chromedp.Navigate(url+"/favicon.ico"), chromedp.Evaluate[chromedp.Void](`localStorage.clear()`))
	if err != nil {
		t.Fatalf("a new tab: %v", err)
	}
	ctx, cancelT := context.WithTimeout(ctx, 4*time.Minute)
	t.Cleanup(cancelT)
	return &page{t: t, ctx: ctx, url: url}
}

var (
	serversMu sync.Mutex
	servers   = map[bool]*httptest.Server{} // by isolated; closed by TestMain
)

// server is the URL of the tests' server of the site, with or without the
// headers of cross-origin isolation.
func server(t *testing.T, isolated bool) string {
	t.Helper()
	dir := site(t)
	serversMu.Lock()
	defer serversMu.Unlock()
	if srv := servers[isolated]; srv != nil {
		return srv.URL
	}
	var h http.Handler = web.Handler(os.DirFS(dir))
	if !isolated {
		h = http.FileServerFS(os.DirFS(dir)) // a plain static host
	}
	servers[isolated] = httptest.NewServer(h)
	return servers[isolated].URL
}

func (p *page) run(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		p.t.Fatal(err)
	}
}

// staleContext reports whether a read failed because the document's
// JavaScript context it was sent to is gone: Chromium replaces it when a
// cross-origin isolated page is loaded (a new process may take the page
// over), and a read sent in between names the old one.
func staleContext(err error) bool {
	return err != nil && strings.Contains(err.Error(), "Cannot find context with specified id")
}

// read runs a read of the page — a poll or an evaluation, which changes
// nothing — again when it was sent to a context that was just replaced
// (at most 3 times, each logged). Actions are never repeated.
func read[T any](p *page, r chromedp.Action[T]) T {
	p.t.Helper()
	for attempt := 1; ; attempt++ {
		v, err := chromedp.Run(p.ctx, r)
		if staleContext(err) && attempt < 3 {
			p.t.Logf("a read reached a replaced context, again (attempt %d): %v", attempt, err)
			continue
		}
		if err != nil {
			p.t.Fatal(err)
		}
		return v
	}
}

// wait polls the page until the expression holds.
func (p *page) wait(expr string, timeout time.Duration) {
	p.t.Helper()
	read(p, chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(timeout)))
}

// load opens the page (with ?example=NAME when name is set) and waits
// until gamelang is loaded.
func (p *page) load(name string) {
	url := p.url + "/"
	if name != "" {
		url += "?example=" + name
	}
	p.run(chromedp.Navigate(url))
	p.wait(`document.body.dataset.ready === "1"`, time.Minute)
}

// runScript clicks Run and waits until the run is over; it returns the
// exit status the page shows.
func (p *page) runScript() string {
	p.run(chromedp.Click(chromedp.ID("run")))
	p.waitDone()
	return p.eval(`document.body.dataset.status`)
}

// waitDone waits until the run under way is over.
func (p *page) waitDone() {
	p.t.Helper()
	p.wait(`document.body.dataset.status !== undefined && document.body.dataset.running === undefined`, 2*time.Minute)
}

func (p *page) eval(js string) string {
	p.t.Helper()
	return read(p, chromedp.Evaluate[string](js))
}

// setSource types a script into the editor as a user's paste would.
func (p *page) setSource(src string) {
	p.t.Helper()
	for attempt := 1; ; attempt++ {
		err := chromedp.Do(p.ctx, chromedp.SetValue(chromedp.ID("source"), src),
			chromedp.Evaluate[chromedp.Void](`document.getElementById('source').dispatchEvent(new Event('input'))`))
		if staleContext(err) && attempt < 3 { // setting the same text again changes nothing
			p.t.Logf("setting the script reached a replaced context, again (attempt %d): %v", attempt, err)
			continue
		}
		if err != nil {
			p.t.Fatal(err)
		}
		return
	}
}

// stdout is the output as the command line prints it: the text of the
// statements, the page's rich views and error blocks left out.
const stdout = `[...document.querySelectorAll('#output pre.cli:not(.err):not(.you)')].map(e => e.textContent).join('')`

func (p *page) screenshot(name string) {
	dir := os.Getenv("GAMELANG_SCREENSHOTS")
	if dir == "" {
		return
	}
	buf, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.t.Fatal(err)
	}
	path := filepath.Join(dir, name+".png")
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		p.t.Fatal(err)
	}
	p.t.Logf("screenshot %s", path)
}

// cliOutput is what `gamelang run` prints for an example, run in a
// directory of its own (where its pictures go).
func cliOutput(t *testing.T, name string) string {
	t.Helper()
	script, err := filepath.Abs(filepath.Join("..", "examples", name))
	if err != nil {
		t.Fatal(err)
	}
	return cliRun(t, script)
}

func cliRun(t *testing.T, script string) string {
	t.Helper()
	var out, errs bytes.Buffer
	here, _ := os.Getwd()
	t.Chdir(t.TempDir())
	// the page, which scrolls, writes a table in one block, as --width 0
	if code := cli.Main([]string{"run", "--width", "0", script}, nil, &out, &errs); code != 0 {
		t.Fatalf("gamelang run %s: status %d\n%s", script, code, errs.String())
	}
	t.Chdir(here)
	return out.String()
}

func TestBrowserExamplesAsTheCommandLine(t *testing.T) {
	p := open(t, true)
	n := 0
	for _, sc := range session.Scripts() {
		if sc.Group != "examples" {
			continue
		}
		n++
		if testing.Short() && sc.Name != "pictures.game" && sc.Name != "nim.game" {
			continue // -short: two examples, one with pictures and tables
		}
		want := cliOutput(t, sc.Name)
		start := time.Now()
		p.load(sc.Name)
		loaded := time.Since(start)
		if status := p.runScript(); status != "0" {
			t.Errorf("%s: status %s in the page: %s", sc.Name, status, p.eval(`document.getElementById('output').innerText`))
			continue
		}
		if got := p.eval(stdout); got != want {
			t.Errorf("%s: the page shows\n%s\ngamelang run prints\n%s", sc.Name, got, want)
		}
		t.Logf("%s: loaded in %v, first answer %s ms after Run, %s", sc.Name, loaded.Round(time.Millisecond),
			p.eval(`document.body.dataset.firstAnswer`), p.eval(`document.getElementById('status').textContent`))
		switch sc.Name {
		case "pictures.game":
			// every plot() is drawn as SVG, every table() as an HTML table
			if got := p.eval(`String(document.querySelectorAll('#output .view svg').length)`); got != "3" {
				t.Errorf("pictures.game: %s SVG pictures in the page, want 3", got)
			}
			if got := p.eval(`document.querySelector('#output .view svg').textContent`); !strings.Contains(got, "DawsonKayles: Grundy values") {
				t.Errorf("the first picture's text: %q", got)
			}
			if got := p.eval(`String(document.querySelectorAll('#output .view table').length)`); got != "3" {
				t.Errorf("pictures.game: %s HTML tables, want 3", got)
			}
			p.run(chromedp.Evaluate[chromedp.Void](`document.getElementById('output-pane').scrollTop = 0`))
			p.screenshot("pictures")
		case "tour.game", "misere.game", "graphs.game", "classics.game":
			p.screenshot(strings.TrimSuffix(sc.Name, ".game"))
		}
	}
	if n < 10 {
		t.Errorf("only %d examples in the page", n)
	}
}

func TestBrowserErrorMarksItsLine(t *testing.T) {
	p := open(t, true)
	p.load("")
	p.setSource("game A { take 1..3 }\ngrundy(A, 0..5)\n\ntable(A, 0..3, \"è\") + B(2)\n")
	if status := p.runScript(); status != "1" {
		t.Fatalf("status %s", status)
	}
	if got := p.eval(`[...document.querySelectorAll('#gutter .err')].map(e => e.dataset.line).join(',')`); got != "4" {
		t.Errorf("lines marked in the gutter: %q, want 4", got)
	}
	// the column marked is the B of B(2) (counted in characters, where the
	// error's JSON counts bytes: the string before has a two-byte è)
	if got := p.eval(`(() => { const e = document.querySelector('#highlight .errline'); return e.dataset.line + ':' + e.dataset.col + ':' + e.textContent[e.dataset.col - 1]; })()`); got != "4:23:B" {
		t.Errorf("the column marked: %q, want 4:23:B", got)
	}
	errText := p.eval(`document.querySelector('#output pre.err').textContent`)
	if !strings.HasPrefix(errText, "script.game:4:23: ") || !strings.Contains(errText, "^") { // the text counts characters
		t.Errorf("the error shown:\n%s", errText)
	}
	p.screenshot("error")
	// clicking the error selects its line in the editor
	p.run(chromedp.Click(chromedp.CSS("#output pre.err")))
	if got := p.eval(`(() => { const s = document.getElementById('source'); return s.value.slice(s.selectionStart, s.selectionEnd); })()`); got != `table(A, 0..3, "è") + B(2)` {
		t.Errorf("selected after a click on the error: %q", got)
	}
}

// long is a script whose second statement runs for minutes: the values of
// .1777 up to 4·10^8.
const long = "grundy(Kayles(4))\ngrundy(octal(\"0.1777\")(400000000))\ngrundy(Kayles(5))\n"

func TestBrowserStopInterruptsAsCtrlC(t *testing.T) {
	p := open(t, true)
	p.load("")
	if p.eval(`String(self.crossOriginIsolated)`) != "true" {
		t.Fatal("the page is not cross-origin isolated under web.Handler")
	}
	p.setSource(long)
	p.run(chromedp.Click(chromedp.ID("run")))
	p.wait(`document.getElementById('progress').textContent !== ''`, time.Minute)
	p.screenshot("running")
	p.run(chromedp.Click(chromedp.ID("stop")))
	p.waitDone()
	if got := p.eval(`document.body.dataset.status`); got != "130" {
		t.Errorf("status %s after Stop, want 130", got)
	}
	if got := p.eval(stdout); got != "1\n" {
		t.Errorf("output %q", got)
	}
	// the interpreter stopped itself, as at Ctrl-C, and said where
	if got := p.eval(`document.querySelector('#output pre.err').textContent`); !strings.Contains(got, "interrupted") {
		t.Errorf("after Stop: %q", got)
	}
	p.screenshot("stopped")
	checkUsable(t, p)
}

func TestBrowserStopWithoutIsolation(t *testing.T) {
	shortSkips(t)
	p := open(t, false) // a static host: no shared memory, the worker is ended
	p.load("")
	p.setSource(long)
	p.run(chromedp.Click(chromedp.ID("run")))
	p.wait(`document.getElementById('progress').textContent !== ''`, time.Minute)
	p.run(chromedp.Click(chromedp.ID("stop")))
	p.waitDone()
	if got := p.eval(`document.querySelector('#output pre.err').textContent`); !strings.Contains(got, "stopped") {
		t.Errorf("after Stop: %q", got)
	}
	p.wait(`document.body.dataset.ready === "1" && !document.getElementById('run').disabled`, time.Minute)
	checkUsable(t, p)
}

// checkUsable runs a script after a stop.
func checkUsable(t *testing.T, p *page) {
	t.Helper()
	p.setSource("grundy(Kayles, 0..9)\n")
	if status := p.runScript(); status != "0" {
		t.Fatalf("a run after Stop: status %s", status)
	}
	if got := p.eval(stdout); got != "0 1 2 3 1 4 3 2 1 4\n" {
		t.Errorf("a run after Stop printed %q", got)
	}
}

// play() offers the moves as buttons beside the position; clicking them
// plays the game out, and the statements after play() wait for its end.
func TestBrowserPlay(t *testing.T) {
	p := open(t, true)
	p.load("")
	p.setSource("game C { take 2 split }\nplay(C(7) + C(3))\nprint(\"after the game\")\n")
	if status := p.runScript(); status != "0" {
		t.Fatalf("status %s", status)
	}
	if got := p.eval(stdout); strings.Contains(got, "after the game") || strings.Contains(got, "type its number") {
		t.Errorf("before the first move: %q", got)
	}
	if got := p.eval(`String(document.getElementById('play').parentElement.id)`); got != "output" {
		t.Errorf("the moves are in %q, not after the position in the output", got)
	}
	p.screenshot("play")
	for i := 0; ; i++ {
		n := p.eval(`String(document.querySelectorAll('#play-moves button').length)`)
		if n == "0" {
			break
		}
		if i > 20 {
			t.Fatal("the game does not end")
		}
		p.run(chromedp.Click(chromedp.CSS("#play-moves button")))
		p.waitDone()
		if st := p.eval(`document.getElementById('status').textContent`); !strings.HasPrefix(st, "done in ") || strings.Contains(st, "undefined") {
			t.Errorf("after a move the status says %q", st)
		}
	}
	got := p.eval(stdout)
	for _, want := range []string{"C(7) + C(3). Your move:", "I move: ", "no move"} {
		if !strings.Contains(got, want) {
			t.Errorf("the game's transcript lacks %q:\n%s", want, got)
		}
	}
	if !strings.HasSuffix(got, "after the game\n") {
		t.Errorf("the statement after play() did not run after the game:\n%s", got)
	}
	if you := p.eval(`document.querySelector('#output pre.you').textContent`); !strings.HasPrefix(you, "You: ") {
		t.Errorf("the user's move reads %q", you)
	}
	if hidden := p.eval(`String(document.getElementById('play').hidden)`); hidden != "true" {
		t.Error("the moves stay offered after the game")
	}
}

// Each answer carries the statement it answers.
func TestBrowserAnswersCarryTheirStatement(t *testing.T) {
	shortSkips(t)
	p := open(t, true)
	p.load("")
	p.setSource("game K { take 1..2 split }\ngrundy(K(3))\n\ntable(K, 0..11)\nprint(\"no answer\")\n")
	if status := p.runScript(); status != "0" {
		t.Fatalf("status %s", status)
	}
	got := p.eval(`[...document.querySelectorAll('#output .block .stmt')].map(e => e.textContent + '|' + e.title).join('\n')`)
	if want := "line 2: grundy(K(3))|grundy(K(3))\nline 4: table(K, 0..11)|table(K, 0..11)"; got != want {
		t.Errorf("captions:\n%s\nwant\n%s", got, want)
	}
}

// A reload finds the script where it was; an example edited, left and
// opened again is the edited copy, and Reset brings the original back.
func TestBrowserWorkSurvives(t *testing.T) {
	shortSkips(t)
	p := open(t, true)
	p.load("")
	mine := "# mine\ngrundy(Nim(3) + Nim(5))\n"
	p.setSource(mine)
	p.load("") // a reload: the page saves as it goes away
	if got := p.eval(`document.getElementById('source').value`); got != mine {
		t.Fatalf("after a reload the editor holds %q", got)
	}
	p.load("nim.game")
	orig := p.eval(`document.getElementById('source').value`)
	p.setSource(orig + "grundy(Nim(7))\n")
	p.load("wythoff.game")
	p.load("nim.game")
	if got := p.eval(`document.getElementById('source').value`); got != orig+"grundy(Nim(7))\n" {
		t.Errorf("nim.game opened again: %q", got)
	}
	if p.eval(`String(document.getElementById('reset').hidden)`) != "false" {
		t.Error("no Reset for an edited example")
	}
	p.run(chromedp.Click(chromedp.ID("reset")))
	if got := p.eval(`document.getElementById('source').value`); got != orig {
		t.Errorf("after Reset: %q", got)
	}
}

// A share link carries the script: a browser that never saw it opens it.
func TestBrowserShareLink(t *testing.T) {
	shortSkips(t)
	p := open(t, true)
	p.load("")
	script := "# shared, with è and {braces}\ngame S { take {2, 5} }\ngrundy(S, 0..20)\n"
	p.setSource(script)
	p.run(chromedp.Click(chromedp.ID("share")))
	p.wait(`document.body.dataset.shareLink !== undefined`, 10*time.Second)
	link := p.eval(`document.body.dataset.shareLink`)
	if !strings.Contains(link, "#s=") || strings.Contains(link, "grundy") {
		t.Fatalf("the link %q", link)
	}
	q := open(t, true) // a fresh browser: nothing stored
	q.run(chromedp.Navigate(link))
	q.wait(`document.body.dataset.ready === "1"`, time.Minute)
	q.wait(`document.getElementById('source').value.startsWith('# shared')`, 10*time.Second)
	if got := q.eval(`document.getElementById('source').value`); got != script {
		t.Errorf("the shared link opens %q", got)
	}
	if status := q.runScript(); status != "0" {
		t.Errorf("status %s", status)
	}
}

// An exercise set: a right answer is marked right, a wrong one wrong with
// what is missing, and a hint shows explain()'s text.
func TestBrowserExercise(t *testing.T) {
	shortSkips(t)
	p := open(t, true)
	p.load("ex:ferguson1.exercises")
	p.wait(`document.querySelectorAll('#output .exercise').length > 5`, 30*time.Second)
	answer := func(id, text string) string {
		box := `#output .exercise[data-id="` + id + `"]`
		p.run(chromedp.SetValue(chromedp.CSS(box+" .answer"), text), chromedp.Click(chromedp.CSS(box+" .check")))
		p.wait(`document.querySelector('`+box+`').dataset.verdict !== undefined`, 30*time.Second)
		return p.eval(`document.querySelector('` + box + `').dataset.verdict + ': ' + document.querySelector('` + box + ` .verdict').textContent`)
	}
	if got := answer("2a", "{0, 7, 14, 21, 28}"); got != "right: Right." {
		t.Errorf("a right answer: %q", got)
	}
	if got := answer("4b", "{0, 2, 4, 9, 11, 13}"); !strings.HasPrefix(got, "wrong: Not right: 5 of the answer's members are missing") {
		t.Errorf("a wrong answer: %q", got)
	}
	if got := answer("2b", "Take6(28)"); !strings.HasPrefix(got, "right: Right: Take6(28) is a P-position") {
		t.Errorf("a winning move: %q", got)
	}
	p.run(chromedp.Click(chromedp.CSS(`#output .exercise[data-id="2a"] .hint`)))
	p.wait(`!document.querySelector('#output .exercise[data-id="2a"] .hint-text').hidden`, 30*time.Second)
	if got := p.eval(`document.querySelector('#output .exercise[data-id="2a"] .hint-text').textContent`); !strings.HasPrefix(got, "Take6(7) has 6 moves") {
		t.Errorf("the hint: %q", got)
	}
	p.run(chromedp.Evaluate[chromedp.Void](`document.getElementById('output-pane').scrollTop = 0`))
	p.screenshot("exercises")
}

// compare() in the page, for the screenshot of docs/playground.md.
func TestBrowserCompare(t *testing.T) {
	shortSkips(t)
	p := open(t, true)
	p.load("")
	p.setSource("# my Kayles: did I get the rules right?\ngame MyKayles { take 1 split; take 2 }\ncompare(MyKayles, Kayles)\ntable(MyKayles, 0..23)\n")
	if status := p.runScript(); status != "0" {
		t.Fatalf("status %s", status)
	}
	if got := p.eval(stdout); !strings.Contains(got, "MyKayles and Kayles first differ at heap 4") {
		t.Errorf("compare in the page: %q", got)
	}
	p.screenshot("compare")
}

// The page opens with a script whose explain() is set as prose and lists.
func TestBrowserFirstScript(t *testing.T) {
	p := open(t, true)
	p.load("")
	src := p.eval(`document.getElementById('source').value`)
	script := filepath.Join(t.TempDir(), "script.game")
	if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	want := cliRun(t, script)
	if status := p.runScript(); status != "0" {
		t.Fatalf("status %s", status)
	}
	if got := p.eval(stdout); got != want {
		t.Errorf("the page shows\n%s\ngamelang run prints\n%s", got, want)
	}
	if got := p.eval(`document.querySelector('#output .explain pre').textContent`); !strings.HasPrefix(got, "to DawsonKayles(7)") {
		t.Errorf("explain's list of moves: %q", got)
	}
	if got := p.eval(`[...document.querySelectorAll('#output .explain .outcome')].map(e => e.textContent).join('|')`); got != "the player to move loses|outcome P" {
		t.Errorf("explain's outcome: %q", got)
	}
	p.screenshot("explain")
	// as text, the page shows the command line's text instead
	p.run(chromedp.Click(chromedp.ID("astext")))
	if got := p.eval(`getComputedStyle(document.querySelector('.block.rich pre.cli')).display`); got != "block" {
		t.Errorf("as text, the text is %q", got)
	}
}

// The time to the first answer of a page opened with ?example=tour.game&run
// (it runs at once): from the start of the navigation, through loading and
// compiling the WebAssembly, to the first text printed, in a browser whose
// cache holds nothing of the page's origin. Logged, not asserted (go test ./web -run FirstAnswer -v).
func TestBrowserTimeToFirstAnswer(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: a measurement, logged")
	}
	srv := httptest.NewServer(web.Handler(os.DirFS(site(t)))) // an origin of its own: nothing compiled yet
	t.Cleanup(srv.Close)
	p := openAt(t, srv.URL)
	p.run(chromedp.Navigate(p.url + "/?example=tour.game&run"))
	p.waitDone()
	at := p.eval(`document.body.dataset.firstAnswerAt`)
	ready := p.eval(`document.body.dataset.readyAt`)
	t.Logf("tour.game: gamelang ready at %s ms, the first answer at %s ms after the navigation began", ready, at)
	if at == "" || p.eval(stdout) != cliOutput(t, "tour.game") {
		t.Errorf("the first answer at %q; the page shows %q", at, p.eval(stdout))
	}
}

// At the common laptop widths the header is one row: every control beside
// the title, none wrapped under it (the status may take two lines of its
// own box).
func TestBrowserHeaderIsOneRow(t *testing.T) {
	shortSkips(t)
	p := open(t, true)
	for _, w := range []int64{1280, 1366, 1920} {
		p.run(chromedp.EmulateViewport(w, 800))
		p.load("")
		p.screenshot(fmt.Sprintf("header-%d", w))
		// the elements whose top is below the title's bottom: wrapped
		wrapped := p.eval(`(() => {
			const h1 = document.querySelector('header h1').getBoundingClientRect();
			return [...document.querySelectorAll('header > *')].filter(e => e.offsetParent !== null && e.getBoundingClientRect().top >= h1.bottom).map(e => e.id || e.tagName).join(' ');
		})()`)
		if wrapped != "" {
			t.Errorf("at %d px the header wraps: %s under the title", w, wrapped)
		}
	}
}

// An example whose whole text is replaced is a new script: its errors say
// untitled.game, not the example's name, and the example is left as it was.
func TestBrowserReplacedExampleIsANewScript(t *testing.T) {
	shortSkips(t)
	p := open(t, true)
	p.load("nim.game")
	orig := p.eval(`document.getElementById('source').value`)
	p.run(chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById('source'); s.focus(); s.select(); })()`),
		chromedp.SendKeys(chromedp.ID("source"), "grundy(Nim(3) + nosuch)"))
	if status := p.runScript(); status != "1" {
		t.Fatalf("status %s", status)
	}
	if errText := p.eval(`document.querySelector('#output pre.err').textContent`); !strings.HasPrefix(errText, "untitled.game:1:17: unknown name nosuch") {
		t.Errorf("the error shown:\n%s", errText)
	}
	if got := p.eval(`document.getElementById('scripts').value`); got != "" {
		t.Errorf("the menu still names example %q", got)
	}
	// an edit that keeps some of the example's text is the example's
	p.load("wythoff.game")
	p.setSource(p.eval(`document.getElementById('source').value`) + "grundy(Nim(1))\n")
	if got := p.eval(`document.getElementById('scripts').selectedOptions[0].textContent`); !strings.Contains(got, "Wythoff") {
		t.Errorf("an edited example is shown as %q in the menu", got)
	}
	p.load("nim.game")
	if got := p.eval(`document.getElementById('source').value`); got != orig {
		t.Errorf("nim.game after its text was replaced: %q", got)
	}
}
