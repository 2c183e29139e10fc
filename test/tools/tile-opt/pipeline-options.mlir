// RUN: not tile-opt %s --tile-to-applegpu=target=m3 > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=TARGET < %t.err
// RUN: count 0 < %t.out
// RUN: not tile-opt %s '--tile-to-applegpu=target=apple9,backend=auto' 2>&1 | FileCheck %s --check-prefix=COMMA
// RUN: not tile-opt %s --tile-assign-layouts '--convert-tile-to-applegpu=target=apple9,backend=auto' 2>&1 | FileCheck %s --check-prefix=PASS-COMMA
// RUN: not tile-opt %s '--tile-to-applegpu=swizzle=zorder' 2>&1 | FileCheck %s --check-prefix=SWIZZLE
// RUN: not tile-opt %s '--tile-to-applegpu=backend=metal' 2>&1 | FileCheck %s --check-prefix=BACKEND
// RUN: sh %tile_src_root/test/Emulator/Inputs/expect-exit.sh 2 tile-run %s --arg X=f32:64:ones --arg Y=f32:64:zeros --arg n=64 --target m3 2>&1 | FileCheck %s --check-prefix=EMU-TARGET
// The values of the tile-to-applegpu options are checked when the pipeline
// is parsed, like their names: a bad one is an error of the command line
// (tile-run exits 2), not of the kernel, and a comma between options (which
// MLIR reads as part of the value) gets a hint.

// TARGET: tile-to-applegpu option target=m3: expected apple7, apple8, apple9 or apple10
// TARGET-NOT: error
// COMMA: tile-to-applegpu option target=apple9,backend=auto: expected apple7, apple8, apple9 or apple10; options are separated by spaces, not commas: tile-to-applegpu{target=apple9 backend=auto}
// PASS-COMMA: error: option target=apple9,backend=auto: unknown target; expected apple7, apple8, apple9 or apple10; options are separated by spaces, not commas
// SWIZZLE: tile-to-applegpu option swizzle=zorder: expected linear, diagonal, morton, grouped, hilbert or none
// BACKEND: tile-to-applegpu option backend=metal: expected auto, simdgroup or tensorops
// EMU-TARGET: tile-run: tile-to-applegpu option target=m3: expected apple7, apple8, apple9 or apple10
func.func @copy(%X: memref<?xf32>, %Y: memref<?xf32>, %n: index) attributes {tile.kernel} {
  %p = tile.program_id x : index
  %c64 = arith.constant 64 : index
  %i = arith.muli %p, %c64 : index
  %x = tile.load %X[%i] bounds [%n] : memref<?xf32> -> tensor<64xf32>
  tile.store %x, %Y[%i] bounds [%n] : tensor<64xf32>, memref<?xf32>
  return
}
