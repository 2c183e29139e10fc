// tile-run's command line: every mistake is a clear message and exit
// code 2, before anything runs.

// RUN: sh %S/Inputs/expect-exit.sh 2 tile-run %tile_src_root/examples/gemm.mlir --grid 1 --arg A=f32:16:random --arg X=1 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: tile-run: unknown parameter 'X' (the kernel's parameters are A, B, C, M, N, K)

// RUN: sh %S/Inputs/expect-exit.sh 2 tile-run %tile_src_root/examples/gemm.mlir --grid 1 --arg A=f32:16:random 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: tile-run: missing --arg for parameter 'B'

// RUN: sh %S/Inputs/expect-exit.sh 2 tile-run %tile_src_root/examples/gemm.mlir --grid 1 --arg A=f32:0:random 2>&1 | FileCheck %s --check-prefix=BADCOUNT
// BADCOUNT: tile-run: --arg A=f32:0:random: buffer 'A' needs TYPE:COUNT:random[:SEED], TYPE:COUNT:zeros or TYPE:COUNT:ones with a positive COUNT

// RUN: sh %S/Inputs/expect-exit.sh 2 tile-run %tile_src_root/examples/gemm.mlir --grid 1 --arg A=f16:16:random --arg B=f32:1:zeros --arg C=f32:1:zeros --arg M=1 --arg N=1 --arg K=1 2>&1 | FileCheck %s --check-prefix=BADTYPE
// BADTYPE: tile-run: buffer 'A' holds f32 elements, not f16

// A statically sized buffer must be given at least its size.
// RUN: sh %S/Inputs/expect-exit.sh 2 tile-run %S/Inputs/fill_static.mlir --grid 1 --arg Z=f32:10:zeros 2>&1 | FileCheck %s --check-prefix=STATIC
// STATIC: tile-run: buffer 'Z' has 10 elements, but the kernel declares 64

// RUN: sh %S/Inputs/expect-exit.sh 2 tile-run %tile_src_root/examples/gemm.mlir --grid 1 --arg A=3 --arg B=f32:1:zeros --arg C=f32:1:zeros --arg M=1 --arg N=1 --arg K=1 2>&1 | FileCheck %s --check-prefix=SCALAR
// SCALAR: tile-run: parameter 'A' is a buffer: give TYPE:COUNT:random|zeros|ones

// RUN: sh %S/Inputs/expect-exit.sh 2 tile-run %tile_src_root/examples/gemm.mlir --grid 1 --arg A=f32:1:zeros --arg B=f32:1:zeros --arg C=f32:1:zeros --arg M=one --arg N=1 --arg K=1 2>&1 | FileCheck %s --check-prefix=NUMBER
// NUMBER: tile-run: parameter 'M' needs an integer, got 'one'

// RUN: sh %S/Inputs/expect-exit.sh 2 tile-run %tile_src_root/examples/gemm.mlir --grid 0 2>&1 | FileCheck %s --check-prefix=GRID
// GRID: tile-run: --grid needs positive integers, got '0'

// Without --grid the grid comes from the ABI (see test/tools/tile-run/grid.mlir);
// the arguments are still needed:
// RUN: sh %S/Inputs/expect-exit.sh 2 tile-run %tile_src_root/examples/gemm.mlir 2>&1 | FileCheck %s --check-prefix=NOARGS
// NOARGS: tile-run: missing --arg for parameter 'A'
// A grid that does not cover the problem is refused (exit 2):
// RUN: sh %S/Inputs/expect-exit.sh 2 tile-run %tile_src_root/examples/gemm.mlir --grid 1 --arg A=f32:5300:zeros --arg B=f32:1961:zeros --arg C=f32:3700:zeros --arg M=100 --arg N=37 --arg K=53 2>&1 | FileCheck %s --check-prefix=SMALLGRID
// SMALLGRID: tile-run: --grid 1,1,1 does not cover the problem: the ABI computes 2,1,1

// RUN: sh %S/Inputs/expect-exit.sh 2 tile-run %S/fixtures/vector_add.metal --grid 1 2>&1 | FileCheck %s --check-prefix=NOABI
// NOABI: tile-run: without --abi, give the threadgroup size: --threads-per-threadgroup X[,Y[,Z]]

// RUN: sh %S/Inputs/expect-exit.sh 2 tile-run %S/fixtures/race.metal --abi %S/Inputs/race.json --grid 1 --arg out=f32:1:zeros 2>&1 | FileCheck %s --check-prefix=WHICH
// WHICH: tile-run: no kernel in '{{.*}}race.json' (use --kernel NAME when there are several)

// RUN: sh %S/Inputs/expect-exit.sh 2 tile-run %tile_src_root/examples/gemm.mlir --grid 1 --arg A=f32:1:zeros --arg A=f32:1:zeros 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: tile-run: --arg A is given twice
