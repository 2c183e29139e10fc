// Decode-shaped matrix-vector product with llama.cpp's q4_0 weights: y = W x,
// W an N x K matrix stored as q4_0 blocks, x of K f16 elements, y f16, f32
// accumulation. The format (docs/llm.md): each row is K/32 blocks of 18
// bytes, one after the other, rows one after the other; a block is an f16
// scale d (little-endian, bytes 0-1) and 16 bytes of nibbles (bytes 2-17).
// Byte j holds element j in its low nibble and element j + 16 in its high
// nibble; w = (nibble - 8) * d. The buffer is bytes (i8); K is a multiple of
// 32.
//
// Each program owns 8 rows and walks K two blocks (64 elements) at a time:
// the 8x32 byte tile's column c is byte c % 16 of block b + c / 16, so every
// nibble byte is read once and gives two products (its low and its high
// nibble). The two scale bytes are read per element and put together into
// an f16 (bitcast); x's elements are gathered. The products accumulate in an
// 8x32 f32 tile, reduced along K at the end: a reduction matvec, no
// simdgroup_matrix. An odd number of blocks leaves the last step's second
// block masked.
func.func @matvec_q4_0(%Q: memref<?xi8>, %X: memref<?xf16>, %Y: memref<?xf16>,
                       %N: index, %K: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c18 = arith.constant 18 : index
  %p = tile.program_id x : index
  %row0 = arith.muli %p, %c8 : index
  %blocks = arith.divui %K, %c32 : index
  %rowBytes = arith.muli %blocks, %c18 : index
  %row0i = arith.index_cast %row0 : index to i32
  %Ni = arith.index_cast %N : index to i32
  %blocksi = arith.index_cast %blocks : index to i32
  %rowBytesi = arith.index_cast %rowBytes : index to i32
  // Row coordinates of the 8x32 tile: each row's first byte, and whether
  // the row exists.
  %r = tile.arange : tensor<8xi32>
  %row0v = tile.splat %row0i : i32 -> tensor<8xi32>
  %rows = arith.addi %r, %row0v : tensor<8xi32>
  %rows2d = tile.broadcast %rows dim 0 : tensor<8xi32> -> tensor<8x32xi32>
  %Nv = tile.splat %Ni : i32 -> tensor<8x32xi32>
  %rowOk = arith.cmpi slt, %rows2d, %Nv : tensor<8x32xi32>
  %rowBytesv = tile.splat %rowBytesi : i32 -> tensor<8x32xi32>
  %rowStart = arith.muli %rows2d, %rowBytesv : tensor<8x32xi32>
  // Column c: block (step + c / 16), byte c % 16 of its nibbles.
  %cols = tile.arange : tensor<32xi32>
  %c4v = arith.constant dense<4> : tensor<32xi32>
  %c15v = arith.constant dense<15> : tensor<32xi32>
  %c16v = arith.constant dense<16> : tensor<32xi32>
  %c18v = arith.constant dense<18> : tensor<32xi32>
  %c32v = arith.constant dense<32> : tensor<32xi32>
  %half = arith.shrui %cols, %c4v : tensor<32xi32>
  %byte = arith.andi %cols, %c15v : tensor<32xi32>
  %blocksv = tile.splat %blocksi : i32 -> tensor<32xi32>
  %one = arith.constant dense<1> : tensor<8x32xi32>
  %two = arith.constant dense<2> : tensor<8x32xi32>
  %low4 = arith.constant dense<15> : tensor<8x32xi32>
  %four = arith.constant dense<4> : tensor<8x32xi32>
  %eight = arith.constant dense<8> : tensor<8x32xi32>
  %shift8 = arith.constant dense<8> : tensor<8x32xi16>
  %zero = arith.constant dense<0.0> : tensor<8x32xf32>
  %acc = tile.for_range %b = %c0 to %blocks step %c2 iter_args(%a = %zero) -> (tensor<8x32xf32>) {
    %bi = arith.index_cast %b : index to i32
    %bv = tile.splat %bi : i32 -> tensor<32xi32>
    %block = arith.addi %bv, %half : tensor<32xi32>
    %blockOk = arith.cmpi slt, %block, %blocksv : tensor<32xi32>
    %blockOk2d = tile.broadcast %blockOk dim 1 : tensor<32xi1> -> tensor<8x32xi1>
    %ok = arith.andi %rowOk, %blockOk2d : tensor<8x32xi1>
    %blockStart = arith.muli %block, %c18v : tensor<32xi32>
    %blockStart2d = tile.broadcast %blockStart dim 1 : tensor<32xi32> -> tensor<8x32xi32>
    %dOffs = arith.addi %rowStart, %blockStart2d : tensor<8x32xi32>
    // The nibbles: byte c % 16 after the block's 2-byte scale.
    %byte2d = tile.broadcast %byte dim 1 : tensor<32xi32> -> tensor<8x32xi32>
    %nibbleStart = arith.addi %dOffs, %two : tensor<8x32xi32>
    %qOffs = arith.addi %nibbleStart, %byte2d : tensor<8x32xi32>
    %q8 = tile.gather %Q[%qOffs] mask %ok : memref<?xi8>, tensor<8x32xi32> -> tensor<8x32xi8>
    %q = arith.extui %q8 : tensor<8x32xi8> to tensor<8x32xi32>
    %lo = arith.andi %q, %low4 : tensor<8x32xi32>
    %hi = arith.shrui %q, %four : tensor<8x32xi32>
    %loc = arith.subi %lo, %eight : tensor<8x32xi32>
    %hic = arith.subi %hi, %eight : tensor<8x32xi32>
    %lof = arith.sitofp %loc : tensor<8x32xi32> to tensor<8x32xf32>
    %hif = arith.sitofp %hic : tensor<8x32xi32> to tensor<8x32xf32>
    // The scale: little-endian f16 bits in the block's first two bytes.
    %d0 = tile.gather %Q[%dOffs] mask %ok : memref<?xi8>, tensor<8x32xi32> -> tensor<8x32xi8>
    %d1Offs = arith.addi %dOffs, %one : tensor<8x32xi32>
    %d1 = tile.gather %Q[%d1Offs] mask %ok : memref<?xi8>, tensor<8x32xi32> -> tensor<8x32xi8>
    %d0w = arith.extui %d0 : tensor<8x32xi8> to tensor<8x32xi16>
    %d1w = arith.extui %d1 : tensor<8x32xi8> to tensor<8x32xi16>
    %d1s = arith.shli %d1w, %shift8 : tensor<8x32xi16>
    %dBits = arith.ori %d1s, %d0w : tensor<8x32xi16>
    %d16 = arith.bitcast %dBits : tensor<8x32xi16> to tensor<8x32xf16>
    %d = arith.extf %d16 : tensor<8x32xf16> to tensor<8x32xf32>
    // x[32 * block + c % 16] for the low nibbles, 16 further for the high.
    %xBlock = arith.muli %block, %c32v : tensor<32xi32>
    %xLoOffs = arith.addi %xBlock, %byte : tensor<32xi32>
    %xHiOffs = arith.addi %xLoOffs, %c16v : tensor<32xi32>
    %xLo16 = tile.gather %X[%xLoOffs] mask %blockOk : memref<?xf16>, tensor<32xi32> -> tensor<32xf16>
    %xHi16 = tile.gather %X[%xHiOffs] mask %blockOk : memref<?xf16>, tensor<32xi32> -> tensor<32xf16>
    %xLo1 = arith.extf %xLo16 : tensor<32xf16> to tensor<32xf32>
    %xHi1 = arith.extf %xHi16 : tensor<32xf16> to tensor<32xf32>
    %xLo = tile.broadcast %xLo1 dim 1 : tensor<32xf32> -> tensor<8x32xf32>
    %xHi = tile.broadcast %xHi1 dim 1 : tensor<32xf32> -> tensor<8x32xf32>
    %pLo = arith.mulf %lof, %xLo : tensor<8x32xf32>
    %pHi = arith.mulf %hif, %xHi : tensor<8x32xf32>
    %pSum = arith.addf %pLo, %pHi : tensor<8x32xf32>
    %scaled = arith.mulf %d, %pSum : tensor<8x32xf32>
    %next = arith.addf %a, %scaled : tensor<8x32xf32>
    tile.yield %next : tensor<8x32xf32>
  }
  %y = tile.reduce add %acc dim 1 : tensor<8x32xf32> -> tensor<8xf32>
  %y16 = arith.truncf %y : tensor<8xf32> to tensor<8xf16>
  tile.store %y16, %Y[%row0] bounds [%N] : tensor<8xf16>, memref<?xf16>
  return
}
