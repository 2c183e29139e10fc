// The chained-dot kernels of chained-dots.mlir on the Metal 4 tensor-ops
// backend (apple10): a dot operand computed from another dot's
// cooperative accumulator is staged through threadgroup memory element by
// element at the positions the cooperative tensor gives.

// RUN: tile-run %s --kernel chained_dots --grid 1 --arg A=f32:256:random:1 \
// RUN:   --arg B=f32:256:random:2 --arg C=f32:256:zeros --compare --target apple10 --schedules 3 \
// RUN:   | FileCheck %s --check-prefix=CHAINED
// CHAINED: ran chained_dots on the emulator: ok
// CHAINED-NEXT: compare C: max abs error {{.*}}: ok
func.func @chained_dots(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %a = tile.load %A[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<16x16xf32>
  %b = tile.load %B[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<16x16xf32>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tile.dot %a, %b, %z : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  %e = tile.dot %d, %b, %z : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  tile.store %e, %C[%c0, %c0] strides [%c16, %c1] : tensor<16x16xf32>, memref<?xf32>
  return
}

// RUN: tile-run %s --kernel chained_through_epilogue --grid 1 --arg A=f32:256:random:1 \
// RUN:   --arg B=f32:256:random:2 --arg C=f32:256:zeros --compare --target apple10 --schedules 3 \
// RUN:   | FileCheck %s --check-prefix=EPILOGUE
// EPILOGUE: ran chained_through_epilogue on the emulator: ok
// EPILOGUE-NEXT: compare C: max abs error {{.*}}: ok
func.func @chained_through_epilogue(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %a = tile.load %A[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<16x16xf32>
  %b = tile.load %B[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<16x16xf32>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tile.dot %a, %b, %z : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  %p = math.exp %d : tensor<16x16xf32>
  %e = tile.dot %a, %p, %z : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  tile.store %e, %C[%c0, %c0] strides [%c16, %c1] : tensor<16x16xf32>, memref<?xf32>
  return
}

// RUN: tile-run %s --kernel operand_tied_to_accumulator --grid 1 \
// RUN:   --arg A=f32:256:random:1 --arg C=f32:256:zeros --arg c=1 --compare --target apple10 --schedules 3 \
// RUN:   | FileCheck %s --check-prefix=SELECT
// RUN: tile-run %s --kernel operand_tied_to_accumulator --grid 1 \
// RUN:   --arg A=f32:256:random:1 --arg C=f32:256:zeros --arg c=0 --compare --target apple10 --schedules 3 \
// RUN:   | FileCheck %s --check-prefix=SELECT
// SELECT: ran operand_tied_to_accumulator on the emulator: ok
// SELECT-NEXT: compare C: max abs error {{.*}}: ok
func.func @operand_tied_to_accumulator(%A: memref<?xf32>, %C: memref<?xf32>, %c: i1)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %a = tile.load %A[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<16x16xf32>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tile.dot %a, %a, %z : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  %r = arith.select %c, %d, %a : tensor<16x16xf32>
  tile.store %r, %C[%c0, %c0] strides [%c16, %c1] : tensor<16x16xf32>, memref<?xf32>
  return
}

// RUN: tile-run %s --kernel operand_tied_through_if --grid 1 \
// RUN:   --arg A=f32:256:random:1 --arg C=f32:256:zeros --arg c=1 --compare --target apple10 --schedules 3 \
// RUN:   | FileCheck %s --check-prefix=IF
// RUN: tile-run %s --kernel operand_tied_through_if --grid 1 \
// RUN:   --arg A=f32:256:random:1 --arg C=f32:256:zeros --arg c=0 --compare --target apple10 --schedules 3 \
// RUN:   | FileCheck %s --check-prefix=IF
// IF: ran operand_tied_through_if on the emulator: ok
// IF-NEXT: compare C: max abs error {{.*}}: ok
func.func @operand_tied_through_if(%A: memref<?xf32>, %C: memref<?xf32>, %c: i1)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %a = tile.load %A[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<16x16xf32>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tile.dot %a, %a, %z : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  %r = scf.if %c -> tensor<16x16xf32> {
    scf.yield %d : tensor<16x16xf32>
  } else {
    scf.yield %a : tensor<16x16xf32>
  }
  tile.store %r, %C[%c0, %c0] strides [%c16, %c1] : tensor<16x16xf32>, memref<?xf32>
  return
}

// The chained operand rounded to a narrower type than the accumulator, as
// FlashAttention rounds P = exp(S) to f16 for the f16 dot with V: it is
// staged from the first dot's f32 cooperative tensor (widened exactly, then
// rounded back when written to threadgroup memory). It used to fail with
// "'applegpu.cooperative_set' op element type 'f16' differs from the
// cooperative tensor's 'f32'".
// RUN: tile-run %s --kernel chained_through_truncf --grid 1 --arg A=f16:256:random:1 \
// RUN:   --arg B=f16:256:random:2 --arg C=f32:256:zeros --compare --target apple10 --schedules 3 \
// RUN:   | FileCheck %s --check-prefix=TRUNCF
// TRUNCF: ran chained_through_truncf on the emulator: ok
// TRUNCF-NEXT: compare C: max abs error {{.*}}: ok
func.func @chained_through_truncf(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf32>)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %a = tile.load %A[%c0, %c0] strides [%c16, %c1] : memref<?xf16> -> tensor<16x16xf16>
  %b = tile.load %B[%c0, %c0] strides [%c16, %c1] : memref<?xf16> -> tensor<16x16xf16>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tile.dot %a, %b, %z : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
  %p = math.exp %d : tensor<16x16xf32>
  %p16 = arith.truncf %p : tensor<16x16xf32> to tensor<16x16xf16>
  %e = tile.dot %p16, %b, %z : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
  tile.store %e, %C[%c0, %c0] strides [%c16, %c1] : tensor<16x16xf32>, memref<?xf32>
  return
}
