"""(d) GEMM tiles with epilogues and matvec-shaped dots."""

from kernel_text import Case, Body, cdiv, tensor, kernel, buf


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
    computedA = r.random() < 0.2
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
    aname = "%a"
    if computedA:  # an operand computed in the loop, as attention's P = exp(s)
        TAf = tensor([BM, BK], "f32")
        src = "%a"
        if el != "f32":
            b.emit(f"  %ax = arith.extf %a : {TA} to {TAf}")
            src = "%ax"
        b.emit(f"  %ae = math.exp {src} : {TAf}")
        if el != "f32":
            b.emit(f"  %ac = arith.truncf %ae : {TAf} to {TA}")
            aname = "%ac"
        else:
            aname = "%ae"
    if transB:
        b.emit(f"  %b = tile.load %B[%k, {col}] strides [{one}, %K] bounds [%K, %N] : memref<?x{el}> -> {TB}")
    else:
        b.emit(f"  %b = tile.load %B[%k, {col}] strides [%N, {one}] bounds [%K, %N] : memref<?x{el}> -> {TB}")
    b.emit(f"  %d = tile.dot {aname}, %b, %a0 : {TA}, {TB} -> {TC}")
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
    red = None
    if r.random() < 0.3:
        red = (r.choice(["add", "maximumf", "minimumf"]), r.choice([0, 1]))
        kind, dim = red
        # masked to the valid part: padding rows/cols of the accumulator are 0
        if dim == 1:
            v = b.op(f"tile.reduce {kind} {cur} dim 1 : {TC} -> {tensor([BM], 'f32')}")
            # Rs[pn * M + row]
            at = b.op(f"arith.addi {b.op(f'arith.muli {pn}, %M : index')}, {row} : index")
            end = b.op(f"arith.addi {b.op(f'arith.muli {pn}, %M : index')}, %M : index")
            b.emit(f"tile.store {v}, %Rs[{at}] bounds [{end}] : {tensor([BM], 'f32')}, memref<?xf32>")
            args_red = buf("Rs", "f32", M * cdiv(N, BN), 0, "zeros")
        else:
            v = b.op(f"tile.reduce {kind} {cur} dim 0 : {TC} -> {tensor([BN], 'f32')}")
            at = b.op(f"arith.addi {b.op(f'arith.muli {pm}, %N : index')}, {col} : index")
            end = b.op(f"arith.addi {b.op(f'arith.muli {pm}, %N : index')}, %N : index")
            b.emit(f"tile.store {v}, %Rs[{at}] bounds [{end}] : {tensor([BN], 'f32')}, memref<?xf32>")
            args_red = buf("Rs", "f32", N * cdiv(M, BM), 0, "zeros")
        params.append("%Rs: memref<?xf32>")
        args.append(args_red)
        epi.append(f"reduce {kind} dim {dim}")
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
