// RUN: tile-run %tile_src_root/examples/vector_add.mlir --arg X=f32:8:ones --arg Y=f32:8:ones --arg Z=f32:8:zeros --arg n=8 --print Z | FileCheck %s
// RUN: not tile-run %tile_src_root/examples/vector_add.mlir --arg X=f32:8:ones --arg Y=f32:8:ones --arg Z=f32:8:zeros --arg n=8 --print W 2>&1 | FileCheck %s --check-prefix=NO-BUFFER
// RUN: not tile-run %tile_src_root/examples/vector_add.mlir --arg X=f32:8:ones --arg Y=f32:8:ones --arg Z=f32:8:zeros --arg n=8 --print n 2>&1 | FileCheck %s --check-prefix=SCALAR
// RUN: not tile-run %tile_src_root/examples/vector_add.mlir --arg X=f32:8:ones --arg Y=f32:8:ones --arg Z=f32:8:zeros --arg n=8 --threads-per-threadgroup 64 2>&1 | FileCheck %s --check-prefix=TPT
// RUN: not tile-run %tile_src_root/examples/vector_add.mlir --arg X=f32:8:ones --arg Y=f32:8:ones --arg Z=f32:8:zeros --arg n=8 --constant k=1 2>&1 | FileCheck %s --check-prefix=CONSTANT
// Options are never silently ignored on a tile kernel (.mlir): --print prints
// the buffer as for MSL inputs, and options only MSL inputs take are refused
// (exit 2) instead of dropped.
// CHECK: ran vector_add on the emulator: ok
// CHECK-NEXT: Z: 2 2 2 2 2 2 2 2
// NO-BUFFER: tile-run: --print W: the kernel has no buffer 'W'
// SCALAR: tile-run: --print n: the kernel has no buffer 'n'
// TPT: tile-run: --threads-per-threadgroup is for MSL inputs (.metal); a tile kernel's compiled code sets it
// CONSTANT: tile-run: --constant is for MSL inputs
