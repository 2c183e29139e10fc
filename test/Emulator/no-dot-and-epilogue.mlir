// tile-run --compare on kernels without a dot (vector add with bounds, at
// sizes that do and do not fill the last tile) and on the ReLU GEMM example.

// RUN: tile-run %tile_src_root/examples/vector_add.mlir --grid 4 --arg X=f32:1000:random:1 --arg Y=f32:1000:random:2 --arg Z=f32:1000:zeros --arg n=1000 --compare | FileCheck %s --check-prefix=VADD
// RUN: tile-run %tile_src_root/examples/vector_add.mlir --grid 2 --arg X=f32:512:random:1 --arg Y=f32:512:random:2 --arg Z=f32:512:zeros --arg n=512 --compare | FileCheck %s --check-prefix=VADD
// RUN: tile-run %tile_src_root/examples/vector_add.mlir --grid 1 --arg X=f32:3:random:1 --arg Y=f32:3:random:2 --arg Z=f32:3:zeros --arg n=3 --compare | FileCheck %s --check-prefix=VADD
// RUN: tile-run %tile_src_root/examples/gemm_relu.mlir --grid 2,1 --arg A=f32:5300:random:1 --arg B=f32:1961:random:2 --arg C=f32:3700:zeros --arg M=100 --arg N=37 --arg K=53 --compare | FileCheck %s --check-prefix=RELU

// VADD: ran vector_add on the emulator: ok
// VADD-NEXT: compare Z: max abs error 0, max rel error 0 {{.*}}: ok
// RELU: ran matmul_relu on the emulator: ok
// RELU-NEXT: compare C: max abs error {{.*}}: ok
