// A bound named like a C++ keyword (`register`, renamed `register_` in the
// MSL) sizes the launch grid: tile-run takes the grid from the ABI (no
// --grid), which must name the renamed parameter. This used to fail with
// "'applegpu.grid' entry 'ceildiv(register, 64)' is neither a positive
// integer nor ceildiv(<scalar argument>, ...)".
// RUN: tile-run %s --schedules 3 --arg X=f32:1000:random:1 --arg Y=f32:1000:zeros --arg register=1000 --compare | FileCheck %s
// RUN: tile-run %s --target apple10 --schedules 3 --arg X=f32:77:random:2 --arg Y=f32:77:zeros --arg register=77 --compare | FileCheck %s
// The ABI names the parameter as the MSL does and keeps the source's name.
// RUN: tile-opt %s --tile-to-applegpu | tile-translate --mlir-to-msl --msl-abi=%t.json > %t.metal
// RUN: %msl_check %t.metal
// RUN: FileCheck %s --check-prefix=ABI < %t.json

// CHECK: ran reserved_bound on the emulator: ok
// CHECK-NEXT: compare Y: {{.*}}: ok
// ABI:      "grid": [
// ABI-NEXT:   "ceildiv(register_, 64)",
// ABI:      "name": "register_",
// ABI-NEXT: "source_name": "register",

func.func @reserved_bound(%X: memref<?xf32>, %Y: memref<?xf32>, %register: index)
    attributes {tile.kernel} {
  %c64 = arith.constant 64 : index
  %p = tile.program_id x : index
  %i = arith.muli %p, %c64 : index
  %x = tile.load %X[%i] bounds [%register] : memref<?xf32> -> tensor<64xf32>
  %y = arith.addf %x, %x : tensor<64xf32>
  tile.store %y, %Y[%i] bounds [%register] : tensor<64xf32>, memref<?xf32>
  return
}
