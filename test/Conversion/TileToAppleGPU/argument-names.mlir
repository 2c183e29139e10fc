// The MSL and ABI name a kernel's parameters by `tile.name` (what frontends
// set), else by a NameLoc on the argument (`loc("count")` by hand; tile-run
// gives each argument the name written in the source), else argN.
// RUN: tile-opt %s --tile-to-applegpu | tile-translate --mlir-to-msl --msl-abi=%t.json | FileCheck %s
// RUN: FileCheck %s --check-prefix=JSON < %t.json

// CHECK-LABEL: void named(
// CHECK-NEXT:    device const float* source {{\[\[}}buffer(0)]],
// CHECK-NEXT:    device float* arg1 {{\[\[}}buffer(1)]],
// CHECK-NEXT:    constant uint& count {{\[\[}}buffer(2)]],
// JSON:          "grid": [
// JSON-NEXT:       "ceildiv(count, 128)",
// JSON:          "grid_extents": [
// JSON-NEXT:       {
// JSON-NEXT:         "argument": "count",
// JSON-NEXT:         "divisor": 128,
// JSON-NEXT:         "index": 2
// JSON-NEXT:       },
// JSON-NEXT:       {
// JSON-NEXT:         "constant": 1
func.func @named(%in: memref<?xf32> {tile.name = "source"}, %out: memref<?xf32>,
                 %n: index loc("count")) attributes {tile.kernel} {
  %c128 = arith.constant 128 : index
  %p = tile.program_id x : index
  %i = arith.muli %p, %c128 : index
  %x = tile.load %in[%i] bounds [%n] : memref<?xf32> -> tensor<128xf32>
  tile.store %x, %out[%i] bounds [%n] : tensor<128xf32>, memref<?xf32>
  return
}
