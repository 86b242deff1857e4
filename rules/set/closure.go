package set

// The forbidden numbers. A position is the set of numbers still allowed;
// the others are forbidden. Picking x forbids x, with 'forbid multiples' its
// multiples, and with 'forbid sums' every sum of forbidden numbers.
//
// Sums: when the forbidden set F is closed under addition, as in every
// position play reaches, picking x forbids F + {m x + f : m >= 1, f in F or 0}:
// OR the set shifted by x into itself until nothing changes. A position given
// by hand may have an F that is not closed; its moves close F in full first.
// This is the one implementation of the closure: the Number Game builtin
// runs it too, on a single word.

// Universe is the numbers lo..hi a set position is a subset of.
type Universe struct {
	Lo, Hi int64
}

// Words is the number of 64-bit words of a position.
func (u Universe) Words() int { return int((u.Hi-u.Lo)/64 + 1) }

func (u Universe) size() int64 { return u.Hi - u.Lo + 1 }

// trim clears the bits past the universe.
func (u Universe) trim(f State) {
	if r := u.size() % 64; r != 0 {
		f[len(f)-1] &= 1<<r - 1
	}
}

// Forbidden writes into f the numbers st forbids: its complement.
func (u Universe) Forbidden(f, st State) {
	for i, w := range st {
		f[i] = ^w
	}
	u.trim(f)
}

// shiftOr ORs src shifted up by k numbers into dst, within the universe, and
// reports whether dst changed.
func (u Universe) shiftOr(dst, src State, k int64) bool {
	words, sh := int(k/64), uint(k%64)
	changed := false
	for i := len(dst) - 1; i >= words; i-- {
		v := src[i-words] << sh
		if sh != 0 && i-words-1 >= 0 {
			v |= src[i-words-1] >> (64 - sh)
		}
		if i == len(dst)-1 {
			if r := u.size() % 64; r != 0 {
				v &= 1<<r - 1
			}
		}
		if v&^dst[i] != 0 {
			dst[i] |= v
			changed = true
		}
	}
	return changed
}

// Closed reports whether the forbidden set f is closed under addition;
// probe is scratch space of f's length.
func (u Universe) Closed(f, probe State) bool {
	for w, word := range f {
		for word != 0 {
			copy(probe, f)
			if u.shiftOr(probe, f, u.Lo+int64(64*w+trailing(word))) {
				return false
			}
			word &= word - 1
		}
	}
	return true
}

// CloseSums closes the forbidden set f under addition, in place.
func (u Universe) CloseSums(f State) {
	for changed := true; changed; {
		changed = false
		for w := range f {
			for word := f[w]; word != 0; word &= word - 1 {
				if u.shiftOr(f, f, u.Lo+int64(64*w+trailing(word))) {
					changed = true
				}
			}
		}
	}
}

// ForbidSums adds x to the forbidden set f, which is closed under
// addition, and closes it again: f + {m x + g : m >= 1, g in f or 0}.
func (u Universe) ForbidSums(f State, x int64) {
	i := x - u.Lo
	f[i/64] |= 1 << (i % 64)
	for u.shiftOr(f, f, x) {
	}
}
