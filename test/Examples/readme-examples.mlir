// docs/tools.md's commands for the GEMM examples with epilogues and swizzling
// (keep in sync): `make run EXAMPLE=...` (the pipeline and the MSL
// translation; the MSL compiles against the shim) and the tile-run lines
// (the emulator agrees with the interpreter).
// RUN: tile-opt %tile_src_root/examples/gemm_relu.mlir --tile-to-applegpu=target=apple9 | tile-translate --mlir-to-msl > %t.relu.metal
// RUN: %msl_check %t.relu.metal
// RUN: tile-opt %tile_src_root/examples/gemm_bias_gelu.mlir --tile-to-applegpu=target=apple9 | tile-translate --mlir-to-msl > %t.gelu.metal
// RUN: %msl_check %t.gelu.metal
// RUN: FileCheck %s --check-prefix=GELU-MSL < %t.gelu.metal
// RUN: tile-opt %tile_src_root/examples/gemm_swizzled.mlir --tile-to-applegpu=target=apple9 | tile-translate --mlir-to-msl > %t.swizzled.metal
// RUN: %msl_check %t.swizzled.metal
// RUN: tile-run %tile_src_root/examples/gemm_relu.mlir --grid 2,1 --arg A=f32:5300:random:1 --arg B=f32:1961:random:2 --arg C=f32:3700:zeros --arg M=100 --arg N=37 --arg K=53 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %tile_src_root/examples/gemm_relu.mlir --grid 2,1 --arg A=f32:5300:random:1 --arg B=f32:1961:random:2 --arg C=f32:3700:zeros --arg M=100 --arg N=37 --arg K=53 --compare | FileCheck %s
// RUN: tile-run %tile_src_root/examples/gemm_bias_gelu.mlir --grid 2,1 --arg A=f32:5300:random:1 --arg B=f32:1961:random:2 --arg C=f32:3700:zeros --arg Bias=f32:37:random:3 --arg M=100 --arg N=37 --arg K=53 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %tile_src_root/examples/gemm_bias_gelu.mlir --grid 2,1 --arg A=f32:5300:random:1 --arg B=f32:1961:random:2 --arg C=f32:3700:zeros --arg Bias=f32:37:random:3 --arg M=100 --arg N=37 --arg K=53 --compare | FileCheck %s
// RUN: tile-run %tile_src_root/examples/gemm_bias_gelu.mlir --grid 5,3 --arg A=f32:16705:random:1 --arg B=f32:8385:random:2 --arg C=f32:33153:zeros --arg Bias=f32:129:random:3 --arg M=257 --arg N=129 --arg K=65 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %tile_src_root/examples/gemm_bias_gelu.mlir --grid 5,3 --arg A=f32:16705:random:1 --arg B=f32:8385:random:2 --arg C=f32:33153:zeros --arg Bias=f32:129:random:3 --arg M=257 --arg N=129 --arg K=65 --compare | FileCheck %s
// RUN: tile-run %tile_src_root/examples/gemm_swizzled.mlir --grid 3,5 --arg A=f32:6800:random:1 --arg B=f32:12000:random:2 --arg C=f32:51000:zeros --arg M=170 --arg N=300 --arg K=40 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %tile_src_root/examples/gemm_swizzled.mlir --grid 3,5 --arg A=f32:6800:random:1 --arg B=f32:12000:random:2 --arg C=f32:51000:zeros --arg M=170 --arg N=300 --arg K=40 --compare | FileCheck %s
// RUN: tile-opt %tile_src_root/examples/gemm_bias_gelu.mlir --tile-fuse-epilogue | FileCheck %s --check-prefix=GELU-FUSED

// CHECK: ran {{matmul[a-z_]*}} on the emulator: ok
// CHECK-NEXT: compare C: max abs error {{.*}}: ok

// The GELU is MSL's tanh on the lanes' accumulator elements.
// GELU-MSL: {{\[\[}}kernel]] void matmul_bias_gelu(
// GELU-MSL: tanh(

// GELU-FUSED:     %[[BIAS:.*]] = tile.broadcast
// GELU-FUSED-NEXT: tile.epilogue ins(%{{.*}}, %[[BIAS]] : tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
// GELU-FUSED:     math.tanh %{{.*}} : f32
// GELU-FUSED:     tile.yield
// GELU-FUSED-NEXT: }
// GELU-FUSED-NEXT: tile.store
