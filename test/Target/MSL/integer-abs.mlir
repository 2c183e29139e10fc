// RUN: tile-translate --mlir-to-msl %s > %t.metal
// RUN: FileCheck %s < %t.metal
// RUN: %msl_check %t.metal
// math.absi is MSL's integer abs, which wraps as math.absi does
// (abs(INT_MIN) == INT_MIN); an i1 (a bool) is its own absolute value. It
// used to be "'math.absi' op cannot be translated".

// CHECK-LABEL: {{\[\[}}kernel]] void integer_abs(
// CHECK:        const int [[LANE:v[0-9]+]] = int(lane);
// CHECK-NEXT:   int [[X:v[0-9]+]] = I{{\[}}[[LANE]]];
// CHECK-NEXT:   I{{\[}}[[LANE]]] = (abs([[X]]));
// CHECK-NEXT:   short [[S:v[0-9]+]] = S{{\[}}[[LANE]]];
// CHECK-NEXT:   S{{\[}}[[LANE]]] = (abs([[S]]));
// CHECK-NEXT:   bool [[B:v[0-9]+]] = B{{\[}}[[LANE]]];
// CHECK-NEXT:   B{{\[}}[[LANE]]] = ([[B]]);
func.func @integer_abs(
    %I: memref<?xi32> {applegpu.buffer = 0 : i32, applegpu.access = "read_write", applegpu.name = "I"},
    %S: memref<?xi16> {applegpu.buffer = 1 : i32, applegpu.access = "read_write", applegpu.name = "S"},
    %B: memref<?xi1> {applegpu.buffer = 2 : i32, applegpu.access = "read_write", applegpu.name = "B"})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  %lane = applegpu.thread_index_in_simdgroup : index
  %x = memref.load %I[%lane] : memref<?xi32>
  %ax = math.absi %x : i32
  memref.store %ax, %I[%lane] : memref<?xi32>
  %s = memref.load %S[%lane] : memref<?xi16>
  %as = math.absi %s : i16
  memref.store %as, %S[%lane] : memref<?xi16>
  %b = memref.load %B[%lane] : memref<?xi1>
  %ab = math.absi %b : i1
  memref.store %ab, %B[%lane] : memref<?xi1>
  return
}
