// RUN: tile-opt %s --tile-to-applegpu="target=apple9 gather-to-load=false" | FileCheck %s
// RUN: tile-opt %s --tile-to-applegpu="target=apple9 gather-to-load=false" | tile-translate --mlir-to-msl > %t.metal
// RUN: %msl_check %t.metal
// RUN: FileCheck %s --check-prefix=MSL < %t.metal
// Accesses at tiles of offsets on a distributed tile of 64 elements over 32
// threads (groups of 4: threads 16..31 hold none): each thread's slots in a
// loop, the access guarded by the mask and by whether the thread holds the
// slot; atomics become memref.atomic_rmw and applegpu.atomic_compare_exchange,
// and the buffers they touch are read_write. The pipeline runs without
// tile-gather-to-load, which would make the affine gather and scatter a
// tile.load and a tile.store.

// CHECK-LABEL: func.func @k(
// CHECK-SAME: applegpu.access = "read", {{.*}}applegpu.name = "X"
// CHECK-SAME: applegpu.access = "read_write", {{.*}}applegpu.name = "H"
// CHECK-SAME: applegpu.access = "read_write", {{.*}}applegpu.name = "L"
// CHECK-SAME: applegpu.access = "write", {{.*}}applegpu.name = "Y"

// The gather: held and masked, else zero.
// CHECK: scf.for %[[S:.*]] = %{{.*}} to %{{.*}} step
// CHECK:   %[[OFF:.*]] = memref.load %{{.*}}[%[[S]]] : memref<4xi32>
// CHECK:   %[[MASK:.*]] = memref.load %{{.*}}[%[[S]]] : memref<4xi1>
// CHECK:   %[[HELD:.*]] = arith.cmpi ult, %{{.*}}, %c16 : index
// CHECK:   %[[GUARD:.*]] = arith.andi %[[HELD]], %[[MASK]] : i1
// CHECK:   %[[I:.*]] = arith.index_cast %[[OFF]] : i32 to index
// CHECK:   scf.if %[[GUARD]] -> (f32) {
// CHECK:     memref.load %arg0[%[[I]]] : memref<?xf32>
// CHECK:   } else {
// CHECK:     scf.yield %cst : f32

// The unsigned maximum, only where held.
// CHECK: scf.if %{{.*}} -> (i32) {
// CHECK:   memref.atomic_rmw maxu %{{.*}}, %arg1[%{{.*}}] : (i32, memref<?xi32>) -> i32

// CHECK: applegpu.atomic_compare_exchange %arg2[%{{.*}}], %{{.*}}, %{{.*}} : memref<?xi32>, i32

// The scatter: a guarded store.
// CHECK: scf.if %{{.*}} {
// CHECK:   memref.store %{{.*}}, %arg3[%{{.*}}] : memref<?xf32>

// MSL: float [[V:v[0-9]+]] = X[v{{[0-9]+}}];
// MSL: as_type<int>(atomic_fetch_max_explicit((device atomic_uint*)&H[v{{[0-9]+}}], as_type<uint>(1), memory_order_relaxed));
// MSL: int [[OLD:v[0-9]+]] = 1;
// MSL-NEXT: while (!atomic_compare_exchange_weak_explicit((device atomic_int*)&L[v{{[0-9]+}}], &[[OLD]], v{{[0-9]+}}, memory_order_relaxed, memory_order_relaxed) && [[OLD]] == 1) {
// MSL-NEXT: }
// MSL: Y[v{{[0-9]+}}] = v{{[0-9]+}};

func.func @k(%X: memref<?xf32>, %H: memref<?xi32>, %L: memref<?xi32>, %Y: memref<?xf32>, %n: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %i = tile.arange : tensor<64xi32>
  %ni = arith.index_cast %n : index to i32
  %nv = tile.splat %ni : i32 -> tensor<64xi32>
  %m = arith.cmpi slt, %i, %nv : tensor<64xi32>
  %x = tile.gather %X[%i] mask %m : memref<?xf32>, tensor<64xi32> -> tensor<64xf32>
  %ones = arith.constant dense<1> : tensor<64xi32>
  %h = tile.atomic_rmw maxui %H[%i], %ones : memref<?xi32>, tensor<64xi32> -> tensor<64xi32>
  %o = tile.atomic_cas %L[%i], %ones, %h : memref<?xi32>, tensor<64xi32> -> tensor<64xi32>
  tile.scatter %x, %Y[%i] mask %m : tensor<64xf32>, memref<?xf32>, tensor<64xi32>
  return
}
