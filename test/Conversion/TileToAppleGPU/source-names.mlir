// The MSL and ABI keep the source's parameter names on the README's path,
// tile-opt | tile-translate: tile-opt names each kernel argument as the
// source text does (%A), from a file or from stdin, and with
// -split-input-file. A `tile.name` (what frontends set) wins over the
// source text; a `loc("name")` on an argument names it too.
// RUN: tile-opt %s -split-input-file --tile-to-applegpu | tile-translate -split-input-file --mlir-to-msl | FileCheck %s
// RUN: cat %s | tile-opt -split-input-file --tile-to-applegpu | tile-translate -split-input-file --mlir-to-msl | FileCheck %s
// The ABI (both kernels in one module, without -split-input-file):
// RUN: tile-opt %s --tile-to-applegpu | tile-translate --mlir-to-msl --msl-abi=%t.json > /dev/null
// RUN: FileCheck %s --check-prefix=JSON < %t.json

// CHECK-LABEL: void scale(
// CHECK-NEXT:    device const float* X {{\[\[}}buffer(0)]],
// CHECK-NEXT:    device float* Y {{\[\[}}buffer(1)]],
// CHECK-NEXT:    constant uint& n {{\[\[}}buffer(2)]],
// CHECK-NEXT:    constant float& alpha_1 {{\[\[}}buffer(3)]],
// JSON:          "grid": [
// JSON-NEXT:       "ceildiv(n, 256)",
// JSON:          "grid_extents": [
// JSON-NEXT:       {
// JSON-NEXT:         "argument": "n",
// JSON-NEXT:         "divisor": 256,
// JSON-NEXT:         "index": 2
func.func @scale(%X: memref<?xf32>, %Y: memref<?xf32>, %n: index, %alpha_1: f32)
    attributes {tile.kernel} {
  %c256 = arith.constant 256 : index
  %p = tile.program_id x : index
  %i = arith.muli %p, %c256 : index
  %x = tile.load %X[%i] bounds [%n] : memref<?xf32> -> tensor<256xf32>
  %a = tile.splat %alpha_1 : f32 -> tensor<256xf32>
  %y = arith.mulf %x, %a : tensor<256xf32>
  tile.store %y, %Y[%i] bounds [%n] : tensor<256xf32>, memref<?xf32>
  return
}

// -----

// tile.name beats the source's name; loc("count") names an argument; a
// numeric SSA name (%0) is not an identifier and stays argN.
// CHECK-LABEL: void named(
// CHECK-NEXT:    device const float* source {{\[\[}}buffer(0)]],
// CHECK-NEXT:    device float* arg1 {{\[\[}}buffer(1)]],
// CHECK-NEXT:    constant uint& count {{\[\[}}buffer(2)]],
// JSON:          "ceildiv(count, 128)"
func.func @named(%in: memref<?xf32> {tile.name = "source"}, %0: memref<?xf32>,
                 %n: index loc("count")) attributes {tile.kernel} {
  %c128 = arith.constant 128 : index
  %p = tile.program_id x : index
  %i = arith.muli %p, %c128 : index
  %x = tile.load %in[%i] bounds [%n] : memref<?xf32> -> tensor<128xf32>
  tile.store %x, %0[%i] bounds [%n] : tensor<128xf32>, memref<?xf32>
  return
}

// -----

// A parameter named like a C++ keyword is renamed in the MSL, and the
// launch grid, which names it, follows (it used to keep `register` and
// fail to translate).
// CHECK-LABEL: // kernel reserved ABI:
// CHECK:         threadgroups per grid: ceildiv(register_, 64) x 1 x 1
// CHECK:         void reserved(
// CHECK-NEXT:    device float* X {{\[\[}}buffer(0)]],
// CHECK-NEXT:    constant uint& register_ {{\[\[}}buffer(1)]],
// JSON:          "ceildiv(register_, 64)"
// JSON:          "argument": "register_",
func.func @reserved(%X: memref<?xf32>, %register: index) attributes {tile.kernel} {
  %c64 = arith.constant 64 : index
  %p = tile.program_id x : index
  %i = arith.muli %p, %c64 : index
  %x = tile.load %X[%i] bounds [%register] : memref<?xf32> -> tensor<64xf32>
  %y = arith.addf %x, %x : tensor<64xf32>
  tile.store %y, %X[%i] bounds [%register] : tensor<64xf32>, memref<?xf32>
  return
}
