// libTilePlugin.so loads tile-mlir's dialects and passes into Debian's
// mlir-opt (built against the same libMLIR.so). The tile-to-applegpu
// pipeline run there gives the same MSL as tile-opt. (Pass flags of a
// plugin are not known when mlir-opt parses its command line, so the
// pipeline is given with --pass-pipeline.) The input is the example as
// tile-opt prints it, parameters named %A, %B, ...: the plugin's pipeline
// reads those names from the file the locations name, as tile-opt does
// from its input, so the MSL names its parameters A, B, ... (not arg0).
// A sanitized build's plugin needs a sanitized mlir-opt, which Debian has not.
// UNSUPPORTED: sanitizers
// RUN: tile-opt %tile_src_root/examples/gemm.mlir > %t.input.mlir
// RUN: %system_mlir_opt --load-dialect-plugin=%tile_plugin --load-pass-plugin=%tile_plugin %t.input.mlir --pass-pipeline='builtin.module(tile-to-applegpu{target=apple9})' > %t.plugin.mlir
// RUN: tile-opt %t.input.mlir --tile-to-applegpu=target=apple9 > %t.tile-opt.mlir
// RUN: tile-translate --mlir-to-msl %t.plugin.mlir > %t.plugin.metal
// RUN: tile-translate --mlir-to-msl %t.tile-opt.mlir > %t.tile-opt.metal
// RUN: diff %t.plugin.metal %t.tile-opt.metal
// RUN: %msl_check %t.plugin.metal
// RUN: FileCheck %s < %t.plugin.metal
// CHECK: {{\[\[}}kernel]] void matmul(
// CHECK-NEXT: device const float* A {{\[\[}}buffer(0)]]
// CHECK: simdgroup_multiply_accumulate
//
// The dialects alone round-trip through mlir-opt, and a tile pass runs:
// RUN: %system_mlir_opt --load-dialect-plugin=%tile_plugin %t.input.mlir | tile-opt | FileCheck %s --check-prefix=ROUNDTRIP
// ROUNDTRIP: tile.for_range
// ROUNDTRIP: tile.dot
// RUN: %system_mlir_opt --load-dialect-plugin=%tile_plugin --load-pass-plugin=%tile_plugin %t.input.mlir --pass-pipeline='builtin.module(func.func(tile-unroll{factor=2}))' | FileCheck %s --check-prefix=UNROLL
// UNROLL-COUNT-2: tile.dot
