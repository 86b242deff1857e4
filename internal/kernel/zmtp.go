package kernel

// zmtp.go guards the ZeroMQ wire. zmq4 reads a frame by allocating as
// many bytes as the peer announces, before any arrive, and parses a
// peer's READY command without checking its lengths: a peer that never
// learnt the key could kill the kernel with one frame header. So the
// kernel's sockets listen through a transport of their own ("gamelang-tcp",
// "gamelang-ipc") whose connections read the peer's bytes first: the
// greeting, the handshake and each message are held whole and checked
// (sizes against the socket's limits, the READY's properties, the
// message's signature) before zmq4 sees a byte of them. A peer that
// breaks a limit has its connection closed; every other connection, and
// the kernel, go on. A message with a wrong signature is dropped there.
//
// The guard also reads each peer's greeting and handshake itself, side by
// side, before zmq4's accept loop (which handshakes one connection at a
// time) takes the connection, so that a peer that connects and says
// nothing delays nobody.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-zeromq/zmq4"
	"github.com/go-zeromq/zmq4/transport"
)

// The transports the kernel's sockets listen on (zmq4 knows transports by
// an endpoint's scheme).
const (
	guardedTCP = "gamelang-tcp"
	guardedIPC = "gamelang-ipc"
)

func init() {
	for name, network := range map[string]string{guardedTCP: "tcp", guardedIPC: "unix"} {
		if err := zmq4.RegisterTransport(name, guarded{transport.New(network)}); err != nil {
			panic(err)
		}
	}
}

// greetingLen is the length of a ZMTP 3 greeting.
const greetingLen = 64

// maxCommand is the most a command may carry (READY's properties, PING,
// SUBSCRIBE): commands are small.
const maxCommand = 64 << 10

// ZMTP's frame flags.
const (
	flagMore    = 0x1
	flagLong    = 0x2
	flagCommand = 0x4
)

// greeting is the greeting the kernel's side sends: ZMTP 3.0, the NULL
// mechanism, not as a server, as zmq4 writes it (the guard sends it
// before zmq4 does, and checks that zmq4's is the same).
var greeting = func() []byte {
	g := make([]byte, greetingLen)
	g[0], g[9], g[10], g[11] = 0xff, 0x7f, 3, 0
	copy(g[12:32], "NULL")
	return g
}()

// wireLimits are what the peers of one socket may send.
type wireLimits struct {
	message   int64         // bytes in one message, its frames' bodies together
	frames    int           // frames in one message
	conns     int           // connections at once
	handshake time.Duration // from connecting to the end of the peer's READY
	stall     time.Duration // from a message's first byte to its last
	// check, when set, is what a message must pass for zmq4 to see it
	// (the signature); a message that fails it is dropped and logged.
	check func(frames [][]byte) error
	// held counts the bytes held unchecked by every connection of the
	// kernel, at most budget: a connection that would pass it is closed.
	held   *atomic.Int64
	budget int64
	log    func(format string, args ...any)
}

// wireKey is the context key of a socket's limits: a socket passes its
// context to the transport's Listen.
type wireKey struct{}

// withLimits is a context whose sockets listen with limits l.
func withLimits(ctx context.Context, l *wireLimits) context.Context {
	return context.WithValue(ctx, wireKey{}, l)
}

// guarded is a transport whose listeners guard their connections.
type guarded struct{ inner transport.Transport }

func (g guarded) Dial(ctx context.Context, d transport.Dialer, addr string) (net.Conn, error) {
	return g.inner.Dial(ctx, d, addr)
}

func (g guarded) Addr(ep string) (string, error) { return g.inner.Addr(ep) }

func (g guarded) Listen(ctx context.Context, addr string) (net.Listener, error) {
	lim, ok := ctx.Value(wireKey{}).(*wireLimits)
	if !ok {
		return nil, errors.New("a guarded socket is made with its limits (withLimits)")
	}
	l, err := g.inner.Listen(ctx, addr)
	if err != nil {
		return nil, err
	}
	gl := &listener{Listener: l, lim: lim, ready: make(chan net.Conn), done: make(chan struct{}), slots: make(chan struct{}, lim.conns)}
	go gl.run()
	return gl, nil
}

// listener hands zmq4 the connections whose peers have greeted and
// handshaken within the limits.
type listener struct {
	net.Listener
	lim   *wireLimits
	ready chan net.Conn
	done  chan struct{}
	once  sync.Once
	slots chan struct{} // one a connection open
}

func (l *listener) Accept() (net.Conn, error) {
	select {
	case c := <-l.ready:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

func (l *listener) Close() error {
	l.once.Do(func() { close(l.done) })
	return l.Listener.Close()
}

// run accepts connections and admits each on its own.
func (l *listener) run() {
	backoff := time.Duration(0)
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			select {
			case <-l.done:
				return
			default:
			}
			// out of descriptors, say: wait a little, as net/http does
			backoff = min(max(2*backoff, 5*time.Millisecond), time.Second)
			time.Sleep(backoff)
			continue
		}
		backoff = 0
		select {
		case l.slots <- struct{}{}:
			go l.admit(c)
		default:
			l.lim.log("closed a connection from %s: the socket has %d already", c.RemoteAddr(), l.lim.conns)
			c.Close()
		}
	}
}

// admit greets the peer and reads its greeting and READY within the
// handshake's time, then hands the connection to zmq4.
func (l *listener) admit(c net.Conn) {
	g := newGuard(c, l.lim, func() { <-l.slots })
	err := g.handshake()
	if err == nil {
		select {
		case l.ready <- g:
			return
		case <-l.done:
			err = net.ErrClosed
		}
	}
	if !errors.Is(err, net.ErrClosed) && !errors.Is(err, io.EOF) {
		l.lim.log("closed a connection from %s: %v", c.RemoteAddr(), err)
	}
	g.Close()
}

// guard is a connection whose reads give zmq4 only what was checked.
type guard struct {
	net.Conn
	r       *bufio.Reader
	lim     *wireLimits
	out     []byte // checked bytes not yet read by zmq4
	held    int64  // bytes counted in lim.held
	sent    int    // bytes of greeting zmq4 has written (swallowed: the guard sent them)
	closed  sync.Once
	release func()
}

func newGuard(c net.Conn, lim *wireLimits, release func()) *guard {
	return &guard{Conn: c, r: bufio.NewReaderSize(c, 32<<10), lim: lim, release: release}
}

func (g *guard) Close() error {
	var err error
	g.closed.Do(func() {
		g.hold(-g.held)
		err = g.Conn.Close()
		g.release()
	})
	return err
}

// hold counts n more bytes held unchecked (n < 0: fewer).
func (g *guard) hold(n int64) error {
	g.held += n
	if g.lim.held.Add(n) > g.lim.budget && n > 0 {
		return fmt.Errorf("the kernel holds %d MiB of messages not yet checked, its most", g.lim.budget>>20)
	}
	return nil
}

func (g *guard) Read(p []byte) (int, error) {
	for len(g.out) == 0 {
		g.hold(-g.held)
		if err := g.message(false); err != nil {
			if !errors.Is(err, io.EOF) && !errors.Is(err, net.ErrClosed) {
				g.lim.log("closed a connection from %s: %v", g.RemoteAddr(), err)
			}
			g.Close()
			return 0, err
		}
	}
	n := copy(p, g.out)
	g.out = g.out[n:]
	return n, nil
}

func (g *guard) Write(p []byte) (int, error) {
	n := 0
	if g.sent < greetingLen {
		k := min(len(p), greetingLen-g.sent)
		if !bytes.Equal(p[:k], greeting[g.sent:g.sent+k]) {
			g.Close()
			return 0, errors.New("zmq4 greets otherwise than the guard did")
		}
		g.sent += k
		p, n = p[k:], k
	}
	if len(p) == 0 {
		return n, nil
	}
	m, err := g.Conn.Write(p)
	return n + m, err
}

// handshake sends the greeting, then reads the peer's greeting and READY.
func (g *guard) handshake() error {
	if err := g.SetDeadline(time.Now().Add(g.lim.handshake)); err != nil {
		return err
	}
	if _, err := g.Conn.Write(greeting); err != nil {
		return err
	}
	var peer [greetingLen]byte
	if _, err := io.ReadFull(g.r, peer[:]); err != nil {
		return timeout(err, "the greeting")
	}
	if err := checkGreeting(peer[:]); err != nil {
		return err
	}
	g.out = append(g.out, peer[:]...)
	if err := g.message(true); err != nil {
		return err
	}
	return g.SetDeadline(time.Time{})
}

func timeout(err error, what string) error {
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		return fmt.Errorf("%s did not come in time", what)
	}
	return err
}

// checkGreeting checks a peer's greeting: ZMTP 3 or later, NULL.
func checkGreeting(b []byte) error {
	switch {
	case b[0] != 0xff || b[9] != 0x7f:
		return errors.New("not a ZMTP greeting")
	case b[10] < 3:
		return fmt.Errorf("ZMTP %d.%d: the kernel speaks 3.0", b[10], b[11])
	case !bytes.Equal(b[12:32], greeting[12:32]):
		return fmt.Errorf("the security mechanism %q: the kernel's is NULL", bytes.TrimRight(b[12:32], "\x00"))
	case b[32] > 1:
		return errors.New("a greeting's as-server flag is neither 0 nor 1")
	}
	return nil
}

// message reads the next message (or command) whole and checks it; one
// that passes goes to out. first: the handshake's READY, which must come,
// within the handshake's deadline.
func (g *guard) message(first bool) error {
	m := &inMessage{}
	for more := true; more; {
		flags, size, err := g.frameHead(m, first)
		if err != nil {
			return err
		}
		command := flags&flagCommand != 0
		if err := g.admit(m, flags, size, first); err != nil {
			return err
		}
		at := len(m.raw)
		if err := g.frameBody(m, int64(size)); err != nil {
			return err
		}
		more = flags&flagMore != 0
		if command {
			if err := checkCommand(m.raw[at:], first); err != nil {
				return err
			}
		}
	}
	if !first {
		_ = g.SetReadDeadline(time.Time{})
	}
	return g.deliver(m)
}

// admit checks a frame's head before its body is read: a command stands
// alone and is small, the handshake's first frame is one, and the message
// stays within its bounds of bytes and frames.
func (g *guard) admit(m *inMessage, flags byte, size uint64, first bool) error {
	command := flags&flagCommand != 0
	switch {
	case command && (len(m.spans) > 0 || flags&flagMore != 0):
		return errors.New("a command inside a message")
	case command && size > maxCommand:
		return fmt.Errorf("a command of %d bytes: at most %d", size, maxCommand)
	case first && !command:
		return errors.New("a message before the handshake's READY")
	case size > uint64(g.lim.message-m.total):
		return fmt.Errorf("a message of more than %d bytes (a frame announces %d after %d)", g.lim.message, size, m.total)
	case len(m.spans) == g.lim.frames:
		return fmt.Errorf("a message of more than %d frames", g.lim.frames)
	}
	return nil
}

// inMessage is a message being read: its frames as they came, where each
// body lies in them, and the bodies' bytes so far.
type inMessage struct {
	raw   []byte
	spans [][2]int
	total int64
}

// frameHead reads a frame's flags and length into m.
func (g *guard) frameHead(m *inMessage, first bool) (flags byte, size uint64, err error) {
	flags, err = g.r.ReadByte()
	if err != nil {
		return 0, 0, timeout(err, "the handshake's READY")
	}
	if len(m.raw) == 0 && !first {
		// idle between messages is fine; within one, it is not (an
		// error here is the connection's, which the next read meets)
		_ = g.SetReadDeadline(time.Now().Add(g.lim.stall))
	}
	if flags&^(flagMore|flagLong|flagCommand) != 0 {
		return 0, 0, fmt.Errorf("a frame's flags %#x: reserved bits set", flags)
	}
	m.raw = append(m.raw, flags)
	if flags&flagLong != 0 {
		var b [8]byte
		if _, err := io.ReadFull(g.r, b[:]); err != nil {
			return 0, 0, timeout(err, "a frame's length")
		}
		m.raw = append(m.raw, b[:]...)
		return flags, binary.BigEndian.Uint64(b[:]), nil
	}
	b, err := g.r.ReadByte()
	if err != nil {
		return 0, 0, timeout(err, "a frame's length")
	}
	m.raw = append(m.raw, b)
	return flags, uint64(b), nil
}

// frameBody reads a frame's body of size bytes (checked against the
// limits before) as it comes, never allocated ahead of its bytes.
func (g *guard) frameBody(m *inMessage, size int64) error {
	m.total += size
	at := len(m.raw)
	for left := size; left > 0; {
		n := min(left, 1<<20)
		if err := g.hold(n); err != nil {
			return err
		}
		m.raw = append(m.raw, make([]byte, n)...)
		if _, err := io.ReadFull(g.r, m.raw[len(m.raw)-int(n):]); err != nil {
			return timeout(err, "a message")
		}
		left -= n
	}
	m.spans = append(m.spans, [2]int{at, len(m.raw)})
	return nil
}

// deliver passes a whole message on to zmq4, unless the check (the
// signature) drops it.
func (g *guard) deliver(m *inMessage) error {
	if m.raw[0]&flagCommand == 0 && g.lim.check != nil {
		bodies := make([][]byte, len(m.spans))
		for i, s := range m.spans {
			bodies[i] = m.raw[s[0]:s[1]]
		}
		if err := g.lim.check(bodies); err != nil {
			g.lim.log("dropped %v", err)
			return nil
		}
	}
	if len(g.out) == 0 {
		g.out = m.raw
	} else {
		g.out = append(g.out, m.raw...)
	}
	return nil
}

// checkCommand checks a command's body: its name within it and, for
// READY, every property's lengths (zmq4 slices by them unchecked).
func checkCommand(body []byte, first bool) error {
	if len(body) == 0 || int(body[0]) > len(body)-1 {
		return errors.New("a command whose name runs past it")
	}
	name := string(body[1 : 1+int(body[0])])
	if first && name != "READY" {
		return fmt.Errorf("a handshake that begins with %q, not READY", name)
	}
	if name != "READY" {
		return nil
	}
	typed := false
	for p := body[1+int(body[0]):]; len(p) > 0; {
		k := int(p[0])
		if k == 0 || 1+k+4 > len(p) {
			return errors.New("a READY property whose name runs past it")
		}
		name := string(p[1 : 1+k])
		v := binary.BigEndian.Uint32(p[1+k:])
		p = p[1+k+4:]
		if uint64(v) > uint64(len(p)) {
			return errors.New("a READY property whose value runs past it")
		}
		if strings.EqualFold(name, "Socket-Type") {
			// zmq4 panics on a socket type it does not know, and reads
			// the property only where its title case is Socket-Type
			if name[1:6] != "ocket" || name[8:] != "ype" {
				return fmt.Errorf("a READY property %q", name)
			}
			if !socketTypes[string(p[:v])] {
				return fmt.Errorf("a READY of socket type %q", p[:v])
			}
			typed = true
		}
		p = p[v:]
	}
	if !typed {
		return errors.New("a READY without a socket type")
	}
	return nil
}

// socketTypes are the socket types zmq4 knows.
var socketTypes = map[string]bool{}

func init() {
	for _, t := range []zmq4.SocketType{zmq4.Pair, zmq4.Pub, zmq4.Sub, zmq4.Req, zmq4.Rep, zmq4.Dealer, zmq4.Router, zmq4.Pull, zmq4.Push, zmq4.XPub, zmq4.XSub} {
		socketTypes[string(t)] = true
	}
}
