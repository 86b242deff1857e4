// Package check is the check pass: it resolves every name, checks the arity
// of the builtin and game calls it can see, and checks each game declaration
// against its kind of position — which rules it may hold, which names its
// rules see, how its positions are written. It reports every error at once,
// sorted by position, before anything runs.
//
// # Where things are
//
// It is the check pass. It knows the builtin functions only by their arity
// (eval hands them over), the kinds only through `rules.Kind`, and the
// builtin games only through their catalogue (`builtin`): it links neither
// the game library nor an engine.
package check
