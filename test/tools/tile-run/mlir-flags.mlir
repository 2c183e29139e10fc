// tile-run takes MLIR's debugging flags as tile-opt does: IR printing around
// the compile pipeline's passes, pass timing.
// RUN: tile-run %tile_src_root/examples/vector_add.mlir --arg X=f32:100:random:1 --arg Y=f32:100:random:2 --arg Z=f32:100:zeros --arg n=100 --mlir-print-ir-after=convert-tile-to-applegpu 2>&1 | FileCheck %s --check-prefix=PRINT
// PRINT: IR Dump After ConvertTileToAppleGPU
// PRINT: applegpu.kernel
// PRINT: ran vector_add on the emulator: ok
// RUN: tile-run %tile_src_root/examples/vector_add.mlir --arg X=f32:100:random:1 --arg Y=f32:100:random:2 --arg Z=f32:100:zeros --arg n=100 --mlir-timing 2>&1 | FileCheck %s --check-prefix=TIMING
// TIMING-DAG: ran vector_add on the emulator: ok
// TIMING-DAG: Execution time report
// TIMING-DAG: ConvertTileToAppleGPU
