// RUN: tile-opt %s -allow-unregistered-dialect -split-input-file --tile-unroll | FileCheck %s
// RUN: tile-opt %s -allow-unregistered-dialect -split-input-file --tile-unroll=factor=2 | FileCheck %s --check-prefix=F2
// Nested loops: tile-unroll works innermost first, so an unrolled outer loop
// clones bodies that already hold the unrolled (or main + remainder) inner
// loops; every copy must see its own value of the outer induction variable
// and the loop-carried value must thread through all the inner loops in
// order. Also a loop nested in an scf.if inside a tile.for_range.
// Constants are matched by name (%c<value>, with the _N suffix the printer
// adds to duplicates).

// Constant outer loop (0, 2, 4, 6) around a runtime inner loop.
//
// factor=2: the inner loop becomes a main loop (step 2, two bodies at j and
// j+1) and a remainder loop from the main loop's bound to %n. Then the outer
// loop (4 trips) becomes a single main loop over [0, 8) by 4 with no
// remainder, whose body holds the inner pair twice: once for i and once for
// i + 2.
// F2-LABEL: func.func @const_outer_runtime_inner
// F2-SAME:    (%[[N:.*]]: index, %[[X:.*]]: f32)
// F2:         %[[OUT:.*]] = tile.for_range %[[I:.*]] = %c0 to %c8{{(_[0-9]+)?}} step %c4{{(_[0-9]+)?}} iter_args(%[[A:.*]] = %[[X]]) -> (f32) {
// Copy for i.
// F2:           arith.subi %[[N]], %c1 : index
// F2:           %[[MUB0:.*]] = arith.addi %c1, %{{.*}} : index
// F2-NEXT:      %[[M0:.*]] = tile.for_range %[[J0:.*]] = %c1 to %[[MUB0]] step %c2{{(_[0-9]+)?}} iter_args(%[[B0:.*]] = %[[A]]) -> (f32) {
// F2-NEXT:        %[[U0:.*]] = "test.use"(%[[I]], %[[J0]], %[[B0]])
// F2-NEXT:        %[[J0N:.*]] = arith.addi %[[J0]], %c1 : index
// F2-NEXT:        %[[U1:.*]] = "test.use"(%[[I]], %[[J0N]], %[[U0]])
// F2-NEXT:        tile.yield %[[U1]] : f32
// F2-NEXT:      }
// F2-NEXT:      %[[R0:.*]] = tile.for_range %[[K0:.*]] = %[[MUB0]] to %[[N]] step %c1 iter_args(%[[E0:.*]] = %[[M0]]) -> (f32) {
// F2-NEXT:        %[[U2:.*]] = "test.use"(%[[I]], %[[K0]], %[[E0]])
// F2-NEXT:        tile.yield %[[U2]] : f32
// F2-NEXT:      }
// Copy for i + 2, fed by the first copy's result.
// F2-NEXT:      %[[I2:.*]] = arith.addi %[[I]], %c2 : index
// F2:           %[[MUB1:.*]] = arith.addi %c1, %{{.*}} : index
// F2-NEXT:      %[[M1:.*]] = tile.for_range %[[J1:.*]] = %c1 to %[[MUB1]] step %c2{{(_[0-9]+)?}} iter_args(%[[B1:.*]] = %[[R0]]) -> (f32) {
// F2-NEXT:        %[[V0:.*]] = "test.use"(%[[I2]], %[[J1]], %[[B1]])
// F2-NEXT:        %[[J1N:.*]] = arith.addi %[[J1]], %c1 : index
// F2-NEXT:        %[[V1:.*]] = "test.use"(%[[I2]], %[[J1N]], %[[V0]])
// F2-NEXT:        tile.yield %[[V1]] : f32
// F2-NEXT:      }
// F2-NEXT:      %[[R1:.*]] = tile.for_range %[[K1:.*]] = %[[MUB1]] to %[[N]] step %c1 iter_args(%[[E1:.*]] = %[[M1]]) -> (f32) {
// F2-NEXT:        %[[V2:.*]] = "test.use"(%[[I2]], %[[K1]], %[[E1]])
// F2-NEXT:        tile.yield %[[V2]] : f32
// F2-NEXT:      }
// F2-NEXT:      tile.yield %[[R1]] : f32
// F2-NEXT:    }
// F2-NOT:     tile.for_range
// F2-NOT:     "test.use"
// F2:         return %[[OUT]] : f32
//
// Without a factor the runtime inner loop stays and the outer loop is
// unrolled fully around it: four inner loops, for i = 0, 2, 4, 6, chained.
// CHECK-LABEL: func.func @const_outer_runtime_inner
// CHECK-SAME:    (%[[N:.*]]: index, %[[X:.*]]: f32)
// CHECK:         %[[R0:.*]] = tile.for_range %[[J0:.*]] = %c1 to %[[N]] step %c1 iter_args(%[[B0:.*]] = %[[X]]) -> (f32) {
// CHECK-NEXT:      "test.use"(%c0{{(_[0-9]+)?}}, %[[J0]], %[[B0]])
// CHECK:         %[[R1:.*]] = tile.for_range %[[J1:.*]] = %c1 to %[[N]] step %c1 iter_args(%[[B1:.*]] = %[[R0]]) -> (f32) {
// CHECK-NEXT:      "test.use"(%c2{{(_[0-9]+)?}}, %[[J1]], %[[B1]])
// CHECK:         %[[R2:.*]] = tile.for_range %[[J2:.*]] = %c1 to %[[N]] step %c1 iter_args(%[[B2:.*]] = %[[R1]]) -> (f32) {
// CHECK-NEXT:      "test.use"(%c4{{(_[0-9]+)?}}, %[[J2]], %[[B2]])
// CHECK:         %[[R3:.*]] = tile.for_range %[[J3:.*]] = %c1 to %[[N]] step %c1 iter_args(%[[B3:.*]] = %[[R2]]) -> (f32) {
// CHECK-NEXT:      "test.use"(%c6{{(_[0-9]+)?}}, %[[J3]], %[[B3]])
// CHECK-NOT:     tile.for_range
// CHECK:         return %[[R3]] : f32
func.func @const_outer_runtime_inner(%n: index, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %r = tile.for_range %i = %c0 to %c8 step %c2 iter_args(%a = %x) -> (f32) {
    %q = tile.for_range %j = %c1 to %n step %c1 iter_args(%b = %a) -> (f32) {
      %v = "test.use"(%i, %j, %b) : (index, index, f32) -> f32
      tile.yield %v : f32
    }
    tile.yield %q : f32
  }
  return %r : f32
}

// -----

// Constant outer loop with an odd trip count (0, 1, 2) around a runtime
// inner loop, factor=2: the outer main loop runs once and is inlined (i = 0
// and i = 0 + 1), and the outer remainder runs once and is inlined (i = 2).
// Three inner main + remainder pairs in straight-line code, chained.
// F2-LABEL: func.func @odd_outer_runtime_inner
// F2-SAME:    (%[[N:.*]]: index, %[[X:.*]]: f32)
// F2:         %[[M0:.*]] = tile.for_range %{{.*}} iter_args(%{{.*}} = %[[X]]) -> (f32) {
// F2-NEXT:      "test.use"(%c0, %{{.*}}, %{{.*}})
// F2:         %[[R0:.*]] = tile.for_range %{{.*}} iter_args(%{{.*}} = %[[M0]]) -> (f32) {
// F2-NEXT:      "test.use"(%c0, %{{.*}}, %{{.*}})
// F2:         %[[I1:.*]] = arith.addi %c0, %c1 : index
// F2:         %[[M1:.*]] = tile.for_range %{{.*}} iter_args(%{{.*}} = %[[R0]]) -> (f32) {
// F2-NEXT:      "test.use"(%[[I1]], %{{.*}}, %{{.*}})
// F2:         %[[R1:.*]] = tile.for_range %{{.*}} iter_args(%{{.*}} = %[[M1]]) -> (f32) {
// F2-NEXT:      "test.use"(%[[I1]], %{{.*}}, %{{.*}})
// F2:         %[[M2:.*]] = tile.for_range %{{.*}} iter_args(%{{.*}} = %[[R1]]) -> (f32) {
// F2-NEXT:      "test.use"(%c2{{(_[0-9]+)?}}, %{{.*}}, %{{.*}})
// F2:         %[[R2:.*]] = tile.for_range %{{.*}} iter_args(%{{.*}} = %[[M2]]) -> (f32) {
// F2-NEXT:      "test.use"(%c2{{(_[0-9]+)?}}, %{{.*}}, %{{.*}})
// F2-NOT:     tile.for_range
// F2:         return %[[R2]] : f32
func.func @odd_outer_runtime_inner(%n: index, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = tile.for_range %i = %c0 to %c3 step %c1 iter_args(%a = %x) -> (f32) {
    %q = tile.for_range %j = %c0 to %n step %c1 iter_args(%b = %a) -> (f32) {
      %v = "test.use"(%i, %j, %b) : (index, index, f32) -> f32
      tile.yield %v : f32
    }
    tile.yield %q : f32
  }
  return %r : f32
}

// -----

// Runtime outer loop around a constant inner loop (j = 1, 2): the inner loop
// is unrolled fully inside the outer loop, which stays as it was, and the
// carried tensor goes through both copies.
// CHECK-LABEL: func.func @runtime_outer_const_inner
// CHECK-SAME:    (%[[N:.*]]: index, %[[T:.*]]: tensor<4xf32>)
// CHECK:         %[[R:.*]] = tile.for_range %[[I:.*]] = %c0 to %[[N]] step %c16 iter_args(%[[A:.*]] = %[[T]]) -> (tensor<4xf32>) {
// CHECK-NOT:       tile.for_range
// CHECK:           %[[V0:.*]] = "test.use"(%[[I]], %c1{{(_[0-9]+)?}}, %[[A]])
// CHECK-NOT:       tile.for_range
// CHECK:           %[[V1:.*]] = "test.use"(%[[I]], %c2{{(_[0-9]+)?}}, %[[V0]])
// CHECK-NEXT:      tile.yield %[[V1]] : tensor<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : tensor<4xf32>
//
// factor=2: the inner loop (2 trips) becomes two bodies (j = 1 and 1 + 1),
// then the outer loop is split into a main loop by 32 (i and i + 16) and a
// remainder loop by 16, each holding the unrolled inner bodies.
// F2-LABEL: func.func @runtime_outer_const_inner
// F2-SAME:    (%[[N:.*]]: index, %[[T:.*]]: tensor<4xf32>)
// F2:         %[[MAIN:.*]] = tile.for_range %[[I:.*]] = %c0 to %[[MUB:.*]] step %c32 iter_args(%[[A:.*]] = %[[T]]) -> (tensor<4xf32>) {
// F2-NOT:       tile.for_range
// F2:           %[[V0:.*]] = "test.use"(%[[I]], %c1, %[[A]])
// F2:           %[[J1:.*]] = arith.addi %c1, %c1 : index
// F2:           %[[V1:.*]] = "test.use"(%[[I]], %[[J1]], %[[V0]])
// F2:           %[[I2:.*]] = arith.addi %[[I]], %c16 : index
// F2:           %[[V2:.*]] = "test.use"(%[[I2]], %c1, %[[V1]])
// F2:           %[[J3:.*]] = arith.addi %c1, %c1 : index
// F2:           %[[V3:.*]] = "test.use"(%[[I2]], %[[J3]], %[[V2]])
// F2-NEXT:      tile.yield %[[V3]] : tensor<4xf32>
// F2-NEXT:    }
// F2-NEXT:    %[[REM:.*]] = tile.for_range %[[RI:.*]] = %[[MUB]] to %[[N]] step %c16 iter_args(%[[RA:.*]] = %[[MAIN]]) -> (tensor<4xf32>) {
// F2-NOT:       tile.for_range
// F2:           %[[W0:.*]] = "test.use"(%[[RI]], %c1, %[[RA]])
// F2:           %[[W1:.*]] = "test.use"(%[[RI]], %{{.*}}, %[[W0]])
// F2-NEXT:      tile.yield %[[W1]] : tensor<4xf32>
// F2-NEXT:    }
// F2-NEXT:    return %[[REM]] : tensor<4xf32>
func.func @runtime_outer_const_inner(%n: index, %t: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %r = tile.for_range %i = %c0 to %n step %c16 iter_args(%a = %t) -> (tensor<4xf32>) {
    %q = tile.for_range %j = %c1 to %c3 step %c1 iter_args(%b = %a) -> (tensor<4xf32>) {
      %v = "test.use"(%i, %j, %b) : (index, index, tensor<4xf32>) -> tensor<4xf32>
      tile.yield %v : tensor<4xf32>
    }
    tile.yield %q : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// A constant loop inside an scf.if inside a runtime tile.for_range: it is
// found through the scf.if region and unrolled there (j = 0, 1), with the
// outer induction variable still used by both copies.
// CHECK-LABEL: func.func @loop_in_if
// CHECK-SAME:    (%[[C:.*]]: i1, %[[N:.*]]: index)
// CHECK:         tile.for_range %[[I:.*]] = %c0 to %[[N]] step %c1 {
// CHECK-NEXT:      scf.if %[[C]] {
// CHECK-NOT:         tile.for_range
// CHECK:             "test.use"(%[[I]], %c0{{(_[0-9]+)?}})
// CHECK-NOT:         tile.for_range
// CHECK:             "test.use"(%[[I]], %c1{{(_[0-9]+)?}})
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return
//
// factor=2: the inner loop becomes two bodies inside the scf.if; the outer
// loop's main loop then holds two copies of the scf.if (i and i + 1) and
// its remainder loop one.
// F2-LABEL: func.func @loop_in_if
// F2-SAME:    (%[[C:.*]]: i1, %[[N:.*]]: index)
// F2:         tile.for_range %[[I:.*]] = %c0 to %[[MUB:.*]] step %c2{{(_[0-9]+)?}} {
// F2-NEXT:      scf.if %[[C]] {
// F2-NOT:         tile.for_range
// F2:             "test.use"(%[[I]], %c0)
// F2:             %[[J:.*]] = arith.addi %c0, %c1 : index
// F2-NEXT:        "test.use"(%[[I]], %[[J]])
// F2-NEXT:      }
// F2-NEXT:      %[[I1:.*]] = arith.addi %[[I]], %c1 : index
// F2-NEXT:      scf.if %[[C]] {
// F2-NOT:         tile.for_range
// F2:             "test.use"(%[[I1]], %c0)
// F2:             %[[J1:.*]] = arith.addi %c0, %c1 : index
// F2-NEXT:        "test.use"(%[[I1]], %[[J1]])
// F2-NEXT:      }
// F2-NEXT:    }
// F2-NEXT:    tile.for_range %[[RI:.*]] = %[[MUB]] to %[[N]] step %c1 {
// F2-NEXT:      scf.if %[[C]] {
// F2-NOT:         tile.for_range
// F2:             "test.use"(%[[RI]], %c0)
// F2:             "test.use"(%[[RI]], %{{.*}})
// F2-NEXT:      }
// F2-NEXT:    }
// F2-NEXT:    return
func.func @loop_in_if(%c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  tile.for_range %i = %c0 to %n step %c1 {
    scf.if %c {
      tile.for_range %j = %c0 to %c2 step %c1 {
        "test.use"(%i, %j) : (index, index) -> ()
      }
    }
  }
  return
}
