// Decode-shaped matrix-vector product with MLX-style affine 4-bit weights:
// y = W x, W an N x K matrix stored quantized, x of K elements, f16 in and
// out, f32 accumulation. The format (docs/llm.md):
//   Wq: N x K/8 uint32 (i32 here: tile IR integers are signless), row-major;
//       element k of a row is bits [4 * (k % 8), 4 * (k % 8) + 4) of word
//       k / 8 (the lowest nibble first);
//   S, Bias: N x K/G f16, row-major, one scale and one bias per group of G
//       consecutive elements along K; w[n, k] = S[n, k/G] * q + Bias[n, k/G].
// G is 32, 64 or 128 and K a multiple of G.
//
// Each program owns 8 rows and walks K 128 elements (16 words) at a time:
// one tile.load of 8x16 words reads every packed word exactly once, and 8
// shift-and-mask steps unpack nibble s of every word, the one of element
// 8 * c + s of the step. x's elements of nibble s (a stride of 8) and the
// groups' scales and biases (group (k/8) / (G/8) of word column k/8) are
// gathers. The products accumulate in an 8x16 f32 tile, reduced along K at
// the end: a reduction matvec, no simdgroup_matrix.
func.func @matvec_q4_affine(%Wq: memref<?xi32>, %S: memref<?xf16>, %Bias: memref<?xf16>,
                            %X: memref<?xf16>, %Y: memref<?xf16>,
                            %N: index, %K: index, %G: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %p = tile.program_id x : index
  %row0 = arith.muli %p, %c8 : index
  %Kw = arith.divui %K, %c8 : index
  %groups = arith.divui %K, %G : index
  %groupWords = arith.divui %G, %c8 : index
  // Row and word-column coordinates of the 8x16 tile, for the gathers.
  %row0i = arith.index_cast %row0 : index to i32
  %Ni = arith.index_cast %N : index to i32
  %Ki = arith.index_cast %K : index to i32
  %Kwi = arith.index_cast %Kw : index to i32
  %groupsi = arith.index_cast %groups : index to i32
  %groupWordsi = arith.index_cast %groupWords : index to i32
  %r = tile.arange : tensor<8xi32>
  %row0v = tile.splat %row0i : i32 -> tensor<8xi32>
  %rows = arith.addi %r, %row0v : tensor<8xi32>
  %rows2d = tile.broadcast %rows dim 0 : tensor<8xi32> -> tensor<8x16xi32>
  %Nv = tile.splat %Ni : i32 -> tensor<8x16xi32>
  %rowOk = arith.cmpi slt, %rows2d, %Nv : tensor<8x16xi32>
  %groupsv = tile.splat %groupsi : i32 -> tensor<8x16xi32>
  %rowGroup0 = arith.muli %rows2d, %groupsv : tensor<8x16xi32>
  %cols = tile.arange : tensor<16xi32>
  %eight = arith.constant dense<8> : tensor<16xi32>
  %cols8 = arith.muli %cols, %eight : tensor<16xi32>
  %Kv = tile.splat %Ki : i32 -> tensor<16xi32>
  %Kwv = tile.splat %Kwi : i32 -> tensor<16xi32>
  %groupWordsv = tile.splat %groupWordsi : i32 -> tensor<16xi32>
  %c4i = arith.constant 4 : i32
  %c8i = arith.constant 8 : i32
  %mask4 = arith.constant dense<15> : tensor<8x16xi32>
  %zero = arith.constant dense<0.0> : tensor<8x16xf32>
  %acc = tile.for_range %kw = %c0 to %Kw step %c16 iter_args(%a = %zero) -> (tensor<8x16xf32>) {
    %words = tile.load %Wq[%row0, %kw] strides [%Kw, %c1] bounds [%N, %Kw]
        : memref<?xi32> -> tensor<8x16xi32>
    %kwi = arith.index_cast %kw : index to i32
    %kwv = tile.splat %kwi : i32 -> tensor<16xi32>
    %word = arith.addi %cols, %kwv : tensor<16xi32>
    %group = arith.divui %word, %groupWordsv : tensor<16xi32>
    %group2d = tile.broadcast %group dim 1 : tensor<16xi32> -> tensor<8x16xi32>
    %sOffs = arith.addi %rowGroup0, %group2d : tensor<8x16xi32>
    %wordv = tile.broadcast %word dim 1 : tensor<16xi32> -> tensor<8x16xi32>
    %Kw2d = tile.broadcast %Kwv dim 1 : tensor<16xi32> -> tensor<8x16xi32>
    %colOk = arith.cmpi slt, %wordv, %Kw2d : tensor<8x16xi32>
    %ok = arith.andi %rowOk, %colOk : tensor<8x16xi1>
    %s16 = tile.gather %S[%sOffs] mask %ok : memref<?xf16>, tensor<8x16xi32> -> tensor<8x16xf16>
    %b16 = tile.gather %Bias[%sOffs] mask %ok : memref<?xf16>, tensor<8x16xi32> -> tensor<8x16xf16>
    %scale = arith.extf %s16 : tensor<8x16xf16> to tensor<8x16xf32>
    %bias = arith.extf %b16 : tensor<8x16xf16> to tensor<8x16xf32>
    %k0 = arith.muli %kwi, %c8i : i32
    %next = tile.for_range %s = %c0 to %c8 step %c1 iter_args(%as = %a) -> (tensor<8x16xf32>) {
      // Nibble s of every word: element 8 * (kw + c) + s.
      %si = arith.index_cast %s : index to i32
      %shift = arith.muli %si, %c4i : i32
      %shiftv = tile.splat %shift : i32 -> tensor<8x16xi32>
      %shifted = arith.shrui %words, %shiftv : tensor<8x16xi32>
      %q = arith.andi %shifted, %mask4 : tensor<8x16xi32>
      %qf = arith.uitofp %q : tensor<8x16xi32> to tensor<8x16xf32>
      %sq = arith.mulf %scale, %qf : tensor<8x16xf32>
      %w = arith.addf %sq, %bias : tensor<8x16xf32>
      %ks = arith.addi %k0, %si : i32
      %ksv = tile.splat %ks : i32 -> tensor<16xi32>
      %xOffs = arith.addi %cols8, %ksv : tensor<16xi32>
      %xOk = arith.cmpi slt, %xOffs, %Kv : tensor<16xi32>
      %x16 = tile.gather %X[%xOffs] mask %xOk : memref<?xf16>, tensor<16xi32> -> tensor<16xf16>
      %x1 = arith.extf %x16 : tensor<16xf16> to tensor<16xf32>
      %x = tile.broadcast %x1 dim 1 : tensor<16xf32> -> tensor<8x16xf32>
      %wx = arith.mulf %w, %x : tensor<8x16xf32>
      %sum = arith.addf %as, %wx : tensor<8x16xf32>
      tile.yield %sum : tensor<8x16xf32>
    }
    tile.yield %next : tensor<8x16xf32>
  }
  %y = tile.reduce add %acc dim 1 : tensor<8x16xf32> -> tensor<8xf32>
  %y16 = arith.truncf %y : tensor<8xf32> to tensor<8xf16>
  tile.store %y16, %Y[%row0] bounds [%N] : tensor<8xf16>, memref<?xf16>
  return
}
