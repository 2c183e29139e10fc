# Triton's random numbers: tl.randint4x / tl.randint / tl.rand / tl.randn
# with a seed and offsets give Triton's numbers. The reference is Philox
# 4x32-10 written in numpy below from its definition (counter (offset, 0,
# 0, 0), key (seed low, seed high), Triton's uint-to-float and Box-Muller),
# itself checked against Random123's published known-answer vectors; the
# kernel's words must match bit for bit. Ragged sizes, both backends.
# RUN: %python %s | FileCheck %s

import numpy as np

import tile_mlir as triton
import tile_mlir.language as tl

A, B = np.uint64(0xD2511F53), np.uint64(0xCD9E8D57)
KA, KB = np.uint32(0x9E3779B9), np.uint32(0xBB67AE85)


def philox(seed, c0, c1, c2, c3, rounds=10):
    c = [np.asarray(x, np.uint64) & np.uint64(0xFFFFFFFF) for x in (c0, c1, c2, c3)]
    c = [np.broadcast_to(x, np.broadcast(*c).shape).astype(np.uint32) for x in c]
    k0 = np.uint32(seed & 0xFFFFFFFF)
    k1 = np.uint32(seed >> 32 & 0xFFFFFFFF)
    for _ in range(rounds):
        p0 = c[0].astype(np.uint64) * A
        p2 = c[2].astype(np.uint64) * B
        c = [(p2 >> np.uint64(32)).astype(np.uint32) ^ c[1] ^ k0,
             p2.astype(np.uint32),
             (p0 >> np.uint64(32)).astype(np.uint32) ^ c[3] ^ k1,
             p0.astype(np.uint32)]
        k0, k1 = k0 + KA, k1 + KB
    return c


def uniform(words):
    x = words.view(np.int32)
    return np.where(x < 0, -x - 1, x).astype(np.float32) * np.float32(4.6566127342e-10)


# Random123's known-answer vectors for philox4x32-10 (kat_vectors).
with np.errstate(over="ignore"):
    kat = [philox(0, 0, 0, 0, 0),
           philox(0xFFFFFFFFFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF),
           philox(0x299F31D0A4093822, 0x243F6A88, 0x85A308D3, 0x13198A2E, 0x03707344)]
print(" | ".join(" ".join("%08x" % int(w) for w in words) for words in kat))
# CHECK: 6627e8d5 e169c58d bc57ac4c 9b00dbd8 | 408f276d 41c83b0e a20bc7c6 6d5451fd | d16cfe09 94fdcceb 5001e420 24126ea1


@triton.jit
def random_kernel(w0_ptr, w1_ptr, w2_ptr, w3_ptr, u_ptr, n_ptr, seed, n,
                  BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    r0, r1, r2, r3 = tl.randint4x(seed, offsets)
    tl.store(w0_ptr + offsets, r0, mask=mask)
    tl.store(w1_ptr + offsets, r1, mask=mask)
    tl.store(w2_ptr + offsets, r2, mask=mask)
    tl.store(w3_ptr + offsets, r3, mask=mask)
    tl.store(u_ptr + offsets, tl.rand(seed, offsets), mask=mask)
    tl.store(n_ptr + offsets, tl.randn(seed, offsets), mask=mask)


@triton.jit
def kat_kernel(out_ptr, SEED: tl.constexpr):
    i = tl.arange(0, 4)
    c0, c1, c2, c3 = tl.philox(SEED, 0x243F6A88 + i * 0, 0x85A308D3,
                               0x13198A2E, 0x03707344)
    tl.store(out_ptr + i * 4, c0)
    tl.store(out_ptr + i * 4 + 1, c1)
    tl.store(out_ptr + i * 4 + 2, c2)
    tl.store(out_ptr + i * 4 + 3, c3)


@triton.jit
def randint_kernel(out_ptr, n, SEED: tl.constexpr, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offsets, tl.randint(SEED, offsets), mask=offsets < n)


n, seed = 300, 1234
for target in ("apple9", "apple10"):
    words = [np.zeros(n, np.int32) for _ in range(4)]
    u, g = np.zeros(n, np.float32), np.zeros(n, np.float32)
    random_kernel[(triton.cdiv(n, 128),)](*words, u, g, seed, n, BLOCK=128,
                                          target=target)
    with np.errstate(over="ignore"):
        want = philox(seed, np.arange(n), 0, 0, 0)
    same = all(np.array_equal(w.view(np.uint32), x) for w, x in zip(words, want))
    print("randint4x %s: %s" % (target, "ok" if same else "MISMATCH"))
    want_u = uniform(want[0])
    u1 = np.maximum(np.float32(1e-7), want_u)
    th = np.float32(6.283185307179586) * uniform(want[1])
    want_g = np.sqrt(-2.0 * np.log(u1)) * np.cos(th)
    print("rand %s: %s" % (target, "ok" if np.array_equal(u, want_u) else "MISMATCH"))
    print("randn %s: %s" % (target, "ok" if np.allclose(g, want_g, atol=1e-4)
                            else "MISMATCH %g" % np.abs(g - want_g).max()))
# CHECK-NEXT: randint4x apple9: ok
# CHECK-NEXT: rand apple9: ok
# CHECK-NEXT: randn apple9: ok
# CHECK-NEXT: randint4x apple10: ok
# CHECK-NEXT: rand apple10: ok
# CHECK-NEXT: randn apple10: ok

out = np.zeros(16, np.int32)
kat_kernel[(1,)](out, SEED=0x299F31D0A4093822)
print("philox kat:", " ".join("%08x" % w for w in out[:4].view(np.uint32)))
# CHECK-NEXT: philox kat: d16cfe09 94fdcceb 5001e420 24126ea1

big = np.zeros(77, np.int32)
randint_kernel[(1,)](big, 77, SEED=0x1234567890ABCDEF, BLOCK=128)
with np.errstate(over="ignore"):
    same = np.array_equal(big.view(np.uint32),
                          philox(0x1234567890ABCDEF, np.arange(77), 0, 0, 0)[0])
print("64-bit seed:", "ok" if same else "MISMATCH")
# CHECK-NEXT: 64-bit seed: ok
