// What the interpreter reports in thread-level kernels, located at the op,
// with the program and thread (it runs before the emulator under --compare).
// RUN: not tile-run %s --kernel divergent_barrier --grid 1 --arg Y=f32:64:zeros --compare 2>&1 | FileCheck %s --check-prefix=BARRIER
// BARRIER: thread-level-errors.mlir:[[@LINE+14]]:5: error: 'tile.barrier' op program (0, 0, 0): reached by 32 of the 64 threads of program instance 0; all must reach it together
// RUN: not tile-run %s --kernel divergent_collective --grid 1 --arg Y=f32:32:zeros --arg n=5 --compare 2>&1 | FileCheck %s --check-prefix=COLLECTIVE
// COLLECTIVE: error: 'tile.simd_reduce' op program (0, 0, 0): reached by 5 of the 32 threads of SIMD group 0
// RUN: not tile-run %s --kernel uninitialized --grid 1 --arg Y=f32:32:zeros --compare 2>&1 | FileCheck %s --check-prefix=UNINIT
// UNINIT: error: 'tile.thread_load' op program (0, 0, 0), thread 0: reads element 1 of a tile.shared array before any thread wrote it
// RUN: not tile-run %s --kernel out_of_bounds --grid 1 --arg Y=f32:31:zeros --compare 2>&1 | FileCheck %s --check-prefix=BOUNDS
// BOUNDS: error: 'tile.thread_store' op program (0, 0, 0), thread 31: writes element 31 of buffer argument #0, which has 31 elements

func.func @divergent_barrier(%Y: memref<?xf32>)
    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 1>} {
  %c0 = arith.constant 0 : index
  %g = tile.simd_group_id : index
  %first = arith.cmpi eq, %g, %c0 : index
  scf.if %first {
    tile.barrier
  }
  return
}

func.func @divergent_collective(%Y: memref<?xf32>, %n: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 1, 1>} {
  %one = arith.constant 1.0 : f32
  %l = tile.simd_lane_id : index
  %few = arith.cmpi ult, %l, %n : index
  scf.if %few {
    %s = tile.simd_reduce add %one : f32
    tile.thread_store %s, %Y[%l] : memref<?xf32>
  }
  return
}

func.func @uninitialized(%Y: memref<?xf32>)
    attributes {tile.kernel, tile.simdgroups = array<i64: 1, 1>} {
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %s = tile.shared : memref<2xf32>
  %l = tile.simd_lane_id : index
  %x = tile.thread_load %s[%c1] : memref<2xf32>
  tile.thread_store %x, %Y[%l] : memref<?xf32>
  return
}

func.func @out_of_bounds(%Y: memref<?xf32>)
    attributes {tile.kernel, tile.simdgroups = array<i64: 1, 1>} {
  %zero = arith.constant 0.0 : f32
  %l = tile.simd_lane_id : index
  tile.thread_store %zero, %Y[%l] : memref<?xf32>
  return
}
