package cert_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/cert"
	"github.com/gamelang/gamelang/octal"
	"github.com/gamelang/gamelang/solve"
)

// Kayles' certificate states the published period (12, from heap 71:
// Winning Ways, ch. 4) and lists its first values as OEIS A002186 has
// them, as many as the Guy-Smith theorem needs; a table too short for the
// theorem is refused.
func TestKaylesPeriodCertificate(t *testing.T) {
	c, err := octal.Parse("0.77", 8)
	if err != nil {
		t.Fatal(err)
	}
	tab := octal.NewTable(c, octal.Config{Limits: &solve.Limits{}, What: "Kayles"})
	if err := tab.Grow(context.Background(), 400); err != nil {
		t.Fatal(err)
	}
	p := tab.Period()
	if p == nil || p.Len != 12 || p.Pre != 71 {
		t.Fatalf("Kayles' period: %+v, want 12 from 71", p)
	}
	var b strings.Builder
	if err := cert.Period(&b, tab, p); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	if !strings.HasPrefix(text, cert.Header+"\n") {
		t.Errorf("the certificate does not start with its header:\n%.200s", text)
	}
	bound := c.PeriodBound(p.Pre, p.Len)
	for _, line := range []string{"claim period", "code 0.77", "period 12", "preperiod 71", "bound " + strconv.FormatInt(bound, 10), "values " + strconv.FormatInt(bound, 10),
		"0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2"} {
		if !strings.Contains(text, "\n"+line+"\n") {
			t.Errorf("the certificate has no line %q:\n%.400s", line, text)
		}
	}
	short := octal.NewTable(c, octal.Config{Limits: &solve.Limits{}, What: "Kayles"})
	if err := short.Grow(context.Background(), 100); err != nil {
		t.Fatal(err)
	}
	if err := cert.Period(&b, short, p); err == nil || !strings.Contains(err.Error(), "fewer than") {
		t.Errorf("a table of 101 values: %v, want it refused", err)
	}
}
