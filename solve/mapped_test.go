package solve

import "testing"

// Mapped memory comes zeroed, keeps what is written through a growth (the
// new room zeroed), and is counted by Mapped and Held until given back.
func TestMap(t *testing.T) {
	if !CanMap {
		t.Skip("no mapped memory on this system")
	}
	before := Mapped()
	for _, sizes := range [][2]int{{1, 1 << 12}, {4096, 5 << 20}, {3 << 20, 7 << 20}} {
		mem, err := Map(sizes[0])
		if err != nil {
			t.Fatal(err)
		}
		if Mapped() != before+int64(sizes[0]) {
			t.Fatalf("Mapped() = %d after mapping %d bytes, %d before", Mapped(), sizes[0], before)
		}
		for i := range mem {
			if mem[i] != 0 {
				t.Fatalf("byte %d of a new mapping is %d", i, mem[i])
			}
			mem[i] = byte(i*7 + 1)
		}
		grown, err := Remap(mem, sizes[1])
		if err != nil {
			t.Fatal(err)
		}
		if len(grown) != sizes[1] || Mapped() != before+int64(sizes[1]) {
			t.Fatalf("remapped to %d bytes: length %d, Mapped() %d (before %d)", sizes[1], len(grown), Mapped(), before)
		}
		if h := Held(); h < Mapped() {
			t.Errorf("Held() = %d with %d bytes mapped", h, Mapped())
		}
		for i := range grown {
			want := byte(0)
			if i < sizes[0] {
				want = byte(i*7 + 1)
			}
			if grown[i] != want {
				t.Fatalf("byte %d after remapping %d bytes to %d is %d, want %d", i, sizes[0], sizes[1], grown[i], want)
			}
		}
		Unmap(grown)
		if Mapped() != before {
			t.Fatalf("Mapped() = %d after unmapping, %d before", Mapped(), before)
		}
	}
}
