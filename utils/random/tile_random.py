#!/usr/bin/env python3
"""Random but valid tile kernels for differential testing (docs/testing.md).

Each generator returns a Case: the kernel's MLIR text, its name, the
tile-run arguments (buffers with seeded random data, ragged sizes) and the
grid. Kernels are valid by construction as far as the generator knows; the
campaign driver (campaign.py) runs tile-opt on each first and counts what
the verifier rejects as a generator bug, not a finding.

Families:
  gather   tile.gather / tile.scatter through computed offsets (% M, // 8,
           transposed, masked, with and without `other`)
  reduce   tile.reduce over rows or columns, every kind, f32/f16/i32,
           shapes that do not split evenly over the threads
  elemwise chains of arith/math ops with casts between f32/f16/bf16/i32
  dot      GEMM tiles with epilogues, and matvec-shaped dots (M = 1..8)
  scan     cumsum/cumprod (masked n x n reduction, or a dot with a
           triangular matrix) and tile.for_range loops carrying values
"""

import random
from dataclasses import dataclass, field

FAMILIES = ("gather", "reduce", "elemwise", "dot", "scan")


@dataclass
class Case:
    family: str
    name: str
    text: str
    args: list = field(default_factory=list)  # "NAME=VALUE" strings
    grid: tuple = (1,)
    has_dot: bool = False
    note: str = ""
    options: list = field(default_factory=list)  # extra tile-run options


def cdiv(a, b):
    return (a + b - 1) // b


class Body:
    """Accumulates SSA lines with fresh names."""

    def __init__(self):
        self.lines = []
        self.n = 0
        self.consts = {}

    def fresh(self, stem="v"):
        self.n += 1
        return f"%{stem}{self.n}"

    def emit(self, line):
        self.lines.append("  " + line)

    def op(self, rhs, stem="v"):
        name = self.fresh(stem)
        self.emit(f"{name} = {rhs}")
        return name

    def index(self, value):
        key = ("index", value)
        if key not in self.consts:
            self.consts[key] = self.op(f"arith.constant {value} : index", "c")
        return self.consts[key]

    def dense(self, value, ty):
        key = ("dense", value, ty)
        if key not in self.consts:
            self.consts[key] = self.op(f"arith.constant dense<{value}> : {ty}", "k")
        return self.consts[key]

    def scalar(self, value, ty):
        key = ("scalar", value, ty)
        if key not in self.consts:
            self.consts[key] = self.op(f"arith.constant {value} : {ty}", "s")
        return self.consts[key]


def tensor(shape, elem):
    return "tensor<" + "x".join(str(d) for d in shape) + "x" + elem + ">"


def is_float(elem):
    return elem in ("f32", "f16", "bf16")


def fconst(v, elem):
    if not is_float(elem):
        return str(int(v))
    return repr(float(v))


def kernel(name, params, body, attrs="tile.kernel"):
    head = f"func.func @{name}(" + ", ".join(params) + f")\n    attributes {{{attrs}}} {{\n"
    return head + "\n".join(body.lines) + "\n  return\n}\n"


def buf(name, elem, count, seed, kind="random"):
    if kind == "random":
        return f"{name}={elem}:{max(count, 1)}:random:{seed}"
    return f"{name}={elem}:{max(count, 1)}:{kind}"


def pick_rc(r, max_elems=4096, rows=(1, 2, 4, 8, 16, 32), cols=(8, 16, 32, 64, 128)):
    while True:
        R, C = r.choice(rows), r.choice(cols)
        if R * C <= max_elems:
            return R, C


# ---------------------------------------------------------------- (a) gather
def gen_gather(r, idx):
    if r.random() < 0.25:
        return gen_gather_gemm(r, idx)
    elem = r.choice(["f32", "f32", "f16", "i32"])
    oty = r.choice(["i32", "i32", "i64", "index"])
    R, C = pick_rc(r, rows=(1, 2, 3, 4, 8, 16, 32), cols=(8, 16, 24, 32, 64, 128))
    sg = r.choice([None, None, None, (1, 1), (2, 2), (3, 1)])
    M, N = r.randint(1, 3 * R + 5), r.randint(1, 2 * C + 7)
    style = r.choice(["wrap", "packed", "transpose", "plain", "shifted"])
    b = Body()
    params = [f"%X: memref<?x{elem}>", f"%Y: memref<?x{elem}>", "%M: index", "%N: index"]
    pr = b.op("tile.program_id x : index", "p")
    pc = b.op("tile.program_id y : index", "p")
    row0 = b.op(f"arith.muli {pr}, {b.index(R)} : index")
    col0 = b.op(f"arith.muli {pc}, {b.index(C)} : index")

    def to_o(v):  # index scalar -> offset element type
        if oty == "index":
            return v
        return b.op(f"arith.index_cast {v} : index to {oty}")

    T2 = tensor([R, C], oty)
    rowsv = b.op(f"tile.arange : {tensor([R], oty)}")
    colsv = b.op(f"tile.arange : {tensor([C], oty)}")
    r0 = b.op(f"tile.splat {to_o(row0)} : {oty} -> {tensor([R], oty)}")
    c0 = b.op(f"tile.splat {to_o(col0)} : {oty} -> {tensor([C], oty)}")
    rows = b.op(f"arith.addi {rowsv}, {r0} : {tensor([R], oty)}")
    cols = b.op(f"arith.addi {colsv}, {c0} : {tensor([C], oty)}")
    rows2 = b.op(f"tile.broadcast {rows} dim 0 : {tensor([R], oty)} -> {T2}")
    cols2 = b.op(f"tile.broadcast {cols} dim 1 : {tensor([C], oty)} -> {T2}")
    Mv = b.op(f"tile.splat {to_o('%M')} : {oty} -> {T2}")
    Nv = b.op(f"tile.splat {to_o('%N')} : {oty} -> {T2}")
    inR = b.op(f"arith.cmpi slt, {rows2}, {Mv} : {T2}")
    inC = b.op(f"arith.cmpi slt, {cols2}, {Nv} : {T2}")
    both = b.op(f"arith.andi {inR}, {inC} : {tensor([R, C], 'i1')}")
    xcount = M * N
    mask = both
    note = style
    if style == "wrap":
        # Triton's wrapped rows: every row in range, columns masked.
        src_rows = b.op(f"arith.remsi {rows2}, {Mv} : {T2}")
        mask = inC
        offs = b.op(f"arith.addi {b.op(f'arith.muli {src_rows}, {Nv} : {T2}')}, {cols2} : {T2}")
    elif style == "packed":
        # Y[r, c] = X[r * ceil(N/8) + c // 8]: eight neighbours read one element.
        div = r.choice([2, 4, 8])
        d = b.dense(div, T2)
        Np = cdiv(N, div)
        npv = b.op(f"arith.addi {Nv}, {b.dense(div - 1, T2)} : {T2}")
        npv = b.op(f"arith.divui {npv}, {d} : {T2}")
        if r.random() < 0.5:
            q = b.op(f"arith.divui {cols2}, {d} : {T2}")
        else:
            q = b.op(f"arith.shrui {cols2}, {b.dense(div.bit_length() - 1, T2)} : {T2}")
        offs = b.op(f"arith.addi {b.op(f'arith.muli {rows2}, {npv} : {T2}')}, {q} : {T2}")
        xcount = M * Np
        note += f"/{div}"
    elif style == "transpose":
        # X is N x M: element (r, c) at c * M + r.
        offs = b.op(f"arith.addi {b.op(f'arith.muli {cols2}, {Mv} : {T2}')}, {rows2} : {T2}")
    elif style == "shifted":
        # Columns rotated by a constant within the row: (c + s) % N.
        s = r.randint(1, 9)
        sc = b.op(f"arith.addi {cols2}, {b.dense(s, T2)} : {T2}")
        sc = b.op(f"arith.remui {sc}, {Nv} : {T2}")
        offs = b.op(f"arith.addi {b.op(f'arith.muli {rows2}, {Nv} : {T2}')}, {sc} : {T2}")
    else:
        offs = b.op(f"arith.addi {b.op(f'arith.muli {rows2}, {Nv} : {T2}')}, {cols2} : {T2}")
    TX = tensor([R, C], elem)
    other = ""
    if r.random() < 0.6:
        ov = r.choice([-1, 0, 2, 3])
        if r.random() < 0.2 and is_float(elem):
            # a non-constant other: the row index as a float
            ri = b.op(f"arith.index_cast {row0} : index to i32")
            rf = b.op(f"arith.sitofp {ri} : i32 to {elem}")
            other = f" other {b.op(f'tile.splat {rf} : {elem} -> {TX}')}"
        else:
            other = f" other {b.dense(fconst(ov, elem), TX)}"
    mask_part = f" mask {mask}"
    x = b.op(f"tile.gather %X[{offs}]{mask_part}{other} : memref<?x{elem}>, {T2} -> {TX}")
    # a little arithmetic so a wrong element cannot hide
    if is_float(elem):
        y = b.op(f"arith.mulf {x}, {b.dense('2.0', TX)} : {TX}")
        y = b.op(f"arith.addf {y}, {b.dense('0.5', TX)} : {TX}")
    else:
        y = b.op(f"arith.muli {x}, {b.dense(3, TX)} : {TX}")
    outcount = M * N
    if r.random() < 0.5:
        b.emit(f"tile.store {y}, %Y[{row0}, {col0}] strides [%N, {b.index(1)}] bounds [%M, %N] : {TX}, memref<?x{elem}>")
        note += "+store"
    else:
        # scatter through row-major offsets under the in-range mask (no duplicates)
        so = b.op(f"arith.addi {b.op(f'arith.muli {rows2}, {Nv} : {T2}')}, {cols2} : {T2}")
        if r.random() < 0.3:
            # scatter transposed: Y is N x M
            so = b.op(f"arith.addi {b.op(f'arith.muli {cols2}, {Mv} : {T2}')}, {rows2} : {T2}")
            note += "+scatterT"
        else:
            note += "+scatter"
        b.emit(f"tile.scatter {y}, %Y[{so}] mask {both} : {TX}, memref<?x{elem}>, {T2}")
    name = f"gather{idx}"
    args = [buf("X", elem, xcount, idx + 1), buf("Y", elem, outcount, 0, "zeros"), f"M={M}", f"N={N}"]
    attrs = "tile.kernel" + (f", tile.simdgroups = array<i64: {sg[0]}, {sg[1]}>" if sg else "")
    return Case("gather", name, kernel(name, params, b, attrs), args, (cdiv(M, R), cdiv(N, C)),
                note=f"{elem} {oty} {R}x{C} M={M} N={N} sg={sg} {note}")


def gen_gather_gemm(r, idx):
    """Triton's GEMM: A's rows wrapped (% M) and gathered, B loaded; the
    K tail masked with other = 0."""
    el = r.choice(["f32", "f16"])
    BM, BN, BK = r.choice([16, 32, 64]), r.choice([16, 32, 64]), r.choice([8, 16, 32])
    M, N, K = r.randint(1, 2 * BM + 9), r.randint(1, 2 * BN + 9), r.randint(1, 3 * BK + 9)
    b = Body()
    pm = b.op("tile.program_id x : index", "p")
    pn = b.op("tile.program_id y : index", "p")
    row = b.op(f"arith.muli {pm}, {b.index(BM)} : index")
    col = b.op(f"arith.muli {pn}, {b.index(BN)} : index")
    one, zero = b.index(1), b.index(0)
    TI = tensor([BM, BK], "i32")
    TA, TB, TC = tensor([BM, BK], el), tensor([BK, BN], el), tensor([BM, BN], "f32")
    T1M, T1K = tensor([BM], "i32"), tensor([BK], "i32")
    rowi = b.op(f"arith.index_cast {row} : index to i32")
    ar = b.op(f"tile.arange : {T1M}")
    rs = b.op(f"tile.splat {rowi} : i32 -> {T1M}")
    rows = b.op(f"arith.addi {ar}, {rs} : {T1M}")
    Mi = b.op("arith.index_cast %M : index to i32")
    Ki = b.op("arith.index_cast %K : index to i32")
    Mv = b.op(f"tile.splat {Mi} : i32 -> {T1M}")
    wrapped = b.op(f"arith.remsi {rows}, {Mv} : {T1M}")
    rows2 = b.op(f"tile.broadcast {wrapped} dim 0 : {T1M} -> {TI}")
    ak = b.op(f"tile.arange : {T1K}")
    kk = b.op(f"tile.broadcast {ak} dim 1 : {T1K} -> {TI}")
    Kv = b.op(f"tile.splat {Ki} : i32 -> {TI}")
    rk = b.op(f"arith.muli {rows2}, {Kv} : {TI}")
    base = b.op(f"arith.addi {rk}, {kk} : {TI}")
    b.emit(f"%acc, %offs = tile.for_range %k = {zero} to %K step {b.index(BK)} iter_args(%a0 = {b.dense('0.0', TC)}, %o = {base}) -> ({TC}, {TI}) {{")
    ki = b.op("arith.index_cast %k : index to i32")
    kspl = b.op(f"tile.splat {ki} : i32 -> {TI}")
    kcol = b.op(f"arith.addi {kk}, {kspl} : {TI}")
    kin = b.op(f"arith.cmpi slt, {kcol}, {Kv} : {TI}")
    a = b.op(f"tile.gather %A[%o] mask {kin} other {b.dense('0.0', TA)} : memref<?x{el}>, {TI} -> {TA}")
    bt = b.op(f"tile.load %B[%k, {col}] strides [%N, {one}] bounds [%K, %N] : memref<?x{el}> -> {TB}")
    d = b.op(f"tile.dot {a}, {bt}, %a0 : {TA}, {TB} -> {TC}")
    on = b.op(f"arith.addi %o, {b.dense(BK, TI)} : {TI}")
    b.emit(f"tile.yield {d}, {on} : {TC}, {TI}")
    b.emit("}")
    b.emit(f"tile.store %acc, %C[{row}, {col}] strides [%N, {one}] bounds [%M, %N] : {TC}, memref<?xf32>")
    params = [f"%A: memref<?x{el}>", f"%B: memref<?x{el}>", "%C: memref<?xf32>", "%M: index", "%N: index", "%K: index"]
    args = [buf("A", el, M * K, idx + 1), buf("B", el, K * N, idx + 2), buf("C", "f32", M * N, 0, "zeros"),
            f"M={M}", f"N={N}", f"K={K}"]
    name = f"gathergemm{idx}"
    return Case("gather", name, kernel(name, params, b), args, (cdiv(M, BM), cdiv(N, BN)), has_dot=True,
                note=f"gather-gemm {el} {BM}x{BN}x{BK} M={M} N={N} K={K}")


# ---------------------------------------------------------------- (b) reduce
FLOAT_KINDS = ["add", "mul", "maximumf", "minimumf", "maxnumf", "minnumf"]
INT_KINDS = ["add", "mul", "maxsi", "minsi", "maxui", "minui", "and", "or", "xor"]


def gen_reduce(r, idx):
    elem = r.choice(["f32", "f32", "f16", "bf16", "i32"])
    R = r.choice([1, 2, 3, 4, 5, 6, 8, 12, 16, 32])
    C = r.choice([4, 8, 12, 16, 24, 32, 48, 64, 96, 128, 256])
    while R * C > 4096:
        C //= 2
    kinds = FLOAT_KINDS if is_float(elem) else INT_KINDS
    nk = r.randint(1, 3)
    chosen = [r.choice(kinds) for _ in range(nk)]
    M, N = r.randint(1, 3 * R + 3), r.randint(1, 2 * C + 5)
    wm = r.choice([None, None, (1, 1), (2, 1), (1, 2), (2, 2), (4, 1), (3, 1), (1, 3)])
    b = Body()
    TX = tensor([R, C], elem)
    params = [f"%X: memref<?x{elem}>"]
    pr = b.op("tile.program_id x : index", "p")
    pc = b.op("tile.program_id y : index", "p")
    row = b.op(f"arith.muli {pr}, {b.index(R)} : index")
    col = b.op(f"arith.muli {pc}, {b.index(C)} : index")
    rbase = b.op(f"arith.muli {pc}, %M : index")
    ridx = b.op(f"arith.addi {rbase}, {row} : index")
    rend = b.op(f"arith.addi {rbase}, %M : index")
    cbase = b.op(f"arith.muli {pr}, %N : index")
    cidx = b.op(f"arith.addi {cbase}, {col} : index")
    cend = b.op(f"arith.addi {cbase}, %N : index")
    gx, gy = cdiv(M, R), cdiv(N, C)
    args = [buf("X", elem, M * N, idx + 1)]
    outs = []
    for i, kind in enumerate(chosen):
        if is_float(elem):
            pad = r.choice(["0.0", "1.0", "-2.0", "0.5"])
            pad_attr = f"{{padding = {pad} : {elem}}}"
        else:
            pad = r.choice([0, 1, -1, 7])
            pad_attr = f"{{padding = {pad} : i32}}"
        x = b.op(f"tile.load %X[{row}, {col}] strides [%N, {b.index(1)}] bounds [%M, %N] {pad_attr} : memref<?x{elem}> -> {TX}")
        if kind == "mul" and is_float(elem):
            # keep products in range: values near 1
            x = b.op(f"arith.mulf {x}, {b.dense('0.25', TX)} : {TX}")
            x = b.op(f"arith.addf {x}, {b.dense('1.0', TX)} : {TX}")
        elif kind == "mul":
            x = b.op(f"arith.andi {x}, {b.dense(1, TX)} : {TX}")
            x = b.op(f"arith.addi {x}, {b.dense(1, TX)} : {TX}")
        elif is_float(elem) and r.random() < 0.3:
            x = b.op(f"math.exp {x} : {TX}")
        dims = r.choice([[1], [0], [0, 1]])
        for d in dims:
            out = f"%o{i}d{d}"
            if d == 1:
                res = b.op(f"tile.reduce {kind} {x} dim 1 : {TX} -> {tensor([R], elem)}")
                if r.random() < 0.25 and R == 1:
                    s = b.op(f"tile.reduce {kind} {res} dim 0 : {tensor([R], elem)} -> {elem}")
                    # one store per program: element pr + gx * pc
                    at = b.op(f"arith.addi {pr}, {b.op(f'arith.muli {pc}, {b.index(gx)} : index')} : index")
                    b.emit(f"tile.store {s}, {out}[{at}] : {elem}, memref<?x{elem}>")
                    args.append(buf(out[1:], elem, gx * gy, 0, "zeros"))
                else:
                    b.emit(f"tile.store {res}, {out}[{ridx}] bounds [{rend}] : {tensor([R], elem)}, memref<?x{elem}>")
                    args.append(buf(out[1:], elem, M * gy, 0, "zeros"))
            else:
                res = b.op(f"tile.reduce {kind} {x} dim 0 : {TX} -> {tensor([C], elem)}")
                b.emit(f"tile.store {res}, {out}[{cidx}] bounds [{cend}] : {tensor([C], elem)}, memref<?x{elem}>")
                args.append(buf(out[1:], elem, N * gx, 0, "zeros"))
            params.append(f"{out}: memref<?x{elem}>")
    params += ["%M: index", "%N: index"]
    args += [f"M={M}", f"N={N}"]
    attrs = "tile.kernel" + (f", tile.simdgroups = array<i64: {wm[0]}, {wm[1]}>" if wm else "")
    name = f"reduce{idx}"
    return Case("reduce", name, kernel(name, params, b, attrs), args, (gx, gy),
                note=f"{elem} {R}x{C} M={M} N={N} {chosen} sg={wm}")


# -------------------------------------------------------------- (c) elemwise
def gen_elemwise(r, idx):
    elem_in = r.choice(["f32", "f16", "bf16", "i32"])
    R, C = pick_rc(r, 2048, rows=(1, 2, 3, 4, 6, 8, 16), cols=(8, 12, 16, 24, 32, 40, 64, 96, 128))
    M, N = r.randint(1, 2 * R + 3), r.randint(1, 2 * C + 5)
    sg = r.choice([None, None, None, (1, 1), (2, 2), (3, 1), (1, 3)])
    b = Body()
    pr = b.op("tile.program_id x : index", "p")
    pc = b.op("tile.program_id y : index", "p")
    row = b.op(f"arith.muli {pr}, {b.index(R)} : index")
    col = b.op(f"arith.muli {pc}, {b.index(C)} : index")
    one = b.index(1)
    shape = [R, C]

    def ld(buf_name, e):
        return b.op(f"tile.load %{buf_name}[{row}, {col}] strides [%N, {one}] bounds [%M, %N] : memref<?x{e}> -> {tensor(shape, e)}")

    cur = ld("X", elem_in)
    ety = elem_in
    y = None
    yelem = r.choice(["f32", "f16"])
    ops_done = []
    for _ in range(r.randint(2, 7)):
        T = tensor(shape, ety)
        choice = r.random()
        if ety == "i32":
            if choice < 0.35:
                op = r.choice(["addi", "subi", "muli", "andi", "ori", "xori", "maxsi", "minsi"])
                cur = b.op(f"arith.{op} {cur}, {b.dense(r.randint(-5, 9), T)} : {T}")
            elif choice < 0.5:
                op = r.choice(["divsi", "remsi", "shli", "shrsi", "shrui", "divui", "remui"])
                cur = b.op(f"arith.{op} {cur}, {b.dense(r.randint(1, 5), T)} : {T}")
            elif choice < 0.6:
                cmp = r.choice(["slt", "sgt", "eq", "ne", "ule"])
                m = b.op(f"arith.cmpi {cmp}, {cur}, {b.dense(r.randint(-3, 3), T)} : {T}")
                cur = b.op(f"arith.select {m}, {cur}, {b.dense(r.randint(-9, 9), T)} : {tensor(shape, 'i1')}, {T}")
                op = "select"
            else:
                ne = r.choice(["f32", "f16", "bf16"])
                cur = b.op(f"arith.sitofp {cur} : {T} to {tensor(shape, ne)}")
                op = f"sitofp->{ne}"
                ety = ne
                ops_done.append(op)
                continue
            ops_done.append(op)
            continue
        # floats
        if choice < 0.35:
            op = r.choice(["exp", "tanh", "sin", "cos", "absf", "negf", "floor", "ceil",
                           "sqrt", "log", "rsqrt", "exp2", "sigmoid"])
            if op in ("sqrt", "log", "rsqrt"):
                a = b.op(f"math.absf {cur} : {T}")
                a = b.op(f"arith.addf {a}, {b.dense('0.5', T)} : {T}")
                cur = b.op(f"math.{op} {a} : {T}")
            elif op == "negf":
                cur = b.op(f"arith.negf {cur} : {T}")
            elif op == "sigmoid":
                n = b.op(f"arith.negf {cur} : {T}")
                e = b.op(f"math.exp {n} : {T}")
                d = b.op(f"arith.addf {e}, {b.dense('1.0', T)} : {T}")
                cur = b.op(f"arith.divf {b.dense('1.0', T)}, {d} : {T}")
            else:
                cur = b.op(f"math.{op} {cur} : {T}")
        elif choice < 0.6:
            op = r.choice(["addf", "subf", "mulf", "divf", "maximumf", "minimumf", "maxnumf", "minnumf"])
            if r.random() < 0.5:
                if y is None:
                    y = ld("Y", yelem)
                yv = y if yelem == ety else (
                    b.op(f"arith.extf {y} : {tensor(shape, yelem)} to {T}") if ety == "f32"
                    else b.op(f"arith.truncf {y} : {tensor(shape, yelem)} to {T}") if yelem == "f32"
                    else None)
                if yv is None:
                    yv = b.dense("0.75", T)
                other = yv
            elif r.random() < 0.5:
                other = b.op(f"tile.splat %s : f32 -> {T}") if ety == "f32" else b.dense("1.5", T)
            else:
                other = b.dense(r.choice(["0.5", "-1.25", "3.0", "0.1"]), T)
            if op == "divf":
                a = b.op(f"math.absf {other} : {T}")
                other = b.op(f"arith.addf {a}, {b.dense('0.5', T)} : {T}")
            cur = b.op(f"arith.{op} {cur}, {other} : {T}")
        elif choice < 0.7:
            cmp = r.choice(["olt", "ogt", "oge", "une"])
            m = b.op(f"arith.cmpf {cmp}, {cur}, {b.dense('0.25', T)} : {T}")
            alt = b.op(f"arith.mulf {cur}, {b.dense('-0.5', T)} : {T}")
            cur = b.op(f"arith.select {m}, {cur}, {alt} : {tensor(shape, 'i1')}, {T}")
            op = "select"
        elif choice < 0.78:
            op = "fma"
            cur = b.op(f"math.fma {cur}, {b.dense('1.5', T)}, {b.dense('-0.25', T)} : {T}")
        else:
            # casts
            if ety == "f32":
                ne = r.choice(["f16", "bf16", "i32"])
            else:
                ne = r.choice(["f32", "i32"])
            if ne == "i32":
                s = b.op(f"arith.mulf {cur}, {b.dense('8.0', T)} : {T}")
                cur = b.op(f"arith.fptosi {s} : {T} to {tensor(shape, 'i32')}")
            elif ne == "f32":
                cur = b.op(f"arith.extf {cur} : {T} to {tensor(shape, ne)}")
            else:
                cur = b.op(f"arith.truncf {cur} : {T} to {tensor(shape, ne)}")
            op = f"{ety}->{ne}"
            ety = ne
        ops_done.append(op)
    params = [f"%X: memref<?x{elem_in}>"]
    args = [buf("X", elem_in, M * N, idx + 1)]
    if y is not None:
        params.append(f"%Y: memref<?x{yelem}>")
        args.append(buf("Y", yelem, M * N, idx + 1000))
    params += [f"%Z: memref<?x{ety}>", "%M: index", "%N: index", "%s: f32"]
    args += [buf("Z", ety, M * N, 0, "zeros"), f"M={M}", f"N={N}", f"s={r.choice(['0.5', '-2.0', '1.25'])}"]
    b.emit(f"tile.store {cur}, %Z[{row}, {col}] strides [%N, {one}] bounds [%M, %N] : {tensor(shape, ety)}, memref<?x{ety}>")
    name = f"elemwise{idx}"
    attrs = "tile.kernel" + (f", tile.simdgroups = array<i64: {sg[0]}, {sg[1]}>" if sg else "")
    return Case("elemwise", name, kernel(name, params, b, attrs), args, (cdiv(M, R), cdiv(N, C)),
                note=f"{elem_in}->{ety} {R}x{C} M={M} N={N} sg={sg} {ops_done}")


# ------------------------------------------------------------------- (d) dot
def gen_dot(r, idx):
    if r.random() < 0.35:
        return gen_matvec(r, idx)
    el = r.choice(["f32", "f16", "f16", "bf16"])
    BM, BN = r.choice([8, 16, 32, 64]), r.choice([8, 16, 32, 64])
    BK = r.choice([8, 16, 32])
    sgs = [(1, 1), (2, 1), (1, 2), (2, 2), (4, 1), (1, 4)]
    if r.random() < 0.85:  # mostly grids the accumulator splits over
        sgs = [g for g in sgs if BM % (8 * g[0]) == 0 and BN % (8 * g[1]) == 0]
    sg = r.choice([None] + sgs)
    M, N, K = r.randint(1, 2 * BM + 9), r.randint(1, 2 * BN + 9), r.randint(1, 3 * BK + 9)
    stages = r.choice(["", "", "", " {num_stages = 2}", " {num_stages = 3}"])
    swz = r.choice([None, None, None, "morton", "linear", "diagonal", "grouped", "hilbert"])
    transB = r.random() < 0.3
    b = Body()
    pm = b.op("tile.program_id x : index", "p")
    pn = b.op("tile.program_id y : index", "p")
    if swz:
        block = {"linear": 1, "diagonal": 1, "hilbert": 4}.get(swz, r.choice([2, 4]))
        b.emit(f"%sm, %sn = tile.swizzle {pm}, {pn} {{pattern = \"{swz}\", block = {block}}} : index")
        pm, pn = "%sm", "%sn"
    row = b.op(f"arith.muli {pm}, {b.index(BM)} : index")
    col = b.op(f"arith.muli {pn}, {b.index(BN)} : index")
    one = b.index(1)
    acc_el = "f16" if el == "f16" and r.random() < 0.2 else "f32"
    TA, TB, TC = tensor([BM, BK], el), tensor([BK, BN], el), tensor([BM, BN], acc_el)
    TE = tensor([BM, BN], "f32")  # the epilogue's type
    zero = b.dense("0.0", TC)
    b.emit(f"%acc = tile.for_range %k = {b.index(0)} to %K step {b.index(BK)} iter_args(%a0 = {zero}) -> ({TC}) {{")
    b.emit(f"  %a = tile.load %A[{row}, %k] strides [%K, {one}] bounds [%M, %K] : memref<?x{el}> -> {TA}")
    if transB:
        b.emit(f"  %b = tile.load %B[%k, {col}] strides [{one}, %K] bounds [%K, %N] : memref<?x{el}> -> {TB}")
    else:
        b.emit(f"  %b = tile.load %B[%k, {col}] strides [%N, {one}] bounds [%K, %N] : memref<?x{el}> -> {TB}")
    b.emit(f"  %d = tile.dot %a, %b, %a0 : {TA}, {TB} -> {TC}")
    b.emit(f"  tile.yield %d : {TC}")
    b.emit("}" + stages)
    cur = "%acc"
    if acc_el != "f32":
        cur = b.op(f"arith.extf {cur} : {TC} to {TE}")
    TC = TE
    params = [f"%A: memref<?x{el}>", f"%B: memref<?x{el}>"]
    args = [buf("A", el, M * K, idx + 1), buf("B", el, K * N, idx + 2)]
    epi = []
    for _ in range(r.randint(0, 4)):
        c = r.choice(["relu", "bias_col", "bias_row", "scale", "residual", "tanh", "where", "exp", "sqrtabs"])
        if c == "relu":
            z = b.op(f"tile.splat {b.scalar('0.0', 'f32')} : f32 -> {TC}")
            cur = b.op(f"arith.maximumf {cur}, {z} : {TC}")
        elif c in ("bias_col", "bias_row") and "%Bias" not in " ".join(params):
            if c == "bias_col":
                bv = b.op(f"tile.load %Bias[{col}] bounds [%N] : memref<?xf32> -> {tensor([BN], 'f32')}")
                b2 = b.op(f"tile.broadcast {bv} dim 1 : {tensor([BN], 'f32')} -> {TC}")
                args.append(buf("Bias", "f32", N, idx + 3))
            else:
                bv = b.op(f"tile.load %Bias[{row}] bounds [%M] : memref<?xf32> -> {tensor([BM], 'f32')}")
                b2 = b.op(f"tile.broadcast {bv} dim 0 : {tensor([BM], 'f32')} -> {TC}")
                args.append(buf("Bias", "f32", M, idx + 3))
            params.append("%Bias: memref<?xf32>")
            cur = b.op(f"arith.addf {cur}, {b2} : {TC}")
        elif c == "scale":
            s = b.op(f"tile.splat %alpha : f32 -> {TC}")
            cur = b.op(f"arith.mulf {cur}, {s} : {TC}")
        elif c == "residual" and "%Res" not in " ".join(params):
            rv = b.op(f"tile.load %Res[{row}, {col}] strides [%N, {one}] bounds [%M, %N] : memref<?xf32> -> {TC}")
            params.append("%Res: memref<?xf32>")
            args.append(buf("Res", "f32", M * N, idx + 4))
            cur = b.op(f"arith.addf {cur}, {rv} : {TC}")
        elif c == "tanh":
            cur = b.op(f"math.tanh {cur} : {TC}")
        elif c == "exp":
            cur = b.op(f"math.exp {b.op(f'arith.mulf {cur}, {b.dense(str(0.125), TC)} : {TC}')} : {TC}")
        elif c == "sqrtabs":
            cur = b.op(f"math.sqrt {b.op(f'math.absf {cur} : {TC}')} : {TC}")
        elif c == "where":
            m = b.op(f"arith.cmpf ogt, {cur}, {b.dense('0.0', TC)} : {TC}")
            alt = b.op(f"arith.mulf {cur}, {b.dense('0.01', TC)} : {TC}")
            cur = b.op(f"arith.select {m}, {cur}, {alt} : {tensor([BM, BN], 'i1')}, {TC}")
        else:
            continue
        epi.append(c)
    oel = r.choice(["f32", "f32", "f16"])
    if oel != "f32":
        cur = b.op(f"arith.truncf {cur} : {TC} to {tensor([BM, BN], oel)}")
    b.emit(f"tile.store {cur}, %C[{row}, {col}] strides [%N, {one}] bounds [%M, %N] : {tensor([BM, BN], oel)}, memref<?x{oel}>")
    params += [f"%C: memref<?x{oel}>", "%M: index", "%N: index", "%K: index", "%alpha: f32"]
    args += [buf("C", oel, M * N, 0, "zeros"), f"M={M}", f"N={N}", f"K={K}", "alpha=0.75"]
    attrs = "tile.kernel" + (f", tile.simdgroups = array<i64: {sg[0]}, {sg[1]}>" if sg else "")
    name = f"dot{idx}"
    opts = ["--fuse-epilogue=false"] if r.random() < 0.25 else []
    return Case("dot", name, kernel(name, params, b, attrs), args, (cdiv(M, BM), cdiv(N, BN)),
                has_dot=True, options=opts,
                note=f"gemm {el} {BM}x{BN}x{BK} sg={sg} M={M} N={N} K={K} transB={transB} "
                     f"epi={epi} out={oel} acc={acc_el}{stages} swizzle={swz} {' '.join(opts)}")


def gen_matvec(r, idx):
    el = r.choice(["f32", "f16", "f16", "bf16"])
    MR = r.randint(1, 8)
    BN = r.choice([16, 24, 32, 48, 64, 96, 128])
    BK = r.choice([16, 32, 64, 128])
    while BN * BK > 8192:
        BK //= 2
    sg = r.choice([None, None, (1, 1), (2, 2), (1, 4), (4, 1)]) if MR == 8 else None
    M = r.randint(1, MR)
    N, K = r.randint(1, 2 * BN + 9), r.randint(1, 3 * BK + 9)
    b = Body()
    pn = b.op("tile.program_id x : index", "p")
    col = b.op(f"arith.muli {pn}, {b.index(BN)} : index")
    one = b.index(1)
    zero0 = b.index(0)
    TX, TW, TC = tensor([MR, BK], el), tensor([BK, BN], el), tensor([MR, BN], "f32")
    b.emit(f"%acc = tile.for_range %k = {zero0} to %K step {b.index(BK)} iter_args(%a0 = {b.dense('0.0', TC)}) -> ({TC}) {{")
    b.emit(f"  %x = tile.load %X[{zero0}, %k] strides [%K, {one}] bounds [%M, %K] : memref<?x{el}> -> {TX}")
    b.emit(f"  %w = tile.load %W[%k, {col}] strides [%N, {one}] bounds [%K, %N] : memref<?x{el}> -> {TW}")
    b.emit(f"  %d = tile.dot %x, %w, %a0 : {TX}, {TW} -> {TC}")
    b.emit(f"  tile.yield %d : {TC}")
    b.emit("}")
    cur = "%acc"
    epi = ""
    if r.random() < 0.4:
        s = b.op(f"tile.splat %alpha : f32 -> {TC}")
        cur = b.op(f"arith.mulf {cur}, {s} : {TC}")
        epi = "scale"
    oel = r.choice(["f32", el if el != "bf16" else "f32"])
    if oel != "f32":
        cur = b.op(f"arith.truncf {cur} : {TC} to {tensor([MR, BN], oel)}")
    b.emit(f"tile.store {cur}, %Y[{zero0}, {col}] strides [%N, {one}] bounds [%M, %N] : {tensor([MR, BN], oel)}, memref<?x{oel}>")
    params = [f"%X: memref<?x{el}>", f"%W: memref<?x{el}>", f"%Y: memref<?x{oel}>", "%M: index", "%N: index", "%K: index", "%alpha: f32"]
    args = [buf("X", el, M * K, idx + 1), buf("W", el, K * N, idx + 2), buf("Y", oel, M * N, 0, "zeros"),
            f"M={M}", f"N={N}", f"K={K}", "alpha=1.5"]
    attrs = "tile.kernel" + (f", tile.simdgroups = array<i64: {sg[0]}, {sg[1]}>" if sg else "")
    name = f"matvec{idx}"
    return Case("dot", name, kernel(name, params, b, attrs), args, (cdiv(N, BN),), has_dot=True,
                note=f"matvec {el} {MR}x{BN}x{BK} sg={sg} M={M} N={N} K={K} {epi} out={oel}")


# ------------------------------------------------------------------ (e) scan
def gen_scan(r, idx):
    c = r.random()
    if c < 0.4:
        return gen_scan1d(r, idx)
    if c < 0.6:
        return gen_scan_dot(r, idx)
    return gen_loop_carried(r, idx)


def gen_scan1d(r, idx):
    """Inclusive (or exclusive) scan of each n-chunk of a row, the running
    total carried by a tile.for_range across chunks."""
    elem = r.choice(["f32", "i32", "f16"])
    kind = r.choice(["add", "add", "mul", "maxnumf" if is_float(elem) else "maxsi"])
    n = r.choice([8, 16, 32, 64])
    N = r.randint(1, 4 * n + 3)
    rows = r.randint(1, 5)
    exclusive = r.random() < 0.3
    b = Body()
    T1, T2 = tensor([n], elem), tensor([n, n], elem)
    TI1, TI2 = tensor([n], "i32"), tensor([n, n], "i32")
    ident = {"add": "0", "mul": "1", "maxnumf": "0xFF800000" if elem == "f32" else "0xFC00", "maxsi": "-2147483648"}[kind]
    if is_float(elem) and kind in ("add", "mul"):
        ident = {"add": "0.0", "mul": "1.0"}[kind]
    combine = {("add", True): "arith.addf", ("add", False): "arith.addi", ("mul", True): "arith.mulf",
               ("mul", False): "arith.muli", ("maxnumf", True): "arith.maxnumf", ("maxsi", False): "arith.maxsi"}[(kind, is_float(elem))]
    p = b.op("tile.program_id x : index", "p")
    base = b.op(f"arith.muli {p}, %N : index")
    end = b.op(f"arith.addi {base}, %N : index")
    i = b.op(f"tile.arange : {TI1}")
    ia = b.op(f"tile.broadcast {i} dim 0 : {TI1} -> {TI2}")  # element (a, b) = a
    ib = b.op(f"tile.broadcast {i} dim 1 : {TI1} -> {TI2}")  # element (a, b) = b
    pred = "slt" if exclusive else "sle"
    tri = b.op(f"arith.cmpi {pred}, {ib}, {ia} : {TI2}")
    idv = b.dense(ident, T2)
    init = b.scalar(ident, elem)
    b.emit(f"%tot = tile.for_range %j = {b.index(0)} to %N step {b.index(n)} iter_args(%carry = {init}) -> ({elem}) {{")
    at = b.op(f"arith.addi {base}, %j : index")
    pad_attr = f"{{padding = {ident} : {elem}}}"
    x = b.op(f"tile.load %X[{at}] bounds [{end}] {pad_attr} : memref<?x{elem}> -> {T1}")
    if kind == "mul":
        if is_float(elem):
            x = b.op(f"arith.mulf {x}, {b.dense('0.125', T1)} : {T1}")
            x = b.op(f"arith.addf {x}, {b.dense('1.0', T1)} : {T1}")
        else:
            x = b.op(f"arith.andi {x}, {b.dense(1, T1)} : {T1}")
            x = b.op(f"arith.addi {x}, {b.dense(1, T1)} : {T1}")
    xb = b.op(f"tile.broadcast {x} dim 1 : {T1} -> {T2}")
    sel = b.op(f"arith.select {tri}, {xb}, {idv} : {tensor([n, n], 'i1')}, {T2}")
    sc = b.op(f"tile.reduce {kind} {sel} dim 1 : {T2} -> {T1}")
    cv = b.op(f"tile.splat %carry : {elem} -> {T1}")
    y = b.op(f"{combine} {sc}, {cv} : {T1}")
    b.emit(f"tile.store {y}, %Y[{at}] bounds [{end}] : {T1}, memref<?x{elem}>")
    tot = b.op(f"tile.reduce {kind} {x} dim 0 : {T1} -> {elem}")
    nxt = b.op(f"{combine} %carry, {tot} : {elem}")
    b.emit(f"tile.yield {nxt} : {elem}")
    b.emit("}")
    b.emit(f"tile.store %tot, %Tot[{p}] : {elem}, memref<?x{elem}>")
    params = [f"%X: memref<?x{elem}>", f"%Y: memref<?x{elem}>", f"%Tot: memref<?x{elem}>", "%N: index"]
    args = [buf("X", elem, rows * N, idx + 1), buf("Y", elem, rows * N, 0, "zeros"),
            buf("Tot", elem, rows, 0, "zeros"), f"N={N}"]
    name = f"scan{idx}"
    # the for_range body lines are indented by the Body like the rest; fine for MLIR
    return Case("scan", name, kernel(name, params, b), args, (rows,),
                note=f"scan1d {elem} {kind} n={n} N={N} rows={rows} excl={exclusive}")


def gen_scan_dot(r, idx):
    """cumsum along rows as X @ U, U upper triangular 0/1 (python.md's 2-D cumsum)."""
    R = r.choice([8, 16, 32])
    n = r.choice([8, 16, 32, 64])
    M, N = r.randint(1, 2 * R + 3), r.randint(1, n)
    el = r.choice(["f32", "f16"])
    b = Body()
    p = b.op("tile.program_id x : index", "p")
    row = b.op(f"arith.muli {p}, {b.index(R)} : index")
    one, zero = b.index(1), b.index(0)
    TX, TU, TC = tensor([R, n], el), tensor([n, n], el), tensor([R, n], "f32")
    TI1, TI2 = tensor([n], "i32"), tensor([n, n], "i32")
    x = b.op(f"tile.load %X[{row}, {zero}] strides [%N, {one}] bounds [%M, %N] : memref<?x{el}> -> {TX}")
    i = b.op(f"tile.arange : {TI1}")
    ia = b.op(f"tile.broadcast {i} dim 0 : {TI1} -> {TI2}")
    ib = b.op(f"tile.broadcast {i} dim 1 : {TI1} -> {TI2}")
    tri = b.op(f"arith.cmpi sle, {ia}, {ib} : {TI2}")  # U[a][b] = a <= b
    u = b.op(f"arith.select {tri}, {b.dense('1.0', TU)}, {b.dense('0.0', TU)} : {tensor([n, n], 'i1')}, {TU}")
    y = b.op(f"tile.dot {x}, {u}, {b.dense('0.0', TC)} : {TX}, {TU} -> {TC}")
    b.emit(f"tile.store {y}, %Y[{row}, {zero}] strides [%N, {one}] bounds [%M, %N] : {TC}, memref<?xf32>")
    params = [f"%X: memref<?x{el}>", "%Y: memref<?xf32>", "%M: index", "%N: index"]
    args = [buf("X", el, M * N, idx + 1), buf("Y", "f32", M * N, 0, "zeros"), f"M={M}", f"N={N}"]
    name = f"scandot{idx}"
    return Case("scan", name, kernel(name, params, b), args, (cdiv(M, R),), has_dot=True,
                note=f"scan-dot {el} {R}x{n} M={M} N={N}")


def gen_loop_carried(r, idx):
    """Per-row statistics over column chunks: several loop-carried values
    (a running max, a sum, a carried tile), sometimes nested loops."""
    el = r.choice(["f32", "f16"])
    R = r.choice([1, 2, 4, 8, 16])
    Cc = r.choice([8, 16, 32, 64, 128])
    while R * Cc > 2048:
        Cc //= 2
    M, N = r.randint(1, 2 * R + 3), r.randint(1, 4 * Cc + 7)
    b = Body()
    p = b.op("tile.program_id x : index", "p")
    row = b.op(f"arith.muli {p}, {b.index(R)} : index")
    one, zero = b.index(1), b.index(0)
    TX, TF, TR = tensor([R, Cc], el), tensor([R, Cc], "f32"), tensor([R], "f32")
    step = r.choice([Cc, Cc, Cc // 2 if Cc > 8 else Cc])
    variant = r.choice(["max_sum", "tile_acc", "sumsq", "nested"])
    ninf = b.dense("0xFF800000", TR)
    z = b.dense("0.0", TR)
    zt = b.dense("0.0", TF)
    if variant == "nested":
        # outer loop over two passes (scale 1 then 2), inner over chunks
        b.emit(f"%res = tile.for_range %q = {zero} to {b.index(2)} step {one} iter_args(%o = {z}) -> ({TR}) {{")
    b.emit(f"%m, %s, %t = tile.for_range %j = {zero} to %N step {b.index(step)} iter_args(%mi = {ninf}, %si = {z}, %ti = {zt}) -> ({TR}, {TR}, {TF}) {{")
    x = b.op(f"tile.load %X[{row}, %j] strides [%N, {one}] bounds [%M, %N] {{padding = 0.0 : {el}}} : memref<?x{el}> -> {TX}")
    if el != "f32":
        x = b.op(f"arith.extf {x} : {TX} to {TF}")
    # mask columns >= N to -inf for the maximum
    ji = b.op("arith.index_cast %j : index to i32")
    lanes = b.op(f"tile.arange : {tensor([Cc], 'i32')}")
    jv = b.op(f"tile.splat {ji} : i32 -> {tensor([Cc], 'i32')}")
    colsv = b.op(f"arith.addi {lanes}, {jv} : {tensor([Cc], 'i32')}")
    cols2 = b.op(f"tile.broadcast {colsv} dim 1 : {tensor([Cc], 'i32')} -> {tensor([R, Cc], 'i32')}")
    ni = b.op("arith.index_cast %N : index to i32")
    nv = b.op(f"tile.splat {ni} : i32 -> {tensor([R, Cc], 'i32')}")
    valid = b.op(f"arith.cmpi slt, {cols2}, {nv} : {tensor([R, Cc], 'i32')}")
    xm = b.op(f"arith.select {valid}, {x}, {b.dense('0xFF800000', TF)} : {tensor([R, Cc], 'i1')}, {TF}")
    cm = b.op(f"tile.reduce maximumf {xm} dim 1 : {TF} -> {TR}")
    mn = b.op(f"arith.maximumf %mi, {cm} : {TR}")
    if variant == "sumsq":
        sq = b.op(f"arith.mulf {x}, {x} : {TF}")
        cs = b.op(f"tile.reduce add {sq} dim 1 : {TF} -> {TR}")
    else:
        cs = b.op(f"tile.reduce add {x} dim 1 : {TF} -> {TR}")
    sn = b.op(f"arith.addf %si, {cs} : {TR}")
    tn = b.op(f"arith.addf %ti, {b.op(f'math.absf {x} : {TF}')} : {TF}")
    b.emit(f"tile.yield {mn}, {sn}, {tn} : {TR}, {TR}, {TF}")
    b.emit("}")
    tsum = b.op(f"tile.reduce add %t dim 1 : {TF} -> {TR}")
    out = b.op(f"arith.addf %m, %s : {TR}")
    out = b.op(f"arith.addf {out}, {tsum} : {TR}")
    if variant == "nested":
        out = b.op(f"arith.addf %o, {out} : {TR}")
        b.emit(f"tile.yield {out} : {TR}")
        b.emit("}")
        out = "%res"
    # rows past M: the -inf max + ... stays out of the store by its bounds
    b.emit(f"tile.store {out}, %Y[{row}] bounds [%M] : {TR}, memref<?xf32>")
    params = [f"%X: memref<?x{el}>", "%Y: memref<?xf32>", "%M: index", "%N: index"]
    args = [buf("X", el, M * N, idx + 1), buf("Y", "f32", M, 0, "zeros"), f"M={M}", f"N={N}"]
    name = f"loop{idx}"
    return Case("scan", name, kernel(name, params, b), args, (cdiv(M, R),),
                note=f"loop {variant} {el} {R}x{Cc} step={step} M={M} N={N}")


GENERATORS = {"gather": gen_gather, "reduce": gen_reduce, "elemwise": gen_elemwise,
              "dot": gen_dot, "scan": gen_scan}


def generate(family, seed):
    r = random.Random(seed * 7919 + FAMILIES.index(family))
    return GENERATORS[family](r, seed)


if __name__ == "__main__":
    import sys
    fam = sys.argv[1] if len(sys.argv) > 1 else "gather"
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    c = generate(fam, seed)
    print(f"// {c.note}\n// tile-run ARGS: " + " ".join("--arg " + a for a in c.args) +
          " --grid " + ",".join(map(str, c.grid)))
    print(c.text)
