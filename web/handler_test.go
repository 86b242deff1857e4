package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// The page's icon is served, also as /favicon.ico, which browsers ask for
// on their own; a missing file is still a 404.
func TestFavicon(t *testing.T) {
	h := Handler(Static())
	for _, p := range []string{"/favicon.ico", "/favicon.svg"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, p, nil))
		if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "image/svg+xml") || !strings.Contains(rec.Body.String(), "<svg") {
			t.Errorf("GET %s: %d %s", p, rec.Code, rec.Header().Get("Content-Type"))
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/nosuch.png", nil))
	if rec.Code != http.StatusNotFound {
		t.Errorf("GET /nosuch.png: %d", rec.Code)
	}
	page := httptest.NewRecorder()
	h.ServeHTTP(page, httptest.NewRequest(http.MethodGet, "/", nil))
	if !strings.Contains(page.Body.String(), `rel="icon" href="favicon.svg"`) {
		t.Error("the page does not link its icon")
	}
}
