"""(e) scans, online-softmax and variance loop pairs, loop-carried values."""

from kernel_text import Case, Body, cdiv, tensor, is_float, kernel, buf


def gen_scan(r, idx):
    c = r.random()
    if c < 0.3:
        return gen_scan1d(r, idx)
    if c < 0.45:
        return gen_scan_dot(r, idx)
    if c < 0.7:
        return gen_online(r, idx)
    return gen_loop_carried(r, idx)


def gen_online(r, idx):
    """Pairs of loops tile-merge-online-loops merges (or refuses): a running
    maximum then the sum of exp(x - max) (softmax, log-sum-exp), or a sum
    then the sum of squares about the mean (layer norm)."""
    el = r.choice(["f32", "f32", "f16"])
    R = r.choice([1, 2, 4, 8, 16])
    Cc = r.choice([8, 16, 32, 64, 128])
    while R * Cc > 2048:
        Cc //= 2
    M, N = r.randint(1, 2 * R + 3), r.randint(1, 5 * Cc + 7)
    variant = r.choice(["softmax", "softmax", "variance"])
    masking = r.choice(["padding", "select"])
    prescale = r.random() < 0.3
    b = Body()
    p = b.op("tile.program_id x : index", "p")
    row = b.op(f"arith.muli {p}, {b.index(R)} : index")
    one, zero = b.index(1), b.index(0)
    TX, TF, TR = tensor([R, Cc], el), tensor([R, Cc], "f32"), tensor([R], "f32")
    TI = tensor([R, Cc], "i32")
    ninf = "0xFF800000" if el == "f32" else "0xFC00"
    pad = ninf if (variant == "softmax" and masking == "padding") else "0.0"
    ni = b.op("arith.index_cast %N : index to i32")
    nv = b.op(f"tile.splat {ni} : i32 -> {TI}")
    lanes = b.op(f"tile.arange : {tensor([Cc], 'i32')}")
    lanes2 = b.op(f"tile.broadcast {lanes} dim 1 : {tensor([Cc], 'i32')} -> {TI}")
    # constants the loops use, defined outside them (the cache hands them out)
    for v in ("4.0", "0xFF800000", "0.0"):
        b.dense(v, TF)

    def chunk():
        """The chunk as f32, its validity mask (emitted inside a loop)."""
        x = b.op(f"tile.load %X[{row}, %j] strides [%N, {one}] bounds [%M, %N] {{padding = {pad} : {el}}} : memref<?x{el}> -> {TX}")
        if el != "f32":
            x = b.op(f"arith.extf {x} : {TX} to {TF}")
        if prescale:
            x = b.op(f"arith.mulf {x}, {b.dense('4.0', TF)} : {TF}")
        ji = b.op("arith.index_cast %j : index to i32")
        cols = b.op(f"arith.addi {lanes2}, {b.op(f'tile.splat {ji} : i32 -> {TI}')} : {TI}")
        valid = b.op(f"arith.cmpi slt, {cols}, {nv} : {TI}")
        return x, valid

    TB = tensor([R, Cc], "i1")
    if variant == "softmax":
        b.emit(f"%m = tile.for_range %j = {zero} to %N step {b.index(Cc)} iter_args(%mi = {b.dense('0xFF800000', TR)}) -> ({TR}) {{")
        x, valid = chunk()
        if masking == "select":
            x = b.op(f"arith.select {valid}, {x}, {b.dense('0xFF800000', TF)} : {TB}, {TF}")
        cm = b.op(f"tile.reduce maximumf {x} dim 1 : {TF} -> {TR}")
        b.emit(f"tile.yield {b.op(f'arith.maximumf %mi, {cm} : {TR}')} : {TR}")
        b.emit("}")
        m2 = b.op(f"tile.broadcast %m dim 0 : {TR} -> {TF}")
        b.emit(f"%s = tile.for_range %j = {zero} to %N step {b.index(Cc)} iter_args(%si = {b.dense('0.0', TR)}) -> ({TR}) {{")
        x, valid = chunk()
        if masking == "select":
            x = b.op(f"arith.select {valid}, {x}, {b.dense('0xFF800000', TF)} : {TB}, {TF}")
        e = b.op(f"math.exp {b.op(f'arith.subf {x}, {m2} : {TF}')} : {TF}")
        cs = b.op(f"tile.reduce add {e} dim 1 : {TF} -> {TR}")
        b.emit(f"tile.yield {b.op(f'arith.addf %si, {cs} : {TR}')} : {TR}")
        b.emit("}")
        lse = b.op(f"arith.addf %m, {b.op(f'math.log %s : {TR}')} : {TR}")
        b.emit(f"tile.store %m, %A[{row}] bounds [%M] : {TR}, memref<?xf32>")
        b.emit(f"tile.store {lse}, %B[{row}] bounds [%M] : {TR}, memref<?xf32>")
    else:
        b.emit(f"%s = tile.for_range %j = {zero} to %N step {b.index(Cc)} iter_args(%si = {b.dense('0.0', TR)}) -> ({TR}) {{")
        x, valid = chunk()
        cs = b.op(f"tile.reduce add {x} dim 1 : {TF} -> {TR}")
        b.emit(f"tile.yield {b.op(f'arith.addf %si, {cs} : {TR}')} : {TR}")
        b.emit("}")
        nf = b.op(f"arith.sitofp {ni} : i32 to f32")
        mean = b.op(f"arith.divf %s, {b.op(f'tile.splat {nf} : f32 -> {TR}')} : {TR}")
        m2 = b.op(f"tile.broadcast {mean} dim 0 : {TR} -> {TF}")
        b.emit(f"%q = tile.for_range %j = {zero} to %N step {b.index(Cc)} iter_args(%qi = {b.dense('0.0', TR)}) -> ({TR}) {{")
        x, valid = chunk()
        d = b.op(f"arith.subf {x}, {m2} : {TF}")
        if r.random() < 0.5:
            d = b.op(f"arith.select {valid}, {d}, {b.dense('0.0', TF)} : {TB}, {TF}")
            sq = b.op(f"arith.mulf {d}, {d} : {TF}")
        else:
            sq = b.op(f"arith.mulf {d}, {d} : {TF}")
            sq = b.op(f"arith.select {valid}, {sq}, {b.dense('0.0', TF)} : {TB}, {TF}")
        cq = b.op(f"tile.reduce add {sq} dim 1 : {TF} -> {TR}")
        b.emit(f"tile.yield {b.op(f'arith.addf %qi, {cq} : {TR}')} : {TR}")
        b.emit("}")
        b.emit(f"tile.store {mean}, %A[{row}] bounds [%M] : {TR}, memref<?xf32>")
        b.emit(f"tile.store %q, %B[{row}] bounds [%M] : {TR}, memref<?xf32>")
    params = [f"%X: memref<?x{el}>", "%A: memref<?xf32>", "%B: memref<?xf32>", "%M: index", "%N: index"]
    args = [buf("X", el, M * N, idx + 1), buf("A", "f32", M, 0, "zeros"), buf("B", "f32", M, 0, "zeros"),
            f"M={M}", f"N={N}"]
    name = f"online{idx}"
    opts = ["--merge-online-loops=false"] if r.random() < 0.15 else []
    return Case("scan", name, kernel(name, params, b), args, (cdiv(M, R),), options=opts,
                note=f"online {variant} {el} {R}x{Cc} M={M} N={N} {masking} prescale={prescale} {' '.join(opts)}")


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
    colsv = b.positions("%j", tensor([Cc], 'i32'))
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
