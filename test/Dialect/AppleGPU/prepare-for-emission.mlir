// RUN: tile-opt %s -split-input-file --applegpu-prepare-for-emission | FileCheck %s
// RUN: tile-opt %s -split-input-file --applegpu-prepare-for-emission | tile-translate --mlir-to-msl -split-input-file > %t.metal
// RUN: %msl_check %t.metal
// Names the MSL cannot print become legal ones, unique within the kernel;
// threadgroup arrays move to the top of the kernel. The result translates
// and compiles against the shim.

// CHECK-LABEL: func.func @names
// CHECK-SAME:    applegpu.name = "max_"
// CHECK-SAME:    applegpu.name = "a_b"
// CHECK-SAME:    applegpu.name = "_2d"
// CHECK-SAME:    applegpu.name = "v3_"
// CHECK-SAME:    applegpu.name = "x"
// CHECK-SAME:    applegpu.name = "x_1"
// CHECK-SAME:    applegpu.name = "float_"
func.func @names(%a: memref<?xf32> {applegpu.buffer = 0 : i32, applegpu.name = "max"},
                 %b: memref<?xf32> {applegpu.buffer = 1 : i32, applegpu.name = "a-b"},
                 %c: index {applegpu.buffer = 2 : i32, applegpu.name = "2d"},
                 %d: index {applegpu.buffer = 3 : i32, applegpu.name = "v3"},
                 %e: index {applegpu.buffer = 4 : i32, applegpu.name = "x"},
                 %f: index {applegpu.buffer = 5 : i32, applegpu.name = "x"},
                 %g: f32 {applegpu.buffer = 6 : i32, applegpu.name = "float"})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  return
}

// -----

// The launch grid names parameters: renaming one renames it there too
// (`register` is reserved; the parameter already named `register_` moves
// aside, and its grid entry follows it).
// CHECK-LABEL: func.func @grid_names
// CHECK-SAME:    applegpu.name = "register_"
// CHECK-SAME:    applegpu.name = "register__1"
// CHECK-SAME:    applegpu.grid = ["ceildiv(register_, 64)", "ceildiv(register__1, 8)", "1"]
func.func @grid_names(%a: index {applegpu.buffer = 0 : i32, applegpu.name = "register"},
                      %b: index {applegpu.buffer = 1 : i32, applegpu.name = "register_"})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>,
                applegpu.grid = ["ceildiv(register, 64)", "ceildiv( register_ , 8)", "1"]} {
  return
}

// -----

// CHECK-LABEL: func.func @hoist
// CHECK-NEXT:    applegpu.alloc_threadgroup : memref<64xf32
// CHECK-NEXT:    applegpu.alloc_threadgroup : memref<32xf16
// CHECK-NEXT:    applegpu.thread_index_in_threadgroup
func.func @hoist(%x: i1 {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  %tid = applegpu.thread_index_in_threadgroup : index
  scf.if %x {
    %a = applegpu.alloc_threadgroup : memref<64xf32, #applegpu.address_space<threadgroup>>
    %f = arith.constant 1.0 : f32
    memref.store %f, %a[%tid] : memref<64xf32, #applegpu.address_space<threadgroup>>
  }
  %b = applegpu.alloc_threadgroup : memref<32xf16, #applegpu.address_space<threadgroup>>
  return
}
