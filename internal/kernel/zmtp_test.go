package kernel

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
	"github.com/go-zeromq/zmq4/security/null"
)

// The bytes a hostile peer writes, built by hand as ZMTP 3.0 lays them
// out (rfc.zeromq.org/spec/23).

func peerGreeting(mechanism string) []byte {
	g := make([]byte, greetingLen)
	g[0], g[9], g[10], g[11] = 0xff, 0x7f, 3, 0
	copy(g[12:32], mechanism)
	return g
}

// frame is one frame: its flags, its length (long when over 255 or when
// long is asked), its body.
func frame(flags byte, body []byte) []byte {
	if len(body) > 255 {
		return longFrame(flags, uint64(len(body)), body)
	}
	return append([]byte{flags, byte(len(body))}, body...)
}

// longFrame is a frame announcing size bytes, followed by body (which may
// be shorter: a forged length).
func longFrame(flags byte, size uint64, body []byte) []byte {
	b := make([]byte, 9, 9+len(body))
	b[0] = flags | flagLong
	binary.BigEndian.PutUint64(b[1:], size)
	return append(b, body...)
}

func property(name, value string) []byte {
	b := append([]byte{byte(len(name))}, name...)
	b = binary.BigEndian.AppendUint32(b, uint32(len(value)))
	return append(b, value...)
}

func command(name string, body []byte) []byte {
	return frame(flagCommand, append(append([]byte{byte(len(name))}, name...), body...))
}

// ready is a DEALER's READY.
func ready() []byte { return command("READY", property("Socket-Type", "DEALER")) }

func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

// freePorts are n TCP ports free on loopback a moment ago.
func freePorts(t *testing.T, n int) []int {
	var ports []int
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close()
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports
}

// attack connects to a port, writes b and reads until the kernel closes
// the connection (or, keep, returns it open).
func attack(t *testing.T, port int, b []byte) {
	t.Helper()
	c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Write(b); err != nil {
		t.Fatal(err)
	}
	// a bound on a failure, not a timing: the kernel closes at once
	c.SetReadDeadline(time.Now().Add(time.Minute))
	if _, err := io.Copy(io.Discard, c); err != nil {
		t.Fatalf("the kernel kept the connection: %v", err)
	}
}

// A peer that never learnt the key cannot kill the kernel, nor keep it
// from serving: each forged announcement closes its own connection, and
// the kernel answers the next signed request, old clients and new.
func TestForgedFramesLeaveTheKernelServing(t *testing.T) {
	p := freePorts(t, 5)
	conn := &Connection{Transport: "tcp", IP: "127.0.0.1", ShellPort: p[0], IOPubPort: p[1], StdinPort: p[2], ControlPort: p[3], HBPort: p[4],
		Key: "a-secret", SignatureScheme: "hmac-sha256"}
	c := serveKernel(t, conn)
	hello := cat(peerGreeting("NULL"), ready())
	// A peer that connects and says nothing holds no one up.
	silent, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", conn.ShellPort))
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()
	for _, a := range []struct {
		name string
		port int
		b    []byte
	}{
		{"2^62 bytes announced on shell", conn.ShellPort, cat(hello, longFrame(0, 1<<62, nil))},
		{"8 GiB announced on control", conn.ControlPort, cat(hello, longFrame(0, 8<<30, []byte("{}")))},
		{"2^64-1 bytes announced on stdin", conn.StdinPort, cat(hello, longFrame(0, 1<<64-1, nil))},
		{"frames past the request's size", conn.ShellPort, cat(hello, frame(flagMore, make([]byte, 1000)), longFrame(0, maxRequest-500, nil))},
		{"a large ping on the heartbeat", conn.HBPort, cat(peerGreeting("NULL"), command("READY", property("Socket-Type", "REQ")), longFrame(0, 1<<30, nil))},
		{"a large subscription on iopub", conn.IOPubPort, cat(peerGreeting("NULL"), command("READY", property("Socket-Type", "SUB")), longFrame(0, 1<<40, nil))},
		{"a READY property past its end", conn.ShellPort, cat(peerGreeting("NULL"), command("READY", []byte{2, 'a', 'b', 0, 0}))},
		{"a READY value past its end", conn.ControlPort, cat(peerGreeting("NULL"), command("READY", append(property("Socket-Type", "DEALER"), 1, 'x', 0xff, 0xff, 0xff, 0xff)))},
		{"a command of 8 MiB", conn.ShellPort, cat(hello, longFrame(flagCommand, 8<<20, nil))},
		{"a command with more frames", conn.ShellPort, cat(hello, frame(flagCommand|flagMore, []byte{4, 'P', 'I', 'N', 'G'}))},
		{"a message before READY", conn.ShellPort, cat(peerGreeting("NULL"), frame(0, []byte("x")))},
		{"reserved flag bits", conn.ShellPort, cat(hello, frame(0x80, []byte("x")))},
		{"the PLAIN mechanism", conn.ShellPort, peerGreeting("PLAIN")},
		{"not a greeting", conn.ControlPort, []byte("GET / HTTP/1.1\r\n\r\n" + strings.Repeat("x", 64))},
		{"a message of 2000 frames", conn.ShellPort, cat(hello, bytes.Repeat(frame(flagMore, nil), 2000), frame(0, nil))},
	} {
		t.Run(a.name, func(t *testing.T) {
			attack(t, a.port, a.b)
			c.send(c.shell, "kernel_info_request", map[string]any{})
			if info := content(t, c.recv(c.shell, "kernel_info_reply")); info["protocol_version"] != protocolVersion {
				t.Errorf("kernel info after the attack: %v", info)
			}
			c.drain()
		})
	}
	// Unsigned requests, however many, reach nothing.
	var junk []byte
	for range 100 {
		junk = append(junk, cat(frame(flagMore, delimiter), frame(flagMore, []byte("0000")), frame(flagMore, []byte("{}")), frame(flagMore, []byte("{}")), frame(flagMore, []byte("{}")), frame(0, []byte("{}")))...)
	}
	attackOpen(t, conn.ShellPort, cat(hello, junk))
	// A new client, the silent peer still connected, is served.
	d := serveClient(t, conn)
	d.send(d.shell, "kernel_info_request", map[string]any{})
	d.recv(d.shell, "kernel_info_reply")
	d.drain()
	c.send(c.control, "kernel_info_request", map[string]any{})
	c.recv(c.control, "kernel_info_reply")
}

// attackOpen writes b on a connection it then closes itself.
func attackOpen(t *testing.T, port int, b []byte) {
	c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Write(b); err != nil {
		t.Fatal(err)
	}
}

// pipe is a guarded connection over net.Pipe, its peer's side, and the
// guard's log.
func pipe(t *testing.T, lim *wireLimits) (*guard, net.Conn, *strings.Builder) {
	a, b := net.Pipe()
	t.Cleanup(func() { a.Close(); b.Close() })
	var log strings.Builder
	var mu sync.Mutex
	lim.log = func(format string, args ...any) { mu.Lock(); fmt.Fprintf(&log, format+"\n", args...); mu.Unlock() }
	if lim.held == nil {
		lim.held = new(atomic.Int64)
	}
	return newGuard(a, lim, func() {}), b, &log
}

func testLimits() *wireLimits {
	return &wireLimits{message: 1000, frames: 8, conns: 4, handshake: time.Minute, stall: time.Minute, budget: 1 << 20}
}

// speak has the peer greet, write b and read all that comes back.
func speak(peer net.Conn, b []byte) {
	go io.Copy(io.Discard, peer)
	go func() {
		peer.Write(cat(peerGreeting("NULL"), ready()))
		peer.Write(b)
		peer.Close()
	}()
}

// The guard passes what is within the limits, byte for byte, and no more.
func TestGuardPassesWhatIsWithinLimits(t *testing.T) {
	lim := testLimits()
	lim.check = func(frames [][]byte) error {
		if string(frames[0]) == "forged" {
			return errors.New("a forged message")
		}
		return nil
	}
	g, peer, log := pipe(t, lim)
	ok := cat(frame(flagMore, []byte("id")), frame(flagMore, nil), frame(0, bytes.Repeat([]byte("x"), 900)))
	speak(peer, cat(ok, frame(0, []byte("forged")), command("PING", nil), ok, longFrame(0, 1001, nil), ok))
	if err := g.handshake(); err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(g)
	want := cat(peerGreeting("NULL"), ready(), ok, command("PING", nil), ok)
	if !bytes.Equal(got, want) {
		t.Errorf("passed %d bytes, want %d", len(got), len(want))
	}
	if err == nil || !strings.Contains(err.Error(), "more than 1000 bytes") {
		t.Errorf("error %v, want the message's size", err)
	}
	if !strings.Contains(log.String(), "dropped a forged message") {
		t.Errorf("log %q", log.String())
	}
	if lim.held.Load() != 0 {
		t.Errorf("%d bytes still counted held", lim.held.Load())
	}
}

// Bytes held unchecked by all of a kernel's connections stay within the
// budget; a body is read as it comes, not allocated at its announced size.
func TestGuardHoldsWithinBudget(t *testing.T) {
	lim := testLimits()
	lim.message, lim.budget = 100<<20, 3<<20
	g, peer, _ := pipe(t, lim)
	go io.Copy(io.Discard, peer)
	go func() {
		peer.Write(cat(peerGreeting("NULL"), ready(), longFrame(0, 50<<20, nil)))
		peer.Write(make([]byte, 8<<20))
	}()
	if err := g.handshake(); err != nil {
		t.Fatal(err)
	}
	_, err := io.ReadAll(g)
	if err == nil || !strings.Contains(err.Error(), "not yet checked") {
		t.Errorf("error %v, want the budget", err)
	}
	if lim.held.Load() != 0 {
		t.Errorf("%d bytes still counted held after the close", lim.held.Load())
	}
}

// zmq4 opens a guarded connection as it would the bare one: the guard's
// greeting is zmq4's.
func TestGuardGreetsAsZmq4(t *testing.T) {
	lim := testLimits()
	g, peer, _ := pipe(t, lim)
	go func() {
		b := make([]byte, greetingLen)
		io.ReadFull(peer, b)
		peer.Write(cat(peerGreeting("NULL"), ready(), frame(0, []byte("hello"))))
		io.Copy(io.Discard, peer)
	}()
	if err := g.handshake(); err != nil {
		t.Fatal(err)
	}
	z, err := zmq4.Open(g, null.Security(), zmq4.Router, zmq4.SocketIdentity(""), true, nil)
	if err != nil {
		t.Fatal(err)
	}
	m, err := z.RecvMsg()
	if err != nil || len(m.Frames) != 1 || string(m.Frames[0]) != "hello" {
		t.Fatalf("got %v, %v", m.Frames, err)
	}
	if g.sent != greetingLen {
		t.Errorf("zmq4 wrote %d bytes of greeting", g.sent)
	}
}

func TestCheckCommand(t *testing.T) {
	for _, c := range []struct {
		body  []byte
		first bool
		ok    bool
	}{
		{[]byte("\x05READY"), true, false}, // no socket type
		{append([]byte("\x05READY"), property("Socket-Type", "DEALER")...), true, true},
		{append([]byte("\x05READY"), property("socket-type", "SUB")...), true, true},
		{append([]byte("\x05READY"), property("socket-Type", "SUB")...), true, true},
		{append([]byte("\x05READY"), property("SoCket-Type", "SUB")...), true, false},
		{append([]byte("\x05READY"), property("SOCKET-TYPE", "SUB")...), true, false},
		{append([]byte("\x05READY"), property("Socket-Type", "")...), true, false},
		{append([]byte("\x05READY"), property("Socket-Type", "dealer")...), true, false},
		{append([]byte("\x05READY"), cat(property("Socket-Type", "DEALER"), property("Socket-Type", "X"))...), true, false},
		{append([]byte("\x05READY"), cat(property("Socket-Type", "DEALER"), property("Identity", ""))...), true, true},
		{[]byte("\x04PING"), true, false},
		{[]byte("\x04PING\x00\x01"), false, true},
		{[]byte("\x09READY"), true, false},
		{nil, false, false},
		{[]byte("\x05READY\x00\x00\x00\x00\x00"), true, false},                    // an empty name                    // an empty name
		{[]byte("\x05READY\x02ab\x00\x00"), true, false},                          // a length cut short
		{[]byte("\x05READY\x01a\x00\x00\x00\x02x"), true, false},                  // a value past the end
		{[]byte("\x05READY\x01a\xff\xff\xff\xff"), true, false},                   // a value of 4 GiB
		{[]byte("\x05READY\x01a\x00\x00\x00\x01xz\x00\x00\x00\x00"), true, false}, // the second property cut
	} {
		if err := checkCommand(c.body, c.first); (err == nil) != c.ok {
			t.Errorf("checkCommand(%q, %v) = %v, want ok %v", c.body, c.first, err, c.ok)
		}
	}
}

// FuzzWire writes any bytes as a peer would to a guarded connection that
// zmq4 then opens and reads from: nothing panics, and every message zmq4
// receives is within the limits.
//
//	go test ./internal/kernel -run '^$' -fuzz FuzzWire -fuzztime 5m
func FuzzWire(f *testing.F) {
	hello := cat(peerGreeting("NULL"), ready())
	f.Add(hello)
	f.Add(cat(hello, frame(flagMore, []byte("id")), frame(0, []byte("body"))))
	f.Add(cat(hello, longFrame(0, 1<<62, nil)))
	f.Add(cat(peerGreeting("NULL"), command("READY", []byte{2, 'a', 'b', 0, 0})))
	f.Add(cat(hello, command("PING", []byte{0, 1})))
	f.Add(cat(hello, frame(flagMore, nil), frame(0, make([]byte, 300))))
	f.Fuzz(func(t *testing.T, b []byte) {
		lim := testLimits()
		lim.check = func(frames [][]byte) error {
			if len(frames) > 0 && len(frames[0]) == 1 {
				return errors.New("a one-byte first frame")
			}
			return nil
		}
		a, peer := net.Pipe()
		defer a.Close()
		lim.held, lim.log = new(atomic.Int64), func(string, ...any) {}
		g := newGuard(a, lim, func() {})
		go io.Copy(io.Discard, peer)
		go func() { peer.Write(b); peer.Close() }()
		if g.handshake() != nil {
			return
		}
		z, err := zmq4.Open(g, null.Security(), zmq4.Router, zmq4.SocketIdentity(""), true, nil)
		if err != nil {
			return
		}
		for {
			m, err := z.RecvMsg()
			if err != nil {
				break
			}
			total := 0
			for _, fr := range m.Frames {
				total += len(fr)
			}
			if total > int(lim.message) || len(m.Frames) > lim.frames {
				t.Fatalf("zmq4 received %d bytes in %d frames", total, len(m.Frames))
			}
			if m.Type != zmq4.CmdMsg && len(m.Frames) > 0 && len(m.Frames[0]) == 1 {
				t.Fatalf("a message the check refused went through: %q", m.Frames)
			}
		}
		g.Close()
		if lim.held.Load() != 0 {
			t.Fatalf("%d bytes counted held after the close", lim.held.Load())
		}
	})
}
