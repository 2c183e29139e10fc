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
    alone.

    With `factor=N` (N >= 2) every loop with a constant step, whatever its
    bounds, is unrolled by N: a main loop with step `N * step` runs N copies of the body
    per iteration, and a remainder loop with the original step runs the
    `trip_count mod N` iterations that are left, so the result is correct for
    any trip count. When the trip count is constant, a main or remainder
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
           "loop (0: full unroll of constant trip counts only)">
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

def TileMergeOnlineLoops : Pass<"tile-merge-online-loops"> {
  let summary = "Merge a running-maximum loop and a following sum-of-exp "
                "loop into one online loop";
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
