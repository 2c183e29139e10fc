// RUN: tile-opt %s -allow-unregistered-dialect -split-input-file --tile-unroll | FileCheck %s
// RUN: tile-opt %s -allow-unregistered-dialect -split-input-file --tile-unroll=factor=2 | FileCheck %s --check-prefix=F2
// Loop bodies with nested regions. Each copy of the body made by tile-unroll
// must remap the induction variable, the loop-carried values and the values
// defined earlier in the body also inside the regions of the cloned ops
// (scf.if branches, an scf.for body, an scf.if inside that scf.for), and
// must keep using, not clone, the values defined outside the loop.
// Constants are matched by name (%c<value>, with the _N suffix the printer
// adds to duplicates).

// An scf.if with results whose branches use the iv, a value computed from
// the iv in the body, and the carried value.
// CHECK-LABEL: func.func @if_uses_iv
// CHECK-SAME:    (%[[C:.*]]: i1, %[[X:.*]]: f32)
// CHECK-NOT:     tile.for_range
// CHECK:         %[[P0:.*]] = arith.muli %[[I0:c0(_[0-9]+)?]], %c8 : index
// CHECK-NEXT:    %[[V0:.*]] = scf.if %[[C]] -> (f32) {
// CHECK-NEXT:      "test.then"(%[[I0]], %[[P0]], %[[X]])
// CHECK:         } else {
// CHECK-NEXT:      "test.else"(%[[I0]])
// CHECK:         }
// CHECK:         %[[P1:.*]] = arith.muli %[[I1:c1(_[0-9]+)?]], %c8 : index
// CHECK-NEXT:    %[[V1:.*]] = scf.if %[[C]] -> (f32) {
// CHECK-NEXT:      "test.then"(%[[I1]], %[[P1]], %[[V0]])
// CHECK:         } else {
// CHECK-NEXT:      "test.else"(%[[I1]])
// CHECK:         }
// CHECK:         %[[P2:.*]] = arith.muli %[[I2:c2(_[0-9]+)?]], %c8 : index
// CHECK-NEXT:    %[[V2:.*]] = scf.if %[[C]] -> (f32) {
// CHECK-NEXT:      "test.then"(%[[I2]], %[[P2]], %[[V1]])
// CHECK:         } else {
// CHECK-NEXT:      "test.else"(%[[I2]])
// CHECK:         }
// CHECK-NOT:     scf.if
// CHECK:         return %[[V2]] : f32
//
// factor=2 (3 trips): the main loop runs once and is inlined with iv = 0 and
// 0 + 1, the remainder loop once with iv = 2; the scf.if branches of the
// second copy use the computed iv, not the first one's.
// F2-LABEL: func.func @if_uses_iv
// F2-SAME:    (%[[C:.*]]: i1, %[[X:.*]]: f32)
// F2-NOT:     tile.for_range
// F2:         %[[P0:.*]] = arith.muli %c0, %c8 : index
// F2-NEXT:    %[[V0:.*]] = scf.if %[[C]] -> (f32) {
// F2-NEXT:      "test.then"(%c0, %[[P0]], %[[X]])
// F2:         } else {
// F2-NEXT:      "test.else"(%c0)
// F2:         }
// F2-NEXT:    %[[I1:.*]] = arith.addi %c0, %c1 : index
// F2-NEXT:    %[[P1:.*]] = arith.muli %[[I1]], %c8 : index
// F2-NEXT:    %[[V1:.*]] = scf.if %[[C]] -> (f32) {
// F2-NEXT:      "test.then"(%[[I1]], %[[P1]], %[[V0]])
// F2:         } else {
// F2-NEXT:      "test.else"(%[[I1]])
// F2:         }
// F2-NEXT:    %[[P2:.*]] = arith.muli %[[I2:c2(_[0-9]+)?]], %c8 : index
// F2-NEXT:    %[[V2:.*]] = scf.if %[[C]] -> (f32) {
// F2-NEXT:      "test.then"(%[[I2]], %[[P2]], %[[V1]])
// F2:         } else {
// F2-NEXT:      "test.else"(%[[I2]])
// F2:         }
// F2-NEXT:    return %[[V2]] : f32
func.func @if_uses_iv(%c: i1, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %r = tile.for_range %i = %c0 to %c3 step %c1 iter_args(%s = %x) -> (f32) {
    %p = arith.muli %i, %c8 : index
    %v = scf.if %c -> (f32) {
      %a = "test.then"(%i, %p, %s) : (index, index, f32) -> f32
      scf.yield %a : f32
    } else {
      %b = "test.else"(%i) : (index) -> f32
      scf.yield %b : f32
    }
    tile.yield %v : f32
  }
  return %r : f32
}

// -----

// Two levels of nesting: an scf.for (runtime bounds, its own iv and
// iter_args) whose body holds an scf.if that uses the tile loop's iv and
// carried value. The scf.for's own iv and iter_arg stay its own in every
// copy; the else branch keeps yielding the function argument.
// CHECK-LABEL: func.func @nested_two_levels
// CHECK-SAME:    (%[[N:.*]]: index, %[[C:.*]]: i1, %[[T:.*]]: tensor<4xf32>, %[[W:.*]]: tensor<4xf32>)
// CHECK-NOT:     tile.for_range
// CHECK:         %[[R0:.*]] = scf.for %[[J0:.*]] = %c0 to %[[N]] step %c1 iter_args(%[[U0:.*]] = %[[T]]) -> (tensor<4xf32>) {
// CHECK-NEXT:      scf.if %[[C]] -> (tensor<4xf32>) {
// CHECK-NEXT:        "test.then"(%c0{{(_[0-9]+)?}}, %[[J0]], %[[U0]], %[[T]])
// CHECK:           } else {
// CHECK-NEXT:        scf.yield %[[W]] : tensor<4xf32>
// CHECK:         %[[R1:.*]] = scf.for %[[J1:.*]] = %c0 to %[[N]] step %c1 iter_args(%[[U1:.*]] = %[[R0]]) -> (tensor<4xf32>) {
// CHECK-NEXT:      scf.if %[[C]] -> (tensor<4xf32>) {
// CHECK-NEXT:        "test.then"(%c1{{(_[0-9]+)?}}, %[[J1]], %[[U1]], %[[R0]])
// CHECK:           } else {
// CHECK-NEXT:        scf.yield %[[W]] : tensor<4xf32>
// CHECK-NOT:     scf.for
// CHECK:         return %[[R1]] : tensor<4xf32>
//
// factor=2 (2 trips): one main iteration, inlined; the second copy's iv is
// 0 + 1, used two regions deep.
// F2-LABEL: func.func @nested_two_levels
// F2-SAME:    (%[[N:.*]]: index, %[[C:.*]]: i1, %[[T:.*]]: tensor<4xf32>, %[[W:.*]]: tensor<4xf32>)
// F2-NOT:     tile.for_range
// F2:         %[[R0:.*]] = scf.for %[[J0:.*]] = %c0 to %[[N]] step %c1 iter_args(%[[U0:.*]] = %[[T]]) -> (tensor<4xf32>) {
// F2-NEXT:      scf.if %[[C]] -> (tensor<4xf32>) {
// F2-NEXT:        "test.then"(%c0, %[[J0]], %[[U0]], %[[T]])
// F2:         %[[I1:.*]] = arith.addi %c0, %c1 : index
// F2-NEXT:    %[[R1:.*]] = scf.for %[[J1:.*]] = %c0 to %[[N]] step %c1 iter_args(%[[U1:.*]] = %[[R0]]) -> (tensor<4xf32>) {
// F2-NEXT:      scf.if %[[C]] -> (tensor<4xf32>) {
// F2-NEXT:        "test.then"(%[[I1]], %[[J1]], %[[U1]], %[[R0]])
// F2:         return %[[R1]] : tensor<4xf32>
func.func @nested_two_levels(%n: index, %cond: i1, %t: tensor<4xf32>, %w: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %q = tile.for_range %i = %c0 to %c2 step %c1 iter_args(%s = %t) -> (tensor<4xf32>) {
    %r = scf.for %j = %c0 to %n step %c1 iter_args(%u = %s) -> (tensor<4xf32>) {
      %z = scf.if %cond -> (tensor<4xf32>) {
        %y = "test.then"(%i, %j, %u, %s) : (index, index, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
        scf.yield %y : tensor<4xf32>
      } else {
        scf.yield %w : tensor<4xf32>
      }
      scf.yield %z : tensor<4xf32>
    }
    tile.yield %r : tensor<4xf32>
  }
  return %q : tensor<4xf32>
}

// -----

// Runtime bounds, factor=2: inside the main loop the first scf.if uses the
// main loop's iv and the second one iv + 1, in both branches; the remainder
// loop's scf.if uses the remainder's iv.
// CHECK-LABEL: func.func @runtime_if
// CHECK:         tile.for_range
// CHECK-COUNT-1:   scf.if
// CHECK-NOT:     scf.if
// F2-LABEL: func.func @runtime_if
// F2-SAME:    (%[[LB:.*]]: index, %[[UB:.*]]: index, %[[C:.*]]: i1)
// F2:         tile.for_range %[[IV:.*]] = %[[LB]] to %[[MUB:.*]] step %c2 {
// F2-NEXT:      scf.if %[[C]] {
// F2-NEXT:        "test.then"(%[[IV]])
// F2-NEXT:      } else {
// F2-NEXT:        "test.else"(%[[IV]])
// F2-NEXT:      }
// F2-NEXT:      %[[IV1:.*]] = arith.addi %[[IV]], %c1 : index
// F2-NEXT:      scf.if %[[C]] {
// F2-NEXT:        "test.then"(%[[IV1]])
// F2-NEXT:      } else {
// F2-NEXT:        "test.else"(%[[IV1]])
// F2-NEXT:      }
// F2-NEXT:    }
// F2-NEXT:    tile.for_range %[[RIV:.*]] = %[[MUB]] to %[[UB]] step %c1 {
// F2-NEXT:      scf.if %[[C]] {
// F2-NEXT:        "test.then"(%[[RIV]])
// F2-NEXT:      } else {
// F2-NEXT:        "test.else"(%[[RIV]])
// F2-NEXT:      }
// F2-NEXT:    }
// F2-NEXT:    return
func.func @runtime_if(%lb: index, %ub: index, %cond: i1) {
  %c1 = arith.constant 1 : index
  tile.for_range %i = %lb to %ub step %c1 {
    scf.if %cond {
      "test.then"(%i) : (index) -> ()
    } else {
      "test.else"(%i) : (index) -> ()
    }
  }
  return
}

// -----

// A body that uses values defined outside the loop (the buffer, an offset,
// a splat made before the loop), also inside a nested scf.if: every copy
// uses those same values, and the splat is not cloned.
// CHECK-LABEL: func.func @outside
// CHECK-SAME:    (%[[X:.*]]: memref<?xf32>, %[[OFF:.*]]: index, %[[ALPHA:.*]]: f32, %[[C:.*]]: i1)
// CHECK:         %[[A:.*]] = tile.splat %[[ALPHA]] : f32 -> tensor<8xf32>
// CHECK-NOT:     tile.splat
// CHECK:         %[[P0:.*]] = arith.muli %c0{{(_[0-9]+)?}}, %c8 : index
// CHECK-NEXT:    %[[Q0:.*]] = arith.addi %[[P0]], %[[OFF]] : index
// CHECK-NEXT:    %[[V0:.*]] = tile.load %[[X]][%[[Q0]]]
// CHECK-NEXT:    %[[M0:.*]] = scf.if %[[C]] -> (tensor<8xf32>) {
// CHECK-NEXT:      arith.mulf %[[V0]], %[[A]] : tensor<8xf32>
// CHECK:         } else {
// CHECK-NEXT:      scf.yield %[[A]] : tensor<8xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    tile.store %[[M0]], %[[X]][%[[Q0]]]
// CHECK-NOT:     tile.splat
// CHECK:         %[[P1:.*]] = arith.muli %c1{{(_[0-9]+)?}}, %c8 : index
// CHECK-NEXT:    %[[Q1:.*]] = arith.addi %[[P1]], %[[OFF]] : index
// CHECK-NEXT:    %[[V1:.*]] = tile.load %[[X]][%[[Q1]]]
// CHECK-NEXT:    %[[M1:.*]] = scf.if %[[C]] -> (tensor<8xf32>) {
// CHECK-NEXT:      arith.mulf %[[V1]], %[[A]] : tensor<8xf32>
// CHECK:         } else {
// CHECK-NEXT:      scf.yield %[[A]] : tensor<8xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    tile.store %[[M1]], %[[X]][%[[Q1]]]
// CHECK-NEXT:    return
// F2-LABEL: func.func @outside
// F2-SAME:    (%[[X:.*]]: memref<?xf32>, %[[OFF:.*]]: index, %[[ALPHA:.*]]: f32, %[[C:.*]]: i1)
// F2:         %[[A:.*]] = tile.splat %[[ALPHA]] : f32 -> tensor<8xf32>
// F2-NOT:     tile.splat
// F2:         arith.addi %{{.*}}, %[[OFF]] : index
// F2:         arith.mulf %{{.*}}, %[[A]] : tensor<8xf32>
// F2:         scf.yield %[[A]] : tensor<8xf32>
// F2:         arith.addi %{{.*}}, %[[OFF]] : index
// F2:         arith.mulf %{{.*}}, %[[A]] : tensor<8xf32>
// F2:         scf.yield %[[A]] : tensor<8xf32>
// F2-NOT:     tile.splat
// F2:         return
func.func @outside(%X: memref<?xf32>, %off: index, %alpha: f32, %cond: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %a = tile.splat %alpha : f32 -> tensor<8xf32>
  tile.for_range %i = %c0 to %c2 step %c1 {
    %p = arith.muli %i, %c8 : index
    %q = arith.addi %p, %off : index
    %v = tile.load %X[%q] : memref<?xf32> -> tensor<8xf32>
    %m = scf.if %cond -> tensor<8xf32> {
      %s = arith.mulf %v, %a : tensor<8xf32>
      scf.yield %s : tensor<8xf32>
    } else {
      scf.yield %a : tensor<8xf32>
    }
    tile.store %m, %X[%q] : tensor<8xf32>, memref<?xf32>
  }
  return
}
