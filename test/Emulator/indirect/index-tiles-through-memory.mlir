// Tiles of `index` elements that go through threadgroup memory: offsets
// built as a vector and broadcast into a gather's layout (a layout
// conversion), and reductions of index tiles. MSL holds an index in a
// 32-bit `int`; sizing their scratch once asked an index for its bit width
// and crashed the pipeline (found by utils/random, a wrapped gather with
// index offsets). The kernels mix index, i32 and f32 scratch, so the arena
// is a union whose `int` member serves index and i32 alike.

// RUN: tile-run %s --kernel wrapped_index_offsets --arg X=f32:130:random:1 --arg Y=f32:130:zeros --arg M=5 --arg N=26 --compare --schedules 3 | FileCheck %s --check-prefix=WRAP
// RUN: tile-run %s --kernel wrapped_index_offsets --target apple10 --arg X=f32:130:random:1 --arg Y=f32:130:zeros --arg M=5 --arg N=26 --compare | FileCheck %s --check-prefix=WRAP
// WRAP: ran wrapped_index_offsets on the emulator: ok
// WRAP-NEXT: compare Y: max abs error 0, {{.*}}: ok

// RUN: tile-run %s --kernel index_reductions --grid 1 --arg X=i32:800:random:2 --arg F=f32:800:random:3 --arg Rows=i32:8:zeros --arg Cols=i32:100:zeros --arg ICols=i32:100:zeros --arg FCols=f32:100:zeros --arg N=100 --compare --schedules 3 | FileCheck %s --check-prefix=RED
// RUN: tile-run %s --kernel index_reductions --target apple10 --grid 1 --arg X=i32:800:random:2 --arg F=f32:800:random:3 --arg Rows=i32:8:zeros --arg Cols=i32:100:zeros --arg ICols=i32:100:zeros --arg FCols=f32:100:zeros --arg N=100 --compare | FileCheck %s --check-prefix=RED
// RED: ran index_reductions on the emulator: ok
// RED-NEXT: compare Rows: {{.*}}: ok
// RED-NEXT: compare Cols: {{.*}}: ok
// RED-NEXT: compare ICols: {{.*}}: ok
// RED-NEXT: compare FCols: {{.*}}: ok

// Y[r, c] = 2 * X[r, (c + 1) % N]: the columns, a vector of index offsets,
// are wrapped (so the gather stays a gather) and broadcast over 2 rows.
func.func @wrapped_index_offsets(%X: memref<?xf32>, %Y: memref<?xf32>, %M: index, %N: index)
    attributes {tile.kernel} {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %pr = tile.program_id x : index
  %pc = tile.program_id y : index
  %row = arith.muli %pr, %c2 : index
  %col = arith.muli %pc, %c16 : index
  %i = tile.arange : tensor<16xindex>
  %s = tile.splat %col : index -> tensor<16xindex>
  %cols = arith.addi %i, %s : tensor<16xindex>
  %one = arith.constant dense<1> : tensor<16xindex>
  %next = arith.addi %cols, %one : tensor<16xindex>
  %nv = tile.splat %N : index -> tensor<16xindex>
  %wrap = arith.remui %next, %nv : tensor<16xindex>
  %r = tile.arange : tensor<2xindex>
  %rs = tile.splat %row : index -> tensor<2xindex>
  %rows = arith.addi %r, %rs : tensor<2xindex>
  %rows2 = tile.broadcast %rows dim 0 : tensor<2xindex> -> tensor<2x16xindex>
  %wrap2 = tile.broadcast %wrap dim 1 : tensor<16xindex> -> tensor<2x16xindex>
  %n2 = tile.splat %N : index -> tensor<2x16xindex>
  %m2 = tile.splat %M : index -> tensor<2x16xindex>
  %rowStart = arith.muli %rows2, %n2 : tensor<2x16xindex>
  %offs = arith.addi %rowStart, %wrap2 : tensor<2x16xindex>
  %inRows = arith.cmpi slt, %rows2, %m2 : tensor<2x16xindex>
  %x = tile.gather %X[%offs] mask %inRows : memref<?xf32>, tensor<2x16xindex> -> tensor<2x16xf32>
  %two = arith.constant dense<2.0> : tensor<2x16xf32>
  %y = arith.mulf %x, %two : tensor<2x16xf32>
  tile.store %y, %Y[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<2x16xf32>, memref<?xf32>
  return
}

// Per-row maxima and per-column sums of an 8x128 index tile (the column
// index, plus the row index for the sums), beside column sums of i32 and
// f32 tiles, all through the same threadgroup arena.
func.func @index_reductions(%X: memref<?xi32>, %F: memref<?xf32>, %Rows: memref<?xi32>,
                            %Cols: memref<?xi32>, %ICols: memref<?xi32>,
                            %FCols: memref<?xf32>, %N: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %i = tile.arange : tensor<128xindex>
  %i2 = tile.broadcast %i dim 1 : tensor<128xindex> -> tensor<8x128xindex>
  %r = tile.arange : tensor<8xindex>
  %r2 = tile.broadcast %r dim 0 : tensor<8xindex> -> tensor<8x128xindex>
  %sum = arith.addi %i2, %r2 : tensor<8x128xindex>
  %rowMax = tile.reduce maxsi %i2 dim 1 : tensor<8x128xindex> -> tensor<8xindex>
  %rowMaxI = arith.index_cast %rowMax : tensor<8xindex> to tensor<8xi32>
  tile.store %rowMaxI, %Rows[%c0] bounds [%c8] : tensor<8xi32>, memref<?xi32>
  %colSum = tile.reduce add %sum dim 0 : tensor<8x128xindex> -> tensor<128xindex>
  %colSumI = arith.index_cast %colSum : tensor<128xindex> to tensor<128xi32>
  tile.store %colSumI, %Cols[%c0] bounds [%N] : tensor<128xi32>, memref<?xi32>
  %x = tile.load %X[%c0, %c0] strides [%N, %c1] bounds [%c8, %N] : memref<?xi32> -> tensor<8x128xi32>
  %xs = tile.reduce add %x dim 0 : tensor<8x128xi32> -> tensor<128xi32>
  tile.store %xs, %ICols[%c0] bounds [%N] : tensor<128xi32>, memref<?xi32>
  %f = tile.load %F[%c0, %c0] strides [%N, %c1] bounds [%c8, %N] : memref<?xf32> -> tensor<8x128xf32>
  %fs = tile.reduce add %f dim 0 : tensor<8x128xf32> -> tensor<128xf32>
  tile.store %fs, %FCols[%c0] bounds [%N] : tensor<128xf32>, memref<?xf32>
  return
}
