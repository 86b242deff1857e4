package kernel

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"time"
)

// protocolVersion is the messaging protocol spoken.
const protocolVersion = "5.3"

var delimiter = []byte("<IDS|MSG>")

// Header is a message's header.
type Header struct {
	MsgID    string `json:"msg_id"`
	Session  string `json:"session"`
	Username string `json:"username"`
	Date     string `json:"date"`
	MsgType  string `json:"msg_type"`
	Version  string `json:"version"`
}

// Message is one message of the protocol.
type Message struct {
	Identities [][]byte
	Header     Header
	Parent     json.RawMessage // the header of the request it answers, or {}
	Metadata   map[string]any
	Content    json.RawMessage
}

// signer signs and checks messages with the connection's key; an empty
// key (signature_scheme with no key) signs nothing.
type signer struct {
	key []byte
}

func (s signer) mac() hash.Hash {
	if len(s.key) == 0 {
		return nil
	}
	return hmac.New(sha256.New, s.key)
}

func (s signer) sign(parts [][]byte) []byte {
	m := s.mac()
	if m == nil {
		return nil
	}
	for _, p := range parts {
		m.Write(p)
	}
	return []byte(hex.EncodeToString(m.Sum(nil)))
}

// verify checks a message's frames: the delimiter, its five parts, the
// signature. It returns where the delimiter is.
func (s signer) verify(frames [][]byte) (int, error) {
	i := 0
	for i < len(frames) && !bytes.Equal(frames[i], delimiter) {
		i++
	}
	if len(frames)-i < 6 {
		return 0, errors.New("a message without the delimiter and its five parts")
	}
	if want := s.sign(frames[i+2 : i+6]); !hmac.Equal(frames[i+1], want) {
		return 0, errors.New("a message with a wrong signature")
	}
	return i, nil
}

// check is verify for the wire's guard.
func (s signer) check(frames [][]byte) error {
	_, err := s.verify(frames)
	return err
}

// decode reads a message from its frames, checking its signature.
func (s signer) decode(frames [][]byte) (*Message, error) {
	i, err := s.verify(frames)
	if err != nil {
		return nil, err
	}
	m := &Message{Identities: frames[:i]}
	parts := frames[i+2 : i+6]
	if err := json.Unmarshal(parts[0], &m.Header); err != nil {
		return nil, fmt.Errorf("a message's header: %w", err)
	}
	m.Parent = json.RawMessage(parts[1])
	if err := json.Unmarshal(parts[2], &m.Metadata); err != nil {
		return nil, fmt.Errorf("a message's metadata: %w", err)
	}
	m.Content = json.RawMessage(parts[3])
	return m, nil
}

// encode writes a message as frames, signed.
func (s signer) encode(m *Message) ([][]byte, error) {
	header, err := json.Marshal(m.Header)
	if err != nil {
		return nil, err
	}
	parent := []byte(m.Parent)
	if len(parent) == 0 {
		parent = []byte("{}")
	}
	meta := m.Metadata
	if meta == nil {
		meta = map[string]any{}
	}
	metadata, err := json.Marshal(meta)
	if err != nil {
		return nil, err
	}
	content := []byte(m.Content)
	if len(content) == 0 {
		content = []byte("{}")
	}
	parts := [][]byte{header, parent, metadata, content}
	frames := append([][]byte{}, m.Identities...)
	frames = append(frames, delimiter, s.sign(parts))
	return append(frames, parts...), nil
}

// newID is a fresh message or session id (a random UUID, version 4).
func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	h := hex.EncodeToString(b[:])
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

// reply is a message of type typ answering parent (nil: none), in the
// kernel's session.
func reply(session string, parent *Message, typ string, content any) (*Message, error) {
	c, err := json.Marshal(content)
	if err != nil {
		return nil, err
	}
	m := &Message{
		Header: Header{MsgID: newID(), Session: session, Username: "kernel", MsgType: typ, Version: protocolVersion,
			Date: time.Now().UTC().Format("2006-01-02T15:04:05.000000Z")},
		Content: c,
	}
	if parent != nil {
		p, err := json.Marshal(parent.Header)
		if err != nil {
			return nil, err
		}
		m.Parent = p
		m.Identities = parent.Identities
	}
	return m, nil
}
