// Prefill-shaped product with MLX-style affine 4- or 8-bit weights:
// Y = X W^T, X an M x K f16 matrix (M tokens), W an N x K matrix stored
// quantized, Y M x N f16, f32 accumulation. The format is matvec_q4_affine's
// and matvec_q8_affine's (docs/llm.md): Wq holds N x K/P uint32 words with
// P = 32 / Bits codes each, the lowest first; S and Bias N x K/G f16, one
// per group of G along K; w[n, k] = S[n, k/G] * q + Bias[n, k/G]. Bits is 4
// or 8, G 32, 64 or 128, K a multiple of G.
//
// Each program computes a 32x64 block of Y and walks K 16 words at a time:
// one tile.load of the 16x64 words (word column c of output n at row c,
// transposed by its strides) reads every packed word once per program.
// Code s of every word is element P * c + s of word column c, so the
// dequantized codes s of the step form a 16x64 f16 tile whose K index runs
// over the elements P * c + s: the dot over a K permuted by s. The
// activations' matching 32x16 tile (columns P * c + s, a stride of P) is a
// gather, and tile.dot multiplies the two into the accumulator: P dots of
// K = 16 per step, the weights dequantized in registers on the way in. The
// scales and biases of the step's groups are read once each, one 64-column
// vector per group, and spread over their word rows with selects.
func.func @matmul_affine(%Wq: memref<?xi32>, %S: memref<?xf16>, %Bias: memref<?xf16>,
                         %X: memref<?xf16>, %Y: memref<?xf16>,
                         %M: index, %N: index, %K: index, %G: index, %Bits: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1 : i32
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %m0 = arith.muli %pm, %c32 : index
  %n0 = arith.muli %pn, %c64 : index
  %P = arith.divui %c32, %Bits : index
  %Kw = arith.divui %K, %P : index
  %groups = arith.divui %K, %G : index
  %groupWords = arith.divui %G, %P : index
  %Bitsi = arith.index_cast %Bits : index to i32
  %Pi = arith.index_cast %P : index to i32
  %Ki = arith.index_cast %K : index to i32
  %Kwi = arith.index_cast %Kw : index to i32
  %groupsi = arith.index_cast %groups : index to i32
  %groupWordsi = arith.index_cast %groupWords : index to i32
  %top = arith.shli %one, %Bitsi : i32
  %codeMask = arith.subi %top, %one : i32
  %low = tile.splat %codeMask : i32 -> tensor<16x64xi32>
  // Per output column: whether it exists and where its scales start.
  %j = tile.arange : tensor<64xi32>
  %n0i = arith.index_cast %n0 : index to i32
  %n0v = tile.splat %n0i : i32 -> tensor<64xi32>
  %cols = arith.addi %j, %n0v : tensor<64xi32>
  %Ni = arith.index_cast %N : index to i32
  %Nv = tile.splat %Ni : i32 -> tensor<64xi32>
  %colOk = arith.cmpi slt, %cols, %Nv : tensor<64xi32>
  %groupsv = tile.splat %groupsi : i32 -> tensor<64xi32>
  %colGroups = arith.muli %cols, %groupsv : tensor<64xi32>
  // Per row of X: whether it exists and where it starts.
  %r = tile.arange : tensor<32xi32>
  %m0i = arith.index_cast %m0 : index to i32
  %m0v = tile.splat %m0i : i32 -> tensor<32xi32>
  %rows = arith.addi %r, %m0v : tensor<32xi32>
  %Mi = arith.index_cast %M : index to i32
  %Mv = tile.splat %Mi : i32 -> tensor<32xi32>
  %rowOk = arith.cmpi slt, %rows, %Mv : tensor<32xi32>
  %rowOk2d = tile.broadcast %rowOk dim 0 : tensor<32xi1> -> tensor<32x16xi1>
  %Kv = tile.splat %Ki : i32 -> tensor<32xi32>
  %rowStart = arith.muli %rows, %Kv : tensor<32xi32>
  %rowStart2d = tile.broadcast %rowStart dim 0 : tensor<32xi32> -> tensor<32x16xi32>
  %c = tile.arange : tensor<16xi32>
  %groupWordsv = tile.splat %groupWordsi : i32 -> tensor<16xi32>
  %Kwv = tile.splat %Kwi : i32 -> tensor<16xi32>
  %Pv = tile.splat %Pi : i32 -> tensor<16xi32>
  %zero = arith.constant dense<0.0> : tensor<32x64xf32>
  %zeroW = arith.constant dense<0.0> : tensor<16x64xf32>
  %acc = tile.for_range %kw = %c0 to %Kw step %c16 iter_args(%a = %zero) -> (tensor<32x64xf32>) {
    %words = tile.load %Wq[%kw, %n0] strides [%c1, %Kw] bounds [%Kw, %N]
        : memref<?xi32> -> tensor<16x64xi32>
    // Word row c is word column kw + c of W, in group (kw + c) / groupWords.
    %kwi = arith.index_cast %kw : index to i32
    %kwv = tile.splat %kwi : i32 -> tensor<16xi32>
    %wc = arith.addi %c, %kwv : tensor<16xi32>
    %wcGroup = arith.divui %wc, %groupWordsv : tensor<16xi32>
    %wcGroup2d = tile.broadcast %wcGroup dim 0 : tensor<16xi32> -> tensor<16x64xi32>
    // The scales and biases of the step's groups, each read once.
    %g0 = arith.divui %kw, %groupWords : index
    %kwLast = arith.addi %kw, %c15 : index
    %gLast = arith.divui %kwLast, %groupWords : index
    %gStop = arith.addi %gLast, %c1 : index
    %gEnd = arith.minui %gStop, %groups : index
    %sb:2 = tile.for_range %g = %g0 to %gEnd step %c1
        iter_args(%s = %zeroW, %b = %zeroW) -> (tensor<16x64xf32>, tensor<16x64xf32>) {
      %gi = arith.index_cast %g : index to i32
      %gv = tile.splat %gi : i32 -> tensor<64xi32>
      %offs = arith.addi %colGroups, %gv : tensor<64xi32>
      %sg16 = tile.gather %S[%offs] mask %colOk : memref<?xf16>, tensor<64xi32> -> tensor<64xf16>
      %bg16 = tile.gather %Bias[%offs] mask %colOk : memref<?xf16>, tensor<64xi32> -> tensor<64xf16>
      %sg = arith.extf %sg16 : tensor<64xf16> to tensor<64xf32>
      %bg = arith.extf %bg16 : tensor<64xf16> to tensor<64xf32>
      %sg2d = tile.broadcast %sg dim 1 : tensor<64xf32> -> tensor<16x64xf32>
      %bg2d = tile.broadcast %bg dim 1 : tensor<64xf32> -> tensor<16x64xf32>
      %gv2d = tile.splat %gi : i32 -> tensor<16x64xi32>
      %mine = arith.cmpi eq, %wcGroup2d, %gv2d : tensor<16x64xi32>
      %s2 = arith.select %mine, %sg2d, %s : tensor<16x64xi1>, tensor<16x64xf32>
      %b2 = arith.select %mine, %bg2d, %b : tensor<16x64xi1>, tensor<16x64xf32>
      tile.yield %s2, %b2 : tensor<16x64xf32>, tensor<16x64xf32>
    }
    // X's element of code 0 of word column kw + c in each row, and which
    // of them exist.
    %xCol = arith.muli %wc, %Pv : tensor<16xi32>
    %xCol2d = tile.broadcast %xCol dim 1 : tensor<16xi32> -> tensor<32x16xi32>
    %xBase = arith.addi %rowStart2d, %xCol2d : tensor<32x16xi32>
    %wcOk = arith.cmpi slt, %wc, %Kwv : tensor<16xi32>
    %wcOk2d = tile.broadcast %wcOk dim 1 : tensor<16xi1> -> tensor<32x16xi1>
    %xOk = arith.andi %rowOk2d, %wcOk2d : tensor<32x16xi1>
    %next = tile.for_range %code = %c0 to %P step %c1 iter_args(%an = %a) -> (tensor<32x64xf32>) {
      // Code s of every word, dequantized: rows of K elements P * c + s.
      %si = arith.index_cast %code : index to i32
      %shift = arith.muli %si, %Bitsi : i32
      %shiftv = tile.splat %shift : i32 -> tensor<16x64xi32>
      %shifted = arith.shrui %words, %shiftv : tensor<16x64xi32>
      %q = arith.andi %shifted, %low : tensor<16x64xi32>
      %qf = arith.uitofp %q : tensor<16x64xi32> to tensor<16x64xf32>
      %sq = arith.mulf %sb#0, %qf : tensor<16x64xf32>
      %w = arith.addf %sq, %sb#1 : tensor<16x64xf32>
      %w16 = arith.truncf %w : tensor<16x64xf32> to tensor<16x64xf16>
      // The activations of the same K elements: columns P * c + s.
      %sv = tile.splat %si : i32 -> tensor<32x16xi32>
      %xOffs = arith.addi %xBase, %sv : tensor<32x16xi32>
      %xs = tile.gather %X[%xOffs] mask %xOk : memref<?xf16>, tensor<32x16xi32> -> tensor<32x16xf16>
      %d = tile.dot %xs, %w16, %an : tensor<32x16xf16>, tensor<16x64xf16> -> tensor<32x64xf32>
      tile.yield %d : tensor<32x64xf32>
    }
    tile.yield %next : tensor<32x64xf32>
  }
  %y = arith.truncf %acc : tensor<32x64xf32> to tensor<32x64xf16>
  tile.store %y, %Y[%m0, %n0] strides [%N, %c1] bounds [%M, %N] : tensor<32x64xf16>, memref<?xf16>
  return
}
