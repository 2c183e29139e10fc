// RUN: tile-opt %s -allow-unregistered-dialect -split-input-file --tile-unroll | FileCheck %s
// RUN: tile-opt %s -allow-unregistered-dialect -split-input-file --tile-unroll=factor=2 | FileCheck %s --check-prefix=F2
// RUN: tile-opt %s -allow-unregistered-dialect -split-input-file --tile-unroll=factor=4 | FileCheck %s --check-prefix=F4
// Attributes and loop-carried values through tile-unroll. Unrolling by a
// factor must keep the inherent `num_stages` hint and any discardable
// attribute (a backend or user tag) on both loops it creates, the main loop
// and the remainder loop; full unrolling removes the loop together with its
// attributes. Loop-carried values of several types (scalar, tensor, index,
// integer) must keep their order and types through every copy of the body.

// Runtime bounds, four carried values of different types. Without a factor
// the loop is left as it is, attributes included.
// CHECK-LABEL: func.func @runtime_attrs
// CHECK:         tile.for_range
// CHECK:         } {my.tag, num_stages = 2 : i64}
// CHECK-NOT:     tile.for_range
//
// factor=4: the main loop steps by 4 and threads the four values through
// four bodies (iv, iv+1, iv+2, iv+3); the remainder loop starts from the
// main loop's results in the same order. Both carry the attributes.
// F4-LABEL: func.func @runtime_attrs
// F4-SAME:    (%[[LB:.*]]: index, %[[UB:.*]]: index, %[[X:.*]]: f32, %[[T:.*]]: tensor<8xf16>, %[[K:.*]]: index, %[[M:.*]]: i32)
// F4:         %[[MAIN:.*]]:4 = tile.for_range %[[IV:.*]] = %[[LB]] to %[[MUB:.*]] step %c4 iter_args(%[[A:.*]] = %[[X]], %[[B:.*]] = %[[T]], %[[C:.*]] = %[[K]], %[[D:.*]] = %[[M]]) -> (f32, tensor<8xf16>, index, i32) {
// F4-NEXT:      %[[A0:.*]] = "test.f"(%[[A]], %[[IV]]) : (f32, index) -> f32
// F4-NEXT:      %[[B0:.*]] = "test.t"(%[[B]], %[[C]]) : (tensor<8xf16>, index) -> tensor<8xf16>
// F4-NEXT:      %[[C0:.*]] = arith.addi %[[C]], %[[IV]] : index
// F4-NEXT:      %[[D0:.*]] = "test.i"(%[[D]], %[[A0]]) : (i32, f32) -> i32
// F4-NEXT:      %[[IV1:.*]] = arith.addi %[[IV]], %c1 : index
// F4-NEXT:      %[[A1:.*]] = "test.f"(%[[A0]], %[[IV1]])
// F4-NEXT:      %[[B1:.*]] = "test.t"(%[[B0]], %[[C0]])
// F4-NEXT:      %[[C1:.*]] = arith.addi %[[C0]], %[[IV1]] : index
// F4-NEXT:      %[[D1:.*]] = "test.i"(%[[D0]], %[[A1]])
// F4:           %[[IV2:.*]] = arith.addi %[[IV]], %c2 : index
// F4-NEXT:      %[[A2:.*]] = "test.f"(%[[A1]], %[[IV2]])
// F4-NEXT:      %[[B2:.*]] = "test.t"(%[[B1]], %[[C1]])
// F4-NEXT:      %[[C2:.*]] = arith.addi %[[C1]], %[[IV2]] : index
// F4-NEXT:      %[[D2:.*]] = "test.i"(%[[D1]], %[[A2]])
// F4:           %[[IV3:.*]] = arith.addi %[[IV]], %c3 : index
// F4-NEXT:      %[[A3:.*]] = "test.f"(%[[A2]], %[[IV3]])
// F4-NEXT:      %[[B3:.*]] = "test.t"(%[[B2]], %[[C2]])
// F4-NEXT:      %[[C3:.*]] = arith.addi %[[C2]], %[[IV3]] : index
// F4-NEXT:      %[[D3:.*]] = "test.i"(%[[D2]], %[[A3]])
// F4-NEXT:      tile.yield %[[A3]], %[[B3]], %[[C3]], %[[D3]] : f32, tensor<8xf16>, index, i32
// F4-NEXT:    } {my.tag, num_stages = 2 : i64}
// F4-NEXT:    %[[REM:.*]]:4 = tile.for_range %[[RIV:.*]] = %[[MUB]] to %[[UB]] step %c1 iter_args(%[[RA:.*]] = %[[MAIN]]#0, %[[RB:.*]] = %[[MAIN]]#1, %[[RC:.*]] = %[[MAIN]]#2, %[[RD:.*]] = %[[MAIN]]#3) -> (f32, tensor<8xf16>, index, i32) {
// F4-NEXT:      %[[RA0:.*]] = "test.f"(%[[RA]], %[[RIV]])
// F4-NEXT:      %[[RB0:.*]] = "test.t"(%[[RB]], %[[RC]])
// F4-NEXT:      %[[RC0:.*]] = arith.addi %[[RC]], %[[RIV]] : index
// F4-NEXT:      %[[RD0:.*]] = "test.i"(%[[RD]], %[[RA0]])
// F4-NEXT:      tile.yield %[[RA0]], %[[RB0]], %[[RC0]], %[[RD0]] : f32, tensor<8xf16>, index, i32
// F4-NEXT:    } {my.tag, num_stages = 2 : i64, tile.unroll}
// F4-NEXT:    return %[[REM]]#0, %[[REM]]#1, %[[REM]]#2, %[[REM]]#3 : f32, tensor<8xf16>, index, i32
func.func @runtime_attrs(%lb: index, %ub: index, %x: f32, %t: tensor<8xf16>, %k: index, %m: i32) -> (f32, tensor<8xf16>, index, i32) {
  %c1 = arith.constant 1 : index
  %r:4 = tile.for_range %i = %lb to %ub step %c1 iter_args(%a = %x, %b = %t, %c = %k, %d = %m) -> (f32, tensor<8xf16>, index, i32) {
    %a2 = "test.f"(%a, %i) : (f32, index) -> f32
    %b2 = "test.t"(%b, %c) : (tensor<8xf16>, index) -> tensor<8xf16>
    %c2 = arith.addi %c, %i : index
    %d2 = "test.i"(%d, %a2) : (i32, f32) -> i32
    tile.yield %a2, %b2, %c2, %d2 : f32, tensor<8xf16>, index, i32
  } {num_stages = 2, my.tag}
  return %r#0, %r#1, %r#2, %r#3 : f32, tensor<8xf16>, index, i32
}

// -----

// Constant trip count 11 without loop-carried values.
//
// factor=4: a main loop over [0, 8) by 4 and a remainder loop over [8, 11)
// by 1, both loops (not inlined: 2 and 3 trips), both with every attribute;
// the remainder also asks the backend to unroll it (tile.unroll).
// F4-LABEL: func.func @const_attrs
// F4:         tile.for_range %{{.*}} = %c0 to %c8 step %c4 {
// F4-COUNT-4:   "test.use"
// F4-NEXT:    } {my.tag = "keep", num_stages = 3 : i64, other.attr = [1, 2]}
// F4-NEXT:    tile.for_range %[[RIV:.*]] = %c8 to %c11 step %c1 {
// F4-NEXT:      "test.use"(%[[RIV]])
// F4-NEXT:    } {my.tag = "keep", num_stages = 3 : i64, other.attr = [1, 2], tile.unroll}
// F4-NEXT:    return
//
// Without a factor: unrolled fully, eleven bodies, and neither the loop nor
// any of its attributes is left.
// CHECK-LABEL: func.func @const_attrs
// CHECK-NOT:     tile.for_range
// CHECK-NOT:     my.tag
// CHECK-NOT:     num_stages
// CHECK-NOT:     other.attr
// CHECK-COUNT-11: "test.use"(%c
// CHECK-NOT:     tile.for_range
// CHECK-NOT:     my.tag
// CHECK-NOT:     num_stages
// CHECK-NOT:     other.attr
// CHECK:         return
func.func @const_attrs() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c11 = arith.constant 11 : index
  tile.for_range %i = %c0 to %c11 step %c1 {
    "test.use"(%i) : (index) -> ()
  } {num_stages = 3 : i64, my.tag = "keep", other.attr = [1, 2]}
  return
}

// -----

// Constant trip count 3 with four carried values of different types.
//
// Without a factor: three bodies at iv = 0, 1, 2 in straight-line code,
// each value fed by the same-position value of the previous copy; no loop
// and no attribute left.
// CHECK-LABEL: func.func @const_carried_types
// CHECK-SAME:    (%[[X:.*]]: f32, %[[T:.*]]: tensor<8xf16>, %[[K:.*]]: index, %[[M:.*]]: i32)
// CHECK-NOT:     tile.for_range
// CHECK:         %[[A0:.*]] = "test.f"(%[[X]], %c0{{(_[0-9]+)?}})
// CHECK-NEXT:    %[[B0:.*]] = "test.t"(%[[T]], %[[K]])
// CHECK-NEXT:    %[[C0:.*]] = arith.addi %[[K]], %c0{{(_[0-9]+)?}} : index
// CHECK-NEXT:    %[[D0:.*]] = "test.i"(%[[M]], %[[A0]])
// CHECK:         %[[A1:.*]] = "test.f"(%[[A0]], %c1{{(_[0-9]+)?}})
// CHECK-NEXT:    %[[B1:.*]] = "test.t"(%[[B0]], %[[C0]])
// CHECK-NEXT:    %[[C1:.*]] = arith.addi %[[C0]], %c1{{(_[0-9]+)?}} : index
// CHECK-NEXT:    %[[D1:.*]] = "test.i"(%[[D0]], %[[A1]])
// CHECK:         %[[A2:.*]] = "test.f"(%[[A1]], %c2{{(_[0-9]+)?}})
// CHECK-NEXT:    %[[B2:.*]] = "test.t"(%[[B1]], %[[C1]])
// CHECK-NEXT:    %[[C2:.*]] = arith.addi %[[C1]], %c2{{(_[0-9]+)?}} : index
// CHECK-NEXT:    %[[D2:.*]] = "test.i"(%[[D1]], %[[A2]])
// CHECK-NOT:     tile.for_range
// CHECK-NOT:     my.tag
// CHECK-NOT:     num_stages
// CHECK:         return %[[A2]], %[[B2]], %[[C2]], %[[D2]] : f32, tensor<8xf16>, index, i32
//
// factor=2: the main loop runs once (iv = 0 and 0 + 1) and the remainder
// loop once (iv = 2): both are inlined, so no loop and no attribute is left.
// F2-LABEL: func.func @const_carried_types
// F2-SAME:    (%[[X:.*]]: f32, %[[T:.*]]: tensor<8xf16>, %[[K:.*]]: index, %[[M:.*]]: i32)
// F2-NOT:     tile.for_range
// F2-NOT:     my.tag
// F2-NOT:     num_stages
// F2:         %[[A0:.*]] = "test.f"(%[[X]], %c0)
// F2-NEXT:    %[[B0:.*]] = "test.t"(%[[T]], %[[K]])
// F2-NEXT:    %[[C0:.*]] = arith.addi %[[K]], %c0 : index
// F2-NEXT:    %[[D0:.*]] = "test.i"(%[[M]], %[[A0]])
// F2-NEXT:    %[[IV1:.*]] = arith.addi %c0, %c1 : index
// F2-NEXT:    %[[A1:.*]] = "test.f"(%[[A0]], %[[IV1]])
// F2-NEXT:    %[[B1:.*]] = "test.t"(%[[B0]], %[[C0]])
// F2-NEXT:    %[[C1:.*]] = arith.addi %[[C0]], %[[IV1]] : index
// F2-NEXT:    %[[D1:.*]] = "test.i"(%[[D0]], %[[A1]])
// F2-NEXT:    %[[A2:.*]] = "test.f"(%[[A1]], %c2{{(_[0-9]+)?}})
// F2-NEXT:    %[[B2:.*]] = "test.t"(%[[B1]], %[[C1]])
// F2-NEXT:    %[[C2:.*]] = arith.addi %[[C1]], %c2{{(_[0-9]+)?}} : index
// F2-NEXT:    %[[D2:.*]] = "test.i"(%[[D1]], %[[A2]])
// F2-NEXT:    return %[[A2]], %[[B2]], %[[C2]], %[[D2]] : f32, tensor<8xf16>, index, i32
//
// factor=4: fewer trips (3) than the factor: the main loop would run zero
// times and is not created; the remainder loop is the whole loop and keeps
// the attributes.
// F4-LABEL: func.func @const_carried_types
// F4-SAME:    (%[[X:.*]]: f32, %[[T:.*]]: tensor<8xf16>, %[[K:.*]]: index, %[[M:.*]]: i32)
// F4:         %[[R:.*]]:4 = tile.for_range %{{.*}} = %c0 to %c3 step %c1 iter_args(%{{.*}} = %[[X]], %{{.*}} = %[[T]], %{{.*}} = %[[K]], %{{.*}} = %[[M]]) -> (f32, tensor<8xf16>, index, i32) {
// F4-COUNT-1:   "test.f"
// F4-NOT:       "test.f"
// F4:         } {my.tag, num_stages = 2 : i64, tile.unroll}
// F4-NEXT:    return %[[R]]#0, %[[R]]#1, %[[R]]#2, %[[R]]#3
func.func @const_carried_types(%x: f32, %t: tensor<8xf16>, %k: index, %m: i32) -> (f32, tensor<8xf16>, index, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r:4 = tile.for_range %i = %c0 to %c3 step %c1 iter_args(%a = %x, %b = %t, %c = %k, %d = %m) -> (f32, tensor<8xf16>, index, i32) {
    %a2 = "test.f"(%a, %i) : (f32, index) -> f32
    %b2 = "test.t"(%b, %c) : (tensor<8xf16>, index) -> tensor<8xf16>
    %c2 = arith.addi %c, %i : index
    %d2 = "test.i"(%d, %a2) : (i32, f32) -> i32
    tile.yield %a2, %b2, %c2, %d2 : f32, tensor<8xf16>, index, i32
  } {num_stages = 2, my.tag}
  return %r#0, %r#1, %r#2, %r#3 : f32, tensor<8xf16>, index, i32
}
