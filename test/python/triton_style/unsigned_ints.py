# numpy uint32/uint16/uint8/int16/int8 arrays as kernel arguments, and
# Triton's semantics on them: `>>` on an unsigned value is a logical shift,
# `//`, `%` and compares are unsigned, `.to(float)` converts from unsigned,
# widening zero-extends unsigned and sign-extends signed values, and mixed
# operands promote as Triton promotes (uint32 op int32 is uint32, uint8 op
# int32 is int32). Words with the top bit set make every signed reading
# wrong; each result is compared with numpy on both backends.
# RUN: %python %s | FileCheck %s

import os
import sys

import numpy as np

import tile_mlir as triton
import tile_mlir.language as tl

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Inputs"))
from check import report  # noqa: E402


@triton.jit
def words_kernel(w_ptr, shr_ptr, div_ptr, rem_ptr, big_ptr, f_ptr, mix_ptr,
                 n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    w = tl.load(w_ptr + offs, mask=mask)          # uint32
    tl.store(shr_ptr + offs, w >> 28, mask=mask)
    tl.store(div_ptr + offs, w // 3, mask=mask)
    tl.store(rem_ptr + offs, w % 7, mask=mask)
    big = w > 0x7FFFFFF0
    tl.store(big_ptr + offs, big.to(tl.int32), mask=mask)
    tl.store(f_ptr + offs, w.to(tl.float32), mask=mask)
    # uint32 + int32 (the arange) is uint32: the shift stays logical.
    tl.store(mix_ptr + offs, (w + offs) >> 31, mask=mask)


@triton.jit
def bytes_kernel(b_ptr, s_ptr, h_ptr, g_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    b = tl.load(b_ptr + offs, mask=mask)          # uint8
    s = tl.load(s_ptr + offs, mask=mask)          # int8
    h = tl.load(h_ptr + offs, mask=mask)          # uint16
    g = tl.load(g_ptr + offs, mask=mask)          # int16
    hi = (b >> 4).to(tl.float32)                  # logical on uint8
    lo = (b & 15).to(tl.float32)
    total = hi * 16.0 + lo * 0.25 + s.to(tl.float32) * 1024.0
    total += (h >> 12).to(tl.float32) * 65536.0 + g.to(tl.float32) / 8.0
    # uint8 + int32 is int32 (zero-extended); int8 widens with its sign.
    total += (b + offs * 0).to(tl.float32) * 4096.0 + s.to(tl.int32).to(tl.float32)
    tl.store(out_ptr + offs, total, mask=mask)


@triton.jit
def lookup_kernel(b_ptr, table_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    b = tl.load(b_ptr + offs, mask=offs < n)      # uint8 indices >= 128
    tl.store(out_ptr + offs, tl.load(table_ptr + b), mask=offs < n)


for target in ("apple9", "apple10"):
    n, block = 300, 128
    rng = np.random.default_rng(1)
    w = rng.integers(0, 2 ** 32, n, dtype=np.uint32)
    w[:4] = [0xFFFFFFFF, 0x80000000, 0x7FFFFFFF, 0]
    shr, div, rem, f = (np.zeros(n, np.uint32), np.zeros(n, np.uint32),
                        np.zeros(n, np.uint32), np.zeros(n, np.float32))
    big, mix = np.zeros(n, np.int32), np.zeros(n, np.uint32)
    words_kernel[(triton.cdiv(n, block),)](w, shr, div, rem, big, f, mix, n,
                                           BLOCK=block, target=target)
    offs = np.arange(n, dtype=np.uint64)
    exact = (np.array_equal(shr, w >> 28) and np.array_equal(div, w // 3) and
             np.array_equal(rem, w % 7) and
             np.array_equal(big, (w > 0x7FFFFFF0).astype(np.int32)) and
             np.array_equal(mix, (((w + offs) % 2 ** 32) >> 31).astype(np.uint32)))
    print("%s uint32 shifts, division, compares: %s" % (
        target, "ok" if exact else "MISMATCH"))
    report("%s uint32 to float" % target, f, w.astype(np.float32), tol=0)

    b = rng.integers(0, 256, n, dtype=np.uint8)
    s = rng.integers(-128, 128, n, dtype=np.int8)
    h = rng.integers(0, 2 ** 16, n, dtype=np.uint16)
    g = rng.integers(-2 ** 15, 2 ** 15, n, dtype=np.int16)
    b[:2], s[:2], h[:2], g[:2] = [255, 128], [-128, -1], [65535, 32768], [-32768, -1]
    out = np.zeros(n, np.float32)
    bytes_kernel[(triton.cdiv(n, block),)](b, s, h, g, out, n, BLOCK=block,
                                           target=target)
    bf, sf = b.astype(np.float64), s.astype(np.float64)
    want = ((b >> 4) * 16.0 + (b & 15) * 0.25 + sf * 1024.0 +
            (h >> 12) * 65536.0 + g / 8.0 + bf * 4096.0 + sf)
    report("%s uint8/int8/uint16/int16" % target, out, want, tol=0.5)
    table = np.arange(256, dtype=np.float32) * 3
    lookup_kernel[(triton.cdiv(n, block),)](b, table, out, n, BLOCK=block,
                                            target=target)
    report("%s uint8 indices" % target, out, table[b], tol=0)

# The IR: signless types, unsigned ops.
ir = words_kernel.compile(np.uint32, np.uint32, np.uint32, np.uint32, np.int32,
                          np.float32, np.uint32, 1, BLOCK=128).ir
ops = sorted({op for op in ("shrui", "shrsi", "divui", "divsi", "remui",
                            "remsi", "cmpi ugt", "cmpi sgt", "uitofp",
                            "sitofp") if "arith." + op in ir})
print("ops:", " ".join(ops), "| u32 in IR:", "u32" in ir)

# CHECK: apple9 uint32 shifts, division, compares: ok
# CHECK: apple9 uint32 to float: ok
# CHECK: apple9 uint8/int8/uint16/int16: ok
# CHECK: apple9 uint8 indices: ok
# CHECK: apple10 uint32 shifts, division, compares: ok
# CHECK: apple10 uint32 to float: ok
# CHECK: apple10 uint8/int8/uint16/int16: ok
# CHECK: apple10 uint8 indices: ok
# CHECK: ops: cmpi ugt divui remui shrui uitofp | u32 in IR: False
