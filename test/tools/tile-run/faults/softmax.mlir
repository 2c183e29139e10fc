// Fault injection: the MSL of examples/softmax.mlir (tile-opt | tile-translate)
// with one fault at a time, run with --run-msl in place of the kernel's code:
// --compare must fail on each, so the error bound of the reference stays tight
// enough to catch wrong kernels (the unmodified MSL passes).
// Rows of N = 100 take the guarded paths (columns past N read as -inf, whose
// exact exp(-inf) = 0 must not widen the bound: with it, outputs scaled by 1.9
// passed); full rows (N = 128, see the end) the unguarded ones. The MSL has
// no barrier (SIMD-group reductions only).

// DEFINE: %{args} = --grid 5 --arg X=f32:3700:random:1 --arg Y=f32:3700:zeros --arg M=37 --arg N=100
// RUN: tile-opt %tile_src_root/examples/softmax.mlir --tile-to-applegpu | tile-translate --mlir-to-msl > %t.metal
// RUN: tile-run %tile_src_root/examples/softmax.mlir %{args} --run-msl %t.metal --compare | FileCheck %s --check-prefix=RIGHT
// RIGHT: compare Y: {{.*}}: ok

// The output scaled by 1.0001: a relative error of 1e-4 is caught.
// RUN: sed -e 's/^\( *Y\[.*\] = v[0-9]*\);/\1 * 1.0001f;/' %t.metal > %t.scale.metal
// RUN: not tile-run %tile_src_root/examples/softmax.mlir %{args} --run-msl %t.scale.metal --compare 2>&1 | FileCheck %s --check-prefix=SCALE
// SCALE: compare Y: {{.*}}: 3700 mismatches, first at element 0: emulated {{.*}}, reference {{.*}}, allowed {{.*}}

// A row offset of 9 instead of 8: 4 rows (400 elements) are left unwritten.
// RUN: sed -e 's/^\( *int v[0-9]* = v[0-9]*\) \* 8;/\1 * 9;/' %t.metal > %t.row.metal
// RUN: not tile-run %tile_src_root/examples/softmax.mlir %{args} --run-msl %t.row.metal --compare 2>&1 | FileCheck %s --check-prefix=ROW
// ROW: compare Y: {{.*}}: 400 mismatches, first at element 800: emulated 0, reference {{.*}}, allowed {{.*}}

// The column guards one short: the last column is read as -inf and left unwritten.
// RUN: sed -e 's/if (((\(v[0-9]*\) < v0) \&\& (\(v[0-9]*\) < v1))) {/if (((\1 < v0) \&\& (\2 < v1 - 1))) {/' %t.metal > %t.guard.metal
// RUN: not tile-run %tile_src_root/examples/softmax.mlir %{args} --run-msl %t.guard.metal --compare 2>&1 | FileCheck %s --check-prefix=GUARD
// GUARD: compare Y: {{.*}}: 3700 mismatches, first at element 0: emulated {{.*}}, reference {{.*}}, allowed {{.*}}

// Full rows: the unguarded fast paths of the loads and stores.
// DEFINE: %{full} = --grid 2 --arg X=f32:2048:random:1 --arg Y=f32:2048:zeros --arg M=16 --arg N=128
// RUN: tile-run %tile_src_root/examples/softmax.mlir %{full} --run-msl %t.metal --compare | FileCheck %s --check-prefix=RIGHT
// RUN: not tile-run %tile_src_root/examples/softmax.mlir %{full} --run-msl %t.scale.metal --compare | FileCheck %s --check-prefix=FULL-SCALE
// FULL-SCALE: compare Y: {{.*}}: 2048 mismatches, first at element 0: emulated {{.*}}, reference {{.*}}, allowed {{.*}}
// RUN: not tile-run %tile_src_root/examples/softmax.mlir %{full} --run-msl %t.row.metal --compare | FileCheck %s --check-prefix=FULL-ROW
// FULL-ROW: compare Y: {{.*}}: 128 mismatches, first at element 1024: emulated 0, reference {{.*}}, allowed {{.*}}
