// arith.fptosi / fptoui of NaN or of a value outside the integer type is
// poison: any result is correct, so --compare allows any value there (an
// infinite error bound, carried on through what reads it), while
// conversions in range are still checked exactly. The interpreter converts
// such values by saturating instead of a C++ cast (undefined behaviour on
// the host, where it gave a wrapped 64-bit value and the emulator's x86
// cast INT_MIN: a false mismatch found by utils/random on an f16 chain that
// overflowed to infinity before fptosi).

// RUN: tile-run %s --arg X=f32:100:random:1 --arg Big=i32:100:zeros --arg BigU=i32:100:zeros --arg Sel=i32:100:zeros --arg Small=i32:100:zeros --arg n=100 --compare | FileCheck %s
// RUN: tile-run %s --target apple10 --arg X=f32:100:random:1 --arg Big=i32:100:zeros --arg BigU=i32:100:zeros --arg Sel=i32:100:zeros --arg Small=i32:100:zeros --arg n=100 --compare | FileCheck %s
// CHECK:      ran conversions on the emulator: ok
// CHECK-NEXT: compare Big: {{.*}}: ok
// CHECK-NEXT: compare BigU: {{.*}}: ok
// CHECK-NEXT: compare Sel: {{.*}}: ok
// CHECK-NEXT: compare Small: max abs error 0, {{.*}}: ok

// Big: 1e10 x converted to i32 (out of range but where x is 0); BigU:
// NaN (inf - inf) or -1e10 converted to unsigned; Sel: a select on a
// comparison of Big's values; Small: 8x, in range, exact.
func.func @conversions(%X: memref<?xf32>, %Big: memref<?xi32>, %BigU: memref<?xi32>,
                       %Sel: memref<?xi32>, %Small: memref<?xi32>, %n: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0] bounds [%n] : memref<?xf32> -> tensor<128xf32>
  %huge = arith.constant dense<1.0e10> : tensor<128xf32>
  %big = arith.mulf %x, %huge : tensor<128xf32>
  %bigI = arith.fptosi %big : tensor<128xf32> to tensor<128xi32>
  tile.store %bigI, %Big[%c0] bounds [%n] : tensor<128xi32>, memref<?xi32>
  // exp(1e10 x) is inf for x > 0 (inf - inf: NaN) and 0 below.
  %e = math.exp %big : tensor<128xf32>
  %nan = arith.subf %e, %e : tensor<128xf32>
  %mixed = arith.addf %nan, %big : tensor<128xf32>
  %bigU = arith.fptoui %mixed : tensor<128xf32> to tensor<128xi32>
  tile.store %bigU, %BigU[%c0] bounds [%n] : tensor<128xi32>, memref<?xi32>
  %m2 = arith.constant dense<-2> : tensor<128xi32>
  %four = arith.constant dense<4> : tensor<128xi32>
  %lt = arith.cmpi slt, %bigI, %m2 : tensor<128xi32>
  %sel = arith.select %lt, %bigI, %four : tensor<128xi1>, tensor<128xi32>
  tile.store %sel, %Sel[%c0] bounds [%n] : tensor<128xi32>, memref<?xi32>
  %eight = arith.constant dense<8.0> : tensor<128xf32>
  %x8 = arith.mulf %x, %eight : tensor<128xf32>
  %smallI = arith.fptosi %x8 : tensor<128xf32> to tensor<128xi32>
  tile.store %smallI, %Small[%c0] bounds [%n] : tensor<128xi32>, memref<?xi32>
  return
}
