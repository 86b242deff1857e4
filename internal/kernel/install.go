package kernel

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
)

// Spec is the kernel's kernel.json: how Jupyter starts it. Interrupts come
// as messages on the control channel, so that they work wherever the
// kernel runs.
func Spec(exe string) map[string]any {
	return map[string]any{
		"argv":           []string{exe, "kernel", "-f", "{connection_file}"},
		"display_name":   "gamelang",
		"language":       "gamelang",
		"interrupt_mode": "message",
		"metadata":       map[string]any{"debugger": false},
	}
}

// DataDir is Jupyter's data directory for the user, where kernels are
// registered: $JUPYTER_DATA_DIR, else the platform's place.
func DataDir() (string, error) {
	if d := os.Getenv("JUPYTER_DATA_DIR"); d != "" {
		return d, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	switch runtime.GOOS {
	case "darwin":
		return filepath.Join(home, "Library", "Jupyter"), nil
	case "windows":
		if a := os.Getenv("APPDATA"); a != "" {
			return filepath.Join(a, "jupyter"), nil
		}
		return filepath.Join(home, "AppData", "Roaming", "jupyter"), nil
	}
	if x := os.Getenv("XDG_DATA_HOME"); x != "" {
		return filepath.Join(x, "jupyter"), nil
	}
	return filepath.Join(home, ".local", "share", "jupyter"), nil
}

// Install writes the kernel spec into dataDir/kernels/gamelang, for the
// program exe, and returns the directory written.
func Install(dataDir, exe string) (string, error) {
	dir := filepath.Join(dataDir, "kernels", "gamelang")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	b, err := json.MarshalIndent(Spec(exe), "", "  ")
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "kernel.json"), append(b, '\n'), 0o644); err != nil {
		return "", fmt.Errorf("kernel install: %w", err)
	}
	return dir, nil
}
