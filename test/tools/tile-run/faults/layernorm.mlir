// Fault injection: the MSL of examples/layernorm.mlir (tile-opt | tile-translate)
// with one fault at a time, run with --run-msl in place of the kernel's code:
// --compare must fail on each, so the error bound of the reference stays tight
// enough to catch wrong kernels (the unmodified MSL passes).

// DEFINE: %{args} = --grid 5 --arg X=f32:3700:random:1 --arg Gamma=f32:100:random:2 --arg Beta=f32:100:random:3 --arg Y=f32:3700:zeros --arg M=37 --arg N=100 --arg eps=0.00001
// RUN: tile-opt %tile_src_root/examples/layernorm.mlir --tile-to-applegpu | tile-translate --mlir-to-msl > %t.metal
// RUN: tile-run %tile_src_root/examples/layernorm.mlir %{args} --run-msl %t.metal --compare | FileCheck %s --check-prefix=RIGHT
// RIGHT: compare Y: {{.*}}: ok

// The output scaled by 1.0001.
// RUN: sed -e 's/^\( *Y\[.*\] = v[0-9]*\);/\1 * 1.0001f;/' %t.metal > %t.scale.metal
// RUN: not tile-run %tile_src_root/examples/layernorm.mlir %{args} --run-msl %t.scale.metal --compare 2>&1 | FileCheck %s --check-prefix=SCALE
// SCALE: compare Y: {{.*}}: {{[0-9]+}} mismatches, first at element 0: emulated {{.*}}, reference {{.*}}, allowed {{.*}}

// A row offset of 9 instead of 8: 4 rows (400 elements) are left unwritten.
// RUN: sed -e 's/^\( *int v[0-9]* = v[0-9]*\) \* 8;/\1 * 9;/' %t.metal > %t.row.metal
// RUN: not tile-run %tile_src_root/examples/layernorm.mlir %{args} --run-msl %t.row.metal --compare 2>&1 | FileCheck %s --check-prefix=ROW
// ROW: compare Y: {{.*}}: 400 mismatches, first at element 800: emulated 0, reference {{.*}}, allowed {{.*}}

// The column guards one short: the last column is left out of the mean and unwritten.
// RUN: sed -e 's/if (((\(v[0-9]*\) < v0) \&\& (\(v[0-9]*\) < v1))) {/if (((\1 < v0) \&\& (\2 < v1 - 1))) {/' %t.metal > %t.guard.metal
// RUN: not tile-run %tile_src_root/examples/layernorm.mlir %{args} --run-msl %t.guard.metal --compare 2>&1 | FileCheck %s --check-prefix=GUARD
// GUARD: compare Y: {{.*}}: {{[0-9]+}} mismatches, first at element 0: emulated {{.*}}, reference {{.*}}, allowed {{.*}}

// The barrier between writing the row statistics to threadgroup memory and reading them dropped (the second one; the first guards nothing yet): a race.
// RUN: sed -e '0,/threadgroup_barrier/b; 0,/threadgroup_barrier/{/threadgroup_barrier/d}' %t.metal > %t.barrier.metal
// RUN: not tile-run %tile_src_root/examples/layernorm.mlir %{args} --run-msl %t.barrier.metal --compare 2>&1 | FileCheck %s --check-prefix=BARRIER
// BARRIER: tile-run: kernel 'layernorm'{{.*}}: a race on threadgroup memory
