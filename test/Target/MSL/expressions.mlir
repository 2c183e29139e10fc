// RUN: tile-translate --mlir-to-msl %s > %t.metal
// RUN: FileCheck %s < %t.metal
// RUN: %msl_check %t.metal
// When a value is written inside its user's expression and when it keeps
// a variable. An op whose MSL spells an operand more than once
// (maximumf/minimumf and the NaN-aware comparisons) or evaluates it on
// every iteration (a loop bound) gets its operands as variables: inlined
// there, an expression would be copied, and along a chain of such ops the
// copies would double at every step. Integer literals narrower than int
// carry their type, so that overloads and as_type see the right width.

// CHECK-LABEL: {{\[\[}}kernel]] void expressions(
// CHECK:        device bool* Q {{\[\[}}buffer(5)]],
// CHECK:        const int [[LANE:v[0-9]+]] = int(lane);
// CHECK-NEXT:   float [[X:v[0-9]+]] = A{{\[}}[[LANE]]];
// CHECK-NEXT:   float [[Y:v[0-9]+]] = A[0];

// The sum feeding maximumf, and maximumf feeding minimumf, keep a variable;
// minimumf, read once by a multiplication, is written inside it.
// CHECK-NEXT:   float [[S:v[0-9]+]] = [[X]] + [[Y]];
// CHECK-NEXT:   float [[M:v[0-9]+]] = ([[S]] != [[S]] || [[Y]] != [[Y]]) ? [[S]] + [[Y]] : max([[S]], [[Y]]);
// CHECK-NEXT:   float [[D:v[0-9]+]] = (([[M]] != [[M]] || [[X]] != [[X]]) ? [[M]] + [[X]] : min([[M]], [[X]])) * 2.0f;
// The ordered not-equal names its operands twice: %d has a variable. The
// ordinary comparison takes its operand inline.
// CHECK-NEXT:   Q{{\[}}[[LANE]]] = ((([[D]] != [[X]] && ([[D]] == [[D]] && [[X]] == [[X]]))) && (([[D]] + 1.0f) < [[Y]]));
// CHECK-NEXT:   C{{\[}}[[LANE]]] = [[D]];

// 16-bit literals are typed.
// CHECK-NEXT:   short [[R:v[0-9]+]] = S{{\[}}[[LANE]]];
// CHECK-NEXT:   P{{\[}}[[LANE]]] = (max([[R]], short(3)));
// CHECK-NEXT:   F{{\[}}[[LANE]]] = (as_type<half>(short(15360)));

// The loop bound is computed once, before the loop.
// CHECK-NEXT:   int [[UB:v[0-9]+]] = [[LANE]] * 4;
// CHECK-NEXT:   for (int [[I:i[0-9]+]] = 0; [[I]] < [[UB]]; [[I]] += 1) {
// CHECK-NEXT:     C{{\[}}[[I]]] = [[Y]];
// CHECK-NEXT:   }
func.func @expressions(
    %A: memref<?xf32> {applegpu.buffer = 0 : i32, applegpu.access = "read", applegpu.name = "A"},
    %S16: memref<?xi16> {applegpu.buffer = 1 : i32, applegpu.access = "read", applegpu.name = "S"},
    %C: memref<?xf32> {applegpu.buffer = 2 : i32, applegpu.access = "write", applegpu.name = "C"},
    %F: memref<?xf16> {applegpu.buffer = 3 : i32, applegpu.access = "write", applegpu.name = "F"},
    %P: memref<?xi16> {applegpu.buffer = 4 : i32, applegpu.access = "write", applegpu.name = "P"},
    %Q: memref<?xi1> {applegpu.buffer = 5 : i32, applegpu.access = "write", applegpu.name = "Q"})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  %lane = applegpu.thread_index_in_simdgroup : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %two = arith.constant 2.0 : f32
  %one = arith.constant 1.0 : f32
  %x = memref.load %A[%lane] : memref<?xf32>
  %y = memref.load %A[%c0] : memref<?xf32>
  %s = arith.addf %x, %y : f32
  %m1 = arith.maximumf %s, %y : f32
  %m2 = arith.minimumf %m1, %x : f32
  %d = arith.mulf %m2, %two : f32
  %ne = arith.cmpf one, %d, %x : f32
  %e = arith.addf %d, %one : f32
  %lt = arith.cmpf olt, %e, %y : f32
  %both = arith.andi %ne, %lt : i1
  memref.store %both, %Q[%lane] : memref<?xi1>
  memref.store %d, %C[%lane] : memref<?xf32>

  %r = memref.load %S16[%lane] : memref<?xi16>
  %c3 = arith.constant 3 : i16
  %h = arith.maxsi %r, %c3 : i16
  %bits = arith.constant 15360 : i16
  %b = arith.bitcast %bits : i16 to f16
  memref.store %h, %P[%lane] : memref<?xi16>
  memref.store %b, %F[%lane] : memref<?xf16>

  %ub = arith.muli %lane, %c4 : index
  scf.for %i = %c0 to %ub step %c1 {
    memref.store %y, %C[%i] : memref<?xf32>
  }
  return
}
