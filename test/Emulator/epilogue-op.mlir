// tile-run --compare on hand-written tile.epilogue and tile.broadcast ops
// (not built by tile-fuse-epilogue): the emulator run of the generated MSL
// must agree with the tile interpreter on every buffer the kernel writes.
//
// A ragged 100x37x53 GEMM (2x1 programs of 64x64, 2x2 simdgroups) whose
// epilogue has two results stored to two buffers: C = relu(acc + bias) with
// a per-column bias, D = alpha * acc. Run with the pipeline's epilogue
// fusion on and off.
// RUN: tile-run %s --kernel gemm_two_outputs --grid 2,1 --arg A=f32:5300:random:1 --arg B=f32:1961:random:2 --arg C=f32:3700:zeros --arg D=f32:3700:zeros --arg Bias=f32:37:random:3 --arg alpha=0.5 --arg M=100 --arg N=37 --arg K=53 --compare --emit-msl %t.gemm.metal | FileCheck %s --check-prefix=GEMM
// RUN: tile-run --target apple10 --schedules 3 %s --kernel gemm_two_outputs --grid 2,1 --arg A=f32:5300:random:1 --arg B=f32:1961:random:2 --arg C=f32:3700:zeros --arg D=f32:3700:zeros --arg Bias=f32:37:random:3 --arg alpha=0.5 --arg M=100 --arg N=37 --arg K=53 --compare | FileCheck %s --check-prefix=GEMM
// RUN: %msl_check %t.gemm.metal
// RUN: tile-run %s --kernel gemm_two_outputs --grid 2,1 --arg A=f32:5300:random:1 --arg B=f32:1961:random:2 --arg C=f32:3700:zeros --arg D=f32:3700:zeros --arg Bias=f32:37:random:3 --arg alpha=0.5 --arg M=100 --arg N=37 --arg K=53 --compare --fuse-epilogue=false | FileCheck %s --check-prefix=GEMM
// RUN: tile-run --target apple10 --schedules 3 %s --kernel gemm_two_outputs --grid 2,1 --arg A=f32:5300:random:1 --arg B=f32:1961:random:2 --arg C=f32:3700:zeros --arg D=f32:3700:zeros --arg Bias=f32:37:random:3 --arg alpha=0.5 --arg M=100 --arg N=37 --arg K=53 --compare --fuse-epilogue=false | FileCheck %s --check-prefix=GEMM
// GEMM:      ran gemm_two_outputs on the emulator: ok
// GEMM-NEXT: compare C: max abs error {{.*}}: ok
// GEMM-NEXT: compare D: max abs error {{.*}}: ok

// No dot: a 45x100 matrix in 32x64 tiles (2x2 programs, both ragged), a
// per-row f32 scale broadcast along dim 0 and a per-column f16 shift
// broadcast along dim 1, combined by an epilogue with an i1 input:
// Z = X * scale + shift, W = X > 0 ? X : shift. W only selects, so it is
// exact; Z may be rounded once or twice (a contracted multiply-add).
// RUN: tile-run %s --kernel scale_shift --grid 2,2 --arg X=f32:4500:random:1 --arg S=f32:45:random:2 --arg T=f16:100:random:3 --arg Z=f32:4500:zeros --arg W=f32:4500:zeros --arg M=45 --arg N=100 --compare --emit-msl %t.nodot.metal | FileCheck %s --check-prefix=NODOT
// RUN: tile-run --target apple10 --schedules 3 %s --kernel scale_shift --grid 2,2 --arg X=f32:4500:random:1 --arg S=f32:45:random:2 --arg T=f16:100:random:3 --arg Z=f32:4500:zeros --arg W=f32:4500:zeros --arg M=45 --arg N=100 --compare | FileCheck %s --check-prefix=NODOT
// RUN: %msl_check %t.nodot.metal
// NODOT:      ran scale_shift on the emulator: ok
// NODOT-NEXT: compare Z: max abs error {{.*}}: ok
// NODOT-NEXT: compare W: max abs error 0, max rel error 0 {{.*}}: ok

func.func @gemm_two_outputs(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                            %D: memref<?xf32>, %Bias: memref<?xf32>, %alpha: f32,
                            %M: index, %N: index, %K: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %row = arith.muli %pm, %c64 : index
  %col = arith.muli %pn, %c64 : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = tile.for_range %k = %c0 to %K step %c32 iter_args(%a0 = %zero) -> (tensor<64x64xf32>) {
    %a = tile.load %A[%row, %k] strides [%K, %c1] bounds [%M, %K] : memref<?xf32> -> tensor<64x32xf32>
    %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xf32> -> tensor<32x64xf32>
    %d = tile.dot %a, %b, %a0 : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
    tile.yield %d : tensor<64x64xf32>
  }
  %bias = tile.load %Bias[%col] bounds [%N] : memref<?xf32> -> tensor<64xf32>
  %bias2d = tile.broadcast %bias dim 1 : tensor<64xf32> -> tensor<64x64xf32>
  %c, %dd = tile.epilogue ins(%acc, %bias2d : tensor<64x64xf32>, tensor<64x64xf32>)
      -> tensor<64x64xf32>, tensor<64x64xf32> {
  ^bb0(%x: f32, %y: f32):
    %z = arith.constant 0.0 : f32
    %s = arith.addf %x, %y : f32
    %r = arith.maximumf %s, %z : f32
    %m = arith.mulf %x, %alpha : f32
    tile.yield %r, %m : f32, f32
  }
  tile.store %c, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<64x64xf32>, memref<?xf32>
  tile.store %dd, %D[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<64x64xf32>, memref<?xf32>
  return
}

func.func @scale_shift(%X: memref<?xf32>, %S: memref<?xf32>, %T: memref<?xf16>,
                       %Z: memref<?xf32>, %W: memref<?xf32>,
                       %M: index, %N: index) attributes {tile.kernel} {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %row = arith.muli %pm, %c32 : index
  %col = arith.muli %pn, %c64 : index
  %x = tile.load %X[%row, %col] strides [%N, %c1] bounds [%M, %N] : memref<?xf32> -> tensor<32x64xf32>
  %s = tile.load %S[%row] bounds [%M] : memref<?xf32> -> tensor<32xf32>
  %t = tile.load %T[%col] bounds [%N] : memref<?xf16> -> tensor<64xf16>
  %s2 = tile.broadcast %s dim 0 : tensor<32xf32> -> tensor<32x64xf32>
  %t2 = tile.broadcast %t dim 1 : tensor<64xf16> -> tensor<32x64xf16>
  %zero = arith.constant dense<0.0> : tensor<32x64xf32>
  %pos = arith.cmpf ogt, %x, %zero : tensor<32x64xf32>
  %z, %w = tile.epilogue ins(%x, %s2, %t2, %pos : tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf16>, tensor<32x64xi1>)
      -> tensor<32x64xf32>, tensor<32x64xf32> {
  ^bb0(%a: f32, %b: f32, %c: f16, %p: i1):
    %cf = arith.extf %c : f16 to f32
    %ab = arith.mulf %a, %b : f32
    %abc = arith.addf %ab, %cf : f32
    %sel = arith.select %p, %a, %cf : f32
    tile.yield %abc, %sel : f32, f32
  }
  tile.store %z, %Z[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<32x64xf32>, memref<?xf32>
  tile.store %w, %W[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<32x64xf32>, memref<?xf32>
  return
}
