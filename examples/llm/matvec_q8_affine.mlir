// Decode-shaped matrix-vector product with MLX-style affine 8-bit weights:
// y = W x, W an N x K matrix stored quantized, x of K elements, f16 in and
// out, f32 accumulation. The format (docs/llm.md):
//   Wq: N x K/4 uint32 words (i32 here: tile IR integers are signless),
//       row-major; element k of a row is bits [8 * (k % 4), 8 * (k % 4) + 8)
//       of word k / 4 (the lowest byte first);
//   S, Bias: N x K/G f16, row-major, one scale and one bias per group of G
//       consecutive elements along K; w[n, k] = S[n, k/G] * q + Bias[n, k/G].
// G is 32, 64 or 128 and K a multiple of G.
//
// The layout of matvec_q4_affine.mlir with 4 codes a word: each program owns
// 128 rows and walks K 128 elements (32 words) at a time; one tile.load of
// 128x32 words reads every packed word once, and 4 shift-and-mask steps
// unpack byte n of every word, element 4 * c + n of the step. The step's
// 128 / G groups' scales and biases are read once each and spread over
// their word columns with selects; the products accumulate in a 128x32 f32
// tile, reduced along K at the end.
func.func @matvec_q8_affine(%Wq: memref<?xi32>, %S: memref<?xf16>, %Bias: memref<?xf16>,
                            %X: memref<?xf16>, %Y: memref<?xf16>,
                            %N: index, %K: index, %G: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %c4i = arith.constant 4 : i32
  %c8i = arith.constant 8 : i32
  %p = tile.program_id x : index
  %row0 = arith.muli %p, %c128 : index
  %Kw = arith.divui %K, %c4 : index
  %groups = arith.divui %K, %G : index
  %groupWords = arith.divui %G, %c4 : index
  %groupsPerStep = arith.divui %c32, %groupWords : index
  %row0i = arith.index_cast %row0 : index to i32
  %Ni = arith.index_cast %N : index to i32
  %Ki = arith.index_cast %K : index to i32
  %groupsi = arith.index_cast %groups : index to i32
  %groupWordsi = arith.index_cast %groupWords : index to i32
  // Per row: whether it exists and where its scales start.
  %r = tile.arange : tensor<128xi32>
  %row0v = tile.splat %row0i : i32 -> tensor<128xi32>
  %rows = arith.addi %r, %row0v : tensor<128xi32>
  %Nv = tile.splat %Ni : i32 -> tensor<128xi32>
  %rowOk = arith.cmpi slt, %rows, %Nv : tensor<128xi32>
  %groupsv = tile.splat %groupsi : i32 -> tensor<128xi32>
  %rowGroups = arith.muli %rows, %groupsv : tensor<128xi32>
  // Per word column c of a step: which of its groups, and x's offset of
  // its byte 0.
  %cols = tile.arange : tensor<32xi32>
  %groupWordsv = tile.splat %groupWordsi : i32 -> tensor<32xi32>
  %colGroup = arith.divui %cols, %groupWordsv : tensor<32xi32>
  %colGroup2d = tile.broadcast %colGroup dim 1 : tensor<32xi32> -> tensor<128x32xi32>
  %four = arith.constant dense<4> : tensor<32xi32>
  %cols4 = arith.muli %cols, %four : tensor<32xi32>
  %Kv = tile.splat %Ki : i32 -> tensor<32xi32>
  %low8 = arith.constant dense<255> : tensor<128x32xi32>
  %zero = arith.constant dense<0.0> : tensor<128x32xf32>
  %acc = tile.for_range %kw = %c0 to %Kw step %c32 iter_args(%a = %zero) -> (tensor<128x32xf32>) {
    %words = tile.load %Wq[%row0, %kw] strides [%Kw, %c1] bounds [%N, %Kw]
        : memref<?xi32> -> tensor<128x32xi32>
    // The scales and biases of the step's groups, each read once.
    %group0 = arith.divui %kw, %groupWords : index
    %sb:2 = tile.for_range %j = %c0 to %groupsPerStep step %c1
        iter_args(%s = %zero, %b = %zero) -> (tensor<128x32xf32>, tensor<128x32xf32>) {
      %g = arith.addi %group0, %j : index
      %gi = arith.index_cast %g : index to i32
      %gv = tile.splat %gi : i32 -> tensor<128xi32>
      %offs = arith.addi %rowGroups, %gv : tensor<128xi32>
      %inK = arith.cmpi ult, %g, %groups : index
      %inKv = tile.splat %inK : i1 -> tensor<128xi1>
      %ok = arith.andi %rowOk, %inKv : tensor<128xi1>
      %sj16 = tile.gather %S[%offs] mask %ok : memref<?xf16>, tensor<128xi32> -> tensor<128xf16>
      %bj16 = tile.gather %Bias[%offs] mask %ok : memref<?xf16>, tensor<128xi32> -> tensor<128xf16>
      %sj = arith.extf %sj16 : tensor<128xf16> to tensor<128xf32>
      %bj = arith.extf %bj16 : tensor<128xf16> to tensor<128xf32>
      %sj2d = tile.broadcast %sj dim 0 : tensor<128xf32> -> tensor<128x32xf32>
      %bj2d = tile.broadcast %bj dim 0 : tensor<128xf32> -> tensor<128x32xf32>
      %ji = arith.index_cast %j : index to i32
      %jv = tile.splat %ji : i32 -> tensor<128x32xi32>
      %mine = arith.cmpi eq, %colGroup2d, %jv : tensor<128x32xi32>
      %s2 = arith.select %mine, %sj2d, %s : tensor<128x32xi1>, tensor<128x32xf32>
      %b2 = arith.select %mine, %bj2d, %b : tensor<128x32xi1>, tensor<128x32xf32>
      tile.yield %s2, %b2 : tensor<128x32xf32>, tensor<128x32xf32>
    }
    %kwi = arith.index_cast %kw : index to i32
    %k0 = arith.muli %kwi, %c4i : i32
    %next = tile.for_range %n = %c0 to %c4 step %c1 iter_args(%an = %a) -> (tensor<128x32xf32>) {
      // Byte n of every word: element 4 * (kw + c) + n.
      %ni = arith.index_cast %n : index to i32
      %shift = arith.muli %ni, %c8i : i32
      %shiftv = tile.splat %shift : i32 -> tensor<128x32xi32>
      %shifted = arith.shrui %words, %shiftv : tensor<128x32xi32>
      %q = arith.andi %shifted, %low8 : tensor<128x32xi32>
      %qf = arith.uitofp %q : tensor<128x32xi32> to tensor<128x32xf32>
      %sq = arith.mulf %sb#0, %qf : tensor<128x32xf32>
      %w = arith.addf %sq, %sb#1 : tensor<128x32xf32>
      %kn = arith.addi %k0, %ni : i32
      %knv = tile.splat %kn : i32 -> tensor<32xi32>
      %xOffs = arith.addi %cols4, %knv : tensor<32xi32>
      %xOk = arith.cmpi slt, %xOffs, %Kv : tensor<32xi32>
      %x16 = tile.gather %X[%xOffs] mask %xOk : memref<?xf16>, tensor<32xi32> -> tensor<32xf16>
      %x1 = arith.extf %x16 : tensor<32xf16> to tensor<32xf32>
      %x = tile.broadcast %x1 dim 1 : tensor<32xf32> -> tensor<128x32xf32>
      %wx = arith.mulf %w, %x : tensor<128x32xf32>
      %sum = arith.addf %an, %wx : tensor<128x32xf32>
      tile.yield %sum : tensor<128x32xf32>
    }
    tile.yield %next : tensor<128x32xf32>
  }
  %y = tile.reduce add %acc dim 1 : tensor<128x32xf32> -> tensor<128xf32>
  %y16 = arith.truncf %y : tensor<128xf32> to tensor<128xf16>
  tile.store %y16, %Y[%row0] bounds [%N] : tensor<128xf16>, memref<?xf16>
  return
}
