// The MLX affine 4-bit matvec of examples/llm/matvec_q4_affine.mlir written
// the way a Triton kernel reads packed weights: every element k gathers its
// word k / 8 (8 neighbours read the same uint32) and shifts it by
// 4 * (k % 8); the scales and biases likewise at k / G. Correct, but the
// words are read once per element, not once per word (--stats).
func.func @matvec_q4_affine_gather(%Wq: memref<?xi32>, %S: memref<?xf16>, %Bias: memref<?xf16>,
                                   %X: memref<?xf16>, %Y: memref<?xf16>,
                                   %N: index, %K: index, %G: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %p = tile.program_id x : index
  %row0 = arith.muli %p, %c8 : index
  %Kw = arith.divui %K, %c8 : index
  %groups = arith.divui %K, %G : index
  %row0i = arith.index_cast %row0 : index to i32
  %Ni = arith.index_cast %N : index to i32
  %Ki = arith.index_cast %K : index to i32
  %Kwi = arith.index_cast %Kw : index to i32
  %Gi = arith.index_cast %G : index to i32
  %groupsi = arith.index_cast %groups : index to i32
  %r = tile.arange : tensor<8xi32>
  %row0v = tile.splat %row0i : i32 -> tensor<8xi32>
  %rows = arith.addi %r, %row0v : tensor<8xi32>
  %rows2d = tile.broadcast %rows dim 0 : tensor<8xi32> -> tensor<8x64xi32>
  %Nv = tile.splat %Ni : i32 -> tensor<8x64xi32>
  %rowOk = arith.cmpi slt, %rows2d, %Nv : tensor<8x64xi32>
  %Kwv = tile.splat %Kwi : i32 -> tensor<8x64xi32>
  %rowWords = arith.muli %rows2d, %Kwv : tensor<8x64xi32>
  %groupsv = tile.splat %groupsi : i32 -> tensor<8x64xi32>
  %rowGroups = arith.muli %rows2d, %groupsv : tensor<8x64xi32>
  %Kv = tile.splat %Ki : i32 -> tensor<64xi32>
  %Gv = tile.splat %Gi : i32 -> tensor<64xi32>
  %cols = tile.arange : tensor<64xi32>
  %three = arith.constant dense<3> : tensor<64xi32>
  %seven = arith.constant dense<7> : tensor<64xi32>
  %two = arith.constant dense<2> : tensor<64xi32>
  %low4 = arith.constant dense<15> : tensor<8x64xi32>
  %zero = arith.constant dense<0.0> : tensor<8x64xf32>
  %acc = tile.for_range %k0 = %c0 to %K step %c64 iter_args(%a = %zero) -> (tensor<8x64xf32>) {
    %k0i = arith.index_cast %k0 : index to i32
    %k0v = tile.splat %k0i : i32 -> tensor<64xi32>
    %k = arith.addi %cols, %k0v : tensor<64xi32>
    %kOk = arith.cmpi slt, %k, %Kv : tensor<64xi32>
    %kOk2d = tile.broadcast %kOk dim 1 : tensor<64xi1> -> tensor<8x64xi1>
    %ok = arith.andi %rowOk, %kOk2d : tensor<8x64xi1>
    %word = arith.shrui %k, %three : tensor<64xi32>
    %word2d = tile.broadcast %word dim 1 : tensor<64xi32> -> tensor<8x64xi32>
    %wOffs = arith.addi %rowWords, %word2d : tensor<8x64xi32>
    %words = tile.gather %Wq[%wOffs] mask %ok : memref<?xi32>, tensor<8x64xi32> -> tensor<8x64xi32>
    %nibble = arith.andi %k, %seven : tensor<64xi32>
    %shift = arith.shli %nibble, %two : tensor<64xi32>
    %shift2d = tile.broadcast %shift dim 1 : tensor<64xi32> -> tensor<8x64xi32>
    %shifted = arith.shrui %words, %shift2d : tensor<8x64xi32>
    %q = arith.andi %shifted, %low4 : tensor<8x64xi32>
    %qf = arith.uitofp %q : tensor<8x64xi32> to tensor<8x64xf32>
    %group = arith.divui %k, %Gv : tensor<64xi32>
    %group2d = tile.broadcast %group dim 1 : tensor<64xi32> -> tensor<8x64xi32>
    %sOffs = arith.addi %rowGroups, %group2d : tensor<8x64xi32>
    %s16 = tile.gather %S[%sOffs] mask %ok : memref<?xf16>, tensor<8x64xi32> -> tensor<8x64xf16>
    %b16 = tile.gather %Bias[%sOffs] mask %ok : memref<?xf16>, tensor<8x64xi32> -> tensor<8x64xf16>
    %scale = arith.extf %s16 : tensor<8x64xf16> to tensor<8x64xf32>
    %bias = arith.extf %b16 : tensor<8x64xf16> to tensor<8x64xf32>
    %sq = arith.mulf %scale, %qf : tensor<8x64xf32>
    %w = arith.addf %sq, %bias : tensor<8x64xf32>
    %x16 = tile.load %X[%k0] bounds [%K] : memref<?xf16> -> tensor<64xf16>
    %x1 = arith.extf %x16 : tensor<64xf16> to tensor<64xf32>
    %x = tile.broadcast %x1 dim 1 : tensor<64xf32> -> tensor<8x64xf32>
    %wx = arith.mulf %w, %x : tensor<8x64xf32>
    %next = arith.addf %a, %wx : tensor<8x64xf32>
    tile.yield %next : tensor<8x64xf32>
  }
  %y = tile.reduce add %acc dim 1 : tensor<8x64xf32> -> tensor<8xf32>
  %y16 = arith.truncf %y : tensor<8xf32> to tensor<8xf16>
  tile.store %y16, %Y[%row0] bounds [%N] : tensor<8xf16>, memref<?xf16>
  return
}
