// RUN: tile-translate --mlir-to-msl %s --msl-abi=%t.json > %t.metal
// RUN: FileCheck %s < %t.metal
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// RUN: %msl_check %t.metal
// RUN: %msl_check -D__METAL_VERSION__=310 %t.metal
// Thread-private arrays: memref.alloca without a memory space, of scalars
// or of simdgroup fragments, is a local C array declared where the op is
// ("tile" names for scalars, "frag" for fragments), and memref.load /
// memref.store index it. Loops whose bounds and step are all constants get
// `#pragma unroll`, so that the MSL compiler turns the arrays into
// registers; a loop with a dynamic bound or step does not.
// test/Emulator/private-arrays.mlir runs such a kernel and checks its
// numbers.

!f32m = !applegpu.simdgroup_matrix<8x8xf32>
!f16m = !applegpu.simdgroup_matrix<8x8xf16>
!bf16m = !applegpu.simdgroup_matrix<8x8xbf16>

// The file asks for the highest version its kernels need (bfloat: 3.1).
// CHECK:      #if defined(__METAL_VERSION__) && __METAL_VERSION__ < 310

// CHECK-LABEL: {{\[\[}}kernel]] void private_arrays(
// CHECK:        const int [[N:v[0-9]+]] = int(n);
// CHECK-NEXT:   const int [[LANE:v[0-9]+]] = int(lane);

// A scalar array, filled in a constant loop ...
// CHECK:        float [[T:tile[0-9]+]][16];
// CHECK-NEXT:   #pragma unroll
// CHECK-NEXT:   for (int [[I:i[0-9]+]] = {{.+}}; [[I]] < {{.+}}; [[I]] += {{.+}}) {
// CHECK-NEXT:     float [[X:v[0-9]+]] = A{{\[}}[[I]]];
// CHECK:          [[T]]{{\[}}[[I]]] = {{.+}};
// CHECK-NEXT:   }
// ... read back in another, which carries a value ...
// CHECK-NEXT:   float [[SUM:v[0-9]+]] = {{.+}};
// CHECK-NEXT:   #pragma unroll
// CHECK-NEXT:   for (int [[I:i[0-9]+]] = {{.+}}; [[I]] < {{.+}}; [[I]] += {{.+}}) {
// CHECK-NEXT:     float [[E:v[0-9]+]] = [[T]]{{\[}}[[I]]];
// CHECK:          [[SUM]] = {{.+}};
// CHECK-NEXT:   }
// ... and at a constant index.
// CHECK-NEXT:   float [[FIRST:v[0-9]+]] = [[T]]{{\[}}{{.+}}];
// CHECK:        C{{\[}}[[LANE]]] = {{.+}};

// Arrays of fragments: the accumulators filled with simdgroup_fill ...
// CHECK-NEXT:   simdgroup_matrix<float, 8, 8> [[ACC:frag[0-9]+]][4];
// CHECK-NEXT:   simdgroup_matrix<half, 8, 8> [[FA:frag[0-9]+]][2];
// CHECK-NEXT:   simdgroup_matrix<half, 8, 8> [[FB:frag[0-9]+]][2];
// CHECK-NEXT:   #pragma unroll
// CHECK-NEXT:   for (int [[I:i[0-9]+]] = {{.+}}; [[I]] < {{.+}}; [[I]] += {{.+}}) {
// CHECK-NEXT:     simdgroup_matrix<float, 8, 8> [[Z:v[0-9]+]] = make_filled_simdgroup_matrix<float, 8, 8>({{.+}});
// CHECK-NEXT:     [[ACC]]{{\[}}[[I]]] = [[Z]];
// CHECK-NEXT:   }
// ... the operands with simdgroup_load ...
// CHECK-NEXT:   #pragma unroll
// CHECK-NEXT:   for (int [[K:i[0-9]+]] = {{.+}}; [[K]] < {{.+}}; [[K]] += {{.+}}) {
// CHECK:          simdgroup_matrix<half, 8, 8> [[MA:v[0-9]+]];
// CHECK-NEXT:     simdgroup_load([[MA]], &H{{\[}}{{.+}}], {{.+}}, ulong2(0, 0), false);
// CHECK-NEXT:     [[FA]]{{\[}}[[K]]] = [[MA]];
// CHECK-NEXT:     simdgroup_matrix<half, 8, 8> [[MB:v[0-9]+]];
// CHECK-NEXT:     simdgroup_load([[MB]], &H{{\[}}{{.+}}], {{.+}}, ulong2(0, 0), true);
// CHECK-NEXT:     [[FB]]{{\[}}[[K]]] = [[MB]];
// CHECK-NEXT:   }
// ... multiplied in a nested constant loop ...
// CHECK-NEXT:   #pragma unroll
// CHECK-NEXT:   for (int [[II:i[0-9]+]] = {{.+}}; [[II]] < {{.+}}; [[II]] += {{.+}}) {
// CHECK-NEXT:     #pragma unroll
// CHECK-NEXT:     for (int [[JJ:i[0-9]+]] = {{.+}}; [[JJ]] < {{.+}}; [[JJ]] += {{.+}}) {
// CHECK:            simdgroup_matrix<half, 8, 8> [[LA:v[0-9]+]] = [[FA]]{{\[}}[[II]]];
// CHECK-NEXT:       simdgroup_matrix<half, 8, 8> [[LB:v[0-9]+]] = [[FB]]{{\[}}[[JJ]]];
// CHECK-NEXT:       simdgroup_matrix<float, 8, 8> [[LC:v[0-9]+]] = [[ACC]]{{\[}}[[IJ:v[0-9]+]]];
// CHECK-NEXT:       simdgroup_matrix<float, 8, 8> [[D:v[0-9]+]];
// CHECK-NEXT:       simdgroup_multiply_accumulate([[D]], [[LA]], [[LB]], [[LC]]);
// CHECK-NEXT:       [[ACC]]{{\[}}[[IJ]]] = [[D]];
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// ... and stored from the array.
// CHECK-NEXT:   #pragma unroll
// CHECK-NEXT:   for (int [[I:i[0-9]+]] = {{.+}}; [[I]] < {{.+}}; [[I]] += {{.+}}) {
// CHECK-NEXT:     simdgroup_matrix<float, 8, 8> [[R:v[0-9]+]] = [[ACC]]{{\[}}[[I]]];
// CHECK:          simdgroup_store([[R]], &C{{\[}}{{.+}}], {{.+}}, ulong2(0, 0), false);
// CHECK-NEXT:   }

// A dynamic upper bound: no pragma. An array allocated in the loop body is
// declared there.
// CHECK-NEXT:   for (int [[I:i[0-9]+]] = {{.+}}; [[I]] < [[N]]; [[I]] += {{.+}}) {
// CHECK-NEXT:     float [[U:tile[0-9]+]][4];
// CHECK-NEXT:     [[U]]{{\[}}{{.+}}] = {{.+}};
// CHECK-NEXT:     float [[UL:v[0-9]+]] = [[U]]{{\[}}{{.+}}];
// CHECK-NEXT:     C{{\[}}[[I]]] = [[UL]];
// CHECK-NEXT:   }
// A dynamic step: no pragma either.
// CHECK-NEXT:   for (int [[I:i[0-9]+]] = {{.+}}; [[I]] < {{.+}}; [[I]] += [[N]]) {
// CHECK-NEXT:     C{{\[}}[[I]]] = {{.+}};
// CHECK-NEXT:   }
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @private_arrays(
    %A: memref<?xf32> {applegpu.buffer = 0 : i32, applegpu.access = "read", applegpu.name = "A"},
    %H: memref<?xf16> {applegpu.buffer = 1 : i32, applegpu.access = "read", applegpu.name = "H"},
    %C: memref<?xf32> {applegpu.buffer = 2 : i32, applegpu.access = "write", applegpu.name = "C"},
    %n: index {applegpu.buffer = 3 : i32, applegpu.name = "n"})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  %lane = applegpu.thread_index_in_simdgroup : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32

  %t = memref.alloca() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    %x = memref.load %A[%i] : memref<?xf32>
    %y = arith.addf %x, %x : f32
    memref.store %y, %t[%i] : memref<16xf32>
  }
  %sum = scf.for %i = %c0 to %c16 step %c1 iter_args(%s = %zero) -> f32 {
    %e = memref.load %t[%i] : memref<16xf32>
    %s2 = arith.addf %s, %e : f32
    scf.yield %s2 : f32
  }
  %first = memref.load %t[%c0] : memref<16xf32>
  %out = arith.addf %sum, %first : f32
  memref.store %out, %C[%lane] : memref<?xf32>

  %acc = memref.alloca() : memref<4x!f32m>
  %fa = memref.alloca() : memref<2x!f16m>
  %fb = memref.alloca() : memref<2x!f16m>
  scf.for %i = %c0 to %c4 step %c1 {
    %z = applegpu.simdgroup_fill %zero : f32 -> !f32m
    memref.store %z, %acc[%i] : memref<4x!f32m>
  }
  scf.for %k = %c0 to %c2 step %c1 {
    %off = arith.muli %k, %c8 : index
    %ma = applegpu.simdgroup_load %H[%off] stride %c16 : memref<?xf16> -> !f16m
    memref.store %ma, %fa[%k] : memref<2x!f16m>
    %mb = applegpu.simdgroup_load %H[%off] stride %c16 transpose : memref<?xf16> -> !f16m
    memref.store %mb, %fb[%k] : memref<2x!f16m>
  }
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      %row = arith.muli %i, %c2 : index
      %ij = arith.addi %row, %j : index
      %la = memref.load %fa[%i] : memref<2x!f16m>
      %lb = memref.load %fb[%j] : memref<2x!f16m>
      %lc = memref.load %acc[%ij] : memref<4x!f32m>
      %d = applegpu.simdgroup_mma %la, %lb, %lc : !f16m, !f16m, !f32m
      memref.store %d, %acc[%ij] : memref<4x!f32m>
    }
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %r = memref.load %acc[%i] : memref<4x!f32m>
    %coff = arith.muli %i, %c8 : index
    applegpu.simdgroup_store %r, %C[%coff] stride %c16 : !f32m, memref<?xf32>
  }

  scf.for %i = %c0 to %n step %c1 {
    %u = memref.alloca() : memref<4xf32>
    memref.store %zero, %u[%c1] : memref<4xf32>
    %ul = memref.load %u[%c1] : memref<4xf32>
    memref.store %ul, %C[%i] : memref<?xf32>
  }
  scf.for %i = %c0 to %c4 step %n {
    memref.store %zero, %C[%i] : memref<?xf32>
  }
  return
}

// Arrays of bfloat fragments. bfloat needs MSL 3.1, also when it appears
// only in an array's type (the last kernel); the file's version check asks
// for the highest version of its kernels.
// CHECK-LABEL: {{\[\[}}kernel]] void bfloat_fragments(
// CHECK:        simdgroup_matrix<bfloat, 8, 8> [[BF:frag[0-9]+]][2];
// CHECK-NEXT:   simdgroup_matrix<bfloat, 8, 8> [[M:v[0-9]+]] = make_filled_simdgroup_matrix<bfloat, 8, 8>(x);
// CHECK-NEXT:   [[BF]]{{\[}}[[I:[v0-9]+]]] = [[M]];
// CHECK-NEXT:   simdgroup_matrix<bfloat, 8, 8> [[L:v[0-9]+]] = [[BF]]{{\[}}[[I]]];
// CHECK-NEXT:   simdgroup_store([[L]], &B{{\[}}[[I]]], {{.+}}, ulong2(0, 0), false);
// CHECK-NEXT:   simdgroup_matrix<bfloat, 8, 8> {{frag[0-9]+}}[8];
// CHECK-NEXT:   return;
// CHECK-LABEL: {{\[\[}}kernel]] void bfloat_only_in_array(
// CHECK:        simdgroup_matrix<bfloat, 8, 8> {{frag[0-9]+}}[8];
// JSON:        "msl_version": "2.3"
// JSON:        "name": "private_arrays"
// JSON:        "msl_version": "3.1"
// JSON:        "name": "bfloat_fragments"
// JSON:        "msl_version": "3.1"
// JSON:        "name": "bfloat_only_in_array"
func.func @bfloat_fragments(
    %B: memref<?xbf16> {applegpu.buffer = 0 : i32, applegpu.name = "B"},
    %x: bf16 {applegpu.buffer = 1 : i32, applegpu.name = "x"})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %f = memref.alloca() : memref<2x!bf16m>
  %m = applegpu.simdgroup_fill %x : bf16 -> !bf16m
  memref.store %m, %f[%c1] : memref<2x!bf16m>
  %l = memref.load %f[%c1] : memref<2x!bf16m>
  applegpu.simdgroup_store %l, %B[%c1] stride %c8 : !bf16m, memref<?xbf16>
  %unused = memref.alloca() : memref<8x!bf16m>
  return
}

func.func @bfloat_only_in_array(
    %X: memref<?xf32> {applegpu.buffer = 0 : i32, applegpu.name = "X"})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  %unused = memref.alloca() : memref<8x!bf16m>
  return
}
