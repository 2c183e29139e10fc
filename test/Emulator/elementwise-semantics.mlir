// Elementwise semantics the emulator run must share with the tile
// interpreter: -inf padding (MSL's INFINITY macro in the shim), sin and
// cos, an f16 scalar argument (packed as a 2-byte half), and sign
// extension of i1 (true extends to -1, so positive inputs add -1).

// RUN: tile-run %s --grid 2 --arg X=f32:100:random:1 --arg Z=f32:100:zeros --arg scale=0.5 --arg n=100 --compare --emit-msl %t.metal | FileCheck %s
// CHECK:      ran semantics on the emulator: ok
// CHECK-NEXT: compare Z: max abs error {{.*}}: ok

// RUN: FileCheck %s --check-prefix=MSL < %t.metal
// MSL: constant half& scale {{\[\[}}buffer(2)]]
// Scalar constants are literals at their uses, and a math or cast op whose
// only use is the store of its element is written inside that store.
// MSL: {{v[0-9]+}} = (-INFINITY);
// MSL: = (sin({{v[0-9]+}}));
// MSL: = (cos({{v[0-9]+}}));
// MSL: = float(scale);
// MSL: = (int({{v[0-9]+}} ? -1 : 0));

// A scale that does not fit in a half is a usage error, not a wrapped value.
// RUN: not tile-run %s --grid 2 --arg X=f32:100:random:1 --arg Z=f32:100:zeros --arg scale=1e6 --arg n=100 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: tile-run: parameter 'scale' (half) cannot hold 1e6: it overflows to infinity

func.func @semantics(%X: memref<?xf32>, %Z: memref<?xf32>, %scale: f16,
                     %n: index) attributes {tile.kernel} {
  %c64 = arith.constant 64 : index
  %p = tile.program_id x : index
  %i = arith.muli %p, %c64 : index
  %x = tile.load %X[%i] bounds [%n] {padding = 0xFF800000 : f32}
      : memref<?xf32> -> tensor<64xf32>
  %inf = arith.constant dense<0x7F800000> : tensor<64xf32>
  %zero = arith.constant dense<0.0> : tensor<64xf32>
  %capped = arith.minimumf %x, %inf : tensor<64xf32>
  %s = math.sin %capped : tensor<64xf32>
  %c = math.cos %capped : tensor<64xf32>
  %sc = arith.extf %scale : f16 to f32
  %scv = tile.splat %sc : f32 -> tensor<64xf32>
  %cs = arith.mulf %c, %scv : tensor<64xf32>
  %pos = arith.cmpf ogt, %x, %zero : tensor<64xf32>
  %m = arith.extsi %pos : tensor<64xi1> to tensor<64xi32>
  %mf = arith.sitofp %m : tensor<64xi32> to tensor<64xf32>
  %a = arith.addf %s, %cs : tensor<64xf32>
  %z = arith.addf %a, %mf : tensor<64xf32>
  tile.store %z, %Z[%i] bounds [%n] : tensor<64xf32>, memref<?xf32>
  return
}
