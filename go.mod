module github.com/gamelang/gamelang

go 1.26

require (
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/chzyer/readline v1.5.1
	github.com/rogpeppe/go-internal v1.16.0
)

require (
	golang.org/x/sys v0.26.0 // indirect
	golang.org/x/tools v0.26.0 // indirect
)
