// RUN: tile-opt %s -split-input-file --tile-assign-layouts | FileCheck %s
// RUN: tile-opt %s -split-input-file -pass-pipeline='builtin.module(tile-assign-layouts)' | FileCheck %s
// The target does not change the layouts:
// RUN: tile-opt %s -split-input-file --tile-assign-layouts=target=apple7 | FileCheck %s
//
// Running the pass twice changes nothing: on its own output, in the same
// pipeline, and as a byte-for-byte comparison with one run.
// RUN: tile-opt %s -split-input-file --tile-assign-layouts | tile-opt -split-input-file --tile-assign-layouts | FileCheck %s
// RUN: tile-opt %s -split-input-file --tile-assign-layouts --tile-assign-layouts | FileCheck %s
// RUN: tile-opt %s -split-input-file --tile-assign-layouts > %t.once.mlir
// RUN: tile-opt %t.once.mlir -split-input-file --tile-assign-layouts > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
//
// The layouts chosen are ones the backend lowers, whether the pipeline
// chooses them or is given them, and the MSL compiles:
// RUN: tile-opt %s -split-input-file --tile-to-applegpu | tile-translate --mlir-to-msl -split-input-file > %t.metal
// RUN: %msl_check %t.metal
// RUN: tile-opt %t.once.mlir -split-input-file --tile-to-applegpu | tile-translate --mlir-to-msl -split-input-file > %t.given.metal
// RUN: %msl_check %t.given.metal
//
// The layouts tile-assign-layouts writes on the tiles of tile kernels (see
// its description in include/tile/Conversion/Passes.td): uniform splats,
// distributed dot operands and other tiles, fragments accumulators and
// everything tied to them, slices out of tile.reduce, and the
// tile.convert_layout ops it inserts where a tile is used in a layout other
// than its own (and nowhere else); splats, aranges and splat constants are
// made again in the wanted layout instead of converted.

//===----------------------------------------------------------------------===//
// 1. GEMM: distributed operands, fragments accumulator, uniform zero
//===----------------------------------------------------------------------===//

// The K loop still a tile.for_range. tile.simdgroups 2x2 -> 128 threads: the
// dot operands are distributed over 128 threads in groups of 4; the
// accumulator, the loop's initial value, region argument, yielded value and
// result and the dot result are fragments over the 2x2 grid. The zero init,
// a uniform splat constant, is made once (outside the loop) in the loop's
// layout; the store takes the accumulator as it is.
// CHECK-LABEL: func.func @gemm_for_range
// CHECK:         %[[INIT:.*]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>
// CHECK-NEXT:    %[[ACC:.*]] = tile.for_range %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A0:.*]] = %[[INIT]]) -> (tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>) {
// CHECK-NEXT:      %[[A:.*]] = tile.load {{.*}} : memref<?xf32> -> tensor<64x32xf32, #applegpu.distributed<threads = 128, vector = 4>>
// CHECK-NEXT:      %[[B:.*]] = tile.load {{.*}} : memref<?xf32> -> tensor<32x64xf32, #applegpu.distributed<threads = 128, vector = 4>>
// CHECK-NEXT:      %[[D:.*]] = tile.dot %[[A]], %[[B]], %[[A0]] : tensor<64x32xf32, #applegpu.distributed<threads = 128, vector = 4>>, tensor<32x64xf32, #applegpu.distributed<threads = 128, vector = 4>> -> tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>
// CHECK-NEXT:      tile.yield %[[D]] : tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>
// CHECK-NEXT:    }
// CHECK-NEXT:    tile.store %[[ACC]], {{.*}} : tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>, memref<?xf32>
// CHECK-NEXT:    return
func.func @gemm_for_range(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
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
  tile.store %acc, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<64x64xf32>, memref<?xf32>
  return
}

// -----

// The same GEMM with its loop already an scf.for, and no tile.simdgroups:
// the default grid of a 64x64 accumulator is 2x2.
// CHECK-LABEL: func.func @gemm_scf_for
// CHECK:         %[[INIT:.*]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>
// CHECK-NEXT:    %[[ACC:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A0:.*]] = %[[INIT]]) -> (tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>) {
// CHECK-NEXT:      %[[A:.*]] = tile.load {{.*}} : memref<?xf32> -> tensor<64x32xf32, #applegpu.distributed<threads = 128, vector = 4>>
// CHECK-NEXT:      %[[B:.*]] = tile.load {{.*}} : memref<?xf32> -> tensor<32x64xf32, #applegpu.distributed<threads = 128, vector = 4>>
// CHECK-NEXT:      %[[D:.*]] = tile.dot %[[A]], %[[B]], %[[A0]] : tensor<64x32xf32, #applegpu.distributed<threads = 128, vector = 4>>, tensor<32x64xf32, #applegpu.distributed<threads = 128, vector = 4>> -> tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>
// CHECK-NEXT:      scf.yield %[[D]] : tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>
// CHECK-NEXT:    }
// CHECK-NEXT:    tile.store %[[ACC]], {{.*}} : tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>, memref<?xf32>
// CHECK-NEXT:    return
func.func @gemm_scf_for(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                        %M: index, %N: index, %K: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %row = arith.muli %pm, %c64 : index
  %col = arith.muli %pn, %c64 : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = scf.for %k = %c0 to %K step %c32 iter_args(%a0 = %zero) -> (tensor<64x64xf32>) {
    %a = tile.load %A[%row, %k] strides [%K, %c1] bounds [%M, %K] : memref<?xf32> -> tensor<64x32xf32>
    %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xf32> -> tensor<32x64xf32>
    %d = tile.dot %a, %b, %a0 : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  tile.store %acc, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<64x64xf32>, memref<?xf32>
  return
}

// -----

// No tile.simdgroups and a 24x16 accumulator (at most 8 rows would be a
// matvec dot, tile-assign-layouts-matvec.mlir): three fragment rows cannot be
// split in two, so the default grid is 1x2 and the kernel runs 64 threads.
// The uniform zero is made in fragments where the dot uses it as its
// accumulator.
// CHECK-LABEL: func.func @gemm_default_grid_1x2
// CHECK:         %[[INIT:.*]] = arith.constant dense<0.000000e+00> : tensor<24x16xf32, #applegpu.fragments<simdgroups = [1, 2]>>
// CHECK-NEXT:    %[[A:.*]] = tile.load {{.*}} -> tensor<24x16xf32, #applegpu.distributed<threads = 64, vector = 4>>
// CHECK-NEXT:    %[[B:.*]] = tile.load {{.*}} -> tensor<16x16xf32, #applegpu.distributed<threads = 64, vector = 4>>
// CHECK-NEXT:    %[[D:.*]] = tile.dot %[[A]], %[[B]], %[[INIT]] : {{.*}} -> tensor<24x16xf32, #applegpu.fragments<simdgroups = [1, 2]>>
// CHECK-NEXT:    tile.store %[[D]], {{.*}} : tensor<24x16xf32, #applegpu.fragments<simdgroups = [1, 2]>>, memref<?xf32>
func.func @gemm_default_grid_1x2(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant dense<0.0> : tensor<24x16xf32>
  %a = tile.load %A[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<24x16xf32>
  %b = tile.load %B[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<16x16xf32>
  %d = tile.dot %a, %b, %zero : tensor<24x16xf32>, tensor<16x16xf32> -> tensor<24x16xf32>
  tile.store %d, %C[%c0, %c0] strides [%c16, %c1] : tensor<24x16xf32>, memref<?xf32>
  return
}

//===----------------------------------------------------------------------===//
// 2. GEMM + epilogue
//===----------------------------------------------------------------------===//

// -----

// relu(A @ B + bias + residual): the column bias is loaded distributed and
// converted to a slice of the accumulator's fragments (dim = 0: element j is
// held where column j is) right before tile.broadcast dim 1, whose result
// is then fragments like the accumulator; the residual load, tied to the
// accumulator by arith.addf, is fragments itself (no conversion); the
// uniform zero of the relu is made in fragments.
// CHECK-LABEL: func.func @gemm_bias_relu
// CHECK:         %[[ACC:.*]] = tile.for_range {{.*}} -> (tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>) {
// CHECK:         }
// CHECK-NEXT:    %[[BIAS:.*]] = tile.load {{.*}} : memref<?xf32> -> tensor<64xf32, #applegpu.distributed<threads = 128, vector = 4>>
// CHECK-NEXT:    %[[BIASS:.*]] = tile.convert_layout %[[BIAS]] : tensor<64xf32, #applegpu.distributed<threads = 128, vector = 4>> -> tensor<64xf32, #applegpu.slice<dim = 0, size = 64, parent = #applegpu.fragments<simdgroups = [2, 2]>>>
// CHECK-NEXT:    %[[BIAS2D:.*]] = tile.broadcast %[[BIASS]] dim 1 : tensor<64xf32, #applegpu.slice<dim = 0, size = 64, parent = #applegpu.fragments<simdgroups = [2, 2]>>> -> tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>
// CHECK-NEXT:    %[[X:.*]] = arith.addf %[[ACC]], %[[BIAS2D]] : tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>
// CHECK-NEXT:    %[[RES:.*]] = tile.load {{.*}} : memref<?xf32> -> tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>
// CHECK-NEXT:    %[[Y:.*]] = arith.addf %[[X]], %[[RES]] : tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>
// CHECK-NEXT:    %[[ZEROSF:.*]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>
// CHECK-NEXT:    %[[RELU:.*]] = arith.maximumf %[[Y]], %[[ZEROSF]] : tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>
// CHECK-NEXT:    tile.store %[[RELU]], {{.*}} : tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>, memref<?xf32>
// CHECK-NEXT:    return
func.func @gemm_bias_relu(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                          %Bias: memref<?xf32>, %R: memref<?xf32>,
                          %M: index, %N: index, %K: index)
    attributes {tile.kernel} {
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
  %x = arith.addf %acc, %bias2d : tensor<64x64xf32>
  %res = tile.load %R[%row, %col] strides [%N, %c1] bounds [%M, %N] : memref<?xf32> -> tensor<64x64xf32>
  %y = arith.addf %x, %res : tensor<64x64xf32>
  %zeros = arith.constant dense<0.0> : tensor<64x64xf32>
  %relu = arith.maximumf %y, %zeros : tensor<64x64xf32>
  tile.store %relu, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<64x64xf32>, memref<?xf32>
  return
}

// -----

// A tile.epilogue (as tile-fuse-epilogue writes it) ties its inputs and
// result like an elementwise op: a row bias (tile.broadcast dim 0, so a
// slice with dim = 1) and a uniform tile.splat (made again) are put in the
// accumulator's layout, a 1x1 grid here (tile.simdgroups), 32 threads.
// CHECK-LABEL: func.func @gemm_epilogue
// CHECK:         %[[A:.*]] = tile.load {{.*}} -> tensor<8x8xf32, #applegpu.distributed<threads = 32, vector = 4>>
// CHECK-NEXT:    %[[ACC:.*]] = tile.dot %[[A]], %[[A]], %{{.*}} : {{.*}} -> tensor<8x8xf32, #applegpu.fragments<simdgroups = [1, 1]>>
// CHECK-NEXT:    %[[BIAS:.*]] = tile.load {{.*}} -> tensor<8xf32, #applegpu.distributed<threads = 32, vector = 4>>
// CHECK-NEXT:    %[[BIASS:.*]] = tile.convert_layout %[[BIAS]] : tensor<8xf32, #applegpu.distributed<threads = 32, vector = 4>> -> tensor<8xf32, #applegpu.slice<dim = 1, size = 8, parent = #applegpu.fragments<simdgroups = [1, 1]>>>
// CHECK-NEXT:    %[[B2D:.*]] = tile.broadcast %[[BIASS]] dim 0 : {{.*}} -> tensor<8x8xf32, #applegpu.fragments<simdgroups = [1, 1]>>
// CHECK-NEXT:    %[[SF:.*]] = tile.splat %{{.*}} : f32 -> tensor<8x8xf32, #applegpu.fragments<simdgroups = [1, 1]>>
// CHECK-NEXT:    %[[R:.*]] = tile.epilogue ins(%[[ACC]], %[[B2D]], %[[SF]] : tensor<8x8xf32, #applegpu.fragments<simdgroups = [1, 1]>>, tensor<8x8xf32, #applegpu.fragments<simdgroups = [1, 1]>>, tensor<8x8xf32, #applegpu.fragments<simdgroups = [1, 1]>>) -> tensor<8x8xf32, #applegpu.fragments<simdgroups = [1, 1]>> {
// CHECK:           tile.yield %{{.*}} : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    tile.store %[[R]], {{.*}} : tensor<8x8xf32, #applegpu.fragments<simdgroups = [1, 1]>>, memref<?xf32>
func.func @gemm_epilogue(%A: memref<?xf32>, %Bias: memref<?xf32>, %C: memref<?xf32>, %alpha: f32)
    attributes {tile.kernel, tile.simdgroups = array<i64: 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant dense<0.0> : tensor<8x8xf32>
  %a = tile.load %A[%c0, %c0] strides [%c8, %c1] : memref<?xf32> -> tensor<8x8xf32>
  %acc = tile.dot %a, %a, %zero : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  %bias = tile.load %Bias[%c0] : memref<?xf32> -> tensor<8xf32>
  %b = tile.broadcast %bias dim 0 : tensor<8xf32> -> tensor<8x8xf32>
  %s = tile.splat %alpha : f32 -> tensor<8x8xf32>
  %r = tile.epilogue ins(%acc, %b, %s : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32> {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %m = arith.mulf %x, %z : f32
    %t = arith.addf %m, %y : f32
    tile.yield %t : f32
  }
  tile.store %r, %C[%c0, %c0] strides [%c8, %c1] : tensor<8x8xf32>, memref<?xf32>
  return
}

//===----------------------------------------------------------------------===//
// 3. Kernels without a dot: a thread per group of 4 (or per element) of
//    the largest tile, rounded up to a multiple of 32, at most 256
//===----------------------------------------------------------------------===//

// -----

// 256 elements in groups of 4: 64 threads. alpha * x + y: the uniform splat
// is made in the distributed layout of the math.
// CHECK-LABEL: func.func @vector_add
// CHECK:         %[[X:.*]] = tile.load {{.*}} -> tensor<256xf32, #applegpu.distributed<threads = 64, vector = 4>>
// CHECK-NEXT:    %[[Y:.*]] = tile.load {{.*}} -> tensor<256xf32, #applegpu.distributed<threads = 64, vector = 4>>
// CHECK-NEXT:    %[[SD:.*]] = tile.splat %{{.*}} : f32 -> tensor<256xf32, #applegpu.distributed<threads = 64, vector = 4>>
// CHECK-NEXT:    %[[AX:.*]] = arith.mulf %[[SD]], %[[X]] : tensor<256xf32, #applegpu.distributed<threads = 64, vector = 4>>
// CHECK-NEXT:    %[[Z:.*]] = arith.addf %[[AX]], %[[Y]] : tensor<256xf32, #applegpu.distributed<threads = 64, vector = 4>>
// CHECK-NEXT:    tile.store %[[Z]], {{.*}} : tensor<256xf32, #applegpu.distributed<threads = 64, vector = 4>>, memref<?xf32>
// CHECK-NEXT:    return
func.func @vector_add(%X: memref<?xf32>, %Y: memref<?xf32>, %Z: memref<?xf32>,
                      %n: index, %alpha: f32) attributes {tile.kernel} {
  %c256 = arith.constant 256 : index
  %p = tile.program_id x : index
  %i = arith.muli %p, %c256 : index
  %x = tile.load %X[%i] bounds [%n] : memref<?xf32> -> tensor<256xf32>
  %y = tile.load %Y[%i] bounds [%n] : memref<?xf32> -> tensor<256xf32>
  %s = tile.splat %alpha : f32 -> tensor<256xf32>
  %ax = arith.mulf %s, %x : tensor<256xf32>
  %z = arith.addf %ax, %y : tensor<256xf32>
  tile.store %z, %Z[%i] bounds [%n] : tensor<256xf32>, memref<?xf32>
  return
}

// -----

// 130 is not a multiple of 4: vector = 1, 130 threads rounded up to 160.
// CHECK-LABEL: func.func @copy_130
// CHECK:         tile.load {{.*}} -> tensor<130xf32, #applegpu.distributed<threads = 160, vector = 1>>
// CHECK-NEXT:    tile.store {{.*}} : tensor<130xf32, #applegpu.distributed<threads = 160, vector = 1>>, memref<?xf32>
func.func @copy_130(%X: memref<?xf32>, %Y: memref<?xf32>, %n: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0] bounds [%n] : memref<?xf32> -> tensor<130xf32>
  tile.store %x, %Y[%c0] bounds [%n] : tensor<130xf32>, memref<?xf32>
  return
}

// -----

// 64x64 = 1024 groups of 4: capped at 256 threads, which the small tile of
// the same kernel uses too.
// CHECK-LABEL: func.func @copy_64x64
// CHECK:         tile.load {{.*}} -> tensor<64x64xf32, #applegpu.distributed<threads = 256, vector = 4>>
// CHECK-NEXT:    tile.load {{.*}} -> tensor<8xf32, #applegpu.distributed<threads = 256, vector = 4>>
func.func @copy_64x64(%X: memref<?xf32>, %Y: memref<?xf32>, %n: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %x = tile.load %X[%c0, %c0] strides [%c64, %c1] : memref<?xf32> -> tensor<64x64xf32>
  %y = tile.load %X[%c0] bounds [%n] : memref<?xf32> -> tensor<8xf32>
  tile.store %x, %Y[%c0, %c0] strides [%c64, %c1] : tensor<64x64xf32>, memref<?xf32>
  tile.store %y, %Y[%c0] bounds [%n] : tensor<8xf32>, memref<?xf32>
  return
}

// -----

// 2 groups of 4: never fewer than 32 threads (one SIMD-group).
// CHECK-LABEL: func.func @copy_8
// CHECK:         tile.load {{.*}} -> tensor<8xf32, #applegpu.distributed<threads = 32, vector = 4>>
func.func @copy_8(%X: memref<?xf32>, %Y: memref<?xf32>, %n: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0] bounds [%n] : memref<?xf32> -> tensor<8xf32>
  tile.store %x, %Y[%c0] bounds [%n] : tensor<8xf32>, memref<?xf32>
  return
}

//===----------------------------------------------------------------------===//
// 4. Softmax: slices of a distributed tile, broadcast back for free
//===----------------------------------------------------------------------===//

// -----

// examples/softmax.mlir: 8x128 in groups of 4 -> 256 threads. Each
// tile.reduce dim 1 gives the slice (dim = 1, size = 128) of the distributed
// tile it reduces, and tile.broadcast dim 0 takes it as it is: no
// conversion anywhere.
// CHECK-LABEL: func.func @softmax
// CHECK-NOT:     tile.convert_layout
// CHECK:         %[[X:.*]] = tile.load {{.*}} {padding = 0xFF800000 : f32} : memref<?xf32> -> tensor<8x128xf32, #applegpu.distributed<threads = 256, vector = 4>>
// CHECK-NEXT:    %[[MAX:.*]] = tile.reduce maximumf %[[X]] dim 1 : tensor<8x128xf32, #applegpu.distributed<threads = 256, vector = 4>> -> tensor<8xf32, #applegpu.slice<dim = 1, size = 128, parent = #applegpu.distributed<threads = 256, vector = 4>>>
// CHECK-NEXT:    %[[MAX2D:.*]] = tile.broadcast %[[MAX]] dim 0 : tensor<8xf32, #applegpu.slice<dim = 1, size = 128, parent = #applegpu.distributed<threads = 256, vector = 4>>> -> tensor<8x128xf32, #applegpu.distributed<threads = 256, vector = 4>>
// CHECK-NEXT:    %[[SH:.*]] = arith.subf %[[X]], %[[MAX2D]] : tensor<8x128xf32, #applegpu.distributed<threads = 256, vector = 4>>
// CHECK-NEXT:    %[[E:.*]] = math.exp %[[SH]] : tensor<8x128xf32, #applegpu.distributed<threads = 256, vector = 4>>
// CHECK-NEXT:    %[[SUM:.*]] = tile.reduce add %[[E]] dim 1 : tensor<8x128xf32, #applegpu.distributed<threads = 256, vector = 4>> -> tensor<8xf32, #applegpu.slice<dim = 1, size = 128, parent = #applegpu.distributed<threads = 256, vector = 4>>>
// CHECK-NEXT:    %[[SUM2D:.*]] = tile.broadcast %[[SUM]] dim 0 : tensor<8xf32, #applegpu.slice<dim = 1, size = 128, parent = #applegpu.distributed<threads = 256, vector = 4>>> -> tensor<8x128xf32, #applegpu.distributed<threads = 256, vector = 4>>
// CHECK-NEXT:    %[[Y:.*]] = arith.divf %[[E]], %[[SUM2D]] : tensor<8x128xf32, #applegpu.distributed<threads = 256, vector = 4>>
// CHECK-NEXT:    tile.store %[[Y]], {{.*}} : tensor<8x128xf32, #applegpu.distributed<threads = 256, vector = 4>>, memref<?xf32>
// CHECK-NEXT:    return
func.func @softmax(%X: memref<?xf32>, %Y: memref<?xf32>, %M: index, %N: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %p = tile.program_id x : index
  %row = arith.muli %p, %c8 : index
  %x = tile.load %X[%row, %c0] strides [%N, %c1] bounds [%M, %N] {padding = 0xFF800000 : f32}
      : memref<?xf32> -> tensor<8x128xf32>
  %max = tile.reduce maximumf %x dim 1 : tensor<8x128xf32> -> tensor<8xf32>
  %max2d = tile.broadcast %max dim 0 : tensor<8xf32> -> tensor<8x128xf32>
  %shifted = arith.subf %x, %max2d : tensor<8x128xf32>
  %e = math.exp %shifted : tensor<8x128xf32>
  %sum = tile.reduce add %e dim 1 : tensor<8x128xf32> -> tensor<8xf32>
  %sum2d = tile.broadcast %sum dim 0 : tensor<8xf32> -> tensor<8x128xf32>
  %y = arith.divf %e, %sum2d : tensor<8x128xf32>
  tile.store %y, %Y[%row, %c0] strides [%N, %c1] bounds [%M, %N]
      : tensor<8x128xf32>, memref<?xf32>
  return
}

//===----------------------------------------------------------------------===//
// 5. A reduction of an accumulator
//===----------------------------------------------------------------------===//

// -----

// The row maxima of a 32x64 accumulator are a slice of its fragments;
// broadcasting them back over the accumulator needs no conversion, storing
// them does: one tile.convert_layout to distributed, right after the
// reduction.
// CHECK-LABEL: func.func @acc_row_max
// CHECK:         %[[ACC:.*]] = scf.for {{.*}} -> (tensor<32x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>) {
// CHECK:         }
// CHECK-NEXT:    %[[MAX:.*]] = tile.reduce maxnumf %[[ACC]] dim 1 : tensor<32x64xf32, #applegpu.fragments<simdgroups = [2, 2]>> -> tensor<32xf32, #applegpu.slice<dim = 1, size = 64, parent = #applegpu.fragments<simdgroups = [2, 2]>>>
// CHECK-NEXT:    %[[MAXD:.*]] = tile.convert_layout %[[MAX]] : tensor<32xf32, #applegpu.slice<dim = 1, size = 64, parent = #applegpu.fragments<simdgroups = [2, 2]>>> -> tensor<32xf32, #applegpu.distributed<threads = 128, vector = 4>>
// CHECK-NEXT:    %[[MAX2D:.*]] = tile.broadcast %[[MAX]] dim 0 : tensor<32xf32, #applegpu.slice<dim = 1, size = 64, parent = #applegpu.fragments<simdgroups = [2, 2]>>> -> tensor<32x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>
// CHECK-NEXT:    %[[S:.*]] = arith.subf %[[ACC]], %[[MAX2D]] : tensor<32x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>
// CHECK-NEXT:    tile.store %[[S]], {{.*}} : tensor<32x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>, memref<?xf32>
// CHECK-NEXT:    tile.store %[[MAXD]], {{.*}} : tensor<32xf32, #applegpu.distributed<threads = 128, vector = 4>>, memref<?xf32>
// CHECK-NEXT:    return
func.func @acc_row_max(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                       %Mx: memref<?xf32>, %K: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant dense<0.0> : tensor<32x64xf32>
  %acc = scf.for %k = %c0 to %K step %c32 iter_args(%a0 = %zero) -> (tensor<32x64xf32>) {
    %a = tile.load %A[%c0, %k] strides [%K, %c1] : memref<?xf32> -> tensor<32x32xf32>
    %b = tile.load %B[%k, %c0] strides [%c64, %c1] : memref<?xf32> -> tensor<32x64xf32>
    %d = tile.dot %a, %b, %a0 : tensor<32x32xf32>, tensor<32x64xf32> -> tensor<32x64xf32>
    scf.yield %d : tensor<32x64xf32>
  }
  %m = tile.reduce maxnumf %acc dim 1 : tensor<32x64xf32> -> tensor<32xf32>
  %m2d = tile.broadcast %m dim 0 : tensor<32xf32> -> tensor<32x64xf32>
  %s = arith.subf %acc, %m2d : tensor<32x64xf32>
  tile.store %s, %C[%c0, %c0] strides [%c64, %c1] : tensor<32x64xf32>, memref<?xf32>
  tile.store %m, %Mx[%c0] : tensor<32xf32>, memref<?xf32>
  return
}

//===----------------------------------------------------------------------===//
// 6. tile.simdgroups and encodings written by hand
//===----------------------------------------------------------------------===//

// -----

// tile.simdgroups = [4, 1]: fragments over a 4x1 grid, 128 threads.
// CHECK-LABEL: func.func @grid_4x1
// CHECK:         %[[INIT:.*]] = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #applegpu.fragments<simdgroups = [4, 1]>>
// CHECK-NEXT:    %[[A:.*]] = tile.load {{.*}} -> tensor<32x16xf32, #applegpu.distributed<threads = 128, vector = 4>>
// CHECK-NEXT:    %[[B:.*]] = tile.load {{.*}} -> tensor<16x32xf32, #applegpu.distributed<threads = 128, vector = 4>>
// CHECK-NEXT:    %[[D:.*]] = tile.dot %[[A]], %[[B]], %[[INIT]] : {{.*}} -> tensor<32x32xf32, #applegpu.fragments<simdgroups = [4, 1]>>
// CHECK-NEXT:    tile.store %[[D]], {{.*}} : tensor<32x32xf32, #applegpu.fragments<simdgroups = [4, 1]>>, memref<?xf32>
func.func @grid_4x1(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>)
    attributes {tile.kernel, tile.simdgroups = array<i64: 4, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %a = tile.load %A[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<32x16xf32>
  %b = tile.load %B[%c0, %c0] strides [%c32, %c1] : memref<?xf32> -> tensor<16x32xf32>
  %d = tile.dot %a, %b, %zero : tensor<32x16xf32>, tensor<16x32xf32> -> tensor<32x32xf32>
  tile.store %d, %C[%c0, %c0] strides [%c32, %c1] : tensor<32x32xf32>, memref<?xf32>
  return
}

// -----

// tile.simdgroups also decides the thread count of a kernel without a dot:
// 32 * 4 * 1 = 128, not the 256 that 1024 elements would give.
// CHECK-LABEL: func.func @grid_4x1_no_dot
// CHECK:         tile.load {{.*}} -> tensor<1024xf32, #applegpu.distributed<threads = 128, vector = 4>>
func.func @grid_4x1_no_dot(%X: memref<?xf32>, %Y: memref<?xf32>, %n: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 4, 1>} {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0] bounds [%n] : memref<?xf32> -> tensor<1024xf32>
  tile.store %x, %Y[%c0] bounds [%n] : tensor<1024xf32>, memref<?xf32>
  return
}

// -----

// A load written with #applegpu.distributed<threads = 128, vector = 1> in
// a kernel without a dot keeps it; the other input and the result of the
// tile.epilogue it feeds, and the math on that result, take it too; the
// uniform splat constant is made in it; and a tile tied to none of
// them runs on the same 128 threads (instead of the 64 that 256 elements
// would give), in its own default groups of 4.
// CHECK-LABEL: func.func @given_distributed
// CHECK:         %[[X:.*]] = tile.load {{.*}} -> tensor<256xf32, #applegpu.distributed<threads = 128, vector = 1>>
// CHECK-NEXT:    %[[Y:.*]] = tile.load {{.*}} -> tensor<256xf32, #applegpu.distributed<threads = 128, vector = 1>>
// CHECK-NEXT:    %[[TWOD:.*]] = arith.constant dense<2.000000e+00> : tensor<256xf32, #applegpu.distributed<threads = 128, vector = 1>>
// CHECK-NEXT:    %[[S:.*]] = tile.epilogue ins(%[[X]], %[[Y]], %[[TWOD]] : tensor<256xf32, #applegpu.distributed<threads = 128, vector = 1>>, tensor<256xf32, #applegpu.distributed<threads = 128, vector = 1>>, tensor<256xf32, #applegpu.distributed<threads = 128, vector = 1>>) -> tensor<256xf32, #applegpu.distributed<threads = 128, vector = 1>> {
// CHECK:         }
// CHECK-NEXT:    %[[E:.*]] = math.exp %[[S]] : tensor<256xf32, #applegpu.distributed<threads = 128, vector = 1>>
// CHECK-NEXT:    tile.store %[[E]], {{.*}} : tensor<256xf32, #applegpu.distributed<threads = 128, vector = 1>>, memref<?xf32>
// CHECK-NEXT:    %[[W:.*]] = tile.load {{.*}} -> tensor<64xf32, #applegpu.distributed<threads = 128, vector = 4>>
// CHECK-NEXT:    tile.store %[[W]], {{.*}} : tensor<64xf32, #applegpu.distributed<threads = 128, vector = 4>>, memref<?xf32>
func.func @given_distributed(%X: memref<?xf32>, %Y: memref<?xf32>, %Z: memref<?xf32>, %n: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0] bounds [%n] : memref<?xf32> -> tensor<256xf32, #applegpu.distributed<threads = 128, vector = 1>>
  %y = tile.load %Y[%c0] bounds [%n] : memref<?xf32> -> tensor<256xf32>
  %two = arith.constant dense<2.0> : tensor<256xf32>
  %s = tile.epilogue ins(%x, %y, %two : tensor<256xf32, #applegpu.distributed<threads = 128, vector = 1>>, tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32> {
  ^bb0(%a: f32, %b: f32, %t: f32):
    %p = arith.mulf %a, %t : f32
    %q = arith.addf %p, %b : f32
    tile.yield %q : f32
  }
  %e = math.exp %s : tensor<256xf32>
  tile.store %e, %Z[%c0] bounds [%n] : tensor<256xf32>, memref<?xf32>
  %w = tile.load %Y[%c0] bounds [%n] : memref<?xf32> -> tensor<64xf32>
  tile.store %w, %Z[%c0] bounds [%n] : tensor<64xf32>, memref<?xf32>
  return
}

// -----

// A tile written as fragments over a 2x1 grid in a kernel without a dot:
// kept, and the kernel runs that grid's 64 threads.
// CHECK-LABEL: func.func @given_fragments
// CHECK:         %[[X:.*]] = tile.load {{.*}} -> tensor<16x16xf32, #applegpu.fragments<simdgroups = [2, 1]>>
// CHECK-NEXT:    %[[E:.*]] = math.exp %[[X]] : tensor<16x16xf32, #applegpu.fragments<simdgroups = [2, 1]>>
// CHECK-NEXT:    tile.store %[[E]], {{.*}} : tensor<16x16xf32, #applegpu.fragments<simdgroups = [2, 1]>>, memref<?xf32>
// CHECK-NEXT:    %[[W:.*]] = tile.load {{.*}} -> tensor<64xf32, #applegpu.distributed<threads = 64, vector = 4>>
func.func @given_fragments(%X: memref<?xf32>, %Y: memref<?xf32>, %n: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %x = tile.load %X[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<16x16xf32, #applegpu.fragments<simdgroups = [2, 1]>>
  %e = math.exp %x : tensor<16x16xf32, #applegpu.fragments<simdgroups = [2, 1]>>
  tile.store %e, %Y[%c0, %c0] strides [%c16, %c1] : tensor<16x16xf32, #applegpu.fragments<simdgroups = [2, 1]>>, memref<?xf32>
  %w = tile.load %Y[%c0] bounds [%n] : memref<?xf32> -> tensor<64xf32>
  tile.store %w, %Y[%c0] bounds [%n] : tensor<64xf32>, memref<?xf32>
  return
}

//===----------------------------------------------------------------------===//
// 7. Loop-carried rank-1 tiles and scalars
//===----------------------------------------------------------------------===//

// -----

// TinyTon's loop_sum, carrying both the running sum (a scalar: no layout)
// and a running 128-element tile: distributed over 32 threads in groups of
// 4 like the tile loaded each iteration; its uniform zero init is made in
// that layout before the loop.
// CHECK-LABEL: func.func @loop_sum
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[INIT:.*]] = arith.constant dense<0.000000e+00> : tensor<128xf32, #applegpu.distributed<threads = 32, vector = 4>>
// CHECK-NEXT:    %[[SUM:.*]]:2 = tile.for_range %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]], %[[V:.*]] = %[[INIT]]) -> (f32, tensor<128xf32, #applegpu.distributed<threads = 32, vector = 4>>) {
// CHECK-NEXT:      %[[X:.*]] = tile.load {{.*}} -> tensor<128xf32, #applegpu.distributed<threads = 32, vector = 4>>
// CHECK-NEXT:      %[[S:.*]] = tile.reduce add %[[X]] dim 0 : tensor<128xf32, #applegpu.distributed<threads = 32, vector = 4>> -> f32
// CHECK-NEXT:      %[[NEXT:.*]] = arith.addf %[[ACC]], %[[S]] : f32
// CHECK-NEXT:      %[[VN:.*]] = arith.addf %[[V]], %[[X]] : tensor<128xf32, #applegpu.distributed<threads = 32, vector = 4>>
// CHECK-NEXT:      tile.yield %[[NEXT]], %[[VN]] : f32, tensor<128xf32, #applegpu.distributed<threads = 32, vector = 4>>
// CHECK-NEXT:    }
// CHECK-NEXT:    tile.store %[[SUM]]#0, {{.*}} : f32, memref<?xf32>
// CHECK-NEXT:    tile.store %[[SUM]]#1, {{.*}} : tensor<128xf32, #applegpu.distributed<threads = 32, vector = 4>>, memref<?xf32>
// CHECK-NEXT:    return
func.func @loop_sum(%src: memref<?xf32>, %dst: memref<?xf32>, %part: memref<?xf32>, %N: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant 0.0 : f32
  %zeros = arith.constant dense<0.0> : tensor<128xf32>
  %sum:2 = tile.for_range %t = %c0 to %N step %c128 iter_args(%acc = %zero, %v = %zeros) -> (f32, tensor<128xf32>) {
    %x = tile.load %src[%t] bounds [%N] : memref<?xf32> -> tensor<128xf32>
    %s = tile.reduce add %x dim 0 : tensor<128xf32> -> f32
    %next = arith.addf %acc, %s : f32
    %vn = arith.addf %v, %x : tensor<128xf32>
    tile.yield %next, %vn : f32, tensor<128xf32>
  }
  tile.store %sum#0, %dst[%c0] : f32, memref<?xf32>
  tile.store %sum#1, %part[%c0] : tensor<128xf32>, memref<?xf32>
  return
}

// -----

// A running row maximum carried through the loop is tied to the reduction
// in the body, so the whole loop carries the slice; the uniform -inf init
// is made in it before the loop and the result converted to distributed for
// its store after it.
// CHECK-LABEL: func.func @online_row_max
// CHECK:         %[[INIT:.*]] = arith.constant dense<0xFF800000> : tensor<8xf32, #applegpu.slice<dim = 1, size = 128, parent = #applegpu.distributed<threads = 256, vector = 4>>>
// CHECK-NEXT:    %[[M:.*]] = tile.for_range %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[MI:.*]] = %[[INIT]]) -> (tensor<8xf32, #applegpu.slice<dim = 1, size = 128, parent = #applegpu.distributed<threads = 256, vector = 4>>>) {
// CHECK-NEXT:      %[[X:.*]] = tile.load {{.*}} -> tensor<8x128xf32, #applegpu.distributed<threads = 256, vector = 4>>
// CHECK-NEXT:      %[[R:.*]] = tile.reduce maximumf %[[X]] dim 1 : {{.*}} -> tensor<8xf32, #applegpu.slice<dim = 1, size = 128, parent = #applegpu.distributed<threads = 256, vector = 4>>>
// CHECK-NEXT:      %[[MN:.*]] = arith.maximumf %[[MI]], %[[R]] : tensor<8xf32, #applegpu.slice<dim = 1, size = 128, parent = #applegpu.distributed<threads = 256, vector = 4>>>
// CHECK-NEXT:      tile.yield %[[MN]] : tensor<8xf32, #applegpu.slice<dim = 1, size = 128, parent = #applegpu.distributed<threads = 256, vector = 4>>>
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[MD:.*]] = tile.convert_layout %[[M]] : tensor<8xf32, #applegpu.slice<dim = 1, size = 128, parent = #applegpu.distributed<threads = 256, vector = 4>>> -> tensor<8xf32, #applegpu.distributed<threads = 256, vector = 4>>
// CHECK-NEXT:    tile.store %[[MD]], {{.*}} : tensor<8xf32, #applegpu.distributed<threads = 256, vector = 4>>, memref<?xf32>
func.func @online_row_max(%X: memref<?xf32>, %Y: memref<?xf32>, %N: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c128 = arith.constant 128 : index
  %ninf = arith.constant dense<0xFF800000> : tensor<8xf32>
  %m = tile.for_range %k = %c0 to %N step %c128 iter_args(%mi = %ninf) -> (tensor<8xf32>) {
    %x = tile.load %X[%c0, %k] strides [%N, %c1] bounds [%c8, %N] {padding = 0xFF800000 : f32}
        : memref<?xf32> -> tensor<8x128xf32>
    %r = tile.reduce maximumf %x dim 1 : tensor<8x128xf32> -> tensor<8xf32>
    %mn = arith.maximumf %mi, %r : tensor<8xf32>
    tile.yield %mn : tensor<8xf32>
  }
  tile.store %m, %Y[%c0] : tensor<8xf32>, memref<?xf32>
  return
}

//===----------------------------------------------------------------------===//
// scf.if
//===----------------------------------------------------------------------===//

// -----

// The results of an scf.if and the values its branches yield share a
// layout; a uniform splat used both by the math in one branch and as the
// other branch's value is made once more in that layout, right after it.
// CHECK-LABEL: func.func @branch
// CHECK:         %[[X:.*]] = tile.load {{.*}} -> tensor<64xf32, #applegpu.distributed<threads = 32, vector = 4>>
// CHECK:         %[[SD:.*]] = tile.splat %{{.*}} : f32 -> tensor<64xf32, #applegpu.distributed<threads = 32, vector = 4>>
// CHECK-NEXT:    %[[R:.*]] = scf.if %{{.*}} -> (tensor<64xf32, #applegpu.distributed<threads = 32, vector = 4>>) {
// CHECK-NEXT:      %[[M:.*]] = arith.mulf %[[X]], %[[SD]] : tensor<64xf32, #applegpu.distributed<threads = 32, vector = 4>>
// CHECK-NEXT:      scf.yield %[[M]] : tensor<64xf32, #applegpu.distributed<threads = 32, vector = 4>>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[SD]] : tensor<64xf32, #applegpu.distributed<threads = 32, vector = 4>>
// CHECK-NEXT:    }
// CHECK-NEXT:    tile.store %[[R]], {{.*}} : tensor<64xf32, #applegpu.distributed<threads = 32, vector = 4>>, memref<?xf32>
func.func @branch(%X: memref<?xf32>, %Y: memref<?xf32>, %n: index, %c: i1)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0] bounds [%n] : memref<?xf32> -> tensor<64xf32>
  %two = arith.constant 2.0 : f32
  %s = tile.splat %two : f32 -> tensor<64xf32>
  %r = scf.if %c -> (tensor<64xf32>) {
    %m = arith.mulf %x, %s : tensor<64xf32>
    scf.yield %m : tensor<64xf32>
  } else {
    scf.yield %s : tensor<64xf32>
  }
  tile.store %r, %Y[%c0] bounds [%n] : tensor<64xf32>, memref<?xf32>
  return
}
