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
    tensor-ops operands, conversions into the cooperative layout and the
    tensor-ops copies of another dot's cooperative tiles. It
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
    * `applegpu.cooperative_spill = #applegpu.scratch<...>` on each op that
      reads another dot's cooperative tiles at its own elements (tensor-ops
      backend): the region of their row-major copies;
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
