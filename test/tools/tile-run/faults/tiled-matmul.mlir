// Fault injection: the MSL of examples/tinyton/tiled_matmul.mlir (tile-opt | tile-translate)
// with one fault at a time, run with --run-msl in place of the kernel's code:
// --compare must fail on each, so the error bound of the reference stays tight
// enough to catch wrong kernels (the unmodified MSL passes).
// No barrier fault: the threadgroup is one SIMD-group, only thread 0 stores,
// and what it reads from threadgroup memory it wrote itself, so dropping a
// barrier changes no result.

// DEFINE: %{args} = --grid 13 --arg A=f32:2587:random:1 --arg B=f32:2189:random:2 --arg C=f32:143:zeros --arg M=13 --arg N=11 --arg K=199
// RUN: tile-opt %tile_src_root/examples/tinyton/tiled_matmul.mlir --tile-to-applegpu | tile-translate --mlir-to-msl > %t.metal
// RUN: tile-run %tile_src_root/examples/tinyton/tiled_matmul.mlir %{args} --run-msl %t.metal --compare | FileCheck %s --check-prefix=RIGHT
// RIGHT: compare C: {{.*}}: ok

// The output scaled by 1.001.
// RUN: sed -e 's/^\( *C\[v[0-9]*\] = v[0-9]*\);/\1 * 1.001f;/' %t.metal > %t.scale.metal
// RUN: not tile-run %tile_src_root/examples/tinyton/tiled_matmul.mlir %{args} --run-msl %t.scale.metal --compare 2>&1 | FileCheck %s --check-prefix=SCALE
// SCALE: compare C: {{.*}}: {{[0-9]+}} mismatches, first at element {{[0-9]+}}: emulated {{.*}}, reference {{.*}}, allowed {{.*}}

// Every other tile of 128 skipped.
// RUN: sed -e 's/\(i[0-9]* += \)128)/\1256)/' %t.metal > %t.step.metal
// RUN: not tile-run %tile_src_root/examples/tinyton/tiled_matmul.mlir %{args} --run-msl %t.step.metal --compare 2>&1 | FileCheck %s --check-prefix=STEP
// STEP: compare C: {{.*}}: 143 mismatches, first at element 0: emulated {{.*}}, reference {{.*}}, allowed {{.*}}

// The column guard of A one short: the last product is left out.
// RUN: sed -e 's/if (((\(v[0-9]*\) < v0) \&\& (\(v[0-9]*\) < v2))) {/if (((\1 < v0) \&\& (\2 < v2 - 1))) {/' %t.metal > %t.guard.metal
// RUN: not tile-run %tile_src_root/examples/tinyton/tiled_matmul.mlir %{args} --run-msl %t.guard.metal --compare 2>&1 | FileCheck %s --check-prefix=GUARD
// GUARD: compare C: {{.*}}: 143 mismatches, first at element 0: emulated {{.*}}, reference {{.*}}, allowed {{.*}}

// Every other column skipped.
// RUN: sed -e 's/\(i[0-9]* < v1; i[0-9]* += \)1)/\12)/' %t.metal > %t.column.metal
// RUN: not tile-run %tile_src_root/examples/tinyton/tiled_matmul.mlir %{args} --run-msl %t.column.metal --compare 2>&1 | FileCheck %s --check-prefix=COLUMN
// COLUMN: compare C: {{.*}}: 65 mismatches, first at element 1: emulated 0, reference {{.*}}, allowed {{.*}}
