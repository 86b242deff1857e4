package list_test

// The sessions of these tests know gamelang's kinds, conventions and
// queries.
import _ "github.com/gamelang/gamelang/lib"
