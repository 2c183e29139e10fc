//===- Passes.td - tile dialect passes ---------------------*- tablegen -*-===//

#ifndef TILE_DIALECT_TILE_TRANSFORMS_PASSES_TD
#define TILE_DIALECT_TILE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileForRangeToSCF : Pass<"tile-for-range-to-scf"> {
  let summary = "Lower tile.for_range to scf.for";
  let description = [{
    Rewrites every `tile.for_range` into an `scf.for` with the same bounds,
    step, loop-carried values and body; `tile.yield` becomes `scf.yield`.
    Runtime bounds stay runtime bounds. A `num_stages` hint is kept on the
    `scf.for` as the discardable attribute `tile.num_stages` so that later
    pipelining can read it.

    Example:

    ```mlir
    %r = tile.for_range %k = %c0 to %K step %c32 iter_args(%a = %z) -> (f32) {
      ...
      tile.yield %n : f32
    }
    // becomes
    %r = scf.for %k = %c0 to %K step %c32 iter_args(%a = %z) -> (f32) {
      ...
      scf.yield %n : f32
    }
    ```
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

def TileUnroll : Pass<"tile-unroll"> {
  let summary = "Unroll tile.for_range loops fully or by a factor";
  let description = [{
    Without `factor`, every `tile.for_range` whose trip count is a constant
    no larger than `max-trip-count` is unrolled fully into straight-line IR:
    the body is cloned once per iteration with the induction variable
    replaced by its constant value and each iteration's loop-carried values
    (e.g. the accumulator of a K loop) taken from the previous iteration's
    `tile.yield`. Loops with runtime bounds or longer trip counts are left
    alone. `max-unrolled-ops` is the size budget: a loop is unrolled fully
    only when its trip count times the ops of its body (nested ops included,
    after its inner loops were unrolled) is at most that, so a loop whose
    copies would swamp the kernel stays a loop.

    With `factor=N` (N >= 2) every loop with a constant step, whatever its
    bounds, is unrolled by N: a main loop with step `N * step` runs N copies of the body
    per iteration, and a remainder loop with the original step runs the
    `trip_count mod N` iterations that are left, so the result is correct for
    any trip count. The remainder loop is marked `tile.unroll` (fewer than N
    iterations: the backend asks its compiler to unroll it when its bounds
    are constants). When the trip count is constant, a main or remainder
    loop that would run zero times is not created and one that runs once is
    inlined. `max-trip-count` is ignored when `factor` is given. Loops with a
    runtime step are left alone (`step * N` could wrap), and so is a loop
    whose constant step times N overflows (it runs at most once).

    The pass computes what it can at compile time but does not clean up:
    run `canonicalize` afterwards to fold the remaining index arithmetic.

    Nested loops are unrolled innermost first.
  }];
  let options = [
    Option<"maxTripCount", "max-trip-count", "int64_t", /*default=*/"64",
           "Unroll fully only loops with a constant trip count up to this">,
    Option<"factor", "factor", "int64_t", /*default=*/"0",
           "Unroll every loop by this factor (at most 1024) with a remainder "
           "loop (0: full unroll of constant trip counts only)">,
    Option<"maxUnrolledOps", "max-unrolled-ops", "int64_t", /*default=*/"0",
           "Unroll fully only loops whose trip count times the ops in their "
           "body is at most this (0: no size limit)">
  ];
}

def TileFuseEpilogue : Pass<"tile-fuse-epilogue"> {
  let summary = "Fuse elementwise work on dot accumulators into tile.epilogue ops";
  let description = [{
    Gathers the elementwise `arith` and `math` ops that consume a `tile.dot`
    accumulator (the result of a dot, or of a loop that carries one) into a
    `tile.epilogue`, which the backend runs per register-resident
    accumulator element with no memory traffic beyond its inputs.

    The pass fuses by dataflow only: an op joins the epilogue when it is an
    elementwise, side-effect-free `arith` or `math` op in the accumulator's
    block whose tile operands have the accumulator's shape and each is
    - the accumulator (any number of times, e.g. `acc * sigmoid(acc)`) or
      another one,
    - an op already in the epilogue,
    - a splat constant or a `tile.splat` of a scalar (a runtime kernel
      argument), which become scalars in the body,
    - a `tile.broadcast` of a vector (a bias along rows or columns) or a
      `tile.load` of the accumulator's shape (a residual), which become
      inputs of the epilogue and keep their own bounds,
    - or an elementwise op of such operands only, used only by the epilogue.
    Each op is copied to the body as the same op on scalars, attributes
    included, so every `where` (`arith.cmpf` + `arith.select`), whatever
    its predicate and operands, keeps its exact meaning. Everything else
    stays where it is, unchanged: with `report`, the pass says in remarks
    what it fused and, for each op it left, why.

    Example:

    ```mlir
    %s = tile.splat %alpha : f32 -> tensor<64x64xf32>
    %x = arith.mulf %acc, %s : tensor<64x64xf32>
    %y = arith.maximumf %x, %zeros : tensor<64x64xf32>
    // becomes
    %y = tile.epilogue ins(%acc : tensor<64x64xf32>) -> tensor<64x64xf32> {
    ^bb0(%a: f32):
      %zero = arith.constant 0.0 : f32
      %x = arith.mulf %a, %alpha : f32
      %y = arith.maximumf %x, %zero : f32
      tile.yield %y : f32
    }
    ```
  }];
  let options = [
    Option<"report", "report", "bool", /*default=*/"false",
           "Emit a remark for each epilogue built and for each elementwise "
           "op on an accumulator left unfused, with the reason">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def TileSwizzle : Pass<"tile-swizzle"> {
  let summary = "Remap program ids for cache locality (lower tile.swizzle)";
  let description = [{
    Lowers every `tile.swizzle` to index arithmetic on the program ids and
    the grid sizes (`tile.num_programs`), following the mapping documented
    on the op, so that every backend gets the same order.

    With `default-pattern` other than `none`, a 2-D kernel (one that reads
    `tile.program_id x` and `y`) without a `tile.swizzle` first gets one
    with that pattern (and `default-block`, 0 meaning the pattern's default)
    on its program ids.

    Example:

    ```mlir
    %m, %n = tile.swizzle %pm, %pn {pattern = "grouped", block = 8} : index
    // becomes arithmetic on %pm, %pn, tile.num_programs x and y
    ```
  }];
  let options = [
    Option<"defaultPattern", "default-pattern", "std::string",
           /*default=*/"\"morton\"",
           "Pattern for 2-D kernels without a tile.swizzle: linear, diagonal, "
           "morton, grouped, hilbert, or none to leave them alone">,
    Option<"defaultBlock", "default-block", "int64_t", /*default=*/"0",
           "Block of the default pattern (0: the pattern's default)">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def TileGatherToLoad : Pass<"tile-gather-to-load"> {
  let summary = "Rewrite gathers and scatters whose offsets are a rectangle "
                "into tile.load and tile.store";
  let description = [{
    A `tile.gather` is lowered element by element; a `tile.load` gets vector
    loads and an unchecked path for tiles inside their bounds. This pass
    finds the gathers (and `tile.scatter`s) that are loads (stores) of a
    rectangle written with offsets, as Triton kernels write them
    (`rows[:, None] * stride + cols[None, :]`), and rewrites them.

    An offset analysis (`include/tile/Dialect/Tile/Analysis/OffsetAnalysis.h`)
    follows `tile.arange`, `tile.splat`, `tile.broadcast`, splat constants,
    `arith.addi`, `arith.subi`, `arith.muli` by a tile that does not depend
    on the position, `arith.index_cast` and `arith.extsi`, and offsets a
    `tile.for_range` carries and advances by the same step every iteration
    (Triton's `ptrs += BLOCK_K * stride`), to write the offsets as
    `base + a * s0 + b * s1` at element `(a, b)`, with `base` and the
    strides sums of products of scalars and constants. Anything else
    (`arith.remsi`, `arith.divsi`, loaded offsets) leaves the gather
    alone. The rewrite is
    `tile.load %buf[%i, %j] strides [%s0, %s1] bounds [%r, %c]` with
    `i * s0 + j * s1 = base`, when
    - there is no mask (then no bounds), or the mask is a conjunction (by
      `arith.andi`, through `tile.broadcast`) of signed comparisons (`slt`,
      `sle`, `sgt`, `sge`) each of which bounds the row index (a scalar
      start plus the position along dimension 0) or the column index by a
      scalar, at most once per dimension: element `(a, b)` is then valid
      iff `i + a < r && j + b < c`, tile.load's bounds;
    - and, with bounds, `other` is absent or a splat constant, which
      becomes the load's `padding`.
    Scatters become `tile.store` under the same conditions. What the pass
    cannot prove stays a gather: correct, only slower. Like Triton's
    analysis, it takes integer arithmetic on offsets not to wrap around.
    The index arithmetic it emits is left for `canonicalize` to fold.

    With `report`, each gather and scatter gets a remark: the rectangle it
    became, or why it stayed, with the offsets' per-dimension contiguity,
    divisibility and constancy.

    Example (`%rows` = `pid * 32 + arange`, `%cols` = `k + arange`):

    ```mlir
    %r = tile.broadcast %rows dim 0 : tensor<32xi32> -> tensor<32x32xi32>
    %c = tile.broadcast %cols dim 1 : tensor<32xi32> -> tensor<32x32xi32>
    %rK = arith.muli %r, %Kt : tensor<32x32xi32>
    %offs = arith.addi %rK, %c : tensor<32x32xi32>
    %inM = arith.cmpi slt, %r, %Mt : tensor<32x32xi32>
    %inK = arith.cmpi slt, %c, %Kt : tensor<32x32xi32>
    %m = arith.andi %inM, %inK : tensor<32x32xi1>
    %a = tile.gather %A[%offs] mask %m
        : memref<?xf32>, tensor<32x32xi32> -> tensor<32x32xf32>
    // becomes
    %a = tile.load %A[%row0, %k] strides [%K, %c1] bounds [%M, %K]
        : memref<?xf32> -> tensor<32x32xf32>
    ```
  }];
  let options = [
    Option<"report", "report", "bool", /*default=*/"false",
           "Emit a remark for each gather and scatter: the rectangle it "
           "became or why it stayed, with the offsets' axis facts">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def TileAssignLayouts : Pass<"tile-assign-layouts", "::mlir::ModuleOp"> {
  let summary = "Attach applegpu layout encodings to every tile of a tile kernel";
  let description = [{
    Decides how the threads of a threadgroup hold each tile (ranked tensor)
    of every `tile.kernel` function and writes the decision into the IR as
    the encoding of its tensor type, so that it can be read, checked with
    FileCheck and overridden. `convert-tile-to-applegpu` reads nothing
    else.

    * `#applegpu.uniform`: a tile all of whose elements are one value
      (splats, splat constants, elementwise math and broadcasts of those).
    * `#applegpu.fragments<simdgroups = [WM, WN]>`: `tile.dot` results and
      accumulators, and everything tied to them (elementwise math, loop
      values, epilogues, residual loads of their shape). The grid is the
      kernel's `tile.simdgroups`, else 2x2, reduced to 1 along a dimension
      whose 8x8 fragments cannot be split in two.
    * With the tensor-ops backend (`backend=tensorops`, or `auto` for
      apple10, unless some dot's accumulator cannot be split over the grid
      into matmul2d destinations but can into 8x8 fragments: `auto` then
      keeps the simdgroup_matrix layouts for that kernel and says so in a
      remark): `#applegpu.cooperative<simdgroups = [WM, WN]>` instead of
      fragments, and `#applegpu.view` for dot operands: a `tile.load` read
      only by dots (whose other operand is one too), with zero padding, a
      unit stride in one dimension and a buffer the kernel does not write
      is read by the dot through a tensor view; other operands are
      converted to `#applegpu.view` (staged in threadgroup memory).
      Reductions of cooperative tiles read them distributed.
    * `#applegpu.slice<dim, size, parent>`: what `tile.reduce` gives when
      it reduces a rank-2 tile, and what elementwise math on it keeps.
    * `#applegpu.distributed<threads = T, vector = V>`: every other tile,
      with `V = 4` when its last dimension is a multiple of 4, else 1.
      Kernels with a dot (or `tile.simdgroups`) run `32 * WM * WN` threads;
      the others a thread per element (or group of 4) of their largest
      tile, rounded up to a multiple of 32, at most 256.
    * Matvec dots: a `tile.dot` whose A has at most 8 rows (float
      operands, B's `N / V` column groups dividing 32 or a multiple of the
      thread count, no `tile.simdgroups` on the kernel) is marked
      `tile.matvec` and keeps a `distributed` accumulator: the conversion
      computes it on lanes, not in 8x8 fragments. A kernel whose dots are
      all matvec dots runs 128 threads, and on the tensor-ops backend gets
      these layouts too, with a remark (docs/layouts.md, "Matvec dots").

    Values tied together share a layout: the operands and results of
    elementwise ops and `tile.epilogue`, and the initial values, region
    arguments, yielded values and results of `scf.for`, `scf.if` and
    `tile.for_range`. Where a tile is used in a layout other than its own
    (a uniform tile added to a distributed one, a bias vector broadcast
    over an accumulator, a reduction result stored to memory, ...) a
    `tile.convert_layout` is inserted, one per value and layout, right
    after the value is defined. A tile made from scalars alone (a
    `tile.splat`, a `tile.arange` or a splat `arith.constant`) is made
    again in the layout its user wants instead, as the `tile.convert_layout`
    canonicalization would: every thread can compute its own elements, so
    nothing needs to move, and the original goes when nothing else uses it.

    Encodings already in the input are kept, and decide the layout of
    everything tied to them; conflicting ones are a located error. Running
    the pass twice changes nothing.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "GPU family: apple7, apple8, apple9 or apple10 (default: the "
           "kernel's or module's tile.target, else apple9)">,
    Option<"backend", "backend", "std::string", /*default=*/"\"auto\"",
           "auto (tensor ops for apple10, simdgroup_matrix otherwise), "
           "simdgroup or tensorops: which layouts dots get">
  ];
  let dependentDialects = ["::tile::applegpu::AppleGPUDialect"];
}

def TilePipelineLoads : Pass<"tile-pipeline-loads"> {
  let summary = "Read the tiles of later iterations of num_stages loops ahead";
  let description = [{
    Software-pipelines the loads of every `scf.for` whose `tile.num_stages`
    (from `tile.for_range {num_stages = N}`, kept by `tile-for-range-to-scf`)
    is N >= 2: each `tile.load` directly in the loop body is issued N - 1
    iterations ahead, when

    * its indices, strides and bounds depend on the loop only through the
      induction variable (values defined outside the loop, or pure scalar
      arithmetic in the body on those and the induction variable),
    * the kernel never stores to its buffer (reading ahead of a store could
      see an old value), and
    * the tile is held in registers: no encoding (the pass may run before
      `tile-assign-layouts`) or `#applegpu.distributed`. Tensor-ops dots
      read `#applegpu.view` operands from device memory themselves; those
      loads stay where they are.

    The loop then carries, per load, the tiles of the next N - 1
    iterations; iteration i uses the oldest and loads the tile of iteration
    i + N - 1 where the load was, so its device-memory latency overlaps
    the rest of the iteration (for a K loop: staging and multiplying the
    current tile). A prologue before the loop loads the first N - 1 tiles.

    A load at an iteration past the end must not touch memory. When one of
    the load's dimensions is indexed by the induction variable itself and
    bounded by the loop's upper bound (the usual
    `tile.load %A[%row, %k] ... bounds [%M, %K]` in a loop up to `%K`),
    every element of such an iteration is masked, so the load needs
    nothing more; any other load is guarded by `scf.if` (iteration < upper
    bound). The index arithmetic of the iterations ahead runs up to
    (N - 1) x step past the upper bound.

    The loop is marked `tile.loads_pipelined` (running the pass again
    changes nothing). A loop with no load to read ahead gets a remark, so
    the request is not dropped silently. The simdgroup backend of
    `convert-tile-to-applegpu` also reads `tile.num_stages`: the dots of
    such a loop alternate between two staging buffers (one barrier per
    staging step instead of two).

    Example (N = 2):

    ```mlir
    %r = scf.for %k = %c0 to %K step %c32 iter_args(%acc = %z) -> (...) {
      %a = tile.load %A[%row, %k] strides [%K, %c1] bounds [%M, %K] : ...
      %d = tile.dot %a, %b, %acc : ...
      scf.yield %d : ...
    } {tile.num_stages = 2 : i64}
    // becomes
    %a0 = tile.load %A[%row, %c0] strides [%K, %c1] bounds [%M, %K] : ...
    %r:2 = scf.for %k = %c0 to %K step %c32
        iter_args(%acc = %z, %a = %a0) -> (...) {
      %k1 = arith.addi %k, %c32 : index
      %next = tile.load %A[%row, %k1] strides [%K, %c1] bounds [%M, %K] : ...
      %d = tile.dot %a, %b, %acc : ...
      scf.yield %d, %next : ...
    } {tile.loads_pipelined, tile.num_stages = 2 : i64}
    ```
  }];
  let options = [
    Option<"maxDistance", "max-distance", "int64_t", /*default=*/"3",
           "Read at most this many iterations ahead, whatever num_stages "
           "asks (each one holds another copy of the loop's tiles in "
           "registers); a remark says when this limits a loop">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect"
  ];
}

def TileMergeOnlineLoops : Pass<"tile-merge-online-loops"> {
  let summary = "Merge a running-maximum or running-sum loop and the loop "
                "after it that re-reads its input into one online loop";
  let description = [{
    Finds two consecutive `tile.for_range` loops of a block over the same
    range (same lower bound, upper bound and step) where

    - the first carries one value, a running maximum:
      `acc = arith.maximumf(acc, x)` or `arith.maximumf(acc,
      tile.reduce maximumf x)` (one or two reductions), possibly as
      `arith.select(mask, arith.maximumf(...), acc)` so that masked-off
      lanes keep their value;
    - the second carries one value, a sum that starts at zero:
      `acc = arith.addf(acc, e)`, `e` being `math.exp(x - max)` or its
      sum by one or two `tile.reduce add`, each along a dimension the
      maximum is the same over, under the same mask if the first loop has
      one;
    - `max` is the first loop's result, or a `tile.reduce maximumf` of it,
      used as is or through one `tile.splat` or `tile.broadcast` that
      repeats it along the dimensions it was taken over;
    - `x` in the second loop is computed exactly as the first loop's `x`:
      the same ops on the same buffers, offsets, strides and bounds, with
      the induction variables in the same places;
    - and neither loop, nor anything between them, writes memory.

    This is softmax's normalizer (and log-sum-exp's): the maximum and then
    the sum of `exp(x - max)`. The pass replaces both loops with one loop
    that carries the running maximum `m` and a sum `s` relative to it:

    ```
    s' = s * exp(m - m') + exp(x - m')
    ```

    The factors telescope, so after the last iteration `s` is the sum of
    `exp(x - max)` over the whole range, in real arithmetic: the result
    differs from the two-loop form by rounding only (each term is rounded
    through a few more `exp` and multiplications). Since every `x` is at most
    the running maximum that shifts it, no term overflows where the
    two-loop form's would not. While the maximum is still `-inf` the shift
    is 0 (every `x` so far was `-inf`, and its term 0 rather than
    `exp(-inf + inf)` = NaN). One difference remains: for a row whose
    maximum is `-inf` (every element `-inf`, or only padding), the merged
    sum is 0 where the two-loop form computes NaN.

    `x` is then read once instead of twice (a three-pass softmax reads its
    input twice instead of three times). Everything else is left alone:
    in particular a second loop that uses the maximum other than as
    `exp(x - max)` (e.g. `x - max` summed as is, or `max` in a mask), which
    no rescaling can repair. With `report`, each loop followed by one that
    reads its result gets a remark: merged, or why not.

    The same for the variance after the mean (layer norm's statistics):
    when the first loop carries a sum, `acc = arith.addf(acc, x)` (or of
    `tile.reduce add x`, possibly under a mask), and the second carries one
    that starts at zero and adds `(x - mean) * (x - mean)` (or
    `(mean - x)`), summed by `tile.reduce add` along dimensions the mean is
    the same over or not at all, where

    - `mean` is anything computed from the first loop's result between the
      loops (typically `sum / N`), used in the second loop only there, as
      is or through one `tile.splat` or `tile.broadcast`;
    - `x - mean` may be zeroed by `arith.select(mask, d, 0)` before or after
      squaring (a ragged tail, Triton's `tl.where(mask, x - mean, 0.)`), and
      the update may be under a mask as above;
    - `x` is computed as the first loop computes what it sums (through its
      `tile.reduce add` and zeroing selects), as for the maximum.

    The merged loop carries, per lane of the sum, the count `n` of lanes
    summed (the select's mask decides which), a shift `c` that follows the
    running mean, `t = sum(x - c)` and `q = sum((x - c)^2)`, and folds each
    chunk in with Chan et al.'s parallel update (Welford's when a chunk
    brings one `x` per lane):

    ```
    n' = n + k
    c' = c + (t + sum(x - c)) / n'     (c stays while n' is 0)
    q' = q + (c - c') (2 t + n (c - c')) + sum((x - c')^2)
    t' = t + n (c - c') + sum(x - c')
    ```

    and after the loop replaces the second loop's result with
    `q + (c - mean) (2 t + n (c - mean))`, the mean being whatever the
    second loop read. This is exact in real arithmetic for any `c`, whatever
    the first loop's sum is; in f32 no step subtracts large squares (as
    `sum(x^2) - n mean^2` would), `x - c` is as small as `x - mean`, and
    `t` (0 in real arithmetic) keeps what rounding `c` cost, so the result
    is as accurate as the two loops'. Lanes the zeroing select keeps out
    count for neither `n` nor the sums; with no select every lane counts,
    as in the second loop (padding included). Refused, with a remark: a
    second loop that uses the mean other than in one `(x - mean)^2`
    (`|x - mean|`, `(x - mean)^3`, the mean in a mask), that stores (any
    write), that squares another buffer than the first sums, sums along a
    dimension the mean varies over, or starts from a nonzero sum.

    Example (`x` and `y` are equivalent loads of one row chunk):

    ```mlir
    %m = tile.for_range %i = %c0 to %N step %c128 iter_args(%a = %ninf)
        -> (f32) {
      %x = tile.load %X[%i] bounds [%N] {padding = 0xFF800000 : f32} : ...
      %r = tile.reduce maximumf %x dim 0 : tensor<128xf32> -> f32
      %n = arith.maximumf %a, %r : f32
      tile.yield %n : f32
    }
    %s = tile.for_range %j = %c0 to %N step %c128 iter_args(%b = %zero)
        -> (f32) {
      %y = tile.load %X[%j] bounds [%N] {padding = 0xFF800000 : f32} : ...
      %ms = tile.splat %m : f32 -> tensor<128xf32>
      %d = arith.subf %y, %ms : tensor<128xf32>
      %e = math.exp %d : tensor<128xf32>
      %t = tile.reduce add %e dim 0 : tensor<128xf32> -> f32
      %n = arith.addf %b, %t : f32
      tile.yield %n : f32
    }
    // becomes one loop carrying (%a, %b): the maximum as before, and
    // %b * exp(%a - %n) + sum(exp(%x - %n)), with the shift %n replaced
    // by 0 while it is -inf.
    ```
  }];
  let options = [
    Option<"report", "report", "bool", /*default=*/"false",
           "Emit a remark at each loop followed by a loop that reads its "
           "result: merged, or why not">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect"];
}

#endif // TILE_DIALECT_TILE_TRANSFORMS_PASSES_TD
