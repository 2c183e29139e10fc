// Buffers from and to NumPy .npy files: --arg NAME=@FILE.npy and --out
// NAME=FILE.npy, on a tile kernel and on MSL run with its ABI; the files are
// made and checked with a small script (no NumPy needed).
// RUN: %python %S/Inputs/npy.py write %t.x.npy '<f4' 1000
// RUN: %python %S/Inputs/npy.py write %t.y.npy '<f4' 1000
// RUN: %python %S/Inputs/npy.py write %t.z.npy '<f4' 1000
// RUN: tile-run %tile_src_root/examples/vector_add.mlir --arg X=@%t.x.npy --arg Y=@%t.y.npy --arg Z=@%t.z.npy --arg n=1000 --compare --out Z=%t.out.npy | FileCheck %s
// RUN: %python %S/Inputs/npy.py add-check %t.out.npy %t.x.npy %t.y.npy | FileCheck %s --check-prefix=SUM
// CHECK: ran vector_add on the emulator: ok
// CHECK-NEXT: compare Z: max abs error 0, {{.*}}: ok
// SUM: add-check: 1000 True

// The same through MSL and its ABI.
// RUN: tile-opt %tile_src_root/examples/vector_add.mlir --tile-to-applegpu | tile-translate --mlir-to-msl --msl-abi=%t.json > %t.metal
// RUN: tile-run %t.metal --abi %t.json --arg X=@%t.x.npy --arg Y=@%t.y.npy --arg Z=f32:1000:zeros --arg n=1000 --out Z=%t.out2.npy
// RUN: %python %S/Inputs/npy.py add-check %t.out2.npy %t.x.npy %t.y.npy | FileCheck %s --check-prefix=SUM

// Files tile-run cannot use, and bad --out requests: exit 2, with the reason.
// RUN: %python %S/Inputs/npy.py write %t.f64.npy '<f8' 1000
// RUN: %python %S/Inputs/npy.py write %t.fortran.npy '<f4' 1000 --fortran
// RUN: %python %S/Inputs/npy.py write %t.i32.npy '<i4' 1000
// RUN: not tile-run %tile_src_root/examples/vector_add.mlir --arg X=@%t.f64.npy --arg Y=@%t.y.npy --arg Z=@%t.z.npy --arg n=1000 2>&1 | FileCheck %s --check-prefix=F64
// F64: tile-run: --arg X=@{{.*}}f64.npy: '{{.*}}f64.npy': dtype '<f8' is not one tile-run passes (f32 '<f4', f16 '<f2', i8 '|i1', u8 '|u1', i16 '<i2', u16 '<u2', i32 '<i4'
// RUN: not tile-run %tile_src_root/examples/vector_add.mlir --arg X=@%t.fortran.npy --arg Y=@%t.y.npy --arg Z=@%t.z.npy --arg n=1000 2>&1 | FileCheck %s --check-prefix=FORTRAN
// FORTRAN: the array is in Fortran order
// RUN: not tile-run %tile_src_root/examples/vector_add.mlir --arg X=@%t.i32.npy --arg Y=@%t.y.npy --arg Z=@%t.z.npy --arg n=1000 2>&1 | FileCheck %s --check-prefix=I32
// I32: tile-run: buffer 'X' holds f32 elements, not i32
// RUN: not tile-run %tile_src_root/examples/vector_add.mlir --arg X=@%t.missing.npy --arg Y=@%t.y.npy --arg Z=@%t.z.npy --arg n=1000 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: missing.npy': cannot read it:
// RUN: not tile-run %tile_src_root/examples/vector_add.mlir --arg X=@%t.x.npy --arg Y=@%t.y.npy --arg Z=@%t.z.npy --arg n=1000 --out n=%t.n.npy 2>&1 | FileCheck %s --check-prefix=SCALAR
// SCALAR: tile-run: --out n={{.*}}: 'n' is a scalar, not a buffer
// RUN: not tile-run %tile_src_root/examples/vector_add.mlir --arg X=@%t.x.npy --arg Y=@%t.y.npy --arg Z=@%t.z.npy --arg n=1000 --out W=%t.w.npy 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: tile-run: --out W={{.*}}: the kernel has no parameter 'W'
