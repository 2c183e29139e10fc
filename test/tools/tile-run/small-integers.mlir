// 8-, 16- and 32-bit integer buffers, signed and unsigned (tile IR's
// integers are signless: an i8 memref takes u8 or i8 data, an i32 one u32
// or i32): from .npy files and TYPE:COUNT specs, through the interpreter and
// the emulator, and out again. O = zext(A) + sext(B) + (W >>u 28), where
// 148 (A[4]) must stay 148 and W's top nibble must not bring sign bits; H is
// B's bits as f16 (arith.bitcast).
// RUN: %python %S/Inputs/npy.py write %t.a.npy '|u1' 70
// RUN: %python %S/Inputs/npy.py write %t.b.npy '<i2' 70
// RUN: %python %S/Inputs/npy.py write %t.w.npy '<u4' 70
// RUN: tile-run %s --arg A=@%t.a.npy --arg B=@%t.b.npy --arg W=@%t.w.npy --arg O=i32:70:zeros --arg H=f16:70:zeros --arg n=70 --compare --schedules 3 --out O=%t.o.npy --out H=%t.h.npy --out A=%t.a2.npy | FileCheck %s
// RUN: %python %S/Inputs/npy.py print %t.o.npy %t.h.npy %t.a2.npy | FileCheck %s --check-prefix=VALUES
// CHECK: ran small_integers on the emulator: ok
// CHECK-NEXT: compare O: max abs error 0, {{.*}}: ok
// CHECK-NEXT: compare H: {{.*}}: ok
// 0x10000025 * i modulo 256: 0, 37, 74, 111, 148, 185; modulo 2^32 shifted
// right by 28: i for i < 16; B: i - 3.
// VALUES: -3 36 75 114 153 192 {{.*}}
// The bits -3, -2, -1, 0, 1 as f16: NaNs, then +0 and the smallest subnormal.
// VALUES-NEXT: nan nan nan 0.0 5.96{{[0-9]*}}e-08 {{.*}}
// VALUES-NEXT: 0 37 74 111 148 185 {{.*}}

// Random fills of every width, and the same-width rule.
// RUN: tile-run %s --arg A=i8:70:random:1 --arg B=u16:70:random:2 --arg W=u32:70:random:3 --arg O=u32:70:zeros --arg H=f16:70:zeros --arg n=70 --compare | FileCheck %s
// RUN: not tile-run %s --arg A=i16:70:random:1 --arg B=u16:70:random:2 --arg W=u32:70:random:3 --arg O=u32:70:zeros --arg H=f16:70:zeros --arg n=70 2>&1 | FileCheck %s --check-prefix=WIDTH
// WIDTH: tile-run: buffer 'A' holds i8 elements, not i16
func.func @small_integers(%A: memref<?xi8>, %B: memref<?xi16>, %W: memref<?xi32>,
                          %O: memref<?xi32>, %H: memref<?xf16>, %n: index)
    attributes {tile.kernel} {
  %c64 = arith.constant 64 : index
  %p = tile.program_id x : index
  %start = arith.muli %p, %c64 : index
  %a = tile.load %A[%start] bounds [%n] : memref<?xi8> -> tensor<64xi8>
  %b = tile.load %B[%start] bounds [%n] : memref<?xi16> -> tensor<64xi16>
  %w = tile.load %W[%start] bounds [%n] : memref<?xi32> -> tensor<64xi32>
  %a32 = arith.extui %a : tensor<64xi8> to tensor<64xi32>
  %b32 = arith.extsi %b : tensor<64xi16> to tensor<64xi32>
  %c28 = arith.constant dense<28> : tensor<64xi32>
  %top = arith.shrui %w, %c28 : tensor<64xi32>
  %ab = arith.addi %a32, %b32 : tensor<64xi32>
  %o = arith.addi %ab, %top : tensor<64xi32>
  tile.store %o, %O[%start] bounds [%n] : tensor<64xi32>, memref<?xi32>
  %h = arith.bitcast %b : tensor<64xi16> to tensor<64xf16>
  tile.store %h, %H[%start] bounds [%n] : tensor<64xf16>, memref<?xf16>
  return
}
