// A fused epilogue adds no global memory traffic beyond reading its own
// inputs. The same 257x129x65 GEMM (5x3 programs of 64x64) runs three
// ways: plain (examples/gemm.mlir), with the fused epilogue
// relu(alpha * acc + bias + R), and with the same epilogue compiled with
// fusion off. A, B and C cost the same bytes in all three; the epilogue
// adds exactly one read of each bias entry per program row (5 * 129 * 4 =
// 2580 bytes) and one of each residual element (257 * 129 * 4 = 132612).
// The bias passes through threadgroup memory: 64 entries written per
// program and 8 reads per thread (the lane's two columns in each of its 4
// fragment columns): 15 * 128 * 8 * 4 = 61440 bytes read and
// 15 * 64 * 4 = 3840 written more than the plain GEMM. In this backend the
// unfused epilogue also runs on the lanes' accumulator elements, so it
// costs the same: the fused kernel is checked to really hold a
// tile.epilogue.
//
// RUN: tile-run %tile_src_root/examples/gemm.mlir --grid 5,3 --arg A=f32:16705:random:1 --arg B=f32:8385:random:2 --arg C=f32:33153:zeros --arg M=257 --arg N=129 --arg K=65 --compare --stats > %t.plain
// RUN: tile-run %S/Inputs/gemm_bias_residual.mlir --grid 5,3 --arg A=f32:16705:random:1 --arg B=f32:8385:random:2 --arg C=f32:33153:zeros --arg Bias=f32:129:random:3 --arg R=f32:33153:random:4 --arg alpha=0.5 --arg M=257 --arg N=129 --arg K=65 --compare --stats > %t.fused
// RUN: tile-run %S/Inputs/gemm_bias_residual.mlir --grid 5,3 --arg A=f32:16705:random:1 --arg B=f32:8385:random:2 --arg C=f32:33153:zeros --arg Bias=f32:129:random:3 --arg R=f32:33153:random:4 --arg alpha=0.5 --arg M=257 --arg N=129 --arg K=65 --compare --stats --fuse-epilogue=false > %t.unfused
// RUN: cat %t.plain %t.fused %t.unfused | FileCheck %s
// RUN: tile-opt %S/Inputs/gemm_bias_residual.mlir --tile-fuse-epilogue | FileCheck %s --check-prefix=FUSED
//
// The same on apple10 (tensor ops): the operands are read through device
// tensor views (no threadgroup memory, no barriers in the plain GEMM; 135
// matmul2d calls, one per SIMD group and K step whose part is not empty),
// and the epilogue runs on each valid cooperative element: one read of
// each residual element, and each bias entry read once per program row,
// then once per output element from threadgroup memory (257 * 129 * 4 =
// 132612 bytes) after 64 entries are written per program (3840 bytes).
// RUN: tile-run --target apple10 %tile_src_root/examples/gemm.mlir --grid 5,3 --arg A=f32:16705:random:1 --arg B=f32:8385:random:2 --arg C=f32:33153:zeros --arg M=257 --arg N=129 --arg K=65 --compare --stats > %t.plain10
// RUN: tile-run --target apple10 %S/Inputs/gemm_bias_residual.mlir --grid 5,3 --arg A=f32:16705:random:1 --arg B=f32:8385:random:2 --arg C=f32:33153:zeros --arg Bias=f32:129:random:3 --arg R=f32:33153:random:4 --arg alpha=0.5 --arg M=257 --arg N=129 --arg K=65 --compare --stats > %t.fused10
// RUN: tile-run --target apple10 %S/Inputs/gemm_bias_residual.mlir --grid 5,3 --arg A=f32:16705:random:1 --arg B=f32:8385:random:2 --arg C=f32:33153:zeros --arg Bias=f32:129:random:3 --arg R=f32:33153:random:4 --arg alpha=0.5 --arg M=257 --arg N=129 --arg K=65 --compare --stats --fuse-epilogue=false > %t.unfused10
// RUN: cat %t.plain10 %t.fused10 | FileCheck %s --check-prefix=TENSOROPS
// RUN: cat %t.plain10 %t.unfused10 | FileCheck %s --check-prefix=TENSOROPS

// TENSOROPS:      ran matmul on the emulator: ok
// TENSOROPS-NEXT: compare C: {{.*}}: ok
// TENSOROPS-NEXT: stats: threadgroups 15, threads 1920, threadgroup barriers 0, simdgroup barriers 0, simdgroup MMAs 0, simd collectives 0, tensor ops 135
// TENSOROPS-NEXT: stats: buffer A: [[#A:]] bytes read, 0 bytes written
// TENSOROPS-NEXT: stats: buffer B: [[#B:]] bytes read, 0 bytes written
// TENSOROPS-NEXT: stats: buffer C: 0 bytes read, 132612 bytes written
// TENSOROPS-NEXT: stats: global memory: [[#A+B]] bytes read, 132612 bytes written
// TENSOROPS-NEXT: stats: threadgroup memory: 0 bytes read, 0 bytes written, 0 bytes per threadgroup
// TENSOROPS:      ran gemm_bias_res on the emulator: ok
// TENSOROPS-NEXT: compare C: {{.*}}: ok
// TENSOROPS-NEXT: stats: threadgroups 15, {{.*}}, tensor ops 135
// TENSOROPS-NEXT: stats: buffer A: [[#A]] bytes read, 0 bytes written
// TENSOROPS-NEXT: stats: buffer B: [[#B]] bytes read, 0 bytes written
// TENSOROPS-NEXT: stats: buffer C: 0 bytes read, 132612 bytes written
// TENSOROPS-NEXT: stats: buffer Bias: 2580 bytes read, 0 bytes written
// TENSOROPS-NEXT: stats: buffer R: 132612 bytes read, 0 bytes written
// TENSOROPS-NEXT: stats: global memory: [[#A+B+2580+132612]] bytes read, 132612 bytes written
// TENSOROPS-NEXT: stats: threadgroup memory: 132612 bytes read, 3840 bytes written

// CHECK:      ran matmul on the emulator: ok
// CHECK-NEXT: compare C: {{.*}}: ok
// CHECK-NEXT: stats: threadgroups 15,
// CHECK-NEXT: stats: buffer A: [[#A:]] bytes read, 0 bytes written
// CHECK-NEXT: stats: buffer B: [[#B:]] bytes read, 0 bytes written
// CHECK-NEXT: stats: buffer C: 0 bytes read, 132612 bytes written
// CHECK-NEXT: stats: global memory: [[#A+B]] bytes read, 132612 bytes written
// CHECK-NEXT: stats: threadgroup memory: [[#TGR:]] bytes read, [[#TGW:]] bytes written

// CHECK:      ran gemm_bias_res on the emulator: ok
// CHECK-NEXT: compare C: {{.*}}: ok
// CHECK-NEXT: stats: threadgroups 15,
// CHECK-NEXT: stats: buffer A: [[#A]] bytes read, 0 bytes written
// CHECK-NEXT: stats: buffer B: [[#B]] bytes read, 0 bytes written
// CHECK-NEXT: stats: buffer C: 0 bytes read, 132612 bytes written
// CHECK-NEXT: stats: buffer Bias: 2580 bytes read, 0 bytes written
// CHECK-NEXT: stats: buffer R: 132612 bytes read, 0 bytes written
// CHECK-NEXT: stats: global memory: [[#A+B+2580+132612]] bytes read, 132612 bytes written
// CHECK-NEXT: stats: threadgroup memory: [[#TGR+61440]] bytes read, [[#TGW+3840]] bytes written

// CHECK:      ran gemm_bias_res on the emulator: ok
// CHECK-NEXT: compare C: {{.*}}: ok
// CHECK-NEXT: stats: threadgroups 15,
// CHECK-NEXT: stats: buffer A: [[#A]] bytes read, 0 bytes written
// CHECK-NEXT: stats: buffer B: [[#B]] bytes read, 0 bytes written
// CHECK-NEXT: stats: buffer C: 0 bytes read, 132612 bytes written
// CHECK-NEXT: stats: buffer Bias: 2580 bytes read, 0 bytes written
// CHECK-NEXT: stats: buffer R: 132612 bytes read, 0 bytes written
// CHECK-NEXT: stats: global memory: [[#A+B+2580+132612]] bytes read, 132612 bytes written

// FUSED:     tile.for_range
// FUSED:     tile.epilogue ins
// FUSED-NOT: arith.{{.*}}tensor<64x64xf32>
// FUSED:     tile.store
