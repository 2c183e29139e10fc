// RUN: tile-opt %s --canonicalize --split-input-file | FileCheck %s
// Canonicalization of tile.for_range, tile.splat, tile.epilogue and
// tile.convert_layout (the last two near the end of the file):
// * a loop that runs zero times (constant lb >= ub, or lb and ub the same
//   SSA value even at run time) folds to its inits, side effects and all;
// * a loop that runs once is inlined: iv -> lb, iter args -> inits, results
//   -> the yielded values;
// * loops with two trips or runtime bounds stay;
// * a loop-carried value whose result is unused and which the body only
//   advances is dropped with the ops that advanced it (at the end of the
//   file, with the cases that stay);
// * a splat of a constant folds to a dense arith.constant, a splat of a
//   runtime scalar stays;
// * a layout conversion to the same type goes, a conversion of a conversion
//   converts the original once, a conversion of a splat constant is that
//   constant in the new layout, and tile.splat and tile.arange are rebuilt
//   in the new layout; a conversion of anything else stays.

// CHECK-LABEL: func.func @zero_trip_constant
// CHECK-SAME:    (%[[X:.*]]: f32, %[[T:.*]]: tensor<4xf32>)
// CHECK-NEXT:    return %[[X]], %[[T]] : f32, tensor<4xf32>
func.func @zero_trip_constant(%x: f32, %t: tensor<4xf32>) -> (f32, tensor<4xf32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  // lb > ub.
  %r = tile.for_range %i = %c8 to %c4 step %c1 iter_args(%s = %x) -> (f32) {
    %n = arith.addf %s, %s : f32
    tile.yield %n : f32
  }
  // lb == ub.
  %q = tile.for_range %i = %c4 to %c4 step %c1 iter_args(%s = %t) -> (tensor<4xf32>) {
    %n = arith.addf %s, %s : tensor<4xf32>
    tile.yield %n : tensor<4xf32>
  }
  return %r, %q : f32, tensor<4xf32>
}

// -----

// Same SSA value as both bounds: zero trips whatever %n is at run time.
// CHECK-LABEL: func.func @zero_trip_same_value
// CHECK-SAME:    (%{{.*}}: index, %{{.*}}: index, %[[X:.*]]: f32, %[[Y:.*]]: f32)
// CHECK-NEXT:    return %[[X]], %[[Y]] : f32, f32
func.func @zero_trip_same_value(%n: index, %step: index, %x: f32, %y: f32) -> (f32, f32) {
  %r:2 = tile.for_range %i = %n to %n step %step iter_args(%a = %x, %b = %y) -> (f32, f32) {
    tile.yield %b, %a : f32, f32
  }
  return %r#0, %r#1 : f32, f32
}

// -----

// No iter_args, zero trips: the loop and the store in its body disappear.
// CHECK-LABEL: func.func @zero_trip_no_results
// CHECK-NOT:     tile.for_range
// CHECK-NOT:     tile.store
// CHECK:         return
func.func @zero_trip_no_results(%X: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant dense<1.0> : tensor<8xf32>
  tile.for_range %i = %c8 to %c0 step %c8 {
    tile.store %z, %X[%i] : tensor<8xf32>, memref<?xf32>
  }
  tile.for_range %i = %n to %n step %c8 {
    tile.store %z, %X[%i] : tensor<8xf32>, memref<?xf32>
  }
  return
}

// -----

// One trip (3 to 5 step 4): the load uses lb, the first iter arg is
// accumulated from its init, the other two are swapped by the yield.
// CHECK-LABEL: func.func @one_trip
// CHECK-SAME:    (%[[X:.*]]: memref<?xf32>, %[[A0:.*]]: tensor<4xf32>, %[[B0:.*]]: f32, %[[C0:.*]]: f32)
// CHECK-NOT:     tile.for_range
// CHECK:         %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT:    %[[V:.*]] = tile.load %[[X]][%[[C3]]] : memref<?xf32> -> tensor<4xf32>
// CHECK-NEXT:    %[[S:.*]] = arith.addf %[[A0]], %[[V]] : tensor<4xf32>
// CHECK-NEXT:    return %[[S]], %[[C0]], %[[B0]], %[[C3]] :
func.func @one_trip(%X: memref<?xf32>, %a0: tensor<4xf32>, %b0: f32, %c0: f32)
    -> (tensor<4xf32>, f32, f32, index) {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %r:4 = tile.for_range %i = %c3 to %c5 step %c4
      iter_args(%a = %a0, %b = %b0, %c = %c0, %d = %c4) -> (tensor<4xf32>, f32, f32, index) {
    %v = tile.load %X[%i] : memref<?xf32> -> tensor<4xf32>
    %s = arith.addf %a, %v : tensor<4xf32>
    tile.yield %s, %c, %b, %i : tensor<4xf32>, f32, f32, index
  }
  return %r#0, %r#1, %r#2, %r#3 : tensor<4xf32>, f32, f32, index
}

// -----

// One trip without iter_args: the store is kept, at the lower bound.
// CHECK-LABEL: func.func @one_trip_no_results
// CHECK-SAME:    (%[[X:.*]]: memref<?xf32>, %[[V:.*]]: tensor<8xf32>)
// CHECK-NOT:     tile.for_range
// CHECK:         %[[C16:.*]] = arith.constant 16 : index
// CHECK-NEXT:    tile.store %[[V]], %[[X]][%[[C16]]] : tensor<8xf32>, memref<?xf32>
// CHECK-NEXT:    return
func.func @one_trip_no_results(%X: memref<?xf32>, %v: tensor<8xf32>) {
  %c16 = arith.constant 16 : index
  %c24 = arith.constant 24 : index
  %c8 = arith.constant 8 : index
  tile.for_range %i = %c16 to %c24 step %c8 {
    tile.store %v, %X[%i] : tensor<8xf32>, memref<?xf32>
  }
  return
}

// -----

// Two trips: kept as is.
// CHECK-LABEL: func.func @two_trips
// CHECK:         %[[R:.*]] = tile.for_range %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[S:.*]] = %{{.*}}) -> (f32) {
// CHECK-NEXT:      %[[N:.*]] = arith.addf %[[S]], %[[S]] : f32
// CHECK-NEXT:      tile.yield %[[N]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : f32
func.func @two_trips(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = tile.for_range %i = %c0 to %c2 step %c1 iter_args(%s = %x) -> (f32) {
    %n = arith.addf %s, %s : f32
    tile.yield %n : f32
  }
  return %r : f32
}

// -----

// Runtime bounds (different values): kept.
// CHECK-LABEL: func.func @runtime_bounds
// CHECK-SAME:    (%[[LB:.*]]: index, %[[UB:.*]]: index, %{{.*}}: f32)
// CHECK:         %[[R:.*]] = tile.for_range %{{.*}} = %[[LB]] to %[[UB]] step
// CHECK:         return %[[R]] : f32
func.func @runtime_bounds(%lb: index, %ub: index, %x: f32) -> f32 {
  %c1 = arith.constant 1 : index
  %r = tile.for_range %i = %lb to %ub step %c1 iter_args(%s = %x) -> (f32) {
    %n = arith.addf %s, %s : f32
    tile.yield %n : f32
  }
  return %r : f32
}

// -----

// CHECK-LABEL: func.func @splat_constant
// CHECK-DAG:     %[[F:.*]] = arith.constant dense<2.500000e+00> : tensor<4x8xf32>
// CHECK-DAG:     %[[I:.*]] = arith.constant dense<-3> : tensor<16xi32>
// CHECK-DAG:     %[[X:.*]] = arith.constant dense<7> : tensor<2xindex>
// CHECK-NOT:     tile.splat
// CHECK:         return %[[F]], %[[I]], %[[X]]
func.func @splat_constant() -> (tensor<4x8xf32>, tensor<16xi32>, tensor<2xindex>) {
  %f = arith.constant 2.5 : f32
  %i = arith.constant -3 : i32
  %x = arith.constant 7 : index
  %a = tile.splat %f : f32 -> tensor<4x8xf32>
  %b = tile.splat %i : i32 -> tensor<16xi32>
  %c = tile.splat %x : index -> tensor<2xindex>
  return %a, %b, %c : tensor<4x8xf32>, tensor<16xi32>, tensor<2xindex>
}

// -----

// CHECK-LABEL: func.func @splat_runtime
// CHECK-SAME:    (%[[S:.*]]: f32)
// CHECK-NEXT:    %[[T:.*]] = tile.splat %[[S]] : f32 -> tensor<4xf32>
// CHECK-NEXT:    return %[[T]]
func.func @splat_runtime(%s: f32) -> tensor<4xf32> {
  %t = tile.splat %s : f32 -> tensor<4xf32>
  return %t : tensor<4xf32>
}

// -----

// tile.epilogue: an unused result goes (with the body ops only it needed),
// an input the body no longer reads goes, a repeated input is read once,
// and a result that is an input unchanged is that input.
// CHECK-LABEL: func.func @epilogue_simplified
// CHECK-SAME:    (%[[X:[^:]*]]: tensor<8x8xf32>, %[[Y:[^:]*]]: tensor<8x8xf32>)
// CHECK-NEXT:    %[[R:.*]] = tile.epilogue ins(%[[X]] : tensor<8x8xf32>) -> tensor<8x8xf32> {
// CHECK-NEXT:    ^bb0(%[[A:.*]]: f32):
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[A]], %[[A]] : f32
// CHECK-NEXT:      tile.yield %[[S]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]], %[[Y]] : tensor<8x8xf32>, tensor<8x8xf32>
func.func @epilogue_simplified(%x: tensor<8x8xf32>, %y: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %r:3 = tile.epilogue ins(%x, %y, %x : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32> {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %s = arith.addf %a, %c : f32
    %unused = arith.mulf %a, %b : f32
    tile.yield %s, %unused, %b : f32, f32, f32
  }
  return %r#0, %r#2 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// An epilogue none of whose results is used is erased.
// CHECK-LABEL: func.func @epilogue_dead
// CHECK-NEXT:    return
func.func @epilogue_dead(%x: tensor<8x8xf32>) {
  %r = tile.epilogue ins(%x : tensor<8x8xf32>) -> tensor<8x8xf32> {
  ^bb0(%a: f32):
    %s = math.exp %a : f32
    tile.yield %s : f32
  }
  return
}

// -----

// A conversion to the same layout (or none to none) is its operand.
// CHECK-LABEL: func.func @convert_layout_identity
// CHECK-SAME:    (%[[X:[^:]*]]: tensor<64x64xf32, #applegpu.distributed<threads = 128, vector = 4>>, %[[Y:[^:]*]]: tensor<8xi32>)
// CHECK-NEXT:    return %[[X]], %[[Y]] :
func.func @convert_layout_identity(
    %x: tensor<64x64xf32, #applegpu.distributed<threads = 128, vector = 4>>,
    %y: tensor<8xi32>)
    -> (tensor<64x64xf32, #applegpu.distributed<threads = 128, vector = 4>>, tensor<8xi32>) {
  %0 = tile.convert_layout %x
      : tensor<64x64xf32, #applegpu.distributed<threads = 128, vector = 4>>
      -> tensor<64x64xf32, #applegpu.distributed<threads = 128, vector = 4>>
  %1 = tile.convert_layout %y : tensor<8xi32> -> tensor<8xi32>
  return %0, %1 : tensor<64x64xf32, #applegpu.distributed<threads = 128, vector = 4>>, tensor<8xi32>
}

// -----

// distributed -> fragments -> uniform converts once, distributed -> uniform.
// CHECK-LABEL: func.func @convert_layout_chain
// CHECK-SAME:    (%[[X:[^:]*]]: tensor<64x64xf32, #applegpu.distributed<threads = 128, vector = 4>>)
// CHECK-NEXT:    %[[R:.*]] = tile.convert_layout %[[X]] : tensor<64x64xf32, #applegpu.distributed<threads = 128, vector = 4>> -> tensor<64x64xf32, #applegpu.uniform>
// CHECK-NEXT:    return %[[R]]
func.func @convert_layout_chain(%x: tensor<64x64xf32, #applegpu.distributed<threads = 128, vector = 4>>)
    -> tensor<64x64xf32, #applegpu.uniform> {
  %0 = tile.convert_layout %x
      : tensor<64x64xf32, #applegpu.distributed<threads = 128, vector = 4>>
      -> tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>
  %1 = tile.convert_layout %0
      : tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>
      -> tensor<64x64xf32, #applegpu.uniform>
  return %1 : tensor<64x64xf32, #applegpu.uniform>
}

// -----

// There and back again: nothing to move.
// CHECK-LABEL: func.func @convert_layout_round_trip
// CHECK-SAME:    (%[[X:[^:]*]]: tensor<64xf32, #applegpu.slice<dim = 1, size = 64, parent = #applegpu.fragments<simdgroups = [2, 2]>>>)
// CHECK-NEXT:    return %[[X]]
func.func @convert_layout_round_trip(
    %x: tensor<64xf32, #applegpu.slice<dim = 1, size = 64, parent = #applegpu.fragments<simdgroups = [2, 2]>>>)
    -> tensor<64xf32, #applegpu.slice<dim = 1, size = 64, parent = #applegpu.fragments<simdgroups = [2, 2]>>> {
  %0 = tile.convert_layout %x
      : tensor<64xf32, #applegpu.slice<dim = 1, size = 64, parent = #applegpu.fragments<simdgroups = [2, 2]>>>
      -> tensor<64xf32, #applegpu.distributed<threads = 128, vector = 1>>
  %1 = tile.convert_layout %0
      : tensor<64xf32, #applegpu.distributed<threads = 128, vector = 1>>
      -> tensor<64xf32, #applegpu.slice<dim = 1, size = 64, parent = #applegpu.fragments<simdgroups = [2, 2]>>>
  return %1 : tensor<64xf32, #applegpu.slice<dim = 1, size = 64, parent = #applegpu.fragments<simdgroups = [2, 2]>>>
}

// -----

// The middle conversion has another use: it stays, the outer one reads %x.
// CHECK-LABEL: func.func @convert_layout_chain_shared
// CHECK-SAME:    (%[[X:[^:]*]]: tensor<64x64xf32, #applegpu.distributed<threads = 128, vector = 4>>)
// CHECK-NEXT:    %[[F:.*]] = tile.convert_layout %[[X]] : tensor<64x64xf32, #applegpu.distributed<threads = 128, vector = 4>> -> tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>
// CHECK-NEXT:    %[[U:.*]] = tile.convert_layout %[[X]] : tensor<64x64xf32, #applegpu.distributed<threads = 128, vector = 4>> -> tensor<64x64xf32, #applegpu.uniform>
// CHECK-NEXT:    return %[[F]], %[[U]]
func.func @convert_layout_chain_shared(%x: tensor<64x64xf32, #applegpu.distributed<threads = 128, vector = 4>>)
    -> (tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>, tensor<64x64xf32, #applegpu.uniform>) {
  %0 = tile.convert_layout %x
      : tensor<64x64xf32, #applegpu.distributed<threads = 128, vector = 4>>
      -> tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>
  %1 = tile.convert_layout %0
      : tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>
      -> tensor<64x64xf32, #applegpu.uniform>
  return %0, %1 : tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>, tensor<64x64xf32, #applegpu.uniform>
}

// -----

// A splat constant exists in every layout; a constant that is not a splat
// is moved like any tile. A splat of a constant folds to a constant first.
// CHECK-LABEL: func.func @convert_layout_constant
// CHECK-DAG:     %[[F:.*]] = arith.constant dense<1.500000e+00> : tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>
// CHECK-DAG:     %[[S:.*]] = arith.constant dense<-2> : tensor<128xi32, #applegpu.distributed<threads = 128, vector = 4>>
// CHECK-DAG:     %[[N:.*]] = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32, #applegpu.uniform>
// CHECK-NOT:     arith.constant
// CHECK:         %[[C:.*]] = tile.convert_layout %[[N]] : tensor<4xi32, #applegpu.uniform> -> tensor<4xi32, #applegpu.distributed<threads = 32, vector = 1>>
// CHECK-NEXT:    return %[[F]], %[[S]], %[[C]]
func.func @convert_layout_constant()
    -> (tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>,
        tensor<128xi32, #applegpu.distributed<threads = 128, vector = 4>>,
        tensor<4xi32, #applegpu.distributed<threads = 32, vector = 1>>) {
  %f = arith.constant dense<1.5> : tensor<64x64xf32, #applegpu.distributed<threads = 128, vector = 4>>
  %0 = tile.convert_layout %f
      : tensor<64x64xf32, #applegpu.distributed<threads = 128, vector = 4>>
      -> tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>
  %c = arith.constant -2 : i32
  %s = tile.splat %c : i32 -> tensor<128xi32, #applegpu.uniform>
  %1 = tile.convert_layout %s
      : tensor<128xi32, #applegpu.uniform>
      -> tensor<128xi32, #applegpu.distributed<threads = 128, vector = 4>>
  %n = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32, #applegpu.uniform>
  %2 = tile.convert_layout %n
      : tensor<4xi32, #applegpu.uniform>
      -> tensor<4xi32, #applegpu.distributed<threads = 32, vector = 1>>
  return %0, %1, %2
      : tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>,
        tensor<128xi32, #applegpu.distributed<threads = 128, vector = 4>>,
        tensor<4xi32, #applegpu.distributed<threads = 32, vector = 1>>
}

// -----

// Every thread already holds a splatted scalar: splat it in the new layout.
// CHECK-LABEL: func.func @convert_layout_splat
// CHECK-SAME:    (%[[S:.*]]: f32)
// CHECK-NEXT:    %[[T:.*]] = tile.splat %[[S]] : f32 -> tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>
// CHECK-NEXT:    return %[[T]]
func.func @convert_layout_splat(%s: f32) -> tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>> {
  %0 = tile.splat %s : f32 -> tensor<64x64xf32, #applegpu.uniform>
  %1 = tile.convert_layout %0
      : tensor<64x64xf32, #applegpu.uniform>
      -> tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>
  return %1 : tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>
}

// -----

// Each thread computes the elements of an arange it holds from their
// positions: build it in the new layout. The original has another use and
// stays.
// CHECK-LABEL: func.func @convert_layout_arange
// CHECK-NEXT:    %[[A:.*]] = tile.arange : tensor<64xi32, #applegpu.distributed<threads = 128, vector = 1>>
// CHECK-NEXT:    %[[B:.*]] = tile.arange : tensor<64xi32, #applegpu.slice<dim = 1, size = 64, parent = #applegpu.fragments<simdgroups = [2, 2]>>>
// CHECK-NEXT:    return %[[A]], %[[B]]
func.func @convert_layout_arange()
    -> (tensor<64xi32, #applegpu.distributed<threads = 128, vector = 1>>,
        tensor<64xi32, #applegpu.slice<dim = 1, size = 64, parent = #applegpu.fragments<simdgroups = [2, 2]>>>) {
  %0 = tile.arange : tensor<64xi32, #applegpu.distributed<threads = 128, vector = 1>>
  %1 = tile.convert_layout %0
      : tensor<64xi32, #applegpu.distributed<threads = 128, vector = 1>>
      -> tensor<64xi32, #applegpu.slice<dim = 1, size = 64, parent = #applegpu.fragments<simdgroups = [2, 2]>>>
  return %0, %1
      : tensor<64xi32, #applegpu.distributed<threads = 128, vector = 1>>,
        tensor<64xi32, #applegpu.slice<dim = 1, size = 64, parent = #applegpu.fragments<simdgroups = [2, 2]>>>
}

// -----

// The operand is computed in another layout (a reduction, an argument):
// the conversion moves data and stays.
// CHECK-LABEL: func.func @convert_layout_kept
// CHECK-SAME:    (%[[X:[^:]*]]: tensor<64x128xf32, #applegpu.fragments<simdgroups = [2, 2]>>)
// CHECK-NEXT:    %[[R:.*]] = tile.reduce maximumf %[[X]] dim 1 : tensor<64x128xf32, #applegpu.fragments<simdgroups = [2, 2]>> -> tensor<64xf32, #applegpu.slice<dim = 1, size = 128, parent = #applegpu.fragments<simdgroups = [2, 2]>>>
// CHECK-NEXT:    %[[C:.*]] = tile.convert_layout %[[R]] : tensor<64xf32, #applegpu.slice<dim = 1, size = 128, parent = #applegpu.fragments<simdgroups = [2, 2]>>> -> tensor<64xf32, #applegpu.distributed<threads = 128, vector = 1>>
// CHECK-NEXT:    %[[D:.*]] = tile.convert_layout %[[X]] : tensor<64x128xf32, #applegpu.fragments<simdgroups = [2, 2]>> -> tensor<64x128xf32, #applegpu.distributed<threads = 128, vector = 4>>
// CHECK-NEXT:    return %[[C]], %[[D]]
func.func @convert_layout_kept(%x: tensor<64x128xf32, #applegpu.fragments<simdgroups = [2, 2]>>)
    -> (tensor<64xf32, #applegpu.distributed<threads = 128, vector = 1>>,
        tensor<64x128xf32, #applegpu.distributed<threads = 128, vector = 4>>) {
  %r = tile.reduce maximumf %x dim 1
      : tensor<64x128xf32, #applegpu.fragments<simdgroups = [2, 2]>>
      -> tensor<64xf32, #applegpu.slice<dim = 1, size = 128, parent = #applegpu.fragments<simdgroups = [2, 2]>>>
  %0 = tile.convert_layout %r
      : tensor<64xf32, #applegpu.slice<dim = 1, size = 128, parent = #applegpu.fragments<simdgroups = [2, 2]>>>
      -> tensor<64xf32, #applegpu.distributed<threads = 128, vector = 1>>
  %1 = tile.convert_layout %x
      : tensor<64x128xf32, #applegpu.fragments<simdgroups = [2, 2]>>
      -> tensor<64x128xf32, #applegpu.distributed<threads = 128, vector = 4>>
  return %0, %1
      : tensor<64xf32, #applegpu.distributed<threads = 128, vector = 1>>,
        tensor<64x128xf32, #applegpu.distributed<threads = 128, vector = 4>>
}

// -----

// A loop-carried value nothing reads after the loop, which the body only
// advances (offsets a rewrite no longer needs), is dropped with what
// computed it; one read after the loop, or read in the body, stays.
// CHECK-LABEL: func.func @drop_unused_iter_args
// CHECK-SAME: (%[[A:.*]]: memref<?xf32>, %[[N:.*]]: index, %[[OFFS:.*]]: tensor<16xi32>, %[[STEP:.*]]: tensor<16xi32>, %[[ACC:.*]]: tensor<16xf32>)
// CHECK: %[[R:.*]] = tile.for_range %[[K:.*]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[X:.*]] = %[[ACC]]) -> (tensor<16xf32>) {
// CHECK-NEXT:   %[[V:.*]] = tile.load %[[A]][%[[K]]]
// CHECK-NEXT:   %[[S:.*]] = arith.addf %[[X]], %[[V]]
// CHECK-NEXT:   tile.yield %[[S]] : tensor<16xf32>
// CHECK-NEXT: } {num_stages = 2 : i64}
// CHECK-NEXT: return %[[R]]
func.func @drop_unused_iter_args(%A: memref<?xf32>, %n: index, %offs: tensor<16xi32>,
                                 %step: tensor<16xi32>, %acc: tensor<16xf32>)
    -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %r:2 = tile.for_range %k = %c0 to %n step %c16
      iter_args(%o = %offs, %x = %acc) -> (tensor<16xi32>, tensor<16xf32>) {
    %v = tile.load %A[%k] : memref<?xf32> -> tensor<16xf32>
    %s = arith.addf %x, %v : tensor<16xf32>
    %next = arith.addi %o, %step : tensor<16xi32>
    tile.yield %next, %s : tensor<16xi32>, tensor<16xf32>
  } {num_stages = 2}
  return %r#1 : tensor<16xf32>
}

// -----

// Kept: a carried value the body reads for something else (the load's
// offset tile feeds the sum), and one whose result is read after the loop.
// CHECK-LABEL: func.func @keep_used_iter_args
// CHECK: tile.for_range {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (tensor<16xi32>, tensor<16xi32>, tensor<16xf32>)
func.func @keep_used_iter_args(%A: memref<?xf32>, %n: index, %offs: tensor<16xi32>,
                               %step: tensor<16xi32>, %acc: tensor<16xf32>)
    -> (tensor<16xi32>, tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %r:3 = tile.for_range %k = %c0 to %n step %c16
      iter_args(%o = %offs, %p = %offs, %x = %acc)
      -> (tensor<16xi32>, tensor<16xi32>, tensor<16xf32>) {
    %v = tile.gather %A[%o] : memref<?xf32>, tensor<16xi32> -> tensor<16xf32>
    %s = arith.addf %x, %v : tensor<16xf32>
    %next = arith.addi %o, %step : tensor<16xi32>
    %pnext = arith.addi %p, %step : tensor<16xi32>
    tile.yield %next, %pnext, %s : tensor<16xi32>, tensor<16xi32>, tensor<16xf32>
  }
  return %r#1, %r#2 : tensor<16xi32>, tensor<16xf32>
}
