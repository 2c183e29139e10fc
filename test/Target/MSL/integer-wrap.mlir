// RUN: tile-translate --mlir-to-msl %s > %t.metal
// RUN: FileCheck %s < %t.metal
// RUN: %msl_check %t.metal
// arith.addi/subi/muli/shli wrap on overflow; signed overflow is undefined
// in MSL (C++14), and the emulator's clang used that to compile Philox's
// `(c2 * 0xCD9E8D57) < 0` as a test of c2's sign (tl.rand4x's second word
// had the wrong sign). i32 and i64 arithmetic is printed on the unsigned
// reinterpretation; with nsw, on i16 (promoted to int) and on index it is
// the plain operator.

// CHECK-LABEL: {{\[\[}}kernel]] void integer_wrap(
// CHECK:        int [[X:v[0-9]+]] = I{{\[}}[[LANE:v[0-9]+]]];
// CHECK-NEXT:   I{{\[}}[[LANE]]] = ((int(uint((int(uint(0) - uint((int(uint((int(uint([[X]]) * uint((-845247145))))) + uint([[X]]))))))) << uint(3))) * [[X]]);
// CHECK-NEXT:   short [[H:v[0-9]+]] = S{{\[}}[[LANE]]];
// CHECK-NEXT:   S{{\[}}[[LANE]]] = ([[H]] * [[H]]);
// CHECK-NEXT:   int [[T:v[0-9]+]] = [[LANE]] * 2;
func.func @integer_wrap(
    %I: memref<?xi32> {applegpu.buffer = 0 : i32, applegpu.access = "read_write", applegpu.name = "I"},
    %S: memref<?xi16> {applegpu.buffer = 1 : i32, applegpu.access = "read_write", applegpu.name = "S"})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  %lane = applegpu.thread_index_in_simdgroup : index
  %x = memref.load %I[%lane] : memref<?xi32>
  %b = arith.constant -845247145 : i32
  %m = arith.muli %x, %b : i32
  %a = arith.addi %m, %x : i32
  %zero = arith.constant 0 : i32
  %s = arith.subi %zero, %a : i32
  %three = arith.constant 3 : i32
  %l = arith.shli %s, %three : i32
  %n = arith.muli %l, %x overflow<nsw> : i32
  memref.store %n, %I[%lane] : memref<?xi32>
  %h = memref.load %S[%lane] : memref<?xi16>
  %hh = arith.muli %h, %h : i16
  memref.store %hh, %S[%lane] : memref<?xi16>
  %c2 = arith.constant 2 : index
  %twice = arith.muli %lane, %c2 : index
  %y = memref.load %I[%twice] : memref<?xi32>
  memref.store %y, %I[%twice] : memref<?xi32>
  return
}
