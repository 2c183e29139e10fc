// RUN: tile-opt %s --tile-unroll > %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: tile-opt %t.mlir --tile-to-applegpu | tile-translate --mlir-to-msl | FileCheck %s --check-prefix=MSL
// RUN: tile-run %t.mlir --arg X=f32:100:random:1 --arg Y=f32:100:zeros --arg n=100 --compare | FileCheck %s --check-prefix=EMU
// RUN: tile-opt %s --mlir-use-nameloc-as-prefix=false | FileCheck %s --check-prefix=NUMBERED
// Kernel parameters keep their source names through files: tile-opt prints
// them as the source writes them (the names ride on NameLocs, which
// --mlir-use-nameloc-as-prefix prints, on by default in tile-opt), so the
// next tool finds them again: tile-opt, tile-translate and tile-run.

// CHECK: func.func @copy(%X: memref<?xf32>, %Y: memref<?xf32>, %n: index)
// MSL: device const float* X {{\[\[}}buffer(0)]]
// MSL: device float* Y {{\[\[}}buffer(1)]]
// MSL: constant uint& n {{\[\[}}buffer(2)]]
// EMU: ran copy on the emulator: ok
// NUMBERED: func.func @copy(%arg0: memref<?xf32>, %arg1: memref<?xf32>, %arg2: index)
func.func @copy(%X: memref<?xf32>, %Y: memref<?xf32>, %n: index) attributes {tile.kernel} {
  %p = tile.program_id x : index
  %c64 = arith.constant 64 : index
  %i = arith.muli %p, %c64 : index
  %x = tile.load %X[%i] bounds [%n] : memref<?xf32> -> tensor<64xf32>
  tile.store %x, %Y[%i] bounds [%n] : tensor<64xf32>, memref<?xf32>
  return
}
