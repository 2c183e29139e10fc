// RUN: not tile-opt %s --tile-assign-layouts --convert-tile-to-applegpu > %t.out 2> %t.err
// RUN: count 0 < %t.out
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
// RUN: not tile-opt %s --tile-to-applegpu > %t.out 2> %t.err
// RUN: count 0 < %t.out
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
// A module whose first kernel lowers and whose second fails deep inside
// (in a loop, after the lowering has written part of the new kernel): the
// tool fails with the one located error and prints nothing on stdout, not
// the first kernel, not a partial second one. The same through the
// tile-to-applegpu pipeline.

func.func @vector_add(%X: memref<?xf32>, %Y: memref<?xf32>, %Z: memref<?xf32>,
                      %n: index) attributes {tile.kernel} {
  %c256 = arith.constant 256 : index
  %p = tile.program_id x : index
  %i = arith.muli %p, %c256 : index
  %x = tile.load %X[%i] bounds [%n] : memref<?xf32> -> tensor<256xf32>
  %y = tile.load %Y[%i] bounds [%n] : memref<?xf32> -> tensor<256xf32>
  %z = arith.addf %x, %y : tensor<256xf32>
  tile.store %z, %Z[%i] bounds [%n] : tensor<256xf32>, memref<?xf32>
  return
}

func.func @fails_in_loop(%X: memref<?xf32>, %Y: memref<?xf32>, %n: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant dense<0.0> : tensor<64xf32>
  %sum = scf.for %k = %c0 to %n step %c64 iter_args(%s = %zero) -> tensor<64xf32> {
    %x = tile.load %X[%k] bounds [%n] : memref<?xf32> -> tensor<64xf32>
    %t = arith.addf %s, %x : tensor<64xf32>
    // CHECK: invalid-no-output.mlir:[[@LINE+1]]:10: error: 'tensor.extract' op is not supported by the simdgroup backend of convert-tile-to-applegpu
    %e = tensor.extract %t[%c0] : tensor<64xf32>
    %b = tile.splat %e : f32 -> tensor<64xf32>
    %u = arith.subf %t, %b : tensor<64xf32>
    scf.yield %u : tensor<64xf32>
  }
  tile.store %sum, %Y[%c0] : tensor<64xf32>, memref<?xf32>
  return
}
