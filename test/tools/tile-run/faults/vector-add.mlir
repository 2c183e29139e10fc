// Fault injection: the MSL of examples/vector_add.mlir (tile-opt | tile-translate)
// with one fault at a time, run with --run-msl in place of the kernel's code:
// --compare must fail on each, so the error bound of the reference stays tight
// enough to catch wrong kernels (the unmodified MSL passes).
// The MSL has no barrier.

// DEFINE: %{args} = --grid 4 --arg X=f32:1000:random:1 --arg Y=f32:1000:random:2 --arg Z=f32:1000:zeros --arg n=1000
// RUN: tile-opt %tile_src_root/examples/vector_add.mlir --tile-to-applegpu | tile-translate --mlir-to-msl > %t.metal
// RUN: tile-run %tile_src_root/examples/vector_add.mlir %{args} --run-msl %t.metal --compare | FileCheck %s --check-prefix=RIGHT
// RIGHT: compare Z: {{.*}}: ok

// The output scaled by 1.0001.
// RUN: sed -e 's/^\( *Z\[.*\] = v[0-9]*\);/\1 * 1.0001f;/' %t.metal > %t.scale.metal
// RUN: not tile-run %tile_src_root/examples/vector_add.mlir %{args} --run-msl %t.scale.metal --compare 2>&1 | FileCheck %s --check-prefix=SCALE
// SCALE: compare Z: {{.*}}: {{[0-9]+}} mismatches, first at element {{[0-9]+}}: emulated {{.*}}, reference {{.*}}, allowed {{.*}}

// Blocks 257 elements apart instead of 256: elements 256, 513 and 770 are left unwritten.
// RUN: sed -e 's/^\( *int v[0-9]* = v[0-9]*\) \* 256;/\1 * 257;/' %t.metal > %t.block.metal
// RUN: not tile-run %tile_src_root/examples/vector_add.mlir %{args} --run-msl %t.block.metal --compare 2>&1 | FileCheck %s --check-prefix=BLOCK
// BLOCK: compare Z: {{.*}}: 3 mismatches, first at element 256: emulated 0, reference {{.*}}, allowed {{.*}}

// The guards one short: the last element is left unwritten.
// RUN: sed -e 's/if ((\(v[0-9]*\) < v0)) {/if ((\1 < v0 - 1)) {/' %t.metal > %t.guard.metal
// RUN: not tile-run %tile_src_root/examples/vector_add.mlir %{args} --run-msl %t.guard.metal --compare 2>&1 | FileCheck %s --check-prefix=GUARD
// GUARD: compare Z: {{.*}}: 1 mismatches, first at element 999: emulated 0, reference {{.*}}, allowed {{.*}}
