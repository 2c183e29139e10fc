// An offset the mask lets through outside the buffer is an error, in the
// interpreter (located at the gather) and in the emulator (the read), and
// nothing is reported when the offsets stay inside. The offsets are affine,
// so the pipeline's tile-gather-to-load makes the gather a tile.load without
// bounds, whose read past the end the emulator reports the same way.
// RUN: not tile-run %s --grid 1 --arg X=f32:100:random:1 --arg Y=f32:64:zeros --arg shift=40 2>&1 | FileCheck %s --check-prefix=EMULATOR
// RUN: not tile-run %s --grid 1 --arg X=f32:100:random:1 --arg Y=f32:64:zeros --arg shift=40 --compare 2>&1 | FileCheck %s --check-prefix=INTERPRETER
// RUN: tile-run %s --grid 1 --arg X=f32:100:random:1 --arg Y=f32:64:zeros --arg shift=36 --compare | FileCheck %s --check-prefix=INSIDE
// EMULATOR: out-of-bounds read of buffer 'X' at element 100
// INTERPRETER: error: 'tile.gather' op program (0, 0, 0) touches element 100 of buffer argument #0, which has 100 elements, at tile element 60
// INSIDE: compare Y: max abs error 0,

func.func @oob(%X: memref<?xf32>, %Y: memref<?xf32>, %shift: i32) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %i = tile.arange : tensor<64xi32>
  %s = tile.splat %shift : i32 -> tensor<64xi32>
  %offs = arith.addi %i, %s : tensor<64xi32>
  %x = tile.gather %X[%offs] : memref<?xf32>, tensor<64xi32> -> tensor<64xf32>
  tile.store %x, %Y[%c0] : tensor<64xf32>, memref<?xf32>
  return
}
