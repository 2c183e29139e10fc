# Triton tutorials 02 (fused softmax, with tl.range and num_stages) and 05
# (layer norm forward: three loops over the columns rebinding `cols`, `.to`)
# as their kernels are written, plus the rest of Triton's control flow:
# a runtime `if`, a name bound in a loop read after it, tl.static_range,
# tl.static_assert, tl.exp2/log2/rsqrt/sigmoid/fma/zeros_like, num_warps,
# num_ctas=1 (and num_ctas=2 refused) and
# triton.next_power_of_2; ragged shapes against numpy.
# RUN: %python %s | FileCheck %s

import os
import sys

import numpy as np

import tile_mlir as triton
import tile_mlir.language as tl

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Inputs"))
from check import report, show_error  # noqa: E402


@triton.jit
def softmax_kernel(output_ptr, input_ptr, input_row_stride, output_row_stride,
                   n_rows, n_cols, BLOCK_SIZE: tl.constexpr,
                   num_stages: tl.constexpr):
    row_start = tl.program_id(0)
    row_step = tl.num_programs(0)
    for row_idx in tl.range(row_start, n_rows, row_step, num_stages=num_stages):
        row_start_ptr = input_ptr + row_idx * input_row_stride
        col_offsets = tl.arange(0, BLOCK_SIZE)
        input_ptrs = row_start_ptr + col_offsets
        mask = col_offsets < n_cols
        row = tl.load(input_ptrs, mask=mask, other=-float("inf"))
        row_minus_max = row - tl.max(row, axis=0)
        numerator = tl.exp(row_minus_max)
        denominator = tl.sum(numerator, axis=0)
        softmax_output = numerator / denominator
        output_row_start_ptr = output_ptr + row_idx * output_row_stride
        output_ptrs = output_row_start_ptr + col_offsets
        tl.store(output_ptrs, softmax_output, mask=mask)


def softmax(x):
    n_rows, n_cols = x.shape
    BLOCK_SIZE = triton.next_power_of_2(n_cols)
    y = np.empty_like(x)
    num_programs = min(8, n_rows)
    softmax_kernel[(num_programs, 1, 1)](y, x, x.shape[1], y.shape[1], n_rows,
                                         n_cols, BLOCK_SIZE=BLOCK_SIZE,
                                         num_stages=2, num_warps=8)
    return y


x = np.random.default_rng(2).standard_normal((23, 117)).astype(np.float32)
e = np.exp(x - x.max(axis=1, keepdims=True))
report("softmax", softmax(x), e / e.sum(axis=1, keepdims=True), tol=1e-5)
# CHECK: softmax: ok
ir = softmax_kernel.compile(x, x, 117, 117, 23, 117, BLOCK_SIZE=128,
                            num_stages=3).ir
print([l.strip() for l in ir.splitlines() if "num_stages" in l][0])
# CHECK-NEXT: } {num_stages = 3 : i64} loc(


@triton.jit
def _layer_norm_fwd_fused(X, Y, W, B, Mean, Rstd, stride, N, eps,
                          BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    Y += row * stride
    X += row * stride
    mean = 0
    _mean = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        a = tl.load(X + cols, mask=cols < N, other=0.).to(tl.float32)
        _mean += a
    mean = tl.sum(_mean, axis=0) / N
    _var = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        x = tl.load(X + cols, mask=cols < N, other=0.).to(tl.float32)
        x = tl.where(cols < N, x - mean, 0.)
        _var += x * x
    var = tl.sum(_var, axis=0) / N
    rstd = 1 / tl.sqrt(var + eps)
    tl.store(Mean + row, mean)
    tl.store(Rstd + row, rstd)
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        mask = cols < N
        w = tl.load(W + cols, mask=mask)
        b = tl.load(B + cols, mask=mask)
        x = tl.load(X + cols, mask=mask, other=0.).to(tl.float32)
        x_hat = (x - mean) * rstd
        y = x_hat * w + b
        tl.store(Y + cols, y, mask=mask)


M, N = 19, 301
rng = np.random.default_rng(3)
x = rng.standard_normal((M, N)).astype(np.float16)
w = rng.random(N).astype(np.float16)
b = rng.random(N).astype(np.float16)
y = np.empty_like(x)
mean, rstd = np.empty(M, np.float32), np.empty(M, np.float32)
# num_ctas=1 as the tutorial's launch passes it (one CTA per program).
merged = _layer_norm_fwd_fused[(M, )](x, y, w, b, mean, rstd, N, N, 1e-5,
                                      BLOCK_SIZE=64, num_warps=4, num_ctas=1)
x64 = x.astype(np.float64)
mu, var = x64.mean(axis=1), x64.var(axis=1)
want = (x64 - mu[:, None]) / np.sqrt(var[:, None] + 1e-5) * w + b
report("layer norm mean", mean, mu, tol=1e-4)
report("layer norm rstd", rstd, 1 / np.sqrt(var + 1e-5), tol=1e-3)
report("layer norm y", y, want, tol=1e-2)
# CHECK-NEXT: layer norm mean: ok
# CHECK-NEXT: layer norm rstd: ok
# CHECK-NEXT: layer norm y: ok
show_error("num_ctas", lambda: _layer_norm_fwd_fused[(M, )](
    x, y, w, b, mean, rstd, N, N, 1e-5, BLOCK_SIZE=64, num_ctas=2), __file__)
# CHECK-NEXT: num_ctas -> DSLError: softmax_layernorm.py:{{[0-9]+}}:1: error: num_ctas must be 1: Metal has no thread-block clusters
# CHECK-NEXT: def _layer_norm_fwd_fused(

# tile-merge-online-loops merges the mean loop and the variance loop into one
# online loop (Chan's update), so X is read twice instead of three times; the
# same on apple10 under three thread orders, and with the merge off.
for target, options in (("apple10", ""), ("apple9", "merge-online-loops=false")):
    y2, mean2, rstd2 = np.empty_like(x), np.empty_like(mean), np.empty_like(rstd)
    stats = _layer_norm_fwd_fused[(M, )](x, y2, w, b, mean2, rstd2, N, N, 1e-5,
                                         BLOCK_SIZE=64, num_warps=4,
                                         target=target, options=options,
                                         schedules=3)
    report("layer norm rstd %s %s" % (target, options), rstd2,
           1 / np.sqrt(var + 1e-5), tol=1e-3)
    report("layer norm y %s %s" % (target, options), y2, want, tol=1e-2)
    if options:
        print("layer norm X read once less merged:",
              stats["bytesRead"] - merged["bytesRead"] == x.nbytes)
# CHECK-NEXT: layer norm rstd apple10 : ok
# CHECK-NEXT: layer norm y apple10 : ok
# CHECK-NEXT: layer norm rstd apple9 merge-online-loops=false: ok
# CHECK-NEXT: layer norm y apple9 merge-online-loops=false: ok
# CHECK-NEXT: layer norm X read once less merged: True


@triton.jit
def control_flow(x_ptr, y_ptr, n, threshold, BLOCK: tl.constexpr,
                 UNROLL: tl.constexpr):
    tl.static_assert(BLOCK % UNROLL == 0, "BLOCK must be a multiple of UNROLL")
    pid = tl.program_id(axis=0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=1.0)
    acc = tl.zeros_like(x)
    for i in tl.static_range(UNROLL):
        acc = tl.fma(x, acc, float(i))
    for k in range(0, n, BLOCK):
        last = tl.load(x_ptr + k + tl.arange(0, BLOCK), mask=k + tl.arange(0, BLOCK) < n)
    if pid % 2 == 0:
        out = tl.sigmoid(acc) + tl.exp2(tl.log2(x * x + 1.0))
    else:
        out = tl.rsqrt(x * x + 1.0) + tl.sum(last, axis=0)
    tl.debug_barrier()
    if tl.max(x, axis=0) > threshold:
        tl.store(y_ptr + offs, out, mask=offs < n)


n = 77
xs = rng.random(n).astype(np.float32)
xs[16:32] *= 0.4  # this block's maximum is below the threshold: not stored
ys = np.full(n, -5.0, np.float32)
control_flow[(triton.cdiv(n, 16),)](xs, ys, n, 0.5, BLOCK=16, UNROLL=4)
acc = np.zeros(n)
for i in range(4):
    acc = xs * acc + i
pid = np.arange(n) // 16
tail = xs[(n - 1) // 16 * 16:].sum()
want = np.where(pid % 2 == 0, 1 / (1 + np.exp(-acc)) + xs * xs + 1.0,
                1 / np.sqrt(xs * xs + 1.0) + tail)
block_max = np.array([xs[p * 16:(p + 1) * 16].max() for p in pid])
want = np.where(block_max > 0.5, want, -5.0)
report("control flow", ys, want, tol=1e-4)
# CHECK-NEXT: control flow: ok
print("blocks skipped:", len(set(pid[block_max <= 0.5])))
# CHECK-NEXT: blocks skipped: 1

show_error("static_assert", lambda: control_flow.compile(
    xs, ys, n, 0.5, BLOCK=16, UNROLL=3), __file__)
# CHECK-NEXT: static_assert -> DSLError: softmax_layernorm.py:{{[0-9]+}}:5: error: static_assert failed: BLOCK must be a multiple of UNROLL


@triton.jit
def float_xor(out_ptr, BLOCK: tl.constexpr):
    rows = tl.arange(0, BLOCK)
    tl.atomic_xor(out_ptr + rows, rows.to(tl.float32))


xt, yt = rng.random((13, 13)).astype(np.float32), rng.random((13, 13)).astype(np.float32)
show_error("xor float", lambda: float_xor.compile(xt, BLOCK=16), __file__)
# CHECK: xor float -> DSLError: softmax_layernorm.py:[[@LINE-5]]:5: error: atomic_xor on a f32 buffer


@triton.jit
def transpose_only(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    rows = tl.arange(0, BLOCK)
    mask = (rows[:, None] < n) & (rows[None, :] < n)
    x = tl.load(x_ptr + rows[:, None] * n + rows[None, :], mask=mask, other=0.0)
    y = tl.load(y_ptr + rows[:, None] * n + rows[None, :], mask=mask, other=0.0)
    out = tl.dot(x, tl.trans(y)) + y.trans()
    tl.store(out_ptr + rows[:, None] * n + rows[None, :], out, mask=mask)


out = np.zeros((13, 13), np.float32)
transpose_only[(1,)](xt, yt, out, 13, BLOCK=16)
report("trans", out, xt.astype(np.float64) @ yt.T + yt.T)
# CHECK: trans: ok


@triton.jit
def sort(x_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    tl.store(x_ptr + tl.arange(0, BLOCK), tl.sort(x, dim=0))


show_error("sort", lambda: sort.compile(xs, BLOCK=16), __file__)
# CHECK: sort -> DSLError: softmax_layernorm.py:[[@LINE-4]]:43: error: tl.sort is not supported by tile_mlir: tile IR has no sort op
