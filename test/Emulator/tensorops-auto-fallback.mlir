// Small dots on apple10 with backend=auto (issue 25): accumulators that
// cannot be split over the kernel's SIMD-group grid into matmul2d
// destinations run on simdgroup_matrix (a remark says so) and compute the
// same as the reference; backend=tensorops refuses them.

// RUN: tile-run %s --kernel dot_8x8_on_1x1 --grid 1 --arg A=f16:64:random:1 \
// RUN:   --arg B=f16:64:random:2 --arg C=f32:64:zeros --compare --target apple10 2>&1 \
// RUN:   | FileCheck %s --check-prefix=D8
// D8: remark: backend=auto: accumulator tile 'tensor<8x8xf32>' cannot be split over a 1x1 SIMD-group grid into matmul2d destinations
// D8: ran dot_8x8_on_1x1 on the emulator: ok
// D8-NEXT: compare C: max abs error {{.*}}: ok
// RUN: not tile-run %s --kernel dot_8x8_on_1x1 --grid 1 --arg A=f16:64:random:1 \
// RUN:   --arg B=f16:64:random:2 --arg C=f32:64:zeros --compare --target apple10 --backend tensorops 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FORCED
// FORCED: error: 'tile.dot' op accumulator tile 'tensor<8x8xf32>' cannot be split over a 1x1 SIMD-group grid into matmul2d destinations
func.func @dot_8x8_on_1x1(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf32>)
    attributes {tile.kernel, tile.simdgroups = array<i64: 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %a = tile.load %A[%c0, %c0] strides [%c8, %c1] : memref<?xf16> -> tensor<8x8xf16>
  %b = tile.load %B[%c0, %c0] strides [%c8, %c1] : memref<?xf16> -> tensor<8x8xf16>
  %z = arith.constant dense<0.0> : tensor<8x8xf32>
  %d = tile.dot %a, %b, %z : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf32>
  tile.store %d, %C[%c0, %c0] strides [%c8, %c1] : tensor<8x8xf32>, memref<?xf32>
  return
}

// RUN: tile-run %s --kernel dot_8x16_on_1x2 --arg A=f16:360:random:3 \
// RUN:   --arg B=f16:525:random:4 --arg C=f32:504:zeros --arg M=24 --arg N=21 --arg K=15 \
// RUN:   --compare --target apple10 --schedules 3 2>&1 | FileCheck %s --check-prefix=D816
// D816: remark: backend=auto: accumulator tile 'tensor<8x16xf32>' cannot be split over a 1x2 SIMD-group grid
// D816: ran dot_8x16_on_1x2 on the emulator: ok
// D816-NEXT: compare C: max abs error {{.*}}: ok
func.func @dot_8x16_on_1x2(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf32>,
                           %M: index, %N: index, %K: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 1, 2>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %row = arith.muli %pm, %c8 : index
  %col = arith.muli %pn, %c16 : index
  %z = arith.constant dense<0.0> : tensor<8x16xf32>
  %acc = tile.for_range %k = %c0 to %K step %c8 iter_args(%s = %z) -> (tensor<8x16xf32>) {
    %a = tile.load %A[%row, %k] strides [%K, %c1] bounds [%M, %K] : memref<?xf16> -> tensor<8x8xf16>
    %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xf16> -> tensor<8x16xf16>
    %d = tile.dot %a, %b, %s : tensor<8x8xf16>, tensor<8x16xf16> -> tensor<8x16xf32>
    tile.yield %d : tensor<8x16xf32>
  }
  tile.store %acc, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<8x16xf32>, memref<?xf32>
  return
}

// RUN: tile-run %s --kernel dot_16x16_on_2x2 --grid 1 --arg A=f16:256:random:5 \
// RUN:   --arg B=f16:256:random:6 --arg C=f32:256:zeros --compare --target apple10 2>&1 \
// RUN:   | FileCheck %s --check-prefix=D16
// D16: remark: backend=auto: accumulator tile 'tensor<16x16xf32>' cannot be split over a 2x2 SIMD-group grid
// D16: ran dot_16x16_on_2x2 on the emulator: ok
// D16-NEXT: compare C: max abs error {{.*}}: ok
func.func @dot_16x16_on_2x2(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf32>)
    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %a = tile.load %A[%c0, %c0] strides [%c16, %c1] : memref<?xf16> -> tensor<16x16xf16>
  %b = tile.load %B[%c0, %c0] strides [%c16, %c1] : memref<?xf16> -> tensor<16x16xf16>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tile.dot %a, %b, %z : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
  tile.store %d, %C[%c0, %c0] strides [%c16, %c1] : tensor<16x16xf32>, memref<?xf32>
  return
}
