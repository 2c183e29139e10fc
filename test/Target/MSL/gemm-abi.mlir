// The ABI JSON of the GEMM example, as a host (tile-run, an app) reads it.
// RUN: tile-opt %tile_src_root/examples/gemm.mlir --tile-to-applegpu | tile-translate --mlir-to-msl --msl-abi=%t.json > %t.metal
// RUN: FileCheck %s < %t.json
// RUN: %msl_check %t.metal

// CHECK:      {
// CHECK-NEXT:   "kernels": [
// CHECK-NEXT:     {
// CHECK-NEXT:       "buffers": [
// CHECK-NEXT:         {
// CHECK-NEXT:           "access": "read",
// CHECK-NEXT:           "alignment": 16,
// CHECK-NEXT:           "index": 0,
// CHECK-NEXT:           "max_elements": 2147418112,
// CHECK-NEXT:           "msl_type": "device const float*",
// CHECK-NEXT:           "name": "A",
// CHECK-NEXT:           "type": "float"
// CHECK-NEXT:         },
// CHECK:                "access": "write",
// CHECK-NEXT:           "alignment": 4,
// CHECK-NEXT:           "index": 2,
// CHECK:            "builtins": [
// CHECK-NEXT:         "thread_index_in_threadgroup",
// CHECK-NEXT:         "simdgroup_index_in_threadgroup",
// CHECK-NEXT:         "thread_index_in_simdgroup",
// CHECK-NEXT:         "threadgroup_position_in_grid",
// CHECK-NEXT:         "threadgroups_per_grid"
// CHECK-NEXT:       ],
// CHECK-NEXT:       "compile_options": [
// CHECK-NEXT:         "-fno-fast-math"
// CHECK-NEXT:       ],
// CHECK-NEXT:       "fast_math": false,
// CHECK-NEXT:       "grid": [
// CHECK-NEXT:         "ceildiv(M, 64)",
// CHECK-NEXT:         "ceildiv(N, 64)",
// CHECK-NEXT:         "1"
// CHECK-NEXT:       ],
// CHECK-NEXT:       "grid_extents": [
// CHECK-NEXT:         {
// CHECK-NEXT:           "argument": "M",
// CHECK-NEXT:           "divisor": 64,
// CHECK-NEXT:           "index": 3
// CHECK-NEXT:         },
// CHECK-NEXT:         {
// CHECK-NEXT:           "argument": "N",
// CHECK-NEXT:           "divisor": 64,
// CHECK-NEXT:           "index": 4
// CHECK-NEXT:         },
// CHECK-NEXT:         {
// CHECK-NEXT:           "constant": 1
// CHECK-NEXT:         }
// CHECK-NEXT:       ],
// CHECK-NEXT:       "msl_version": "3.0",
// CHECK-NEXT:       "name": "matmul",
// CHECK-NEXT:       "scalars": [
// CHECK-NEXT:         {
// CHECK-NEXT:           "index": 3,
// CHECK-NEXT:           "max_value": 2147418112,
// CHECK-NEXT:           "msl_type": "constant uint&",
// CHECK-NEXT:           "name": "M",
// CHECK-NEXT:           "type": "uint"
// CHECK:            "target": "apple9",
// CHECK-NEXT:       "threadgroup_memory_bytes": 17920,
// CHECK-NEXT:       "threads_per_threadgroup": [
// CHECK-NEXT:         128,
// CHECK-NEXT:         1,
// CHECK-NEXT:         1
// CHECK-NEXT:       ]
