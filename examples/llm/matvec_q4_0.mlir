// Decode-shaped matrix-vector product with llama.cpp's q4_0 weights: y = W x,
// W an N x K matrix stored as q4_0 blocks, x of K f16 elements, y f16, f32
// accumulation. The format (docs/llm.md): each row is K/32 blocks of 18
// bytes, one after the other, rows one after the other; a block is an f16
// scale d (little-endian, bytes 0-1) and 16 bytes of nibbles (bytes 2-17).
// Byte j holds element j in its low nibble and element j + 16 in its high
// nibble; w = (nibble - 8) * d. The buffer is bytes (i8); K is a multiple of
// 32.
//
// Each program owns 128 rows (x is read once per program: 1/36 of the
// weight bytes) and walks K two blocks (64 elements) at a time:
// the 128x32 byte tile's column c is byte c % 16 of block b + c / 16, so
// every nibble byte is read once and gives two products (its low and its
// high nibble). Each block's two scale bytes are read once per row, put
// together into an f16 (bitcast) and spread over the block's 16 columns;
// x's elements are gathered. The products accumulate in a 128x32 f32 tile,
// reduced along K at the end: a reduction matvec, no simdgroup_matrix. An
// odd number of blocks leaves the last step's second block masked.
func.func @matvec_q4_0(%Q: memref<?xi8>, %X: memref<?xf16>, %Y: memref<?xf16>,
                       %N: index, %K: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %c18 = arith.constant 18 : index
  %p = tile.program_id x : index
  %row0 = arith.muli %p, %c128 : index
  %blocks = arith.divui %K, %c32 : index
  %rowBytes = arith.muli %blocks, %c18 : index
  %row0i = arith.index_cast %row0 : index to i32
  %Ni = arith.index_cast %N : index to i32
  %blocksi = arith.index_cast %blocks : index to i32
  %rowBytesi = arith.index_cast %rowBytes : index to i32
  // Row coordinates of the 128x32 tile: each row's first byte, and whether
  // the row exists.
  %r = tile.arange : tensor<128xi32>
  %row0v = tile.splat %row0i : i32 -> tensor<128xi32>
  %rows = arith.addi %r, %row0v : tensor<128xi32>
  %Nv1 = tile.splat %Ni : i32 -> tensor<128xi32>
  %rowOk1 = arith.cmpi slt, %rows, %Nv1 : tensor<128xi32>
  %rowBytesv1 = tile.splat %rowBytesi : i32 -> tensor<128xi32>
  %rowStart1 = arith.muli %rows, %rowBytesv1 : tensor<128xi32>
  %rows2d = tile.broadcast %rows dim 0 : tensor<128xi32> -> tensor<128x32xi32>
  %Nv = tile.splat %Ni : i32 -> tensor<128x32xi32>
  %rowOk = arith.cmpi slt, %rows2d, %Nv : tensor<128x32xi32>
  %rowBytesv = tile.splat %rowBytesi : i32 -> tensor<128x32xi32>
  %rowStart = arith.muli %rows2d, %rowBytesv : tensor<128x32xi32>
  // Column c: block (step + c / 16), byte c % 16 of its nibbles.
  %cols = tile.arange : tensor<32xi32>
  %c4v = arith.constant dense<4> : tensor<32xi32>
  %c15v = arith.constant dense<15> : tensor<32xi32>
  %c16v = arith.constant dense<16> : tensor<32xi32>
  %c18v = arith.constant dense<18> : tensor<32xi32>
  %c32v = arith.constant dense<32> : tensor<32xi32>
  %half = arith.shrui %cols, %c4v : tensor<32xi32>
  %byte = arith.andi %cols, %c15v : tensor<32xi32>
  %half2d = tile.broadcast %half dim 1 : tensor<32xi32> -> tensor<128x32xi32>
  %blocksv = tile.splat %blocksi : i32 -> tensor<32xi32>
  %one1 = arith.constant dense<1> : tensor<128xi32>
  %two = arith.constant dense<2> : tensor<128x32xi32>
  %low4 = arith.constant dense<15> : tensor<128x32xi32>
  %four = arith.constant dense<4> : tensor<128x32xi32>
  %eight = arith.constant dense<8> : tensor<128x32xi32>
  %shift8 = arith.constant dense<8> : tensor<128xi16>
  %zero = arith.constant dense<0.0> : tensor<128x32xf32>
  %acc = tile.for_range %b = %c0 to %blocks step %c2 iter_args(%a = %zero) -> (tensor<128x32xf32>) {
    %bi = arith.index_cast %b : index to i32
    %bv = tile.splat %bi : i32 -> tensor<32xi32>
    %block = arith.addi %bv, %half : tensor<32xi32>
    %blockOk = arith.cmpi slt, %block, %blocksv : tensor<32xi32>
    %blockOk2d = tile.broadcast %blockOk dim 1 : tensor<32xi1> -> tensor<128x32xi1>
    %ok = arith.andi %rowOk, %blockOk2d : tensor<128x32xi1>
    %blockStart = arith.muli %block, %c18v : tensor<32xi32>
    %blockStart2d = tile.broadcast %blockStart dim 1 : tensor<32xi32> -> tensor<128x32xi32>
    %blockOffs = arith.addi %rowStart, %blockStart2d : tensor<128x32xi32>
    // The nibbles: byte c % 16 after the block's 2-byte scale.
    %byte2d = tile.broadcast %byte dim 1 : tensor<32xi32> -> tensor<128x32xi32>
    %nibbleStart = arith.addi %blockOffs, %two : tensor<128x32xi32>
    %qOffs = arith.addi %nibbleStart, %byte2d : tensor<128x32xi32>
    %q8 = tile.gather %Q[%qOffs] mask %ok : memref<?xi8>, tensor<128x32xi32> -> tensor<128x32xi8>
    %q = arith.extui %q8 : tensor<128x32xi8> to tensor<128x32xi32>
    %lo = arith.andi %q, %low4 : tensor<128x32xi32>
    %hi = arith.shrui %q, %four : tensor<128x32xi32>
    %loc = arith.subi %lo, %eight : tensor<128x32xi32>
    %hic = arith.subi %hi, %eight : tensor<128x32xi32>
    %lof = arith.sitofp %loc : tensor<128x32xi32> to tensor<128x32xf32>
    %hif = arith.sitofp %hic : tensor<128x32xi32> to tensor<128x32xf32>
    // The scales of the step's two blocks, each read once (two bytes per
    // row: little-endian f16 bits) and spread over their columns.
    %d = tile.for_range %h = %c0 to %c2 step %c1 iter_args(%dAcc = %zero) -> (tensor<128x32xf32>) {
      %blk = arith.addi %b, %h : index
      %blkOk = arith.cmpi ult, %blk, %blocks : index
      %blkOkv = tile.splat %blkOk : i1 -> tensor<128xi1>
      %dOk = arith.andi %rowOk1, %blkOkv : tensor<128xi1>
      %blkStart = arith.muli %blk, %c18 : index
      %blkStarti = arith.index_cast %blkStart : index to i32
      %blkStartv = tile.splat %blkStarti : i32 -> tensor<128xi32>
      %lowOffs = arith.addi %rowStart1, %blkStartv : tensor<128xi32>
      %highOffs = arith.addi %lowOffs, %one1 : tensor<128xi32>
      %lowByte = tile.gather %Q[%lowOffs] mask %dOk : memref<?xi8>, tensor<128xi32> -> tensor<128xi8>
      %highByte = tile.gather %Q[%highOffs] mask %dOk : memref<?xi8>, tensor<128xi32> -> tensor<128xi8>
      %low16 = arith.extui %lowByte : tensor<128xi8> to tensor<128xi16>
      %high16 = arith.extui %highByte : tensor<128xi8> to tensor<128xi16>
      %highShifted = arith.shli %high16, %shift8 : tensor<128xi16>
      %dBits = arith.ori %highShifted, %low16 : tensor<128xi16>
      %dh16 = arith.bitcast %dBits : tensor<128xi16> to tensor<128xf16>
      %dh = arith.extf %dh16 : tensor<128xf16> to tensor<128xf32>
      %dh2d = tile.broadcast %dh dim 0 : tensor<128xf32> -> tensor<128x32xf32>
      %hIdx = arith.index_cast %h : index to i32
      %hv = tile.splat %hIdx : i32 -> tensor<128x32xi32>
      %mine = arith.cmpi eq, %half2d, %hv : tensor<128x32xi32>
      %dNext = arith.select %mine, %dh2d, %dAcc : tensor<128x32xi1>, tensor<128x32xf32>
      tile.yield %dNext : tensor<128x32xf32>
    }
    // x[32 * block + c % 16] for the low nibbles, 16 further for the high.
    %xBlock = arith.muli %block, %c32v : tensor<32xi32>
    %xLoOffs = arith.addi %xBlock, %byte : tensor<32xi32>
    %xHiOffs = arith.addi %xLoOffs, %c16v : tensor<32xi32>
    %xLo16 = tile.gather %X[%xLoOffs] mask %blockOk : memref<?xf16>, tensor<32xi32> -> tensor<32xf16>
    %xHi16 = tile.gather %X[%xHiOffs] mask %blockOk : memref<?xf16>, tensor<32xi32> -> tensor<32xf16>
    %xLo1 = arith.extf %xLo16 : tensor<32xf16> to tensor<32xf32>
    %xHi1 = arith.extf %xHi16 : tensor<32xf16> to tensor<32xf32>
    %xLo = tile.broadcast %xLo1 dim 1 : tensor<32xf32> -> tensor<128x32xf32>
    %xHi = tile.broadcast %xHi1 dim 1 : tensor<32xf32> -> tensor<128x32xf32>
    %pLo = arith.mulf %lof, %xLo : tensor<128x32xf32>
    %pHi = arith.mulf %hif, %xHi : tensor<128x32xf32>
    %pSum = arith.addf %pLo, %pHi : tensor<128x32xf32>
    %scaled = arith.mulf %d, %pSum : tensor<128x32xf32>
    %next = arith.addf %a, %scaled : tensor<128x32xf32>
    tile.yield %next : tensor<128x32xf32>
  }
  %y = tile.reduce add %acc dim 1 : tensor<128x32xf32> -> tensor<128xf32>
  %y16 = arith.truncf %y : tensor<128xf32> to tensor<128xf16>
  tile.store %y16, %Y[%row0] bounds [%N] : tensor<128xf16>, memref<?xf16>
  return
}
