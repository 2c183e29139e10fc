// Fault injection: the MSL of examples/gemm_swizzled.mlir (tile-opt | tile-translate)
// with one fault at a time, run with --run-msl in place of the kernel's code:
// --compare must fail on each, so the error bound of the reference stays tight
// enough to catch wrong kernels (the unmodified MSL passes).

// DEFINE: %{args} = --grid 3,2 --arg A=f32:5200:random:1 --arg B=f32:2800:random:2 --arg C=f32:9100:zeros --arg M=130 --arg N=70 --arg K=40
// RUN: tile-opt %tile_src_root/examples/gemm_swizzled.mlir --tile-to-applegpu | tile-translate --mlir-to-msl > %t.metal
// RUN: tile-run %tile_src_root/examples/gemm_swizzled.mlir %{args} --run-msl %t.metal --compare | FileCheck %s --check-prefix=RIGHT
// RIGHT: compare C: {{.*}}: ok

// The output scaled by 1.001 (where the tile is partial).
// RUN: sed -e 's/^\( *C\[v[0-9]*\] = v[0-9]*\);/\1 * 1.001f;/' %t.metal > %t.scale.metal
// RUN: not tile-run %tile_src_root/examples/gemm_swizzled.mlir %{args} --run-msl %t.scale.metal --compare 2>&1 | FileCheck %s --check-prefix=SCALE
// SCALE: compare C: {{.*}}: {{[0-9]+}} mismatches, first at element {{[0-9]+}}: emulated {{.*}}, reference {{.*}}, allowed {{.*}}

// The tile's first row one further down: the first row of C is left unwritten.
// RUN: sed -e '0,/^\( *int v[0-9]* = v[0-9]*\) \* 64;/s//\1 * 64 + 1;/' %t.metal > %t.row.metal
// RUN: not tile-run %tile_src_root/examples/gemm_swizzled.mlir %{args} --run-msl %t.row.metal --compare 2>&1 | FileCheck %s --check-prefix=ROW
// ROW: compare C: {{.*}}: {{[0-9]+}} mismatches, first at element {{[0-9]+}}: emulated 0, reference {{.*}}, allowed {{.*}}

// The row guards one short: A's last row reads 0 and C's last row is left unwritten.
// RUN: sed -e 's/if (((\(v[0-9]*\) < v0) \&\&/if (((\1 < v0 - 1) \&\&/' %t.metal > %t.guard.metal
// RUN: not tile-run %tile_src_root/examples/gemm_swizzled.mlir %{args} --run-msl %t.guard.metal --compare 2>&1 | FileCheck %s --check-prefix=GUARD
// GUARD: compare C: {{.*}}: {{[0-9]+}} mismatches, first at element {{[0-9]+}}: emulated 0, reference {{.*}}, allowed {{.*}}

// Every other K step skipped.
// RUN: sed -e 's/\(i[0-9]* += \)32)/\164)/' %t.metal > %t.kstep.metal
// RUN: not tile-run %tile_src_root/examples/gemm_swizzled.mlir %{args} --run-msl %t.kstep.metal --compare 2>&1 | FileCheck %s --check-prefix=KSTEP
// KSTEP: compare C: {{.*}}: {{[0-9]+}} mismatches, first at element {{[0-9]+}}: emulated {{.*}}, reference {{.*}}, allowed {{.*}}

// The barrier between staging A and B in threadgroup memory and the SIMD-groups' loads dropped: a race (the reverse schedule runs one SIMD-group at a time).
// RUN: sed -e '0,/threadgroup_barrier/{/threadgroup_barrier/d}' %t.metal > %t.barrier1.metal
// RUN: not tile-run %tile_src_root/examples/gemm_swizzled.mlir %{args} --run-msl %t.barrier1.metal --compare 2>&1 | FileCheck %s --check-prefix=BARRIER1
// BARRIER1: tile-run: kernel 'matmul_swizzled'{{.*}}: a race on threadgroup memory

// The barrier before the next K step overwrites the staged tiles dropped: a race.
// RUN: sed -e '0,/threadgroup_barrier/b; 0,/threadgroup_barrier/{/threadgroup_barrier/d}' %t.metal > %t.barrier2.metal
// RUN: not tile-run %tile_src_root/examples/gemm_swizzled.mlir %{args} --run-msl %t.barrier2.metal --compare 2>&1 | FileCheck %s --check-prefix=BARRIER2
// BARRIER2: tile-run: kernel 'matmul_swizzled'{{.*}}: a race on threadgroup memory

// The swizzle's low row bit dropped: two programs compute the same tile, another tile is left unwritten.
// The two threadgroups storing to one tile are a race between threadgroups, found before the comparison.
// RUN: sed -e 's/+ (v25 \& 1)) : v33;/+ 0) : v33;/' %t.metal > %t.swizzle.metal
// RUN: not tile-run %tile_src_root/examples/gemm_swizzled.mlir %{args} --run-msl %t.swizzle.metal --compare 2>&1 | FileCheck %s --check-prefix=SWIZZLE
// SWIZZLE: tile-run: kernel 'matmul_swizzled': a race between threadgroups: threadgroup ({{[0-2]}},{{[01]}},0) wrote buffer 'C' element {{[0-9]+}} and threadgroup ({{[0-2]}},{{[01]}},0) writes it
