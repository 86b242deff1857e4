package kernel

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	stdlog "log"
	"net"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-zeromq/zmq4"
)

// Connection is a connection file: where the kernel listens, and the key
// it signs with.
type Connection struct {
	Transport       string `json:"transport"`
	IP              string `json:"ip"`
	ShellPort       int    `json:"shell_port"`
	IOPubPort       int    `json:"iopub_port"`
	StdinPort       int    `json:"stdin_port"`
	ControlPort     int    `json:"control_port"`
	HBPort          int    `json:"hb_port"`
	Key             string `json:"key"`
	SignatureScheme string `json:"signature_scheme"`
	KernelName      string `json:"kernel_name"`
}

// ReadConnection reads a connection file.
func ReadConnection(file string) (*Connection, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var c Connection
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, fmt.Errorf("%s: not a Jupyter connection file: %w", file, err)
	}
	if c.SignatureScheme != "" && c.SignatureScheme != "hmac-sha256" {
		return nil, fmt.Errorf("%s: signature scheme %q: the kernel signs with hmac-sha256", file, c.SignatureScheme)
	}
	if c.Transport == "" {
		c.Transport = "tcp"
	}
	if c.IP == "" && c.Transport == "tcp" {
		c.IP = "127.0.0.1" // loopback unless the file says otherwise
	}
	if c.Transport != "tcp" && c.Transport != "ipc" {
		return nil, fmt.Errorf("%s: transport %q: the kernel speaks tcp or ipc", file, c.Transport)
	}
	return &c, nil
}

// endpoint is where a client reaches port.
func (c *Connection) endpoint(port int) string {
	return c.Transport + "://" + c.address(port)
}

// listenAt is where the kernel listens for port: the same address through
// the guarded transport (zmtp.go).
func (c *Connection) listenAt(port int) string {
	if c.Transport == "ipc" {
		return guardedIPC + "://" + c.address(port)
	}
	return guardedTCP + "://" + c.address(port)
}

func (c *Connection) address(port int) string {
	if c.Transport == "ipc" {
		return c.IP + "-" + strconv.Itoa(port)
	}
	return net.JoinHostPort(c.IP, strconv.Itoa(port))
}

// What the kernel's peers may send (zmtp.go). A request is a signed
// message of at most maxRequest bytes, a cell of up to about 100 MB; the
// heartbeat's pings and iopub's subscriptions are small.
const (
	maxRequest = 128 << 20
	maxSmall   = 64 << 10
	maxConns   = 64        // connections to one socket at once
	maxHeld    = 256 << 20 // bytes held unchecked by all the connections
)

// limits are what the peers of a socket may send: requests, when check
// is set, else small messages.
func (k *Kernel) limits(held *atomic.Int64, check func([][]byte) error) *wireLimits {
	l := &wireLimits{message: maxSmall, frames: 16, conns: maxConns, handshake: 10 * time.Second, stall: time.Minute,
		held: held, budget: maxHeld, check: check,
		log: func(format string, args ...any) { fmt.Fprintf(k.log, "gamelang kernel: "+format+"\n", args...) }}
	if check != nil {
		l.message, l.frames = maxRequest, 1024
	}
	return l
}

// Kernel serves one connection.
type Kernel struct {
	conn    *Connection
	sign    signer
	session string
	log     io.Writer

	shell, control, stdin, iopub, hb zmq4.Socket

	sendMu sync.Mutex // iopub is written by the shell and by the running cell
	cells  *cells

	stdinOnce sync.Once
	replies   chan *Message // input_reply messages read from stdin
}

// input asks the front end for a line of input for the request parent
// (an input_request on stdin, as Python's input() does in a notebook) and
// waits for its input_reply, or for ctx to end (an interrupt).
func (k *Kernel) input(ctx context.Context, parent *Message, prompt string) (string, error) {
	k.stdinOnce.Do(func() {
		k.replies = make(chan *Message, 1)
		go k.readStdin()
	})
	req, err := reply(k.session, parent, "input_request", map[string]any{"prompt": prompt, "password": false})
	if err != nil {
		return "", err
	}
	for drained := false; !drained; { // answers to requests given up (an interrupt)
		select {
		case <-k.replies:
		default:
			drained = true
		}
	}
	k.send(k.stdin, req)
	for {
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case m, ok := <-k.replies:
			if !ok {
				return "", errors.New("the front end's input channel closed")
			}
			// jupyter_client's input() names no parent; one that names
			// another request answers one given up
			var parentHeader Header
			_ = json.Unmarshal(m.Parent, &parentHeader)
			if parentHeader.MsgID != "" && parentHeader.MsgID != req.Header.MsgID {
				continue
			}
			var content struct {
				Value string `json:"value"`
			}
			if err := json.Unmarshal(m.Content, &content); err != nil {
				return "", fmt.Errorf("input_reply: %w", err)
			}
			return content.Value, nil
		}
	}
}

// readStdin hands the input replies stdin receives to input.
func (k *Kernel) readStdin() {
	defer close(k.replies)
	for {
		raw, err := k.stdin.Recv()
		if err != nil {
			return
		}
		m, err := k.sign.decode(raw.Frames)
		if err != nil {
			fmt.Fprintf(k.log, "gamelang kernel: dropped %v\n", err)
			continue
		}
		if m.Header.MsgType != "input_reply" {
			fmt.Fprintf(k.log, "gamelang kernel: no answer to %s on stdin\n", m.Header.MsgType)
			continue
		}
		select {
		case k.replies <- m:
		default: // nobody waits: an answer too late
		}
	}
}

// Serve runs a kernel on the connection until a shutdown request, or ctx
// ends. Problems with single messages are written to log. Each value
// received on interrupts stops the cell under way.
func Serve(ctx context.Context, conn *Connection, log io.Writer, interrupts <-chan os.Signal) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	k := &Kernel{conn: conn, sign: signer{key: []byte(conn.Key)}, session: newID(), log: log}
	held := new(atomic.Int64)
	requests, small := withLimits(ctx, k.limits(held, k.sign.check)), withLimits(ctx, k.limits(held, nil))
	logs := zmq4.WithLogger(stdlog.New(log, "gamelang kernel: ", 0))
	k.shell = zmq4.NewRouter(requests, logs)
	k.control = zmq4.NewRouter(requests, logs)
	k.stdin = zmq4.NewRouter(requests, logs)
	k.iopub = zmq4.NewPub(small, logs)
	k.hb = zmq4.NewRep(small, logs)
	for _, s := range []struct {
		sock zmq4.Socket
		port int
	}{{k.shell, conn.ShellPort}, {k.control, conn.ControlPort}, {k.stdin, conn.StdinPort}, {k.iopub, conn.IOPubPort}, {k.hb, conn.HBPort}} {
		if err := s.sock.Listen(conn.listenAt(s.port)); err != nil {
			return fmt.Errorf("kernel: listen on %s: %w", conn.endpoint(s.port), err)
		}
		defer s.sock.Close()
	}
	k.cells = newCells(k)
	go k.heartbeat()
	go func() {
		for {
			select {
			case <-interrupts:
				k.cells.interrupt()
			case <-ctx.Done():
				return
			}
		}
	}()
	done := make(chan struct{})
	var once sync.Once
	stop := func() { once.Do(func() { close(done) }) }
	go k.serve(ctx, k.control, stop)
	go k.serve(ctx, k.shell, stop)
	k.publishStatus(nil, "starting")
	select {
	case <-done:
	case <-ctx.Done():
	}
	k.cells.interrupt()
	return nil
}

// heartbeat echoes what it receives.
func (k *Kernel) heartbeat() {
	for {
		m, err := k.hb.Recv()
		if err != nil {
			return
		}
		if err := k.hb.Send(m); err != nil {
			return
		}
	}
}

// serve answers the requests of one socket (shell or control) in turn.
func (k *Kernel) serve(ctx context.Context, sock zmq4.Socket, stop func()) {
	for {
		raw, err := sock.Recv()
		if err != nil {
			if ctx.Err() == nil && !errors.Is(err, context.Canceled) {
				fmt.Fprintf(k.log, "gamelang kernel: %v\n", err)
			}
			stop()
			return
		}
		m, err := k.sign.decode(raw.Frames)
		if err != nil {
			fmt.Fprintf(k.log, "gamelang kernel: dropped %v\n", err)
			continue
		}
		if k.handle(ctx, sock, m) {
			stop()
			return
		}
	}
}

// send writes a message to a socket.
func (k *Kernel) send(sock zmq4.Socket, m *Message) {
	frames, err := k.sign.encode(m)
	if err == nil {
		k.sendMu.Lock()
		err = sock.SendMulti(zmq4.NewMsgFrom(frames...))
		k.sendMu.Unlock()
	}
	if err != nil {
		fmt.Fprintf(k.log, "gamelang kernel: send %s: %v\n", m.Header.MsgType, err)
	}
}

// answer sends a reply of type typ to parent on sock.
func (k *Kernel) answer(sock zmq4.Socket, parent *Message, typ string, content any) {
	m, err := reply(k.session, parent, typ, content)
	if err != nil {
		fmt.Fprintf(k.log, "gamelang kernel: %s: %v\n", typ, err)
		return
	}
	k.send(sock, m)
}

// publish sends a message of type typ on iopub, as a result of parent.
func (k *Kernel) publish(parent *Message, typ string, content any) {
	m, err := reply(k.session, parent, typ, content)
	if err != nil {
		fmt.Fprintf(k.log, "gamelang kernel: %s: %v\n", typ, err)
		return
	}
	m.Identities = [][]byte{[]byte(typ)}
	k.send(k.iopub, m)
}

func (k *Kernel) publishStatus(parent *Message, state string) {
	k.publish(parent, "status", map[string]string{"execution_state": state})
}

// handle answers one request; it reports whether the kernel is to stop.
func (k *Kernel) handle(ctx context.Context, sock zmq4.Socket, m *Message) (shutdown bool) {
	typ := m.Header.MsgType
	k.publishStatus(m, "busy")
	defer k.publishStatus(m, "idle")
	switch typ {
	case "kernel_info_request":
		k.answer(sock, m, "kernel_info_reply", kernelInfo())
	case "execute_request":
		k.cells.execute(ctx, sock, m)
	case "complete_request":
		k.answer(sock, m, "complete_reply", k.cells.complete(m))
	case "inspect_request":
		k.answer(sock, m, "inspect_reply", k.cells.inspect(m))
	case "is_complete_request":
		k.answer(sock, m, "is_complete_reply", k.cells.isComplete(ctx, m))
	case "history_request":
		k.answer(sock, m, "history_reply", k.cells.historyReply(m))
	case "comm_info_request":
		k.answer(sock, m, "comm_info_reply", map[string]any{"status": "ok", "comms": map[string]any{}})
	case "interrupt_request":
		k.cells.interrupt()
		k.answer(sock, m, "interrupt_reply", map[string]any{"status": "ok"})
	case "shutdown_request":
		var req struct {
			Restart bool `json:"restart"`
		}
		_ = json.Unmarshal(m.Content, &req)
		k.cells.interrupt()
		k.answer(sock, m, "shutdown_reply", map[string]any{"status": "ok", "restart": req.Restart})
		return true
	default:
		fmt.Fprintf(k.log, "gamelang kernel: no answer to %s\n", typ)
	}
	return false
}
