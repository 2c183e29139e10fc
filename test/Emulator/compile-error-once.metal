// A kernel with a genuine compile error (here a syntax error, nothing about
// address spaces) is compiled once, with address spaces as types, and its
// error is reported once at its line: only a failure that names an object
// in an address space is compiled again flat (address-space-flat-fallback).
// The compiles are counted by a compiler wrapper that logs each one.
// RUN: rm -rf %t.cache %t.log
// RUN: env TILE_RUN_CACHE=%t.cache TILE_MSL_CXX=%S/Inputs/logging-clang++ TME_TEST_REAL_CXX=%host_cxx TME_TEST_COMPILE_LOG=%t.log not tile-run %s --threads-per-threadgroup 4 --grid 1 --arg out=f32:4:zeros 2>&1 | FileCheck %s -DFILE=%s
// CHECK: tile-run: compiling kernel 'typo' with {{.*}}logging-clang++ failed
// CHECK-NEXT: [[FILE]]:[[# @LINE + 10]]:22: error: expected expression
// CHECK-NOT: error:
// RUN: FileCheck %s --check-prefix=COMPILES < %t.log
// COMPILES: typed
// COMPILES-NOT: {{typed|flat}}

#include <metal_stdlib>
using namespace metal;

kernel void typo(device float* out [[buffer(0)]], uint i [[thread_position_in_grid]]) {
  out[i] = float(i) *;
}
