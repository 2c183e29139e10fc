// The launch grid: without --grid, the one the ABI computes from the scalar
// arguments (vector_add: ceildiv(n, 256), so 4 threadgroups for n = 1000);
// --grid may be larger (a note says so; the extra threadgroups run too and
// must do nothing), never smaller (it would leave part of the output
// unwritten, and the reference would run on the same wrong grid).
// RUN: tile-run %tile_src_root/examples/vector_add.mlir --arg X=f32:1000:random:1 --arg Y=f32:1000:random:2 --arg Z=f32:1000:zeros --arg n=1000 --compare --stats | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: ran vector_add on the emulator: ok
// DEFAULT-NEXT: compare Z: {{.*}}: ok
// DEFAULT-NEXT: stats: threadgroups 4,

// RUN: tile-run %tile_src_root/examples/vector_add.mlir --grid 6 --arg X=f32:1000:random:1 --arg Y=f32:1000:random:2 --arg Z=f32:1000:zeros --arg n=1000 --compare --stats 2>&1 | FileCheck %s --check-prefix=LARGER
// LARGER: tile-run: note: --grid 6,1,1 is larger than the 4,1,1 the ABI computes; the extra threadgroups run too
// LARGER: ran vector_add on the emulator: ok
// LARGER-NEXT: compare Z: {{.*}}: ok
// LARGER-NEXT: stats: threadgroups 6,

// RUN: sh %S/../../Emulator/Inputs/expect-exit.sh 2 tile-run %tile_src_root/examples/vector_add.mlir --grid 3 --arg X=f32:1000:random:1 --arg Y=f32:1000:random:2 --arg Z=f32:1000:zeros --arg n=1000 --compare > %t.out 2> %t.err
// RUN: count 0 < %t.out
// RUN: FileCheck %s --check-prefix=SMALLER < %t.err
// SMALLER: tile-run: --grid 3,1,1 does not cover the problem: the ABI computes 4,1,1 (from the scalar arguments); a smaller grid would leave part of the output unwritten

// The same for MSL run with its ABI file (whose parameters keep the
// source's names):
// RUN: tile-opt %tile_src_root/examples/vector_add.mlir --tile-to-applegpu | tile-translate --mlir-to-msl --msl-abi=%t.json > %t.metal
// RUN: tile-run %t.metal --abi %t.json --arg X=f32:1000:random:1 --arg Y=f32:1000:random:2 --arg Z=f32:1000:zeros --arg n=1000 --stats | FileCheck %s --check-prefix=MSL
// MSL: ran vector_add on the emulator: ok
// MSL-NEXT: stats: threadgroups 4,
// RUN: not tile-run %t.metal --abi %t.json --grid 2 --arg X=f32:1000:random:1 --arg Y=f32:1000:random:2 --arg Z=f32:1000:zeros --arg n=1000 2>&1 | FileCheck %s --check-prefix=MSL-SMALLER
// MSL-SMALLER: --grid 2,1,1 does not cover the problem: the ABI computes 4,1,1

// A kernel whose grid the compiler cannot derive (its store is indexed by a
// program id but bounded by no argument) needs --grid:
// RUN: not tile-run %s --kernel fill --arg Y=f32:64:zeros 2>&1 | FileCheck %s --check-prefix=NOGRID
// NOGRID: tile-run: the kernel's ABI gives no launch grid; pass --grid X[,Y[,Z]]
// RUN: tile-run %s --kernel fill --grid 4 --arg Y=f32:64:zeros --compare | FileCheck %s --check-prefix=FILL
// FILL: ran fill on the emulator: ok
func.func @fill(%Y: memref<64xf32>) attributes {tile.kernel} {
  %c16 = arith.constant 16 : index
  %p = tile.program_id x : index
  %i = arith.muli %p, %c16 : index
  %one = arith.constant dense<1.0> : tensor<16xf32>
  tile.store %one, %Y[%i] : tensor<16xf32>, memref<64xf32>
  return
}

// A kernel without program ids runs as one threadgroup by default:
// RUN: tile-run %s --kernel single --arg Y=f32:16:zeros --compare --stats | FileCheck %s --check-prefix=SINGLE
// SINGLE: ran single on the emulator: ok
// SINGLE: stats: threadgroups 1,
func.func @single(%Y: memref<16xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %one = arith.constant dense<1.0> : tensor<16xf32>
  tile.store %one, %Y[%c0] : tensor<16xf32>, memref<16xf32>
  return
}
