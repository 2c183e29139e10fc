// DEFINE: %{args} = --arg X=f32:1000:ones --arg Y=f32:1000:ones --arg Z=f32:1000:zeros --arg n=1000
// RUN: tile-run %tile_src_root/examples/vector_add.mlir %{args} --schedules 1 --progress=always 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: tile-run %tile_src_root/examples/vector_add.mlir %{args} --progress=always 2>&1 | FileCheck %s --check-prefix=THREE
// RUN: tile-run %tile_src_root/examples/vector_add.mlir %{args} 2>&1 | FileCheck %s --check-prefix=QUIET
// RUN: sh %tile_src_root/test/Emulator/Inputs/expect-exit.sh 2 tile-run %tile_src_root/examples/vector_add.mlir %{args} --schedules 2 2>&1 | FileCheck %s --check-prefix=TWO
// Long runs show progress: threadgroup runs done (over all schedules), on
// stderr, redrawn in place once a run has taken 2 s when stderr is a
// terminal (--progress=auto, the default: nothing here, stderr is a pipe),
// from the start and with a final line with --progress=always.
// --schedules 1 is a quick single run (no race detection).

// ONE: tile-run: 4 of 4 threadgroup runs done (100%)
// ONE: ran vector_add on the emulator: ok
// THREE: tile-run: 12 of 12 threadgroup runs done (100%)
// QUIET-NOT: threadgroup runs
// QUIET: ran vector_add on the emulator: ok
// QUIET-NOT: threadgroup runs
// TWO: tile-run: --schedules must be 1 (a single run, no race detection) or at least 3
