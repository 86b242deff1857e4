package web

//go:generate go run ./build -o static

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"time"
)

//go:embed static
var static embed.FS

// Wasm is the name of the WebAssembly file in a site.
const Wasm = "gamelang.wasm"

// Static are the page's own files (without the built ones).
func Static() fs.FS {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the directory is embedded above
	}
	return sub
}

// ErrNotBuilt says that a site lacks its WebAssembly.
var ErrNotBuilt = errors.New("this gamelang was built without the playground's WebAssembly: " +
	"run `go generate ./web` and build gamelang again, or build a site with `go run ./web/build -o DIR` and serve it with `gamelang serve --dir DIR`")

// Check reports whether a site has everything the page loads.
func Check(site fs.FS) error {
	for _, f := range []string{"index.html", "app.js", "worker.js", "style.css", "wasm_exec.js", Wasm} {
		if _, err := fs.Stat(site, f); err != nil {
			if f == Wasm || f == "wasm_exec.js" {
				return ErrNotBuilt
			}
			return fmt.Errorf("the site lacks %s", f)
		}
	}
	return nil
}

// Handler serves a site. It sends the headers of cross-origin isolation,
// under which the page shares memory with its worker (the Stop button then
// interrupts a run as Ctrl-C does, rather than ending the worker), and the
// WebAssembly gzipped to browsers that take it.
//
// It serves files only: GET and HEAD of a file of the site, never a
// directory's listing, never a name that is not a plain path (a NUL, a
// ".."); a site on disk is opened with DirSite, which does not follow a
// link out of it.
func Handler(site fs.FS) http.Handler {
	files := http.FileServerFS(site)
	var once sync.Once
	var zipped []byte
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "the playground's files are only read", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
		if name == "" {
			name = "."
		}
		if name == "favicon.ico" { // what a browser asks for before it reads the page's link
			if _, err := fs.Stat(site, name); err != nil {
				name = "favicon.svg"
				r.URL.Path = "/" + name
			}
		}
		if !fs.ValidPath(name) || strings.ContainsRune(r.URL.Path, 0) {
			http.NotFound(w, r)
			return
		}
		if info, err := fs.Stat(site, name); err != nil || info.IsDir() && name != "." {
			http.NotFound(w, r) // nothing missing, outside (a link out of a DirSite) or a listing
			return
		}
		h := w.Header()
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Cross-Origin-Embedder-Policy", "require-corp")
		h.Set("Cache-Control", "no-cache")
		if path.Clean(r.URL.Path) == "/"+Wasm && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			once.Do(func() { zipped = gzipFile(site, Wasm) })
			if zipped != nil {
				h.Set("Content-Type", "application/wasm")
				h.Set("Content-Encoding", "gzip")
				http.ServeContent(w, r, Wasm, time.Time{}, bytes.NewReader(zipped))
				return
			}
		}
		files.ServeHTTP(w, r)
	})
}

func gzipFile(site fs.FS, name string) []byte {
	data, err := fs.ReadFile(site, name)
	if err != nil {
		return nil
	}
	var b bytes.Buffer
	z, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	z.Write(data)
	z.Close()
	return b.Bytes()
}

// Build writes a whole site into dir: the page's files, gamelang.wasm
// compiled from web/worker with the go command on PATH, and that Go's
// wasm_exec.js (which must match the compiler). It is run from within the
// module (go generate, go run ./web/build, the tests).
func Build(dir string) error { return buildIn("", dir) }

// buildIn is Build with the go command run in src, the module's directory
// ("": the current one).
func buildIn(src, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	err := fs.WalkDir(Static(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || p == Wasm || p == "wasm_exec.js" {
			return err
		}
		data, err := fs.ReadFile(Static(), p)
		if err != nil {
			return err
		}
		if old, err := os.ReadFile(filepath.Join(dir, p)); err == nil && bytes.Equal(old, data) {
			return nil // go generate writes into static/ itself
		}
		return os.WriteFile(filepath.Join(dir, p), data, 0o644)
	})
	if err != nil {
		return err
	}
	goroot, err := goEnv("GOROOT")
	if err != nil {
		return err
	}
	execJS, err := os.ReadFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		// before Go 1.24 it was in misc/wasm
		if execJS, err = os.ReadFile(filepath.Join(goroot, "misc", "wasm", "wasm_exec.js")); err != nil {
			return fmt.Errorf("cannot find Go's wasm_exec.js: %w", err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "wasm_exec.js"), execJS, 0o644); err != nil {
		return err
	}
	out, err := filepath.Abs(filepath.Join(dir, Wasm))
	if err != nil {
		return err
	}
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", out, "github.com/gamelang/gamelang/web/worker")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	cmd.Dir = src
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("building %s: %v\n%s", Wasm, err, stderr.String())
	}
	return nil
}

// DirSite is the site in a directory, opened so that nothing outside it
// can be read through it: a symbolic link that leads out of the
// directory is refused, as is "..".
func DirSite(dir string) (fs.FS, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return root.FS(), nil
}

// Site is the site `gamelang serve` serves: the one built into this
// binary when `go generate ./web` ran before it was built; otherwise the
// page's files with the WebAssembly built on first use into the user's
// cache (cache/gamelang/playground-KEY, KEY naming this binary), from the
// source this gamelang was built from, with the go command on PATH. log
// is told of a build, which takes a minute.
func Site(cache string, log io.Writer) (fs.FS, error) {
	if Check(Static()) == nil {
		return Static(), nil
	}
	src, err := source()
	if err != nil {
		return nil, fmt.Errorf("%w; %v", ErrNotBuilt, err)
	}
	dir := filepath.Join(cache, "gamelang", "playground-"+buildKey(src))
	if site, err := DirSite(dir); err == nil && Check(site) == nil && sameStatic(site) {
		return site, nil
	}
	fmt.Fprintf(log, "building the playground's WebAssembly into %s, once for this gamelang (about a minute)...\n", dir)
	tmp := dir + ".tmp"
	os.RemoveAll(tmp)
	if err := buildIn(src, tmp); err != nil {
		return nil, err
	}
	os.RemoveAll(dir)
	if err := os.Rename(tmp, dir); err != nil {
		return nil, err
	}
	return DirSite(dir)
}

// source is the directory of the module this binary was built from: where
// this file was compiled (a build without -trimpath records it), holding
// the go.mod of gamelang.
func source() (string, error) {
	_, file, _, ok := runtime.Caller(0)
	if !ok || !filepath.IsAbs(file) {
		return "", errors.New("this gamelang was built with -trimpath, so its source is unknown")
	}
	root := filepath.Dir(filepath.Dir(file))
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil || !bytes.HasPrefix(mod, []byte("module github.com/gamelang/gamelang\n")) {
		return "", fmt.Errorf("the source it was built from (%s) is not there any more", root)
	}
	if _, err := exec.LookPath("go"); err != nil {
		return "", errors.New("there is no go command to build it with")
	}
	return root, nil
}

// buildKey names what a cached site was built for: this executable (its
// path, size and time, so that a new build of gamelang builds the page
// again) and the source directory.
func buildKey(src string) string {
	h := sha256.New()
	fmt.Fprintln(h, src, runtime.Version())
	if exe, err := os.Executable(); err == nil {
		if info, err := os.Stat(exe); err == nil {
			fmt.Fprintln(h, exe, info.Size(), info.ModTime().UnixNano())
		}
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		fmt.Fprintln(h, bi.Main.Version)
		for _, s := range bi.Settings {
			fmt.Fprintln(h, s.Key, s.Value)
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// sameStatic reports whether a cached site has this binary's page files.
func sameStatic(site fs.FS) bool {
	same := true
	fs.WalkDir(Static(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		a, _ := fs.ReadFile(Static(), p)
		b, err := fs.ReadFile(site, p)
		same = same && err == nil && bytes.Equal(a, b)
		return nil
	})
	return same
}

func goEnv(name string) (string, error) {
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %w (the playground is built with the go command)", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}
