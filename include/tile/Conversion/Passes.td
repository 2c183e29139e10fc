//===- Passes.td - tile-mlir conversion passes -------------*- tablegen -*-===//

#ifndef TILE_CONVERSION_PASSES_TD
#define TILE_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTileToAppleGPU : Pass<"convert-tile-to-applegpu", "::mlir::ModuleOp"> {
  let summary = "Lower tile kernels to the applegpu dialect (simdgroup_matrix or Metal 4 tensor-ops backend)";
  let description = [{
    Rewrites every `tile.kernel` function into an `applegpu.kernel` whose
    body is ordinary `scf`/`arith`/`math`/`memref` code plus applegpu ops,
    ready for `tile-translate --mlir-to-msl`. The K loop must already be an
    `scf.for` (`tile-for-range-to-scf`; the `tile-to-applegpu` pipeline runs
    it).

    How tiles are laid out:

    * An accumulator (the result and accumulator of `tile.dot`, the loop
      values that carry it, and elementwise math on it) is split over the
      kernel's WM x WN SIMD groups (`tile.simdgroups`), each holding its
      part as 8x8 `simdgroup_matrix` fragments; elementwise math runs on the
      two elements each lane holds.
    * Dot operands are read cooperatively by all threads of the threadgroup
      (element e of the tile by thread e mod T, then e + T, ...; or groups
      of 4 elements, see below), with the
      exact strides and offsets of their `tile.load`, written to threadgroup
      memory (rows padded by 16 bytes against bank conflicts when that fits
      in 32 KiB), and read back as fragments, each once per use.
    * Any other tile is distributed over the threads the same way; a scalar
      broadcast (`tile.splat`, a splat constant) stays one scalar.
    * When the last dimension of a distributed tile is a multiple of 4, each
      thread holds groups of 4 consecutive elements; a group with unit
      stride, inside the bounds and 4-aligned (checked at run time) is read
      with one vector load.

    `bounds` are exact for any shape: masked elements read the padding value
    and are never written. An accumulator tile that lies inside the bounds
    with unit column stride is stored with `simdgroup_store` (fast path);
    other tiles take a guarded per-element path.

    With the tensor-ops backend (`backend=tensorops`, or `auto` on
    apple10; the layouts of `tile-assign-layouts` say which, and with
    `auto` they may be simdgroup_matrix ones on apple10 for a kernel whose
    accumulators matmul2d cannot take over its grid), each SIMD
    group runs its own Metal 4 `matmul2d` on its part of the accumulator,
    held in the destination cooperative tensor: operands in the
    `#applegpu.view` layout are read from device memory through tensor
    views clipped to the load's bounds (dynamic K), others are staged in
    threadgroup memory; element-wise work on cooperative tiles runs per
    valid cooperative element at the position the cooperative tensor gives.
    docs/tensorops.md describes it.

    Without `tile.simdgroups` the SIMD-group grid is 2x2, reduced to 1 along
    a dimension whose fragments cannot be split in two. Kernels without a
    dot run a thread per element (or per group of 4) of their largest tile,
    rounded up to a multiple of 32, at most 256.

    Threadgroup memory follows the plan of `tile-plan-threadgroup-memory`
    (the kernel's `applegpu.threadgroup_memory`, each op's
    `#applegpu.scratch`, each dot's `#applegpu.dot_staging`; made here, by
    the same code, when the kernel carries none): one
    `applegpu.alloc_threadgroup` of bytes, and an `applegpu.threadgroup_view`
    of it per buffer.

    Checked, with located diagnostics: at most 32768 bytes of threadgroup
    memory (by the plan), at most 1024 threads per threadgroup, at most 31
    buffer bindings; shapes that cannot be split into fragments; constructs
    the backend does not support.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "GPU family: apple7, apple8, apple9 or apple10 (default: the "
           "kernel's or module's tile.target, else apple9)">,
    Option<"backend", "backend", "std::string", /*default=*/"\"auto\"",
           "auto (from the target), simdgroup or tensorops">,
    Option<"relaxedF32", "relaxed-f32", "bool", /*default=*/"true",
           "Let tensor-ops dots on f32 operands use relaxed_precision (M5 "
           "rounds the operands to a 10-bit mantissa, like TF32); false "
           "makes such dots an error">
  ];
  let dependentDialects = [
    "::tile::applegpu::AppleGPUDialect", "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect", "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect", "::mlir::vector::VectorDialect"
  ];
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

def TilePlanThreadgroupMemory
    : Pass<"tile-plan-threadgroup-memory", "::mlir::ModuleOp"> {
  let summary = "Place every threadgroup scratch buffer of a kernel in one "
                "arena, reusing bytes between buffers live at different times";
  let description = [{
    Plans the threadgroup memory of each `tile.kernel` whose tiles carry
    applegpu layouts (after `tile-assign-layouts` and `tile-pipeline-loads`,
    before `convert-tile-to-applegpu`, which reads the plan). It finds every
    buffer the lowering will need: the staging buffers of simdgroup_matrix
    dots (with their K sub-steps, padding and alternating halves), layout
    conversions through memory, reductions across SIMD groups, staged
    tensor-ops operands and conversions into the cooperative layout. It
    sizes each from the types, layouts and threadgroup configuration, gives
    each a live range in program order (an op's own scratch lives at the
    op; the alternating staging halves of a pipelined loop across the loop;
    a conversion into the cooperative layout until the last use of what is
    computed from it), and packs them first-fit, 16-byte aligned, into one
    allocation where buffers live at different times share bytes. The dot
    staging plan is the best one (fewest barriers, then alternation, then
    padding, then fewer K steps) whose packed total fits.

    The plan is written into the IR:

    * `applegpu.threadgroup_memory = N : i64` on the kernel: the arena's
      size in bytes;
    * `applegpu.scratch = #applegpu.scratch<offset, bytes, reused>` on each
      op with scratch of its own;
    * `applegpu.dot_staging = #applegpu.dot_staging<...>` on each
      simdgroup_matrix `tile.dot`.

    When even the smallest plan needs more than `max-bytes`, the pass
    fails with an error at the op where the most bytes are live at once,
    and a note at the op of each buffer live there.

    Example:

    ```mlir
    %s = tile.reduce add %x {dim = 1 : i64} : tensor<4x48xf32, ...> -> ...
    // becomes
    %s = tile.reduce add %x {applegpu.scratch = #applegpu.scratch<offset = 0,
        bytes = 192, reused = true>, dim = 1 : i64} : ...
    ```
  }];
  let options = [
    Option<"maxBytes", "max-bytes", "int64_t", /*default=*/"32768",
           "Threadgroup memory the plan may use, in bytes (at most 32768, "
           "the Apple GPU limit); a kernel needing more is an error">
  ];
  let dependentDialects = ["::tile::applegpu::AppleGPUDialect"];
}

#endif // TILE_CONVERSION_PASSES_TD
