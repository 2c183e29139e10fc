// bf16 elementwise math: MSL has no bfloat overloads of its math functions
// (Apple's compiler rejects exp(bfloat), max(bfloat, bfloat), ...), and the
// shim deletes them too, so every math call on bf16 goes through float and
// rounds back once. The MSL must compile against the shim and match the
// interpreter, which computes the same float-then-round values.

// RUN: tile-run %s --grid 3 --arg X=bf16:600:random:1 --arg Y=bf16:600:random:2 --arg Z=bf16:600:zeros --arg n=555 --compare --emit-msl %t.metal | FileCheck %s
// RUN: tile-run %s --target apple10 --grid 3 --arg X=bf16:600:random:1 --arg Y=bf16:600:random:2 --arg Z=bf16:600:zeros --arg n=555 --compare | FileCheck %s
// CHECK:      ran bf16_math on the emulator: ok
// CHECK-NEXT: compare Z: max abs error {{.*}}: ok
// RUN: %msl_check %t.metal
// RUN: FileCheck %s --check-prefix=MSL < %t.metal
// RUN: FileCheck %s --check-prefix=NO-BF16-MATH < %t.metal

// A math op whose only use is the store of its element is written inside
// that store, parenthesized: `tileN[i] = (bfloat(exp(float(x))));`.
// MSL-DAG: = (bfloat(exp(float([[X:[a-z0-9_]+]]))));
// MSL-DAG: = (bfloat(tanh(float(
// MSL-DAG: = (bfloat(sqrt(float(
// MSL-DAG: = (bfloat(fabs(float(
// MSL-DAG: = (bfloat(log(float(
// MSL-DAG: : bfloat(max(float(
// MSL-DAG: = (bfloat(min(float(
// No math call anywhere in the file takes anything but a float(...) (an
// MSL-NOT after the DAG group would only look past its last match).
// NO-BF16-MATH-NOT: {{(exp|tanh|sqrt|fabs|log|max|min)\([^f]}}

func.func @bf16_math(%X: memref<?xbf16>, %Y: memref<?xbf16>, %Z: memref<?xbf16>,
                     %n: index) attributes {tile.kernel} {
  %c256 = arith.constant 256 : index
  %p = tile.program_id x : index
  %i = arith.muli %p, %c256 : index
  %x = tile.load %X[%i] bounds [%n] : memref<?xbf16> -> tensor<256xbf16>
  %y = tile.load %Y[%i] bounds [%n] : memref<?xbf16> -> tensor<256xbf16>
  %e = math.exp %x : tensor<256xbf16>
  %t = math.tanh %y : tensor<256xbf16>
  %a = math.absf %y : tensor<256xbf16>
  %s = math.sqrt %a : tensor<256xbf16>
  %one = arith.constant dense<1.0> : tensor<256xbf16>
  %ap1 = arith.addf %a, %one : tensor<256xbf16>
  %l = math.log %ap1 : tensor<256xbf16>
  %m = arith.maximumf %e, %t : tensor<256xbf16>
  %mn = arith.minnumf %s, %l : tensor<256xbf16>
  %z = arith.addf %m, %mn : tensor<256xbf16>
  tile.store %z, %Z[%i] bounds [%n] : tensor<256xbf16>, memref<?xbf16>
  return
}
