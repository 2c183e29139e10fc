// RUN: not tile-translate --mlir-to-msl %s > %t.out 2> %t.err
// RUN: count 0 < %t.out
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
// RUN: rm -f %t.json
// RUN: not tile-translate --mlir-to-msl %s --msl-abi=%t.json > %t.out 2> %t.err
// RUN: count 0 < %t.out
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
// RUN: not test -e %t.json
// A failing translation prints nothing: the first kernel of the module
// translates, the second fails deep in its body (inside a loop, after the
// emitter has printed its signature and part of its body into the buffer).
// The tool exits 1 with the one located error, stdout stays empty (no
// header, no first kernel, no partial second kernel) and no ABI file is
// written.

func.func @good(%X: memref<?xf32> {applegpu.buffer = 0 : i32},
                %Y: memref<?xf32> {applegpu.buffer = 1 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  %tid = applegpu.thread_index_in_threadgroup : index
  %v = memref.load %X[%tid] : memref<?xf32>
  memref.store %v, %Y[%tid] : memref<?xf32>
  return
}

func.func @bad(%X: memref<?xf32> {applegpu.buffer = 0 : i32},
               %n: index {applegpu.buffer = 1 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%s = %zero) -> f32 {
    %v = memref.load %X[%i] : memref<?xf32>
    %t = arith.addf %s, %v : f32
    // CHECK: invalid-no-output.mlir:[[@LINE+1]]:12: error: constant 4294967296 does not fit the 32-bit MSL int that 'index' becomes
    %big = arith.constant 4294967296 : index
    scf.yield %t : f32
  }
  memref.store %sum, %X[%c0] : memref<?xf32>
  return
}
