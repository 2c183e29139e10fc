// Decode-shaped matrix-vector product with llama.cpp's q8_0 weights: y = W x,
// W an N x K matrix stored as q8_0 blocks, x of K f16 elements, y f16, f32
// accumulation. The format (docs/llm.md): each row is K/32 blocks of 34
// bytes, one after the other, rows one after the other; a block is an f16
// scale d (little-endian, bytes 0-1) and 32 signed bytes q (bytes 2-33);
// w = q * d. The buffer is bytes (i8); K is a multiple of 32.
//
// Each program owns 8 rows and walks K two blocks (64 elements) at a time:
// the 8x64 byte tile's column c is byte c % 32 of block b + c / 32, read
// once each; the scale bytes are read per element and put together into an
// f16 (bitcast). Column c is element 32 * b + c of x, a plain load. The
// products accumulate in an 8x64 f32 tile, reduced along K at the end.
func.func @matvec_q8_0(%Q: memref<?xi8>, %X: memref<?xf16>, %Y: memref<?xf16>,
                       %N: index, %K: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c34 = arith.constant 34 : index
  %p = tile.program_id x : index
  %row0 = arith.muli %p, %c8 : index
  %blocks = arith.divui %K, %c32 : index
  %rowBytes = arith.muli %blocks, %c34 : index
  %row0i = arith.index_cast %row0 : index to i32
  %Ni = arith.index_cast %N : index to i32
  %blocksi = arith.index_cast %blocks : index to i32
  %rowBytesi = arith.index_cast %rowBytes : index to i32
  %r = tile.arange : tensor<8xi32>
  %row0v = tile.splat %row0i : i32 -> tensor<8xi32>
  %rows = arith.addi %r, %row0v : tensor<8xi32>
  %rows2d = tile.broadcast %rows dim 0 : tensor<8xi32> -> tensor<8x64xi32>
  %Nv = tile.splat %Ni : i32 -> tensor<8x64xi32>
  %rowOk = arith.cmpi slt, %rows2d, %Nv : tensor<8x64xi32>
  %rowBytesv = tile.splat %rowBytesi : i32 -> tensor<8x64xi32>
  %rowStart = arith.muli %rows2d, %rowBytesv : tensor<8x64xi32>
  // Column c: block (step + c / 32), byte c % 32 of its weights.
  %cols = tile.arange : tensor<64xi32>
  %c5v = arith.constant dense<5> : tensor<64xi32>
  %c31v = arith.constant dense<31> : tensor<64xi32>
  %c34v = arith.constant dense<34> : tensor<64xi32>
  %half = arith.shrui %cols, %c5v : tensor<64xi32>
  %byte = arith.andi %cols, %c31v : tensor<64xi32>
  %blocksv = tile.splat %blocksi : i32 -> tensor<64xi32>
  %one = arith.constant dense<1> : tensor<8x64xi32>
  %two = arith.constant dense<2> : tensor<8x64xi32>
  %shift8 = arith.constant dense<8> : tensor<8x64xi16>
  %zero = arith.constant dense<0.0> : tensor<8x64xf32>
  %acc = tile.for_range %b = %c0 to %blocks step %c2 iter_args(%a = %zero) -> (tensor<8x64xf32>) {
    %bi = arith.index_cast %b : index to i32
    %bv = tile.splat %bi : i32 -> tensor<64xi32>
    %block = arith.addi %bv, %half : tensor<64xi32>
    %blockOk = arith.cmpi slt, %block, %blocksv : tensor<64xi32>
    %blockOk2d = tile.broadcast %blockOk dim 1 : tensor<64xi1> -> tensor<8x64xi1>
    %ok = arith.andi %rowOk, %blockOk2d : tensor<8x64xi1>
    %blockStart = arith.muli %block, %c34v : tensor<64xi32>
    %blockStart2d = tile.broadcast %blockStart dim 1 : tensor<64xi32> -> tensor<8x64xi32>
    %dOffs = arith.addi %rowStart, %blockStart2d : tensor<8x64xi32>
    %byte2d = tile.broadcast %byte dim 1 : tensor<64xi32> -> tensor<8x64xi32>
    %weightStart = arith.addi %dOffs, %two : tensor<8x64xi32>
    %qOffs = arith.addi %weightStart, %byte2d : tensor<8x64xi32>
    %q8 = tile.gather %Q[%qOffs] mask %ok : memref<?xi8>, tensor<8x64xi32> -> tensor<8x64xi8>
    %qf = arith.sitofp %q8 : tensor<8x64xi8> to tensor<8x64xf32>
    // The scale: little-endian f16 bits in the block's first two bytes.
    %d0 = tile.gather %Q[%dOffs] mask %ok : memref<?xi8>, tensor<8x64xi32> -> tensor<8x64xi8>
    %d1Offs = arith.addi %dOffs, %one : tensor<8x64xi32>
    %d1 = tile.gather %Q[%d1Offs] mask %ok : memref<?xi8>, tensor<8x64xi32> -> tensor<8x64xi8>
    %d0w = arith.extui %d0 : tensor<8x64xi8> to tensor<8x64xi16>
    %d1w = arith.extui %d1 : tensor<8x64xi8> to tensor<8x64xi16>
    %d1s = arith.shli %d1w, %shift8 : tensor<8x64xi16>
    %dBits = arith.ori %d1s, %d0w : tensor<8x64xi16>
    %d16 = arith.bitcast %dBits : tensor<8x64xi16> to tensor<8x64xf16>
    %d = arith.extf %d16 : tensor<8x64xf16> to tensor<8x64xf32>
    %k0 = arith.muli %b, %c32 : index
    %x16 = tile.load %X[%k0] bounds [%K] : memref<?xf16> -> tensor<64xf16>
    %x1 = arith.extf %x16 : tensor<64xf16> to tensor<64xf32>
    %x = tile.broadcast %x1 dim 1 : tensor<64xf32> -> tensor<8x64xf32>
    %w = arith.mulf %d, %qf : tensor<8x64xf32>
    %wx = arith.mulf %w, %x : tensor<8x64xf32>
    %next = arith.addf %a, %wx : tensor<8x64xf32>
    tile.yield %next : tensor<8x64xf32>
  }
  %y = tile.reduce add %acc dim 1 : tensor<8x64xf32> -> tensor<8xf32>
  %y16 = arith.truncf %y : tensor<8xf32> to tensor<8xf16>
  tile.store %y16, %Y[%row0] bounds [%N] : tensor<8xf16>, memref<?xf16>
  return
}
