// A mask built from tile.arange directly on a dot's accumulator on apple10
// (a causal mask: key j of row i kept when j <= i, as Triton's
// `offs_n[None, :] <= offs_m[:, None]` traces): the aranges are laid out as
// slices of the cooperative layout and computed per cooperative element from
// its position. It used to fail with "'tile.arange' op is not supported on
// cooperative-layout tiles by the tensor-ops backend".
// RUN: tile-run %s --grid 1 --arg A=f32:1024:random:1 --arg B=f32:1024:random:2 \
// RUN:   --arg C=f32:1024:zeros --compare --target apple10 --schedules 3 | FileCheck %s
// RUN: tile-run %s --grid 1 --arg A=f32:1024:random:1 --arg B=f32:1024:random:2 \
// RUN:   --arg C=f32:1024:zeros --print C --target apple10 --schedules 1 | FileCheck %s --check-prefix=VALUES
// CHECK: ran causal_mask on the emulator: ok
// CHECK-NEXT: compare C: max abs error {{.*}}: ok
// Row 0 keeps only column 0, row 1 columns 0 and 1: the rest is -1.
// VALUES: C: {{[-0-9.e]+}} -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 {{[-0-9.e]+}} {{[-0-9.e]+}} -1 -1
func.func @causal_mask(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %a = tile.load %A[%c0, %c0] strides [%c32, %c1] : memref<?xf32> -> tensor<32x32xf32>
  %b = tile.load %B[%c0, %c0] strides [%c32, %c1] : memref<?xf32> -> tensor<32x32xf32>
  %z = arith.constant dense<0.0> : tensor<32x32xf32>
  %d = tile.dot %a, %b, %z : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  %i = tile.arange : tensor<32xi32>
  %rows = tile.broadcast %i dim 0 : tensor<32xi32> -> tensor<32x32xi32>
  %cols = tile.broadcast %i dim 1 : tensor<32xi32> -> tensor<32x32xi32>
  %keep = arith.cmpi sle, %cols, %rows : tensor<32x32xi32>
  %minus1 = arith.constant dense<-1.0> : tensor<32x32xf32>
  %masked = arith.select %keep, %d, %minus1 : tensor<32x32xi1>, tensor<32x32xf32>
  tile.store %masked, %C[%c0, %c0] strides [%c32, %c1] : tensor<32x32xf32>, memref<?xf32>
  return
}
