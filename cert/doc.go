// Package cert writes certificates: what a proved period or misère
// quotient rests on, in a text file that cmd/certcheck (a checker that
// shares no code with gamelang) verifies from the code's moves alone. The
// format is in docs/certificates.md: a header line, one field per line
// ("key value"), and lists announced with their length ("values 176")
// followed by their numbers, twenty to a line. '#' starts a comment.
//
// # Where things are
//
// It writes certificates: `Period`, `Saltus` and `Quotient` write what a
// proved period, arithmetic period or misère quotient rests on, as text
// (docs/certificates.md); `period(G, "f")` and `quotient(G, "f")` call them
// through `Interp.WriteFile` (the session's `Create`, `os.Create` by
// default).
package cert
