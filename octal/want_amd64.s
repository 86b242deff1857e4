//go:build !purego

#include "textflag.h"

// The want kernels of want.go with AVX-512: 32 splits of 16-bit cells, or
// 64 of 8-bit cells, a step. A split's value v = left[j] ^ right[n-1-j] is
// looked up in the set w, as the word (v>>4)&63 of its 1024 bits and its
// bit v&15 (bytes: the byte (v>>3)&31 of its first 512 and its bit v&7),
// all lanes at once; a value of 16 bits past 1023 is looked up as v mod 1024. The lanes found are then
// taken one by one: a value in w (checked exactly, one bit test) is crossed
// off, in memory and in the register, and *cnt counted down. The kernels return the j at which *cnt reaches
// 0, or where their whole blocks end.

// func want16AVX512(left, right *uint16, n int, w *[16]uint64, cnt *int, lim int) int
TEXT ·want16AVX512(SB), NOSPLIT, $0-56
	MOVQ left+0(FP), SI
	MOVQ right+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ w+24(FP), DX
	MOVQ cnt+32(FP), R13
	VMOVDQU64 (DX), Z0             // the set, words 0-31
	VMOVDQU64 64(DX), Z10          // and 32-63
	VMOVDQU64 rev16<>(SB), Z1      // lane i takes lane 31-i
	MOVL $0x000f000f, AX
	VPBROADCASTD AX, Z2            // 15 in every word
	MOVL $0x00010001, AX
	VPBROADCASTD AX, Z3            // 1 in every word
	XORQ BX, BX                    // j
loop16:
	LEAQ 32(BX), R8
	CMPQ R8, CX
	JGT done16
	MOVQ CX, R9
	SUBQ R8, R9                    // n - j - 32
	VMOVDQU16 (SI)(BX*2), Z4       // left[j : j+32]
	VMOVDQU16 (DI)(R9*2), Z5       // right[n-j-32 : n-j]
	VPERMW Z5, Z1, Z5              // reversed: lane i is right[n-1-j-i]
	VPXORQ Z4, Z5, Z5              // v
	VPSRLW $4, Z5, Z6
	VPERMI2W Z10, Z0, Z6           // the word of w holding v's bit
	VPANDQ Z2, Z5, Z7
	VPSRLVW Z7, Z6, Z6
	VPTESTMW Z3, Z6, K1            // lanes whose bit is set
	KMOVD K1, AX
	TESTL AX, AX
	JNZ hits16
next16:
	MOVQ R8, BX
	JMP loop16
hits16:                            // each lane in turn: cross its value off
	TZCNTL AX, R10
	ADDQ BX, R10                   // i
	MOVWLZX (SI)(R10*2), R11
	MOVQ CX, R12
	SUBQ R10, R12
	MOVWLZX -2(DI)(R12*2), R12     // right[n-1-i]
	XORL R12, R11                  // v
	CMPL R11, $1024
	JAE lane16                     // a value past 1023: not in w
	MOVL R11, R12
	SHRL $6, R12
	MOVQ (DX)(R12*8), R9
	BTRQ R11, R9
	JCC lane16                     // crossed off already (in this block)
	MOVQ R9, (DX)(R12*8)
	MOVL R11, R12                  // and off Z0 or Z10: word v>>4, bit v&15
	SHRL $4, R12
	MOVL $1, R9
	SHLXQ R12, R9, R12
	KMOVQ R12, K2                  // the word: of Z0 (bits 0-31) or of Z10
	KSHIFTRQ $32, K2, K3
	MOVL R11, R12
	ANDL $15, R12
	SHLXL R12, R9, R9
	VPBROADCASTW.Z R9, K2, Z9
	VPANDNQ Z0, Z9, Z0
	VPBROADCASTW.Z R9, K3, Z9
	VPANDNQ Z10, Z9, Z10
	CMPQ R11, lim+40(FP)
	JAE lane16                      // past lim: crossed off, not counted
	DECQ (R13)
	JZ last16
lane16:
	BLSRL AX, AX
	JNZ hits16
	JMP next16
last16:
	MOVQ R10, BX
done16:
	MOVQ BX, ret+48(FP)
	VZEROUPPER
	RET

// BYTES8 loads the 8-bit want kernels' constants: rev8 in Z1, 1 << i at
// index i of every 16-byte lane in Z3, 7 in every byte of Z2, 31 in
// every byte of Z8.
#define BYTES8 \
	VMOVDQU64 rev8<>(SB), Z1; \
	VMOVDQU64 bit8<>(SB), Z3; \
	MOVL $0x07070707, AX; \
	VPBROADCASTD AX, Z2; \
	MOVL $0x1f1f1f1f, AX; \
	VPBROADCASTD AX, Z8

// LANE8 is the value v (in R11) of the lane found first among AX's (its
// split's i in R10), crossed off the set in memory (DX) unless it was
// already, in this block: then it jumps to SKIP.
#define LANE8(SKIP) \
	TZCNTQ AX, R10; \
	ADDQ BX, R10; \
	MOVBLZX (SI)(R10*1), R11; \
	MOVQ CX, R12; \
	SUBQ R10, R12; \
	MOVBLZX -1(DI)(R12*1), R12; \
	XORL R12, R11; \
	MOVL R11, R12; \
	SHRL $6, R12; \
	MOVQ (DX)(R12*8), R9; \
	BTRQ R11, R9; \
	JCC SKIP; \
	MOVQ R9, (DX)(R12*8)

// func want8AVX512(left, right *uint8, n int, w *[8]uint64, cnt *int, lim int) int
TEXT ·want8AVX512(SB), NOSPLIT, $0-56
	MOVQ left+0(FP), SI
	MOVQ right+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ w+24(FP), DX
	MOVQ cnt+32(FP), R13
	VMOVDQU64 (DX), Z0             // the set, 64 bytes (values below 256 use 32)
	BYTES8 // Z1: lane i takes lane 63-i
	XORQ BX, BX                    // j
loop8:
	LEAQ 64(BX), R8
	CMPQ R8, CX
	JGT done8
	MOVQ CX, R9
	SUBQ R8, R9                    // n - j - 64
	VMOVDQU8 (SI)(BX*1), Z4        // left[j : j+64]
	VMOVDQU8 (DI)(R9*1), Z5        // right[n-j-64 : n-j]
	VPERMB Z5, Z1, Z5              // reversed: lane i is right[n-1-j-i]
	VPXORQ Z4, Z5, Z5              // v
	VPSRLW $3, Z5, Z6
	VPANDQ Z8, Z6, Z6              // v >> 3, bytes apart
	VPERMB Z0, Z6, Z6              // the byte of w holding v's bit
	VPANDQ Z2, Z5, Z7
	VPSHUFB Z7, Z3, Z7             // 1 << (v & 7)
	VPTESTMB Z7, Z6, K1            // lanes whose bit is set
	KMOVQ K1, AX
	TESTQ AX, AX
	JNZ hits8
next8:
	MOVQ R8, BX
	JMP loop8
hits8:                             // each lane in turn: cross its value off
	LANE8(lane8)
	MOVL R11, R12                  // and off Z0: byte v>>3, bit v&7
	SHRL $3, R12
	MOVL $1, R9
	SHLXL R12, R9, R12
	KMOVD R12, K2
	MOVL R11, R12
	ANDL $7, R12
	SHLXL R12, R9, R9
	VPBROADCASTB.Z R9, K2, Z9
	VPANDNQ Z0, Z9, Z0
	CMPQ R11, lim+40(FP)
	JAE lane8                      // past lim: crossed off, not counted
	DECQ (R13)
	JZ last8
lane8:
	BLSRQ AX, AX
	JNZ hits8
	JMP next8
last8:
	MOVQ R10, BX
done8:
	MOVQ BX, ret+48(FP)
	VZEROUPPER
	RET

// func want8BW(left, right *uint8, n int, w *[8]uint64, cnt *int, lim int) int
//
// want8AVX512 without VBMI's byte permutes: the right part is reversed by a
// byte shuffle within each 16-byte lane and a shuffle of the lanes, and the
// byte of w holding v's bit (byte v>>3 of 32) is looked up by two byte
// shuffles, one of each half of the set (Z0 holds bytes 0-15 in every lane,
// Z10 bytes 16-31), the half chosen by bit 7 of v.
TEXT ·want8BW(SB), NOSPLIT, $0-56
	MOVQ left+0(FP), SI
	MOVQ right+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ w+24(FP), DX
	MOVQ cnt+32(FP), R13
	VBROADCASTI32X4 (DX), Z0       // the set's bytes 0-15, in every lane
	VBROADCASTI32X4 16(DX), Z10    // and 16-31
	BYTES8 // Z1: in each 16-byte lane, byte i takes byte 15-i (VPSHUFB reads rev8's low four bits)
	XORQ BX, BX                    // j
loopBW:
	LEAQ 64(BX), R8
	CMPQ R8, CX
	JGT doneBW
	MOVQ CX, R9
	SUBQ R8, R9                    // n - j - 64
	VMOVDQU8 (DI)(R9*1), Z5        // right[n-j-64 : n-j]
	VSHUFI64X2 $0x1b, Z5, Z5, Z5   // its lanes in reverse order
	VPSHUFB Z1, Z5, Z5             // reversed: lane i is right[n-1-j-i]
	VPXORQ (SI)(BX*1), Z5, Z5      // v = left[j+i] ^ right[n-1-j-i]
	VPSRLW $3, Z5, Z6
	VPANDQ Z8, Z6, Z6              // v >> 3
	VPSHUFB Z6, Z0, Z7             // byte (v >> 3) & 15 of the lower half
	VPMOVB2M Z5, K2                // v >= 128: of the upper half
	VPSHUFB Z6, Z10, K2, Z7
	VPANDQ Z2, Z5, Z6
	VPSHUFB Z6, Z3, Z6             // 1 << (v & 7)
	VPTESTMB Z6, Z7, K1            // lanes whose bit is set
	KMOVQ K1, AX
	TESTQ AX, AX
	JNZ hitsBW
nextBW:
	MOVQ R8, BX
	JMP loopBW
hitsBW:                            // each lane in turn: cross its value off
	LANE8(laneBW)
	MOVL R11, R12                  // and off Z0 or Z10: byte (v>>3)&15 of every lane, bit v&7
	SHRL $3, R12
	ANDL $15, R12
	MOVQ $0x0001000100010001, R9
	SHLXQ R12, R9, R9
	KMOVQ R9, K3
	MOVL R11, R12
	ANDL $7, R12
	MOVL $1, R9
	SHLXL R12, R9, R9
	VPBROADCASTB.Z R9, K3, Z9
	BTL $7, R11
	JCS upperBW
	VPANDNQ Z0, Z9, Z0
	JMP countBW
upperBW:
	VPANDNQ Z10, Z9, Z10
countBW:
	CMPQ R11, lim+40(FP)
	JAE laneBW                     // past lim: crossed off, not counted
	DECQ (R13)
	JZ lastBW
laneBW:
	BLSRQ AX, AX
	JNZ hitsBW
	JMP nextBW
lastBW:
	MOVQ R10, BX
doneBW:
	MOVQ BX, ret+48(FP)
	VZEROUPPER
	RET

// func pairsAVX512(cells unsafe.Pointer, r int, rare unsafe.Pointer, n int, m *marks, st uint32) int
//
// pairRun of kernels.go for 16-bit cells, 16 rare heaps a step: their
// positions and values (a rareHeap is 8 bytes: pos, then val) are parted
// into two vectors, the partners' cells gathered from the table at r - pos
// (4 bytes at cells + 2(r - pos), a signed 32-bit index scaled by 2: the
// cell is the low 2 bytes), XORed with
// the values, and st scattered to the marks at those values (lanes of equal
// values store the same stamp). It returns the rare heaps taken, a multiple
// of 16; pairRun takes the rest.
TEXT ·pairsAVX512(SB), NOSPLIT, $0-56
	MOVQ cells+0(FP), SI
	MOVQ rare+16(FP), DI
	MOVQ n+24(FP), CX
	MOVQ m+32(FP), DX
	MOVQ r+8(FP), AX
	VPBROADCASTD AX, Z6            // r (below 2^31)
	MOVL st+40(FP), AX
	VPBROADCASTD AX, Z7
	MOVL $0xffff, AX
	VPBROADCASTD AX, Z5            // a cell's bits
	VMOVDQU64 evenodd<>(SB), Z8
	VMOVDQU64 evenodd<>+64(SB), Z9
	XORQ R8, R8                    // i
pairsLoop:
	LEAQ 16(R8), R9
	CMPQ R9, CX
	JGT pairsDone
	VMOVDQU64 (DI)(R8*8), Z0       // rare[i : i+8]
	VMOVDQU64 64(DI)(R8*8), Z1     // rare[i+8 : i+16]
	VMOVDQA64 Z8, Z2
	VPERMI2D Z1, Z0, Z2            // their positions
	VPERMT2D Z1, Z9, Z0            // and values
	VPSUBD Z2, Z6, Z2              // the partners, r - pos
	KXNORW K1, K1, K1
	VPXORD Z3, Z3, Z3
	VPGATHERDD (SI)(Z2*2), K1, Z3  // their cells, and the 2 bytes after
	VPXORD Z0, Z3, Z3
	VPANDD Z5, Z3, Z3              // the splits' values
	KXNORW K2, K2, K2
	VPSCATTERDD Z7, K2, (DX)(Z3*4) // marked
	MOVQ R9, R8
	JMP pairsLoop
pairsDone:
	MOVQ R8, ret+48(FP)
	VZEROUPPER
	RET

// func scan64AVX512(left, right *uint8, n int, want uint64) (rest uint64, j int)
//
// scan64 of small.go for 8-bit cells, 64 splits a step: the splits' values
// v (all below 64) are looked up in want, broadcast to every quadword, by
// bit v of the quadword (VPSHUFBITQMB, one instruction for 64 lanes). Where
// a lane is found, each value of want is compared with every lane and
// crossed off if met (a few independent compares, not a chain of lookups). It returns want and the splits taken: whole steps,
// up to the one that emptied want, or to the last whole step.
TEXT ·scan64AVX512(SB), NOSPLIT, $0-48
	MOVQ left+0(FP), SI
	MOVQ right+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ want+24(FP), DX
	VMOVDQU64 rev8<>(SB), Z1       // lane i takes lane 63-i
	VPBROADCASTQ DX, Z0
	XORQ BX, BX                    // j
loop64:
	LEAQ 64(BX), R8
	CMPQ R8, CX
	JGT done64
	MOVQ CX, R9
	SUBQ R8, R9                    // n - j - 64
	VMOVDQU8 (SI)(BX*1), Z4        // left[j : j+64]
	VPERMB (DI)(R9*1), Z1, Z5      // right[n-j-64 : n-j] reversed: lane i is right[n-1-j-i]
	VPXORQ Z4, Z5, Z5              // v
	VPSHUFBITQMB Z5, Z0, K1        // lanes whose v is in want
	KMOVQ K1, AX
	TESTQ AX, AX
	JNZ hit64
next64:
	MOVQ R8, BX
	JMP loop64
hit64:                             // test each value of want on its own (independent of each other)
	MOVQ DX, R10                   // the values left to test
each64:
	TZCNTQ R10, R12                // w
	BLSIQ R10, R14                 // 1 << w
	VPBROADCASTB R12, Z6
	VPCMPEQB Z6, Z5, K2            // the lanes with v = w
	KMOVQ K2, R13
	NEGQ R13                       // carry: some lane has w
	SBBQ R13, R13
	ANDQ R14, R13
	XORQ R13, DX                   // crossed off
	XORQ R14, R10
	JNZ each64
	TESTQ DX, DX
	JZ empty64
	VPBROADCASTQ DX, Z0
	JMP next64
empty64:
	MOVQ R8, BX
done64:
	MOVQ DX, rest+32(FP)
	MOVQ BX, j+40(FP)
	VZEROUPPER
	RET

// func scan64AVX2(left, right *uint8, n int, want uint64) (rest uint64, j int)
//
// scan64AVX512 for processors with AVX2 but not AVX-512 VBMI and BITALG,
// 32 splits a step: a split's value v (below 64) is looked up as bit v&7 of
// byte v>>3 of want (two byte shuffles, want's eight bytes in every half of
// the register), and one test tells whether any lane is in want. The lanes
// found (often one or two) then cross their values off one by one. It returns want and the splits taken: whole steps, up to the
// one that emptied want, or to the last whole step.
TEXT ·scan64AVX2(SB), NOSPLIT, $32-48
	MOVQ left+0(FP), SI
	MOVQ right+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ want+24(FP), DX
	VBROADCASTI128 rev8<>+48(SB), Y1 // lane i takes lane 15-i in each half
	VMOVDQU bit8<>(SB), Y2         // byte b: 1 << (b & 7)
	MOVL $0x07070707, AX
	MOVD AX, X3
	VPBROADCASTD X3, Y3            // 7 in every byte
	MOVQ DX, X0
	VPBROADCASTQ X0, Y0            // want's bytes, twice in each half
	VPXOR Y8, Y8, Y8
	XORQ BX, BX                    // j
loop32:
	LEAQ 32(BX), R8
	CMPQ R8, CX
	JGT done32
	MOVQ CX, R9
	SUBQ R8, R9                    // n - j - 32
	VPERMQ $0x4e, (DI)(R9*1), Y5   // right[n-j-32 : n-j], its halves swapped
	VPSHUFB Y1, Y5, Y5             // reversed: lane i is right[n-1-j-i]
	VPXOR (SI)(BX*1), Y5, Y5       // v = left[j+i] ^ right[n-1-j-i]
	VPSRLW $3, Y5, Y6
	VPAND Y3, Y6, Y6               // v >> 3
	VPSHUFB Y6, Y0, Y6             // want's byte v >> 3
	VPAND Y3, Y5, Y7               // v & 7
	VPSHUFB Y7, Y2, Y7             // 1 << (v & 7)
	VPTEST Y6, Y7                  // ZF: no lane's v in want
	JNZ hit32
next32:
	MOVQ R8, BX
	JMP loop32
hit32:                             // each lane found crosses its value off
	VPAND Y6, Y7, Y7
	VPCMPEQB Y8, Y7, Y7            // the lanes not found
	VPMOVMSKB Y7, AX
	NOTL AX                        // the lanes found
	VMOVDQU Y5, (SP)
lanes32:
	TZCNTL AX, R11
	MOVBLZX (SP)(R11*1), R12       // its v
	BTRQ R12, DX
	BLSRL AX, AX
	JNZ lanes32
	TESTQ DX, DX
	JZ empty32
	MOVQ DX, X0
	VPBROADCASTQ X0, Y0
	JMP next32
empty32:
	MOVQ R8, BX
done32:
	MOVQ DX, rest+32(FP)
	MOVQ BX, j+40(FP)
	VZEROUPPER
	RET

// OPTIONBITS ends the options kernels: the values v of 64 lanes, eight
// quadwords in each of Z4-Z11 (Z0 a 1 in each), as the word of the bits
// 1 << v, in AX.
#define OPTIONBITS \
	VPSLLVQ Z4, Z0, Z4; \
	VPSLLVQ Z5, Z0, Z5; \
	VPSLLVQ Z6, Z0, Z6; \
	VPSLLVQ Z7, Z0, Z7; \
	VPSLLVQ Z8, Z0, Z8; \
	VPSLLVQ Z9, Z0, Z9; \
	VPSLLVQ Z10, Z0, Z10; \
	VPSLLVQ Z11, Z0, Z11; \
	VPTERNLOGQ $0xfe, Z6, Z5, Z4; \
	VPTERNLOGQ $0xfe, Z9, Z8, Z7; \
	VPTERNLOGQ $0xfe, Z11, Z10, Z4; \
	VPORQ Z7, Z4, Z4; \
	VEXTRACTI64X4 $1, Z4, Y5; \
	VPORQ Y5, Y4, Y4; \
	VEXTRACTI128 $1, Y4, X5; \
	VPOR X5, X4, X4; \
	VPSHUFD $0x4e, X4, X5; \
	VPOR X5, X4, X4; \
	VMOVQ X4, AX

// func options64AVX512(win *uint8, idx, val *[64]byte) uint64
//
// The options of step64 from single heaps and from splits with a rare part
// (small.go, opts64), as one word: lane l of the vector is the cell
// win[idx[l]] of the 128 below the heap, XORed with val[l], a value below
// 64; each eight lanes, widened to quadwords, shift a 1 by their values,
// and the quadwords are ORed into one.
TEXT ·options64AVX512(SB), NOSPLIT, $0-32
	MOVQ win+0(FP), SI
	MOVQ idx+8(FP), DI
	MOVQ val+16(FP), DX
	VMOVDQU64 (SI), Z1             // win[0:64]
	VMOVDQU64 (DI), Z3
	VPERMI2B 64(SI), Z1, Z3        // lane l: win[idx[l]] (win[64:128] for idx[l] >= 64)
	VPXORQ (DX), Z3, Z3            // the option's value
	MOVQ $1, AX
	VPBROADCASTQ AX, Z0
	VEXTRACTI32X4 $1, Z3, X12      // lanes 16-31
	VEXTRACTI32X4 $2, Z3, X13
	VEXTRACTI32X4 $3, Z3, X14
	VPMOVZXBQ X3, Z4               // lanes 0-7, one a quadword
	VPSHUFD $0x4e, X3, X15
	VPMOVZXBQ X15, Z5              // lanes 8-15
	VPMOVZXBQ X12, Z6
	VPSHUFD $0x4e, X12, X15
	VPMOVZXBQ X15, Z7
	VPMOVZXBQ X13, Z8
	VPSHUFD $0x4e, X13, X15
	VPMOVZXBQ X15, Z9
	VPMOVZXBQ X14, Z10
	VPSHUFD $0x4e, X14, X15
	VPMOVZXBQ X15, Z11
	OPTIONBITS
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

// func options64BW(win *uint8, idx, val *[64]byte) uint64
//
// options64AVX512 for processors with AVX-512 BW but not VBMI: the cells
// are read as words, lane l the word idx[l]>>1 of the 128 bytes (VPERMI2W),
// shifted right by a byte where idx[l] is odd, 32 lanes a vector; the rest
// is options64AVX512's.
TEXT ·options64BW(SB), NOSPLIT, $0-32
	MOVQ win+0(FP), SI
	MOVQ idx+8(FP), DI
	MOVQ val+16(FP), DX
	VMOVDQU64 (SI), Z1             // win[0:64], as 32 words
	MOVL $0x00010001, AX
	VPBROADCASTD AX, Z2            // 1 in every word
	MOVL $0x003f003f, AX
	VPBROADCASTD AX, Z3            // 63 in every word
	VPMOVZXBW (DI), Z4             // idx[0:32], a word each
	VPANDQ Z2, Z4, Z5
	VPSLLW $3, Z5, Z5              // 8 where idx is odd
	VPSRLW $1, Z4, Z4
	VPERMI2W 64(SI), Z1, Z4        // lane l: the word of win holding win[idx[l]]
	VPSRLVW Z5, Z4, Z4             // win[idx[l]] in its low byte
	VPMOVZXBW (DX), Z6
	VPXORQ Z6, Z4, Z4
	VPANDQ Z3, Z4, Z4              // lanes 0-31: the option's value
	VPMOVZXBW 32(DI), Z7           // idx[32:64]
	VPANDQ Z2, Z7, Z5
	VPSLLW $3, Z5, Z5
	VPSRLW $1, Z7, Z7
	VPERMI2W 64(SI), Z1, Z7
	VPSRLVW Z5, Z7, Z7
	VPMOVZXBW 32(DX), Z6
	VPXORQ Z6, Z7, Z7
	VPANDQ Z3, Z7, Z7              // lanes 32-63
	MOVQ $1, AX
	VPBROADCASTQ AX, Z0
	VMOVDQU64 Z4, Z12              // lanes 0-31
	VMOVDQU64 Z7, Z13              // lanes 32-63
	VEXTRACTI32X4 $1, Z12, X14     // lanes 8-15
	VEXTRACTI32X4 $2, Z12, X15
	VEXTRACTI32X4 $3, Z12, X16
	VEXTRACTI32X4 $1, Z13, X17
	VEXTRACTI32X4 $2, Z13, X18
	VEXTRACTI32X4 $3, Z13, X19
	VPMOVZXWQ X12, Z4              // lanes 0-7, one a quadword
	VPMOVZXWQ X14, Z5
	VPMOVZXWQ X15, Z6
	VPMOVZXWQ X16, Z7
	VPMOVZXWQ X13, Z8
	VPMOVZXWQ X17, Z9
	VPMOVZXWQ X18, Z10
	VPMOVZXWQ X19, Z11
	OPTIONBITS
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

DATA rev16<>+0(SB)/8, $0x001c001d001e001f
DATA rev16<>+8(SB)/8, $0x00180019001a001b
DATA rev16<>+16(SB)/8, $0x0014001500160017
DATA rev16<>+24(SB)/8, $0x0010001100120013
DATA rev16<>+32(SB)/8, $0x000c000d000e000f
DATA rev16<>+40(SB)/8, $0x00080009000a000b
DATA rev16<>+48(SB)/8, $0x0004000500060007
DATA rev16<>+56(SB)/8, $0x0000000100020003
GLOBL rev16<>(SB), RODATA|NOPTR, $64

DATA rev8<>+0(SB)/8, $0x38393a3b3c3d3e3f
DATA rev8<>+8(SB)/8, $0x3031323334353637
DATA rev8<>+16(SB)/8, $0x28292a2b2c2d2e2f
DATA rev8<>+24(SB)/8, $0x2021222324252627
DATA rev8<>+32(SB)/8, $0x18191a1b1c1d1e1f
DATA rev8<>+40(SB)/8, $0x1011121314151617
DATA rev8<>+48(SB)/8, $0x08090a0b0c0d0e0f
DATA rev8<>+56(SB)/8, $0x0001020304050607
GLOBL rev8<>(SB), RODATA|NOPTR, $64

DATA bit8<>+0(SB)/8, $0x8040201008040201
DATA bit8<>+8(SB)/8, $0x8040201008040201
DATA bit8<>+16(SB)/8, $0x8040201008040201
DATA bit8<>+24(SB)/8, $0x8040201008040201
DATA bit8<>+32(SB)/8, $0x8040201008040201
DATA bit8<>+40(SB)/8, $0x8040201008040201
DATA bit8<>+48(SB)/8, $0x8040201008040201
DATA bit8<>+56(SB)/8, $0x8040201008040201
GLOBL bit8<>(SB), RODATA|NOPTR, $64

// evenodd: the even dwords of two vectors (a rareHeap's pos), then the odd
// (its val), as VPERMI2D and VPERMT2D indices
DATA evenodd<>+0(SB)/8, $0x0000000200000000
DATA evenodd<>+8(SB)/8, $0x0000000600000004
DATA evenodd<>+16(SB)/8, $0x0000000a00000008
DATA evenodd<>+24(SB)/8, $0x0000000e0000000c
DATA evenodd<>+32(SB)/8, $0x0000001200000010
DATA evenodd<>+40(SB)/8, $0x0000001600000014
DATA evenodd<>+48(SB)/8, $0x0000001a00000018
DATA evenodd<>+56(SB)/8, $0x0000001e0000001c
DATA evenodd<>+64(SB)/8, $0x0000000300000001
DATA evenodd<>+72(SB)/8, $0x0000000700000005
DATA evenodd<>+80(SB)/8, $0x0000000b00000009
DATA evenodd<>+88(SB)/8, $0x0000000f0000000d
DATA evenodd<>+96(SB)/8, $0x0000001300000011
DATA evenodd<>+104(SB)/8, $0x0000001700000015
DATA evenodd<>+112(SB)/8, $0x0000001b00000019
DATA evenodd<>+120(SB)/8, $0x0000001f0000001d
GLOBL evenodd<>(SB), RODATA|NOPTR, $128

// func packAVX512(m *marks, st uint32, p *uint64, words int)
// p[k] bit i = m[64k+i] == st, for k < words (words > 0).
TEXT ·packAVX512(SB), NOSPLIT, $0-32
	MOVQ m+0(FP), SI
	MOVL st+8(FP), AX
	MOVQ p+16(FP), DI
	MOVQ words+24(FP), CX
	VPBROADCASTD AX, Z0
packLoop:
	VPCMPEQD (SI), Z0, K1
	VPCMPEQD 64(SI), Z0, K2
	VPCMPEQD 128(SI), Z0, K3
	VPCMPEQD 192(SI), Z0, K4
	KMOVW K1, AX
	KMOVW K2, BX
	KMOVW K3, DX
	KMOVW K4, R8
	SHLQ $16, BX
	ORQ BX, AX
	SHLQ $32, DX
	ORQ DX, AX
	SHLQ $48, R8
	ORQ R8, AX
	MOVQ AX, (DI)
	ADDQ $256, SI
	ADDQ $8, DI
	DECQ CX
	JNZ packLoop
	VZEROUPPER
	RET

// RUNSTORE takes back the 16-bit index at o(SP) into r and stores the
// stamp R8 at the byte DX+r.
#define RUNSTORE(o, r) MOVWLZX o(SP), r; MOVB R8, (DX)(r*1)

// RUNSTORES: the 32 indexes at 0(SP) stored one by one, two registers in
// turn so that neighbouring loads and stores overlap.
#define RUNSTORES \
	RUNSTORE(0, R12) \
	RUNSTORE(2, R13) \
	RUNSTORE(4, R12) \
	RUNSTORE(6, R13) \
	RUNSTORE(8, R12) \
	RUNSTORE(10, R13) \
	RUNSTORE(12, R12) \
	RUNSTORE(14, R13) \
	RUNSTORE(16, R12) \
	RUNSTORE(18, R13) \
	RUNSTORE(20, R12) \
	RUNSTORE(22, R13) \
	RUNSTORE(24, R12) \
	RUNSTORE(26, R13) \
	RUNSTORE(28, R12) \
	RUNSTORE(30, R13) \
	RUNSTORE(32, R12) \
	RUNSTORE(34, R13) \
	RUNSTORE(36, R12) \
	RUNSTORE(38, R13) \
	RUNSTORE(40, R12) \
	RUNSTORE(42, R13) \
	RUNSTORE(44, R12) \
	RUNSTORE(46, R13) \
	RUNSTORE(48, R12) \
	RUNSTORE(50, R13) \
	RUNSTORE(52, R12) \
	RUNSTORE(54, R13) \
	RUNSTORE(56, R12) \
	RUNSTORE(58, R13) \
	RUNSTORE(60, R12) \
	RUNSTORE(62, R13)

// func runsAVX512(cells unsafe.Pointer, at int, rare unsafe.Pointer, n int, mk *uint8, off *[32]uint16, st uint8, bytes bool)
// For each of the n rare heaps (pos, val) and each lane j < 32: the byte
// mk[off[j] + (val ^ cells[at+j-pos])] = st, on cells of 16 bits, or of 8
// where bytes is set (loaded widened to words). A rare heap's 32 partners
// are one vector load; its 32 indexes (off[j] = j*w, w the bytes of a heap's
// marks: every index below 2^16) are stored once and taken back one by one
// for a byte store each, where a gather and a scatter cost a cycle or more a
// lane. The rare heaps are (pos uint32, val) 8 bytes apart.
TEXT ·runsAVX512(SB), NOSPLIT, $64-50
	MOVQ cells+0(FP), SI
	MOVQ at+8(FP), BX
	MOVQ rare+16(FP), DI
	MOVQ n+24(FP), CX
	MOVQ mk+32(FP), DX
	MOVQ off+40(FP), AX
	VMOVDQU16 (AX), Z2
	MOVBLZX st+48(FP), R8
	MOVBLZX bytes+49(FP), AX
runsLoop:
	TESTQ CX, CX
	JZ runsDone
	MOVL (DI), R9               // pos
	MOVQ BX, R11
	SUBQ R9, R11               // at - pos
	TESTQ AX, AX
	JNZ runsBytes
	MOVWLZX 4(DI), R10         // val
	VMOVDQU16 (SI)(R11*2), Z0  // the 32 partners
	JMP runsLoaded
runsBytes:
	MOVBLZX 4(DI), R10
	VPMOVZXBW (SI)(R11*1), Z0
runsLoaded:
	VPBROADCASTW R10, Z1
	VPXORQ Z1, Z0, Z0
	VPADDW Z2, Z0, Z0          // lane j: j*w + value
	VMOVDQU16 Z0, 0(SP)
	RUNSTORES
	ADDQ $8, DI
	DECQ CX
	JMP runsLoop
runsDone:
	VZEROUPPER
	RET

// func packBytesAVX512(mk *uint8, st uint8, p *uint64, words int)
// p[k] bit i = mk[64k+i] == st, for k < words (words > 0).
TEXT ·packBytesAVX512(SB), NOSPLIT, $0-32
	MOVQ mk+0(FP), SI
	MOVBLZX st+8(FP), AX
	MOVQ p+16(FP), DI
	MOVQ words+24(FP), CX
	VPBROADCASTB AX, Z0
packBytesLoop:
	VPCMPEQB (SI), Z0, K1
	KMOVQ K1, AX
	MOVQ AX, (DI)
	ADDQ $64, SI
	ADDQ $8, DI
	DECQ CX
	JNZ packBytesLoop
	VZEROUPPER
	RET
