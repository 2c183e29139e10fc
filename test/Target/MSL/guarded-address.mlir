// RUN: tile-translate --mlir-to-msl %s > %t.metal
// RUN: FileCheck %s < %t.metal
// RUN: %msl_check %t.metal
// The address of a guarded access, computed under its guard (as the
// conversion does for edge tiles), keeps a variable of its own instead of
// being written inside the access: it reads as the unguarded code does, and
// the names after it are numbered the same. Unguarded, it is inlined.

// CHECK-LABEL: {{\[\[}}kernel]] void guarded(
// CHECK:        const int [[M:v[0-9]+]] = int(M);
// CHECK-NEXT:   const int [[K:v[0-9]+]] = int(K);
// CHECK-NEXT:   const int [[ROW:v[0-9]+]] = int(lane);
// CHECK-NEXT:   float [[X:v[0-9]+]];
// CHECK-NEXT:   if (([[ROW]] < [[M]])) {
// CHECK-NEXT:     int [[AT:v[0-9]+]] = [[ROW]] * [[K]];
// CHECK-NEXT:     float [[L:v[0-9]+]] = A{{\[}}[[AT]]];
// CHECK-NEXT:     [[X]] = [[L]];
// CHECK-NEXT:   } else {
// CHECK-NEXT:     [[X]] = 0.0f;
// CHECK-NEXT:   }
// CHECK-NEXT:   A{{\[}}([[ROW]] + [[K]])] = [[X]];
func.func @guarded(
    %A: memref<?xf32> {applegpu.buffer = 0 : i32, applegpu.access = "read_write", applegpu.name = "A"},
    %M: index {applegpu.buffer = 1 : i32, applegpu.name = "M"},
    %K: index {applegpu.buffer = 2 : i32, applegpu.name = "K"})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  %row = applegpu.thread_index_in_simdgroup : index
  %zero = arith.constant 0.0 : f32
  %ok = arith.cmpi slt, %row, %M : index
  %x = scf.if %ok -> (f32) {
    %at = arith.muli %row, %K : index
    %v = memref.load %A[%at] : memref<?xf32>
    scf.yield %v : f32
  } else {
    scf.yield %zero : f32
  }
  %out = arith.addi %row, %K : index
  memref.store %x, %A[%out] : memref<?xf32>
  return
}
