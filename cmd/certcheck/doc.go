// Command certcheck checks the certificates gamelang writes: a period of a
// take-and-break game's Grundy values (period(G, "file")), an arithmetic
// period (the same call, for an infinite code), or a misère quotient with
// its period (quotient(G, "file")).
//
//	certcheck FILE...
//
// It shares no code with gamelang and imports only Go's standard library:
// it reads the file, recomputes every value the certificate lists from the
// code's moves with a mex of its own, and checks the inequality of the
// theorem the claim rests on. It prints "accepted" or why it refuses, and
// exits 1 when it refuses a file. docs/certificates.md explains each check.
//
// # Where things are
//
// Certcheck checks them with its own mex, theorems and verification,
// importing only the standard library, on purpose: a referee reads one file
// and trusts nothing of gamelang (a test checks its imports).
package main
