// RUN: not tile-opt %s --tile-to-applegpu 2>&1 >/dev/null | FileCheck %s
// RUN: not tile-opt %s --tile-to-applegpu --mlir-print-op-on-diagnostic 2>&1 >/dev/null | FileCheck %s --check-prefix=DUMP
// A pass that fails at the kernel reports one located line (and the source
// line under it), not the whole kernel in generic form; MLIR's own flag
// brings the dump back.

// CHECK: pass-failure.mlir:[[@LINE+5]]:1: error: kernel argument #0 of type 'tensor<256xf32>' cannot be passed to a Metal kernel
// CHECK-NEXT: func.func @tensor_argument
// CHECK-NEXT: ^
// CHECK-NOT: see current operation
// DUMP: note: see current operation:
func.func @tensor_argument(%t: tensor<256xf32>, %Z: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  tile.store %t, %Z[%c0] : tensor<256xf32>, memref<?xf32>
  return
}
