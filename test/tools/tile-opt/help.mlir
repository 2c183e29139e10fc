// RUN: tile-opt --help | FileCheck %s
// RUN: tile-opt --help | FileCheck %s --check-prefix=DIALECTS
// tile-opt --help lists the tile passes with their summaries (from
// Passes.td) and the options of tile-unroll right after it, and names
// the registered dialects. The passes are listed alphabetically among the
// upstream ones.

// DIALECTS: Available Dialects: applegpu, arith, builtin, func, math, memref, scf, tensor, tile, vector

// CHECK:      --tile-for-range-to-scf - Lower tile.for_range to scf.for
// CHECK-NEXT: --tile-fuse-epilogue - Fuse elementwise work on dot accumulators into tile.epilogue ops
// CHECK-NEXT:   --report - Emit a remark for each epilogue built and for each elementwise op on an accumulator left unfused, with the reason
// CHECK-NEXT: --tile-gather-to-load - Rewrite gathers and scatters whose offsets are a rectangle into tile.load and tile.store
// CHECK-NEXT:   --report - Emit a remark for each gather and scatter: the rectangle it became or why it stayed, with the offsets' axis facts
// CHECK-NEXT: --tile-merge-online-loops - Merge a running-maximum or running-sum loop and the loop after it that re-reads its input into one online loop
// CHECK-NEXT:   --report - Emit a remark at each loop followed by a loop that reads its result: merged, or why not
// CHECK-NEXT: --tile-pipeline-loads - Read the tiles of later iterations of num_stages loops ahead
// CHECK-NEXT:   --max-distance=<long> - Read at most this many iterations ahead, whatever num_stages asks (each one holds another copy of the loop's tiles in registers); a remark says when this limits a loop
// CHECK-NEXT: --tile-plan-threadgroup-memory - Place every threadgroup scratch buffer of a kernel in one arena, reusing bytes between buffers live at different times
// CHECK-NEXT:   --max-bytes=<long> - Threadgroup memory the plan may use, in bytes (at most 32768, the Apple GPU limit); a kernel needing more is an error
// CHECK-NEXT: --tile-swizzle - Remap program ids for cache locality (lower tile.swizzle)
// CHECK-NEXT:   --default-block=<long> - Block of the default pattern (0: the pattern's default)
// CHECK-NEXT:   --default-pattern=<string> - Pattern for 2-D kernels without a tile.swizzle: linear, diagonal, morton, grouped, hilbert, or none to leave them alone
// CHECK-NEXT: --tile-unroll - Unroll tile.for_range loops fully or by a factor
// CHECK-NEXT:   --factor=<long> - Unroll every loop by this factor (at most 1024) with a remainder loop (0: full unroll of constant trip counts only)
// CHECK-NEXT:   --max-trip-count=<long> - Unroll fully only loops with a constant trip count up to this

// The list starts with MLIR's and tile-mlir's options: what libLLVM registers
// for its backends and sanitizers is hidden (--help-hidden still has it).
// RUN: tile-opt --help | FileCheck %s --check-prefix=SHORT
// RUN: tile-opt --help-hidden | FileCheck %s --check-prefix=HIDDEN
// RUN: tile-translate --help | FileCheck %s --check-prefix=SHORT
// SHORT-NOT: --aarch64-
// SHORT-NOT: --spirv-
// SHORT-NOT: --asan-
// SHORT-NOT: Polly Options
// SHORT: --mlir-print-debuginfo
// SHORT-NOT: --aarch64-
// SHORT-NOT: --spirv-
// SHORT-NOT: --asan-
// SHORT-NOT: Polly Options
// HIDDEN: --asan-
