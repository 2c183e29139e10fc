// RUN: not tile-run %tile_src_root/examples/gemm.mlir --grid 2,1 --arg A=f32:5300:random:1 --arg B=f32:1961:random:2 --arg C=f32:3700:zeros --arg M=100 --arg N=37 --arg K=53 --compare --rtol 0 --atol 0 > %t
// RUN: FileCheck %s < %t
// RUN: awk -F'emulated |, reference |, allowed' '/first at element/ { found = 1; if ($2 == $3) exit 1 } END { exit !found }' %t
// A mismatch under --rtol 0 --atol 0 may be one ulp: the two values are
// printed with enough digits to differ (the awk line checks they do).
// CHECK: compare C: {{.*}} mismatches, first at element {{[0-9]+}}: emulated {{[-0-9.e+]+}}, reference {{[-0-9.e+]+}}, allowed 0
