// RUN: tile-opt %s --mlir-use-nameloc-as-prefix=false --split-input-file --tile-pipeline-loads --verify-diagnostics | FileCheck %s
// (Checks name the kernel arguments %argN: tile-opt prints source names otherwise.)
// Running the pass again changes nothing:
// RUN: tile-opt %s --mlir-use-nameloc-as-prefix=false --split-input-file --tile-pipeline-loads --verify-diagnostics | tile-opt --mlir-use-nameloc-as-prefix=false --split-input-file --tile-pipeline-loads | FileCheck %s
// RUN: tile-opt %s --mlir-use-nameloc-as-prefix=false --split-input-file --tile-pipeline-loads=max-distance=1 -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIMITED
// RUN: not tile-opt %s --tile-pipeline-loads=max-distance=0 2>&1 | FileCheck %s --check-prefix=BAD-OPTION

// BAD-OPTION: error: tile-pipeline-loads: max-distance must be at least 1, got 0

// num_stages = 2: the loop carries the next A and B tiles. The prologue
// loads iteration 0's; the body loads iteration k + 32's where the loads
// were, before the dot. Both loads are indexed by %k and bounded by the
// loop's upper bound %K: past the end every element is masked, so they need
// no guard.
// CHECK-LABEL: func.func @gemm_two_stages
// CHECK:         %[[A0:.*]] = tile.load %arg0[%{{.*}}, %c0] strides [%arg5, %c1] bounds [%arg3, %arg5]
// CHECK:         %[[B0:.*]] = tile.load %arg1[%c0, %{{.*}}] strides [%arg4, %c1] bounds [%arg5, %arg4]
// CHECK:         %[[R:.*]]:3 = scf.for %[[K:.*]] = %c0 to %arg5 step %c32 iter_args(%[[ACC:.*]] = %{{.*}}, %[[A:.*]] = %[[A0]], %[[B:.*]] = %[[B0]])
// CHECK:           %[[K1:.*]] = arith.addi %[[K]], %c32 : index
// CHECK:           %[[NA:.*]] = tile.load %arg0[%{{.*}}, %[[K1]]]
// CHECK:           %[[K2:.*]] = arith.addi %[[K]], %c32 : index
// CHECK:           %[[NB:.*]] = tile.load %arg1[%[[K2]], %{{.*}}]
// CHECK:           %[[D:.*]] = tile.dot %[[A]], %[[B]], %[[ACC]]
// CHECK:           scf.yield %[[D]], %[[NA]], %[[NB]]
// CHECK:         } {tile.loads_pipelined, tile.num_stages = 2 : i64}
// CHECK:         tile.store %[[R]]#0
func.func @gemm_two_stages(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                           %M: index, %N: index, %K: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %row = arith.muli %pm, %c64 : index
  %col = arith.muli %pn, %c64 : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = scf.for %k = %c0 to %K step %c32 iter_args(%a0 = %zero) -> (tensor<64x64xf32>) {
    %a = tile.load %A[%row, %k] strides [%K, %c1] bounds [%M, %K] : memref<?xf32> -> tensor<64x32xf32>
    %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xf32> -> tensor<32x64xf32>
    %d = tile.dot %a, %b, %a0 : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  } {tile.num_stages = 2 : i64}
  tile.store %acc, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<64x64xf32>, memref<?xf32>
  return
}

// -----

// num_stages = 3: two tiles ahead. The prologue loads iterations 0 and 1;
// the body uses the oldest and loads iteration k + 2 * 16. The address of
// the load (%k * 2, computed in the body) is recomputed for that iteration.
// It is not the induction variable itself, so the load is guarded, in the
// prologue too.
// CHECK-LABEL: func.func @three_stages_guarded
// CHECK:         %[[IN0:.*]] = arith.cmpi slt, %c0, %arg2 : index
// CHECK:         %[[X0:.*]] = scf.if %[[IN0]] -> (tensor<32xf32>) {
// CHECK:           %[[I0:.*]] = arith.muli %c0, %c2 : index
// CHECK:           %[[L0:.*]] = tile.load %arg0[%[[I0]]] bounds [%arg2]
// CHECK:           scf.yield %[[L0]]
// CHECK:         } else {
// CHECK:           %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<32xf32>
// CHECK:           scf.yield %[[Z]]
// CHECK:         }
// CHECK:         %[[IT1:.*]] = arith.addi %c0, %c16 : index
// CHECK:         %[[IN1:.*]] = arith.cmpi slt, %[[IT1]], %arg2 : index
// CHECK:         %[[X1:.*]] = scf.if %[[IN1]] -> (tensor<32xf32>) {
// CHECK:         scf.for %[[I:.*]] = %c0 to %arg2 step %c16 iter_args(%[[S:.*]] = %{{.*}}, %[[X:.*]] = %[[X0]], %[[XN:.*]] = %[[X1]])
// CHECK:           %[[AHEAD:.*]] = arith.muli %c16, %c2_{{.*}} : index
// CHECK:           %[[IT:.*]] = arith.addi %[[I]], %[[AHEAD]] : index
// CHECK:           %[[IN:.*]] = arith.cmpi slt, %[[IT]], %arg2 : index
// CHECK:           %[[NEXT:.*]] = scf.if %[[IN]] -> (tensor<32xf32>) {
// CHECK:           %[[SUM:.*]] = arith.addf %[[S]], %[[X]]
// CHECK:           scf.yield %[[SUM]], %[[XN]], %[[NEXT]]
// CHECK:         } {tile.loads_pipelined, tile.num_stages = 3 : i64}
func.func @three_stages_guarded(%X: memref<?xf32>, %Z: memref<?xf32>, %n: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant dense<0.0> : tensor<32xf32>
  %acc = scf.for %i = %c0 to %n step %c16 iter_args(%s = %zero) -> (tensor<32xf32>) {
    %at = arith.muli %i, %c2 : index
    %x = tile.load %X[%at] bounds [%n] : memref<?xf32> -> tensor<32xf32>
    %t = arith.addf %s, %x : tensor<32xf32>
    scf.yield %t : tensor<32xf32>
  } {tile.num_stages = 3 : i64}
  tile.store %acc, %Z[%c0] : tensor<32xf32>, memref<?xf32>
  return
}

// With max-distance=1, one tile ahead only:
// LIMITED: tile-pipeline-loads.mlir:[[# @LINE - 11]]:{{[0-9]+}}: remark: num_stages = 3: loads are read 1 iteration ahead, not 2 (max-distance: each iteration ahead holds another copy of the loop's tiles in registers)

// -----

// With layouts, the limit's remark says what each iteration ahead holds,
// as the tiles' layouts count it: a 64x16 tile in groups of 4 over 32
// threads is 8 rounds of 4 values per thread, a 16-element one 1 round.
#slots = #applegpu.distributed<threads = 32, vector = 4>
// CHECK-LABEL: func.func @limited_with_layouts
// CHECK:         } {tile.loads_pipelined, tile.num_stages = 3 : i64}
func.func @limited_with_layouts(%X: memref<?xf32>, %Y: memref<?xf32>, %Z: memref<?xf32>,
                                %n: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant dense<0.0> : tensor<64x16xf32, #slots>
  %acc = scf.for %i = %c0 to %n step %c16 iter_args(%s = %zero) -> (tensor<64x16xf32, #slots>) {
    %x = tile.load %X[%c0, %i] strides [%n, %c1] bounds [%c64, %n] : memref<?xf32> -> tensor<64x16xf32, #slots>
    %y = tile.load %Y[%i] bounds [%n] : memref<?xf32> -> tensor<16xf32, #slots>
    %b = tile.broadcast %y dim 1 : tensor<16xf32, #slots> -> tensor<64x16xf32, #slots>
    %t = arith.addf %s, %x : tensor<64x16xf32, #slots>
    %u = arith.addf %t, %b : tensor<64x16xf32, #slots>
    scf.yield %u : tensor<64x16xf32, #slots>
  } {tile.num_stages = 3 : i64}
  tile.store %acc, %Z[%c0, %c0] strides [%n, %c1] bounds [%c64, %n] : tensor<64x16xf32, #slots>, memref<?xf32>
  return
}
// LIMITED: tile-pipeline-loads.mlir:[[# @LINE - 11]]:{{[0-9]+}}: remark: num_stages = 3: loads are read 1 iteration ahead, not 2 (max-distance: each iteration ahead holds another copy of the loop's tiles in registers: 36 values per thread)

// -----

// Loads that cannot be read ahead stay where they are: one whose address
// depends on a value the loop carries, one from a buffer the kernel
// writes, one a tensor-ops dot reads from device memory (#applegpu.view).
// With none left, a remark says the request had no effect.
// CHECK-LABEL: func.func @nothing_to_read_ahead
// CHECK:         scf.for
// CHECK-NEXT:      tile.load %arg0[%{{.*}}]
// CHECK-NEXT:      tile.load %arg1[%{{.*}}]
// CHECK-NEXT:      tile.load %arg2[%{{.*}}]
// CHECK:         } {tile.loads_pipelined, tile.num_stages = 2 : i64}
func.func @nothing_to_read_ahead(%X: memref<?xf32>, %Y: memref<?xf32>, %V: memref<?xf32>,
                                 %n: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant dense<0.0> : tensor<16xf32>
  // expected-remark @+1 {{num_stages = 2: no tile.load of this loop can be read ahead (each depends on values the loop carries, reads a buffer the kernel writes, or is read by the dot from device memory)}}
  %r:2 = scf.for %i = %c0 to %n step %c16 iter_args(%s = %zero, %at = %c0) -> (tensor<16xf32>, index) {
    %x = tile.load %X[%at] bounds [%n] : memref<?xf32> -> tensor<16xf32>
    %y = tile.load %Y[%i] bounds [%n] : memref<?xf32> -> tensor<16xf32>
    %v = tile.load %V[%i, %c0] strides [%c16, %c1] bounds [%n, %c16] : memref<?xf32> -> tensor<16x16xf32, #applegpu.view>
    %t = arith.addf %s, %x : tensor<16xf32>
    %u = arith.addf %t, %y : tensor<16xf32>
    %next = arith.addi %at, %c16 : index
    scf.yield %u, %next : tensor<16xf32>, index
  } {tile.num_stages = 2 : i64}
  tile.store %r#0, %Y[%c0] : tensor<16xf32>, memref<?xf32>
  return
}
