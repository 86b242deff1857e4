// Package kernel is gamelang's Jupyter kernel: it speaks the Jupyter
// messaging protocol (version 5.3) over ZeroMQ and runs each cell in one
// gamelang session (the public API's gamelang.Session), so that a
// notebook defines games in one cell and asks about them in the next.
// Answers show as text plus rich output (tables as HTML, pictures as PNG
// and SVG, every value as application/json); errors name the cell's line
// and column; an interrupt stops a computation as Ctrl-C does at the
// prompt; completion and inspection use the prompt's word lists and help.
//
// wire.go is the protocol's framing: a message is the ZeroMQ routing
// identities, a delimiter, an HMAC-SHA256 signature of the four JSON
// parts that follow (header, parent header, metadata, content), and any
// binary buffers.
//
// # Where things are
//
// The protocol is in wire.go and kernel.go. The wire is guarded before
// zmq4 reads it, in zmtp.go: the sockets listen through a transport of
// their own whose connections hold each greeting, handshake and message
// whole and check its sizes, READY's properties and the signature first
// (FuzzWire). Cells run in one gamelang.Session in cells.go, rich outputs
// come through Options.Display, and kernel install is install.go.
package kernel
