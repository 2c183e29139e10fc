"""(b) reductions and (c) elementwise chains with casts."""

from kernel_text import Case, Body, cdiv, tensor, is_float, kernel, buf, pick_rc


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
    transposed = r.random() < 0.25
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
        if transposed:  # X stored N x M: element (r, c) at c * M + r
            x = b.op(f"tile.load %X[{row}, {col}] strides [{b.index(1)}, %M] bounds [%M, %N] {pad_attr} : memref<?x{elem}> -> {TX}")
        else:
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
                elif is_float(elem) and kind in ("add", "maximumf", "maxnumf") and r.random() < 0.4:
                    # broadcast back and normalize (softmax-like), stored as a tile
                    back = b.op(f"tile.broadcast {res} dim 0 : {tensor([R], elem)} -> {TX}")
                    y = b.op(f"arith.subf {x}, {back} : {TX}")
                    b.emit(f"tile.store {y}, {out}[{row}, {col}] strides [%N, {b.index(1)}] bounds [%M, %N] : {TX}, memref<?x{elem}>")
                    args.append(buf(out[1:], elem, M * N, 0, "zeros"))
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
                note=f"{elem} {R}x{C} M={M} N={N} {chosen} sg={wm} transposed={transposed}")


# -------------------------------------------------------------- (c) elemwise
def gen_elemwise(r, idx):
    elem_in = r.choice(["f32", "f16", "bf16", "i32", "i8", "i16"])
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
    if elem_in in ("i8", "i16"):
        ext = r.choice(["extsi", "extui"])
        cur = b.op(f"arith.{ext} {cur} : {tensor(shape, elem_in)} to {tensor(shape, 'i32')}")
        ety = "i32"
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
                           "sqrt", "log", "rsqrt", "exp2", "sigmoid", "round", "roundeven", "trunc"])
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
        elif choice < 0.74:
            # special values: overflow to inf, 0/0 NaN, NaN-sensitive min/max,
            # unordered comparisons
            op = r.choice(["big", "rawdiv", "nanmax", "nanmin", "unordered", "inf-sub"])
            if op == "big":
                cur = b.op(f"arith.mulf {cur}, {b.dense(r.choice(['300.0', '1.0e4', '6.0e4']), T)} : {T}")
            elif op == "rawdiv":
                # x / floor(x * 2): 0 / 0, x / 0 and ordinary quotients
                fl = b.op(f"math.floor {b.op(f'arith.mulf {cur}, {b.dense(str(2.0), T)} : {T}')} : {T}")
                cur = b.op(f"arith.divf {cur}, {fl} : {T}")
            elif op in ("nanmax", "nanmin"):
                kind = r.choice(["maximumf", "maxnumf"] if op == "nanmax" else ["minimumf", "minnumf"])
                cur = b.op(f"arith.{kind} {cur}, {b.dense(r.choice(['0.0', '-0.5', '0x7FC00000' if ety == 'f32' else '0.25']), T)} : {T}")
                op = kind
            elif op == "unordered":
                cmp = r.choice(["ult", "uge", "uno", "ord", "ueq", "one"])
                m = b.op(f"arith.cmpf {cmp}, {cur}, {b.dense('0.125', T)} : {T}")
                cur = b.op(f"arith.select {m}, {cur}, {b.dense('-3.0', T)} : {tensor(shape, 'i1')}, {T}")
                op = cmp
            else:
                # inf - inf = NaN where x overflowed
                big = b.op(f"math.exp {b.op(f'arith.mulf {cur}, {b.dense(str(120.0), T)} : {T}')} : {T}")
                cur = b.op(f"arith.subf {big}, {big} : {T}")
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
    if ety == "i32" and r.random() < 0.3:
        nt = r.choice(["i8", "i16"])
        cur = b.op(f"arith.trunci {cur} : {tensor(shape, ety)} to {tensor(shape, nt)}")
        args[-4] = buf("Z", nt, M * N, 0, "zeros")
        params[-4] = f"%Z: memref<?x{nt}>"
        ety = nt
    if r.random() < 0.25:  # Z stored N x M
        b.emit(f"tile.store {cur}, %Z[{row}, {col}] strides [{one}, %M] bounds [%M, %N] : {tensor(shape, ety)}, memref<?x{ety}>")
        ops_done.append("storeT")
    else:
        b.emit(f"tile.store {cur}, %Z[{row}, {col}] strides [%N, {one}] bounds [%M, %N] : {tensor(shape, ety)}, memref<?x{ety}>")
    name = f"elemwise{idx}"
    attrs = "tile.kernel" + (f", tile.simdgroups = array<i64: {sg[0]}, {sg[1]}>" if sg else "")
    return Case("elemwise", name, kernel(name, params, b, attrs), args, (cdiv(M, R), cdiv(N, C)),
                note=f"{elem_in}->{ety} {R}x{C} M={M} N={N} sg={sg} {ops_done}")
