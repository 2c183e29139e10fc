// Index arithmetic in the generated MSL is 32-bit int, and the ABI says how
// far that goes (max_elements per buffer, max_value per index argument:
// 2^31 - 2^16). tile-run refuses arguments beyond it, for a tile kernel and
// for its MSL run with its ABI, before allocating anything. (A uint of
// hand-written MSL whose ABI states no limit keeps the full uint range.)

// RUN: not tile-run %s --arg X=f32:3000000000:zeros --arg Y=f32:10:zeros --arg n=10 2>&1 | FileCheck %s --check-prefix=BUFFER
// BUFFER: tile-run: buffer 'X' has 3000000000 elements, more than the 2147418112 the kernel's ABI allows (its indices are 32-bit ints)

// RUN: not tile-run %s --arg X=f32:10:zeros --arg Y=f32:10:zeros --arg n=2147418113 2>&1 | FileCheck %s --check-prefix=INDEX
// INDEX: tile-run: parameter 'n' must be between 0 and 2147418112 (the kernel's ABI limit: index values are 32-bit ints in the generated MSL), got 2147418113

// RUN: tile-opt %s --tile-to-applegpu | tile-translate --mlir-to-msl --msl-abi=%t.json > %t.metal
// RUN: not tile-run %t.metal --abi %t.json --arg X=f32:10:zeros --arg Y=f32:10:zeros --arg n=2147418113 2>&1 | FileCheck %s --check-prefix=INDEX
// RUN: not tile-run %t.metal --abi %t.json --arg X=f32:3000000000:zeros --arg Y=f32:10:zeros --arg n=10 2>&1 | FileCheck %s --check-prefix=BUFFER

// Within the limits it runs.
// RUN: tile-run %s --grid 1 --arg X=f32:10:ones --arg Y=f32:10:zeros --arg n=10 --compare | FileCheck %s --check-prefix=OK
// OK: ran copy on the emulator: ok

func.func @copy(%X: memref<?xf32>, %Y: memref<?xf32>, %n: index) attributes {tile.kernel} {
  %c64 = arith.constant 64 : index
  %p = tile.program_id x : index
  %i = arith.muli %p, %c64 : index
  %x = tile.load %X[%i] bounds [%n] : memref<?xf32> -> tensor<64xf32>
  tile.store %x, %Y[%i] bounds [%n] : tensor<64xf32>, memref<?xf32>
  return
}
