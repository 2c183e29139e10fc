// RUN: tile-opt %s --tile-to-applegpu | tile-translate --mlir-to-msl > %t.metal
// RUN: FileCheck %s < %t.metal
// RUN: %msl_check %t.metal
// RUN: %msl4_check %t.metal
// RUN: tile-run %s --arg X=f32:192:random:1 --arg Y=i32:192:random:2 --arg S=f32:4:zeros --arg T=i32:4:zeros --compare | FileCheck %s --check-prefix=EMU
// A kernel's threadgroup memory is one arena (tile-plan-threadgroup-memory),
// declared once; each scratch buffer is a pointer into it. With buffers of
// several element types the arena is a union of one array per type, and a
// buffer points into its type's array. The reductions and the conversions
// of their results (to store them) are live at different times and share
// the arena's first bytes.

// CHECK-LABEL: {{\[\[}}kernel]] void two_types(
// CHECK:         threadgroup union {
// CHECK-NEXT:      float as_float[48];
// CHECK-NEXT:      int as_int[48];
// CHECK-NEXT:    } tg_arena;
// CHECK-NEXT:    auto [[F:tg[0-9]+]] = tg_arena.as_float;
// CHECK-NEXT:    auto {{tg[0-9]+}} = tg_arena.as_float;
// CHECK-NEXT:    auto [[I:tg[0-9]+]] = tg_arena.as_int;
// CHECK-NEXT:    auto {{tg[0-9]+}} = tg_arena.as_int;
// CHECK-NOT:     threadgroup {{float|int|union}}
// CHECK:         [[F]]{{\[}}
// CHECK:         [[I]]{{\[}}

// EMU: ran two_types on the emulator: ok
// EMU-NEXT: compare S: {{.*}}: ok
// EMU-NEXT: compare T: {{.*}}: ok
func.func @two_types(%X: memref<?xf32>, %Y: memref<?xi32>, %S: memref<?xf32>,
    %T: memref<?xi32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c48 = arith.constant 48 : index
  %x = tile.load %X[%c0, %c0] strides [%c48, %c1] : memref<?xf32> -> tensor<4x48xf32>
  %s = tile.reduce add %x dim 1 : tensor<4x48xf32> -> tensor<4xf32>
  tile.store %s, %S[%c0] strides [%c1] : tensor<4xf32>, memref<?xf32>
  %y = tile.load %Y[%c0, %c0] strides [%c48, %c1] : memref<?xi32> -> tensor<4x48xi32>
  %t = tile.reduce maxsi %y dim 1 : tensor<4x48xi32> -> tensor<4xi32>
  tile.store %t, %T[%c0] strides [%c1] : tensor<4xi32>, memref<?xi32>
  return
}
