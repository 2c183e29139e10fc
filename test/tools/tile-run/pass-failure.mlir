// RUN: not tile-run %s --arg A=f32:256:zeros --arg C=f32:256:zeros --grid 1 2>&1 | FileCheck %s
// RUN: not tile-run %s --arg A=f32:256:zeros --arg C=f32:256:zeros --grid 1 --mlir-print-op-on-diagnostic 2>&1 | FileCheck %s --check-prefix=DUMP
// A kernel the pipeline rejects gets one located error, not the op in
// generic form (MLIR's --mlir-print-op-on-diagnostic adds it).

// CHECK: pass-failure.mlir:[[@LINE+11]]:8: error: 'tile.dot' op accumulator tile 'tensor<16x16xf32>' cannot be split
// CHECK-NOT: see current operation
// CHECK: tile-run: compiling the kernel failed
// DUMP: note: see current operation: %{{.*}} = "tile.dot"
func.func @bad_split(%A: memref<?xf32>, %C: memref<?xf32>)
    attributes {tile.kernel, tile.simdgroups = array<i64: 4, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %a = tile.load %A[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<16x16xf32>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tile.dot %a, %a, %z : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  tile.store %d, %C[%c0, %c0] strides [%c16, %c1] : tensor<16x16xf32>, memref<?xf32>
  return
}
