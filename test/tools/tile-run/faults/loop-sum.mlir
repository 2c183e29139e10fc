// Fault injection: the MSL of examples/tinyton/loop_sum.mlir (tile-opt | tile-translate)
// with one fault at a time, run with --run-msl in place of the kernel's code:
// --compare must fail on each, so the error bound of the reference stays tight
// enough to catch wrong kernels (the unmodified MSL passes).
// The sum of 1000 values in [-1, 1) cancels (|sum| 36, sum |x| 500), so its
// bound is 2e-4 of the result: the scale fault is 1e-3. The MSL has no
// barrier.

// DEFINE: %{args} = --grid 1 --arg src=f32:1000:random:1 --arg dst=f32:1:zeros --arg N=1000
// RUN: tile-opt %tile_src_root/examples/tinyton/loop_sum.mlir --tile-to-applegpu | tile-translate --mlir-to-msl > %t.metal
// RUN: tile-run %tile_src_root/examples/tinyton/loop_sum.mlir %{args} --run-msl %t.metal --compare | FileCheck %s --check-prefix=RIGHT
// RIGHT: compare dst: {{.*}}: ok

// The output scaled by 1.001.
// RUN: sed -e 's/^\( *dst\[0\] = v[0-9]*\);/\1 * 1.001f;/' %t.metal > %t.scale.metal
// RUN: not tile-run %tile_src_root/examples/tinyton/loop_sum.mlir %{args} --run-msl %t.scale.metal --compare 2>&1 | FileCheck %s --check-prefix=SCALE
// SCALE: compare dst: {{.*}}: 1 mismatches, first at element 0: emulated {{.*}}, reference {{.*}}, allowed {{.*}}

// Every other tile of 128 skipped.
// RUN: sed -e 's/\(i[0-9]* += \)128)/\1256)/' %t.metal > %t.step.metal
// RUN: not tile-run %tile_src_root/examples/tinyton/loop_sum.mlir %{args} --run-msl %t.step.metal --compare 2>&1 | FileCheck %s --check-prefix=STEP
// STEP: compare dst: {{.*}}: 1 mismatches, first at element 0: emulated {{.*}}, reference {{.*}}, allowed {{.*}}

// The guard one short: the last element is left out.
// RUN: sed -e 's/if ((\(v[0-9]*\) < v0)) {/if ((\1 < v0 - 1)) {/' %t.metal > %t.guard.metal
// RUN: not tile-run %tile_src_root/examples/tinyton/loop_sum.mlir %{args} --run-msl %t.guard.metal --compare 2>&1 | FileCheck %s --check-prefix=GUARD
// GUARD: compare dst: {{.*}}: 1 mismatches, first at element 0: emulated {{.*}}, reference {{.*}}, allowed {{.*}}
