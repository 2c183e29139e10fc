// math.round (halfway cases away from zero), math.roundeven (to even) and
// math.trunc: MSL's round, rint and trunc, on f32, f16 and bf16, against
// the interpreter bit for bit. The inputs are multiples of 0.5 in [-4, 4)
// (floor(8x) / 2: a halfway case every other value, where round and
// roundeven differ) and 4x for trunc. The campaign in utils/random found
// math.round refused ("cannot be translated to MSL") although MSL has it.

// RUN: tile-run %s --kernel rounding_f32 --arg X=f32:300:random:1 --arg R=f32:300:zeros --arg E=f32:300:zeros --arg T=f32:300:zeros --arg n=300 --compare --rtol 0 --atol 0 --emit-msl %t.metal | FileCheck %s --check-prefix=F32
// RUN: tile-run %s --kernel rounding_f32 --target apple10 --arg X=f32:300:random:1 --arg R=f32:300:zeros --arg E=f32:300:zeros --arg T=f32:300:zeros --arg n=300 --compare --rtol 0 --atol 0 | FileCheck %s --check-prefix=F32
// F32: ran rounding_f32 on the emulator: ok
// F32-NEXT: compare R: max abs error 0, {{.*}}: ok
// F32-NEXT: compare E: max abs error 0, {{.*}}: ok
// F32-NEXT: compare T: max abs error 0, {{.*}}: ok
// RUN: FileCheck %s --check-prefix=MSL < %t.metal
// MSL-DAG: round(
// MSL-DAG: rint(
// MSL-DAG: trunc(

// RUN: tile-run %s --kernel rounding_f16 --arg X=f32:300:random:2 --arg R=f16:300:zeros --arg E=f16:300:zeros --arg T=f16:300:zeros --arg n=300 --compare --rtol 0 --atol 0 | FileCheck %s --check-prefix=F16
// F16: ran rounding_f16 on the emulator: ok
// F16-NEXT: compare R: max abs error 0, {{.*}}: ok
// F16-NEXT: compare E: max abs error 0, {{.*}}: ok
// F16-NEXT: compare T: max abs error 0, {{.*}}: ok

// RUN: tile-run %s --kernel rounding_bf16 --arg X=f32:300:random:3 --arg R=bf16:300:zeros --arg E=bf16:300:zeros --arg T=bf16:300:zeros --arg n=300 --compare --rtol 0 --atol 0 | FileCheck %s --check-prefix=BF16
// BF16: ran rounding_bf16 on the emulator: ok
// BF16-NEXT: compare R: max abs error 0, {{.*}}: ok
// BF16-NEXT: compare E: max abs error 0, {{.*}}: ok
// BF16-NEXT: compare T: max abs error 0, {{.*}}: ok

func.func @rounding_f32(%X: memref<?xf32>, %R: memref<?xf32>, %E: memref<?xf32>,
                     %T: memref<?xf32>, %n: index) attributes {tile.kernel} {
  %c128 = arith.constant 128 : index
  %p = tile.program_id x : index
  %i = arith.muli %p, %c128 : index
  %x = tile.load %X[%i] bounds [%n] : memref<?xf32> -> tensor<128xf32>
  %eight = arith.constant dense<8.0> : tensor<128xf32>
  %half = arith.constant dense<0.5> : tensor<128xf32>
  %four = arith.constant dense<4.0> : tensor<128xf32>
  %x8 = arith.mulf %x, %eight : tensor<128xf32>
  %f = math.floor %x8 : tensor<128xf32>
  %h32 = arith.mulf %f, %half : tensor<128xf32>
  %x4 = arith.mulf %x, %four : tensor<128xf32>
  %h = arith.addf %h32, %h32 : tensor<128xf32>
  %hh = arith.mulf %h, %half : tensor<128xf32>
  %y = arith.addf %x4, %x4 : tensor<128xf32>
  %yy = arith.mulf %y, %half : tensor<128xf32>
  %r = math.round %hh : tensor<128xf32>
  %e = math.roundeven %hh : tensor<128xf32>
  %t = math.trunc %yy : tensor<128xf32>
  tile.store %r, %R[%i] bounds [%n] : tensor<128xf32>, memref<?xf32>
  tile.store %e, %E[%i] bounds [%n] : tensor<128xf32>, memref<?xf32>
  tile.store %t, %T[%i] bounds [%n] : tensor<128xf32>, memref<?xf32>
  return
}

func.func @rounding_f16(%X: memref<?xf32>, %R: memref<?xf16>, %E: memref<?xf16>,
                     %T: memref<?xf16>, %n: index) attributes {tile.kernel} {
  %c128 = arith.constant 128 : index
  %p = tile.program_id x : index
  %i = arith.muli %p, %c128 : index
  %x = tile.load %X[%i] bounds [%n] : memref<?xf32> -> tensor<128xf32>
  %eight = arith.constant dense<8.0> : tensor<128xf32>
  %half = arith.constant dense<0.5> : tensor<128xf32>
  %four = arith.constant dense<4.0> : tensor<128xf32>
  %x8 = arith.mulf %x, %eight : tensor<128xf32>
  %f = math.floor %x8 : tensor<128xf32>
  %h32 = arith.mulf %f, %half : tensor<128xf32>
  %x4 = arith.mulf %x, %four : tensor<128xf32>
  %hh = arith.truncf %h32 : tensor<128xf32> to tensor<128xf16>
  %yy = arith.truncf %x4 : tensor<128xf32> to tensor<128xf16>
  %r = math.round %hh : tensor<128xf16>
  %e = math.roundeven %hh : tensor<128xf16>
  %t = math.trunc %yy : tensor<128xf16>
  tile.store %r, %R[%i] bounds [%n] : tensor<128xf16>, memref<?xf16>
  tile.store %e, %E[%i] bounds [%n] : tensor<128xf16>, memref<?xf16>
  tile.store %t, %T[%i] bounds [%n] : tensor<128xf16>, memref<?xf16>
  return
}

func.func @rounding_bf16(%X: memref<?xf32>, %R: memref<?xbf16>, %E: memref<?xbf16>,
                     %T: memref<?xbf16>, %n: index) attributes {tile.kernel} {
  %c128 = arith.constant 128 : index
  %p = tile.program_id x : index
  %i = arith.muli %p, %c128 : index
  %x = tile.load %X[%i] bounds [%n] : memref<?xf32> -> tensor<128xf32>
  %eight = arith.constant dense<8.0> : tensor<128xf32>
  %half = arith.constant dense<0.5> : tensor<128xf32>
  %four = arith.constant dense<4.0> : tensor<128xf32>
  %x8 = arith.mulf %x, %eight : tensor<128xf32>
  %f = math.floor %x8 : tensor<128xf32>
  %h32 = arith.mulf %f, %half : tensor<128xf32>
  %x4 = arith.mulf %x, %four : tensor<128xf32>
  %hh = arith.truncf %h32 : tensor<128xf32> to tensor<128xbf16>
  %yy = arith.truncf %x4 : tensor<128xf32> to tensor<128xbf16>
  %r = math.round %hh : tensor<128xbf16>
  %e = math.roundeven %hh : tensor<128xbf16>
  %t = math.trunc %yy : tensor<128xbf16>
  tile.store %r, %R[%i] bounds [%n] : tensor<128xbf16>, memref<?xbf16>
  tile.store %e, %E[%i] bounds [%n] : tensor<128xbf16>, memref<?xbf16>
  tile.store %t, %T[%i] bounds [%n] : tensor<128xbf16>, memref<?xbf16>
  return
}
