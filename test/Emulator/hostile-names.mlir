// Parameters named like C++ keywords, alternative operators and MSL types
// are renamed in the MSL (the ABI keeps the source names, so tile-run binds
// them as written); a kernel named `main`, which MSL forbids, is a located
// error.
// RUN: tile-run %s --grid 1 --arg float4=i32:20:random:1 --arg or=i32:20:zeros --arg typename=i32:20:zeros --arg and=20 --compare --schedules 3 | FileCheck %s
// RUN: tile-opt %s --tile-to-applegpu | tile-translate --mlir-to-msl > %t.metal
// RUN: %msl_check %t.metal
// RUN: sed 's/@hostile_names/@main/' %s | not tile-opt --tile-to-applegpu 2>&1 | FileCheck %s --check-prefix=MAIN

// CHECK: ran hostile_names on the emulator: ok
// CHECK: compare or: {{.*}}: ok
// CHECK: compare typename: {{.*}}: ok
// MAIN: error: kernel name 'main' is reserved in the generated MSL; rename the kernel

func.func @hostile_names(%float4: memref<?xi32>, %or: memref<?xi32>, %typename: memref<?xi32>,
                         %and: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %x = tile.load %float4[%c0] bounds [%and] : memref<?xi32> -> tensor<32xi32>
  tile.store %x, %or[%c0] bounds [%and] : tensor<32xi32>, memref<?xi32>
  %y = arith.addi %x, %x : tensor<32xi32>
  tile.store %y, %typename[%c0] bounds [%and] : tensor<32xi32>, memref<?xi32>
  return
}
