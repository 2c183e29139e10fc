// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// The accesses at tiles of offsets (gather, scatter, atomics) round-trip in
// every form: with and without mask and other, rank 1 and 2, i32, i64 and
// index offsets.

// CHECK-LABEL: func.func @gather_scatter
func.func @gather_scatter(%X: memref<?xf32>, %Y: memref<?xf32>,
                          %offs: tensor<64x32xi32>, %m: tensor<64x32xi1>,
                          %o: tensor<64x32xf32>, %i: tensor<128xindex>)
    attributes {tile.kernel} {
  // CHECK: %[[A:.*]] = tile.gather %{{.*}}[%{{.*}}] : memref<?xf32>, tensor<64x32xi32> -> tensor<64x32xf32>
  %a = tile.gather %X[%offs] : memref<?xf32>, tensor<64x32xi32> -> tensor<64x32xf32>
  // CHECK: tile.gather %{{.*}}[%{{.*}}] mask %{{.*}} : memref<?xf32>, tensor<64x32xi32> -> tensor<64x32xf32>
  %b = tile.gather %X[%offs] mask %m : memref<?xf32>, tensor<64x32xi32> -> tensor<64x32xf32>
  // CHECK: tile.gather %{{.*}}[%{{.*}}] mask %{{.*}} other %{{.*}} : memref<?xf32>, tensor<64x32xi32> -> tensor<64x32xf32>
  %c = tile.gather %X[%offs] mask %m other %o : memref<?xf32>, tensor<64x32xi32> -> tensor<64x32xf32>
  // CHECK: tile.gather %{{.*}}[%{{.*}}] other %{{.*}} : memref<?xf32>, tensor<64x32xi32> -> tensor<64x32xf32>
  %d = tile.gather %X[%offs] other %o : memref<?xf32>, tensor<64x32xi32> -> tensor<64x32xf32>
  // CHECK: tile.gather %{{.*}}[%{{.*}}] : memref<?xf32>, tensor<128xindex> -> tensor<128xf32>
  %e = tile.gather %X[%i] : memref<?xf32>, tensor<128xindex> -> tensor<128xf32>
  // CHECK: tile.scatter %[[A]], %{{.*}}[%{{.*}}] mask %{{.*}} : tensor<64x32xf32>, memref<?xf32>, tensor<64x32xi32>
  tile.scatter %a, %Y[%offs] mask %m : tensor<64x32xf32>, memref<?xf32>, tensor<64x32xi32>
  // CHECK: tile.scatter %{{.*}}, %{{.*}}[%{{.*}}] : tensor<128xf32>, memref<?xf32>, tensor<128xindex>
  tile.scatter %e, %Y[%i] : tensor<128xf32>, memref<?xf32>, tensor<128xindex>
  return
}

// CHECK-LABEL: func.func @atomics
func.func @atomics(%H: memref<?xi32>, %F: memref<?xf32>, %bins: tensor<256xi64>,
                   %m: tensor<256xi1>, %ones: tensor<256xi32>,
                   %vals: tensor<256xf32>) attributes {tile.kernel} {
  // CHECK: tile.atomic_rmw add %{{.*}}[%{{.*}}], %{{.*}} mask %{{.*}} : memref<?xi32>, tensor<256xi64> -> tensor<256xi32>
  %0 = tile.atomic_rmw add %H[%bins], %ones mask %m : memref<?xi32>, tensor<256xi64> -> tensor<256xi32>
  // CHECK: tile.atomic_rmw add %{{.*}}[%{{.*}}], %{{.*}} : memref<?xf32>, tensor<256xi64> -> tensor<256xf32>
  %1 = tile.atomic_rmw add %F[%bins], %vals : memref<?xf32>, tensor<256xi64> -> tensor<256xf32>
  // CHECK: tile.atomic_rmw maxsi
  %2 = tile.atomic_rmw maxsi %H[%bins], %ones : memref<?xi32>, tensor<256xi64> -> tensor<256xi32>
  // CHECK: tile.atomic_rmw minsi
  %3 = tile.atomic_rmw minsi %H[%bins], %ones : memref<?xi32>, tensor<256xi64> -> tensor<256xi32>
  // CHECK: tile.atomic_rmw maxui
  %4 = tile.atomic_rmw maxui %H[%bins], %ones : memref<?xi32>, tensor<256xi64> -> tensor<256xi32>
  // CHECK: tile.atomic_rmw minui
  %5 = tile.atomic_rmw minui %H[%bins], %ones : memref<?xi32>, tensor<256xi64> -> tensor<256xi32>
  // CHECK: tile.atomic_rmw and
  %6 = tile.atomic_rmw and %H[%bins], %ones : memref<?xi32>, tensor<256xi64> -> tensor<256xi32>
  // CHECK: tile.atomic_rmw or
  %7 = tile.atomic_rmw or %H[%bins], %ones : memref<?xi32>, tensor<256xi64> -> tensor<256xi32>
  // CHECK: tile.atomic_rmw xor
  %8 = tile.atomic_rmw xor %H[%bins], %ones : memref<?xi32>, tensor<256xi64> -> tensor<256xi32>
  // CHECK: tile.atomic_rmw xchg %{{.*}}[%{{.*}}], %{{.*}} : memref<?xf32>, tensor<256xi64> -> tensor<256xf32>
  %9 = tile.atomic_rmw xchg %F[%bins], %vals : memref<?xf32>, tensor<256xi64> -> tensor<256xf32>
  // CHECK: tile.atomic_cas %{{.*}}[%{{.*}}], %{{.*}}, %{{.*}} mask %{{.*}} : memref<?xi32>, tensor<256xi64> -> tensor<256xi32>
  %10 = tile.atomic_cas %H[%bins], %ones, %0 mask %m : memref<?xi32>, tensor<256xi64> -> tensor<256xi32>
  return
}
