"""(a) gathers, scatters and atomics through computed offsets."""

from kernel_text import Case, Body, cdiv, tensor, is_float, fconst, kernel, buf, pick_rc


def gen_atomic(r, idx):
    """Histogram-style atomics at computed bins (x // d % B), i32 kinds exact;
    f32 adds into a few bins (a sum in any order)."""
    n = r.choice([32, 64, 96, 128, 256])
    N = r.randint(1, 3 * n + 5)
    B = r.randint(1, 40)
    d = r.choice([1, 2, 8])
    kinds = r.sample(["add", "maxsi", "minsi", "maxui", "minui", "and", "or", "xor", "xchg", "fadd", "old"], r.randint(1, 3))
    b = Body()
    T, TF = tensor([n], "i32"), tensor([n], "f32")
    p = b.op("tile.program_id x : index", "p")
    start = b.op(f"arith.muli {p}, {b.index(n)} : index")
    x = b.op(f"tile.load %X[{start}] bounds [%N] : memref<?xi32> -> {T}")
    idxv = b.positions(start, T)
    ni = b.op("arith.index_cast %N : index to i32")
    valid = b.op(f"arith.cmpi slt, {idxv}, {b.op(f'tile.splat {ni} : i32 -> {T}')} : {T}")
    # bins: ((x + 8) // d) % B, in [0, B)
    xb = b.op(f"arith.addi {x}, {b.dense(8, T)} : {T}")
    xb = b.op(f"arith.divui {xb}, {b.dense(d, T)} : {T}")
    bins = b.op(f"arith.remui {xb}, {b.dense(B, T)} : {T}")
    params = ["%X: memref<?xi32>"]
    args = [buf("X", "i32", N, idx + 1)]
    for j, kind in enumerate(kinds):
        out = f"%H{j}"
        if kind == "fadd":
            f = b.op(f"tile.load %F[{start}] bounds [%N] : memref<?xf32> -> {TF}")
            b.op(f"tile.atomic_rmw add {out}[{bins}], {f} mask {valid} : memref<?xf32>, {T} -> {TF}")
            params.append(f"{out}: memref<?xf32>")
            args.append(buf(out[1:], "f32", B, 0, "zeros"))
            if "%F:" not in " ".join(params):
                params.insert(1, "%F: memref<?xf32>")
                args.insert(1, buf("F", "f32", N, idx + 2))
        elif kind == "old":
            # the old values of an add at distinct addresses (idx), stored
            ones = b.dense(1, T)
            old = b.op(f"tile.atomic_rmw add {out}[{idxv}], {ones} mask {valid} : memref<?xi32>, {T} -> {T}")
            b.emit(f"tile.store {old}, %Old{j}[{start}] bounds [%N] : {T}, memref<?xi32>")
            params += [f"{out}: memref<?xi32>", f"%Old{j}: memref<?xi32>"]
            args += [buf(out[1:], "i32", N, idx + 3), buf(f"Old{j}", "i32", N, 0, "zeros")]
        elif kind == "xchg":
            # distinct addresses, so the result is defined
            b.op(f"tile.atomic_rmw xchg {out}[{idxv}], {x} mask {valid} : memref<?xi32>, {T} -> {T}")
            params.append(f"{out}: memref<?xi32>")
            args.append(buf(out[1:], "i32", N, 0, "zeros"))
        else:
            val = idxv if kind != "add" else b.dense(1, T)
            b.op(f"tile.atomic_rmw {kind} {out}[{bins}], {val} mask {valid} : memref<?xi32>, {T} -> {T}")
            params.append(f"{out}: memref<?xi32>")
            args.append(buf(out[1:], "i32", B, 0, "ones" if kind in ("minui", "and") else "zeros"))
    params.append("%N: index")
    args.append(f"N={N}")
    name = f"atomic{idx}"
    return Case("gather", name, kernel(name, params, b), args, (cdiv(N, n),),
                note=f"atomics n={n} N={N} B={B} d={d} {kinds}")


def gen_gather(r, idx):
    c = r.random()
    if c < 0.2:
        return gen_gather_gemm(r, idx)
    if c < 0.35:
        return gen_atomic(r, idx)
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
        if r.random() < 0.5 or div & (div - 1):  # a shift only for powers of two
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
    rows = b.positions(row, T1M)
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
