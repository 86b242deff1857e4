// Package numeric is the one table of the language's numeric builtins —
// min, max, sum, xor, all, any, abs, popcount, odd, even, nimmul, gcd,
// isqrt, isprime, factorial — each with its two forms side by side: exact,
// on integers of any size, for queries at top level (package eval), and on
// int64 for rules (package rules), which fails rather than wraps where an
// int64 cannot hold the answer. The check pass knows them through eval.
// A test checks both forms of each against each other and against
// math/big.
//
// # Where things are
//
// It is the one table of numeric builtins (`min` … `factorial`), each with
// its exact form (eval) and its int64 form (rules) side by side; check knows
// which may appear inside rules from it. A test checks the two forms of
// every function against each other.
package numeric
