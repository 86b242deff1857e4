package cli

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/gamelang/gamelang/web"
)

// A site with every file the page loads (the WebAssembly a stand-in: the
// browser test in package web loads the real one).
var testSite = fstest.MapFS{
	"index.html":    {Data: []byte("<!doctype html><title>gamelang playground</title>")},
	"app.js":        {Data: []byte("// app")},
	"worker.js":     {Data: []byte("// worker")},
	"style.css":     {Data: []byte("body {}")},
	"wasm_exec.js":  {Data: []byte("// Go's")},
	"gamelang.wasm": {Data: bytes.Repeat([]byte{0, 'a', 's', 'm'}, 1000)},
}

func TestServe(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var out, errs bytes.Buffer
	done := make(chan int)
	go func() { done <- serve(ctx, ln, testSite, &out, &errs) }()
	url := "http://" + ln.Addr().String() + "/"
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(body), "gamelang playground") {
		t.Errorf("the page: %q", body)
	}
	// cross-origin isolation, for the Stop button's shared memory
	if resp.Header.Get("Cross-Origin-Opener-Policy") != "same-origin" || resp.Header.Get("Cross-Origin-Embedder-Policy") != "require-corp" {
		t.Errorf("headers %v", resp.Header)
	}
	// the WebAssembly, gzipped when asked for, decompressed by the client
	resp, err = http.Get(url + "gamelang.wasm")
	if err != nil {
		t.Fatal(err)
	}
	wasm, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.Header.Get("Content-Type") != "application/wasm" || !resp.Uncompressed || !bytes.Equal(wasm, testSite["gamelang.wasm"].Data) {
		t.Errorf("wasm: type %q, uncompressed %v, %d bytes", resp.Header.Get("Content-Type"), resp.Uncompressed, len(wasm))
	}
	cancel()
	if code := <-done; code != exitOK {
		t.Errorf("status %d: %s", code, errs.String())
	}
	if !strings.Contains(out.String(), "serving the gamelang playground at "+url) {
		t.Errorf("said %q", out.String())
	}
}

func TestServeWithoutWasm(t *testing.T) {
	dir := t.TempDir()
	for name, f := range testSite {
		if name != "gamelang.wasm" {
			os.WriteFile(filepath.Join(dir, name), f.Data, 0o644)
		}
	}
	var out, errs bytes.Buffer
	if code := Main([]string{"serve", "--dir", dir, "--addr", "127.0.0.1:0"}, nil, &out, &errs); code != exitError {
		t.Errorf("status %d", code)
	}
	if !strings.Contains(errs.String(), "go generate ./web") || !strings.Contains(errs.String(), "go run ./web/build -o DIR") {
		t.Errorf("said %q", errs.String())
	}
	errs.Reset()
	if code := Main([]string{"serve", "extra"}, nil, &out, &errs); code != exitUsage || !strings.Contains(errs.String(), "usage: gamelang serve") {
		t.Errorf("status %d, said %q", code, errs.String())
	}
}

// From a plain build (no go generate), gamelang serve builds the page's
// WebAssembly on first use into the user's cache, serves it, and finds it
// there the next time. Slow: it compiles gamelang for the browser.
func TestServeFromAPlainBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WebAssembly (a minute)")
	}
	if web.Check(web.Static()) == nil {
		t.Skip("this checkout ran go generate ./web: its gamelang embeds the WebAssembly (a fresh clone does not)")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "gamelang")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/gamelang/gamelang/cmd/gamelang").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cache := filepath.Join(dir, "cache")
	for round, want := range []string{"building the playground's WebAssembly", ""} {
		cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0")
		cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+cache, "HOME="+dir)
		var errs bytes.Buffer
		cmd.Stderr = &errs
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		line, err := bufio.NewReader(stdout).ReadString('\n')
		if err != nil {
			cmd.Process.Kill()
			t.Fatalf("round %d: %v; stderr: %s", round, err, errs.String())
		}
		url := strings.TrimSuffix(strings.Fields(line)[5], "/")
		for _, f := range []string{"/", "/app.js", "/wasm_exec.js", "/gamelang.wasm"} {
			resp, err := http.Get(url + f)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 || f == "/gamelang.wasm" && (!bytes.HasPrefix(body, []byte("\x00asm")) || len(body) < 1<<20) {
				t.Errorf("round %d: %s: status %d, %d bytes", round, f, resp.StatusCode, len(body))
			}
		}
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
		if said := errs.String(); want != "" && !strings.Contains(said, want) || want == "" && said != "" {
			t.Errorf("round %d: stderr %q", round, said)
		}
	}
}

// gamelang serve --dir serves the site's files and nothing else: not what
// a link inside it points to outside, not a directory's listing, not a
// name with a NUL; and only reads.
func TestServeOnlyTheSite(t *testing.T) {
	dir := t.TempDir()
	for name, f := range testSite {
		os.WriteFile(filepath.Join(dir, name), f.Data, 0o644)
	}
	secret := filepath.Join(t.TempDir(), "secret.txt")
	os.WriteFile(secret, []byte("not for the web"), 0o644)
	os.Symlink(secret, filepath.Join(dir, "link.txt"))
	os.Symlink(filepath.Dir(secret), filepath.Join(dir, "linkdir"))
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	os.WriteFile(filepath.Join(dir, "sub", "x.txt"), []byte("x"), 0o644)
	site, err := web.DirSite(dir)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go serve(ctx, ln, site, io.Discard, io.Discard)
	url := "http://" + ln.Addr().String()
	for _, c := range []struct {
		method, path string
		status       int
	}{
		{"GET", "/", 200},
		{"GET", "/app.js", 200},
		{"GET", "/sub/x.txt", 200},
		{"GET", "/link.txt", 404},
		{"GET", "/linkdir/secret.txt", 404},
		{"GET", "/sub/", 404},
		{"GET", "/sub", 404},
		{"GET", "/%00", 404},
		{"GET", "/../../etc/passwd", 404},
		{"POST", "/app.js", 405},
		{"PUT", "/new.txt", 405},
	} {
		req, _ := http.NewRequest(c.method, url+c.path, strings.NewReader("body"))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.status || strings.Contains(string(body), "not for the web") {
			t.Errorf("%s %s: %d %q, want %d", c.method, c.path, resp.StatusCode, body, c.status)
		}
	}
}
