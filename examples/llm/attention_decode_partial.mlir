// Decode attention, first of two kernels (flash-decoding): one new query per
// head attends to a KV cache of L keys. The cache is split along L into
// NS chunks; each program runs the online softmax over one chunk
// for the query heads of one KV head and writes a partial result, which
// attention_decode_combine.mlir merges exactly.
//
// Buffers (row-major):
//   Q      f16  B x Hq  x D       the query of head h of batch b at (b*Hq + h)*D
//   K, V   f16  B x Hkv x L x D   the cache; KV head g of batch b starts at (b*Hkv + g)*L*D
//   Opart  f32  B x Hq  x NS x D  per split s: sum_j exp(scale*q.k_j - m) v_j (not normalized)
//   Mpart  f32  B x Hq  x NS      per split s: m, the largest scale*q.k_j of the split
//   Lpart  f32  B x Hq  x NS      per split s: sum_j exp(scale*q.k_j - m)
// where j runs over split s's keys [s*chunk, min(L, (s+1)*chunk)), chunk =
// ceildiv(L, NS). A split past the end (NS close to L) is empty and writes
// m = -inf, l = 0, Opart = 0, which the combine weights by exp(-inf) = 0.
// Hq is a multiple of Hkv; the Hq / Hkv query heads of one KV head
// (grouped-query attention, any number of them) are taken 8 at a time as the
// rows of one 8-row Q tile, so a program reads its chunk of K and V once for
// each block of 8 heads: once in all for groups of up to 8.
//
// Grid (NS, Hkv, B): program (x, y, z) is split x of KV head y of batch z.
// Keys are visited in blocks of 32; keys past the split are masked to -inf,
// so neither L nor the chunk need be a multiple of 32. Head dims 64 and 128.
func.func @attention_decode_partial_d64(%Q: memref<?xf16>, %K: memref<?xf16>, %V: memref<?xf16>,
                                        %Opart: memref<?xf32>, %Mpart: memref<?xf32>,
                                        %Lpart: memref<?xf32>, %B: index, %Hq: index,
                                        %Hkv: index, %L: index, %NS: index, %scale: f32)
    attributes {tile.kernel, tile.launch_grid = array<i64: 10, 1, 8, 1, 6, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %cD = arith.constant 64 : index
  %split = tile.program_id x : index
  %g = tile.program_id y : index
  %b = tile.program_id z : index
  // This split's keys, as rows of K and V: chunk = ceildiv(L, NS) keys a split.
  %lpad = arith.addi %L, %NS : index
  %lpad1 = arith.subi %lpad, %c1 : index
  %chunk = arith.divui %lpad1, %NS : index
  %cstart0 = arith.muli %split, %chunk : index
  %cstart = arith.minui %cstart0, %L : index
  %cnext = arith.addi %cstart, %chunk : index
  %cend = arith.minui %cnext, %L : index
  %bHkv = arith.muli %b, %Hkv : index
  %kvhead = arith.addi %bHkv, %g : index
  %kbase = arith.muli %kvhead, %L : index
  %kend = arith.addi %kbase, %cend : index
  %iota = tile.arange : tensor<32xi32>
  %cendi = arith.index_cast %cend : index to i32
  %cendv = tile.splat %cendi : i32 -> tensor<8x32xi32>
  %scalev = tile.splat %scale : f32 -> tensor<8x32xf32>
  %ninf = arith.constant dense<0xFF800000> : tensor<8x32xf32>
  %zeroS = arith.constant dense<0.0> : tensor<8x32xf32>
  %m0 = arith.constant dense<0xFF800000> : tensor<8xf32>
  %l0 = arith.constant dense<0.0> : tensor<8xf32>
  %acc0 = arith.constant dense<0.0> : tensor<8x64xf32>
  // The group = Hq / Hkv query heads of KV head g are rows first .. last-1
  // of Q as a (B*Hq) x D matrix, taken 8 at a time (the rows of one Q tile):
  // the chunk of K and V is read once per block of 8 heads, so once in all
  // for groups of up to 8 and ceildiv(group, 8) times beyond.
  %group = arith.divui %Hq, %Hkv : index
  %h0 = arith.muli %g, %group : index
  %bHq = arith.muli %b, %Hq : index
  %first = arith.addi %bHq, %h0 : index
  %last = arith.addi %first, %group : index
  tile.for_range %hb = %c0 to %group step %c8 {
    %qrow = arith.addi %first, %hb : index
    %qrow8 = arith.addi %qrow, %c8 : index
    %qend = arith.minui %qrow8, %last : index
    %q = tile.load %Q[%qrow, %c0] strides [%cD, %c1] bounds [%qend, %cD]
        : memref<?xf16> -> tensor<8x64xf16>
    %m, %l, %acc = tile.for_range %k = %cstart to %cend step %c32
        iter_args(%mi = %m0, %li = %l0, %acci = %acc0)
        -> (tensor<8xf32>, tensor<8xf32>, tensor<8x64xf32>) {
      %krow = arith.addi %kbase, %k : index
      // K^T: element (d, j) is K[(krow + j) * D + d].
      %kt = tile.load %K[%c0, %krow] strides [%c1, %cD] bounds [%cD, %kend]
          : memref<?xf16> -> tensor<64x32xf16>
      %qk = tile.dot %q, %kt, %zeroS : tensor<8x64xf16>, tensor<64x32xf16> -> tensor<8x32xf32>
      %s = arith.mulf %qk, %scalev : tensor<8x32xf32>
      %ki = arith.index_cast %k : index to i32
      %kv = tile.splat %ki : i32 -> tensor<32xi32>
      %kpos = arith.addi %kv, %iota : tensor<32xi32>
      %kpos2 = tile.broadcast %kpos dim 1 : tensor<32xi32> -> tensor<8x32xi32>
      %valid = arith.cmpi slt, %kpos2, %cendv : tensor<8x32xi32>
      %sm = arith.select %valid, %s, %ninf : tensor<8x32xi1>, tensor<8x32xf32>
      %bmax = tile.reduce maxnumf %sm dim 1 : tensor<8x32xf32> -> tensor<8xf32>
      %mnew = arith.maxnumf %mi, %bmax : tensor<8xf32>
      %mdiff = arith.subf %mi, %mnew : tensor<8xf32>
      %alpha = math.exp %mdiff : tensor<8xf32>
      %mnew2 = tile.broadcast %mnew dim 0 : tensor<8xf32> -> tensor<8x32xf32>
      %centered = arith.subf %sm, %mnew2 : tensor<8x32xf32>
      %p = math.exp %centered : tensor<8x32xf32>
      %psum = tile.reduce add %p dim 1 : tensor<8x32xf32> -> tensor<8xf32>
      %lscaled = arith.mulf %li, %alpha : tensor<8xf32>
      %lnew = arith.addf %lscaled, %psum : tensor<8xf32>
      %alpha2 = tile.broadcast %alpha dim 0 : tensor<8xf32> -> tensor<8x64xf32>
      %accScaled = arith.mulf %acci, %alpha2 : tensor<8x64xf32>
      %v = tile.load %V[%krow, %c0] strides [%cD, %c1] bounds [%kend, %cD]
          : memref<?xf16> -> tensor<32x64xf16>
      %p16 = arith.truncf %p : tensor<8x32xf32> to tensor<8x32xf16>
      %accNew = tile.dot %p16, %v, %accScaled
          : tensor<8x32xf16>, tensor<32x64xf16> -> tensor<8x64xf32>
      tile.yield %mnew, %lnew, %accNew : tensor<8xf32>, tensor<8xf32>, tensor<8x64xf32>
    }
    // Split s of head h: Opart row (b*Hq + h)*NS + s, Mpart/Lpart element of the same index.
    %nsD = arith.muli %NS, %cD : index
    %ocol = arith.muli %split, %cD : index
    %ocolEnd = arith.addi %ocol, %cD : index
    tile.store %acc, %Opart[%qrow, %ocol] strides [%nsD, %c1] bounds [%qend, %ocolEnd]
        : tensor<8x64xf32>, memref<?xf32>
    %splitEnd = arith.addi %split, %c1 : index
    %m2 = tile.broadcast %m dim 0 : tensor<8xf32> -> tensor<8x1xf32>
    %l2 = tile.broadcast %l dim 0 : tensor<8xf32> -> tensor<8x1xf32>
    tile.store %m2, %Mpart[%qrow, %split] strides [%NS, %c1] bounds [%qend, %splitEnd]
        : tensor<8x1xf32>, memref<?xf32>
    tile.store %l2, %Lpart[%qrow, %split] strides [%NS, %c1] bounds [%qend, %splitEnd]
        : tensor<8x1xf32>, memref<?xf32>
  }
  return
}

// The same kernel for head dim 128: D = 128 in the tile shapes and strides.
func.func @attention_decode_partial_d128(%Q: memref<?xf16>, %K: memref<?xf16>, %V: memref<?xf16>,
                                         %Opart: memref<?xf32>, %Mpart: memref<?xf32>,
                                         %Lpart: memref<?xf32>, %B: index, %Hq: index,
                                         %Hkv: index, %L: index, %NS: index, %scale: f32)
    attributes {tile.kernel, tile.launch_grid = array<i64: 10, 1, 8, 1, 6, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %cD = arith.constant 128 : index
  %split = tile.program_id x : index
  %g = tile.program_id y : index
  %b = tile.program_id z : index
  // This split's keys, as rows of K and V: chunk = ceildiv(L, NS) keys a split.
  %lpad = arith.addi %L, %NS : index
  %lpad1 = arith.subi %lpad, %c1 : index
  %chunk = arith.divui %lpad1, %NS : index
  %cstart0 = arith.muli %split, %chunk : index
  %cstart = arith.minui %cstart0, %L : index
  %cnext = arith.addi %cstart, %chunk : index
  %cend = arith.minui %cnext, %L : index
  %bHkv = arith.muli %b, %Hkv : index
  %kvhead = arith.addi %bHkv, %g : index
  %kbase = arith.muli %kvhead, %L : index
  %kend = arith.addi %kbase, %cend : index
  %iota = tile.arange : tensor<32xi32>
  %cendi = arith.index_cast %cend : index to i32
  %cendv = tile.splat %cendi : i32 -> tensor<8x32xi32>
  %scalev = tile.splat %scale : f32 -> tensor<8x32xf32>
  %ninf = arith.constant dense<0xFF800000> : tensor<8x32xf32>
  %zeroS = arith.constant dense<0.0> : tensor<8x32xf32>
  %m0 = arith.constant dense<0xFF800000> : tensor<8xf32>
  %l0 = arith.constant dense<0.0> : tensor<8xf32>
  %acc0 = arith.constant dense<0.0> : tensor<8x128xf32>
  // The group = Hq / Hkv query heads of KV head g are rows first .. last-1
  // of Q as a (B*Hq) x D matrix, taken 8 at a time (the rows of one Q tile):
  // the chunk of K and V is read once per block of 8 heads, so once in all
  // for groups of up to 8 and ceildiv(group, 8) times beyond.
  %group = arith.divui %Hq, %Hkv : index
  %h0 = arith.muli %g, %group : index
  %bHq = arith.muli %b, %Hq : index
  %first = arith.addi %bHq, %h0 : index
  %last = arith.addi %first, %group : index
  tile.for_range %hb = %c0 to %group step %c8 {
    %qrow = arith.addi %first, %hb : index
    %qrow8 = arith.addi %qrow, %c8 : index
    %qend = arith.minui %qrow8, %last : index
    %q = tile.load %Q[%qrow, %c0] strides [%cD, %c1] bounds [%qend, %cD]
        : memref<?xf16> -> tensor<8x128xf16>
    %m, %l, %acc = tile.for_range %k = %cstart to %cend step %c32
        iter_args(%mi = %m0, %li = %l0, %acci = %acc0)
        -> (tensor<8xf32>, tensor<8xf32>, tensor<8x128xf32>) {
      %krow = arith.addi %kbase, %k : index
      // K^T: element (d, j) is K[(krow + j) * D + d].
      %kt = tile.load %K[%c0, %krow] strides [%c1, %cD] bounds [%cD, %kend]
          : memref<?xf16> -> tensor<128x32xf16>
      %qk = tile.dot %q, %kt, %zeroS : tensor<8x128xf16>, tensor<128x32xf16> -> tensor<8x32xf32>
      %s = arith.mulf %qk, %scalev : tensor<8x32xf32>
      %ki = arith.index_cast %k : index to i32
      %kv = tile.splat %ki : i32 -> tensor<32xi32>
      %kpos = arith.addi %kv, %iota : tensor<32xi32>
      %kpos2 = tile.broadcast %kpos dim 1 : tensor<32xi32> -> tensor<8x32xi32>
      %valid = arith.cmpi slt, %kpos2, %cendv : tensor<8x32xi32>
      %sm = arith.select %valid, %s, %ninf : tensor<8x32xi1>, tensor<8x32xf32>
      %bmax = tile.reduce maxnumf %sm dim 1 : tensor<8x32xf32> -> tensor<8xf32>
      %mnew = arith.maxnumf %mi, %bmax : tensor<8xf32>
      %mdiff = arith.subf %mi, %mnew : tensor<8xf32>
      %alpha = math.exp %mdiff : tensor<8xf32>
      %mnew2 = tile.broadcast %mnew dim 0 : tensor<8xf32> -> tensor<8x32xf32>
      %centered = arith.subf %sm, %mnew2 : tensor<8x32xf32>
      %p = math.exp %centered : tensor<8x32xf32>
      %psum = tile.reduce add %p dim 1 : tensor<8x32xf32> -> tensor<8xf32>
      %lscaled = arith.mulf %li, %alpha : tensor<8xf32>
      %lnew = arith.addf %lscaled, %psum : tensor<8xf32>
      %alpha2 = tile.broadcast %alpha dim 0 : tensor<8xf32> -> tensor<8x128xf32>
      %accScaled = arith.mulf %acci, %alpha2 : tensor<8x128xf32>
      %v = tile.load %V[%krow, %c0] strides [%cD, %c1] bounds [%kend, %cD]
          : memref<?xf16> -> tensor<32x128xf16>
      %p16 = arith.truncf %p : tensor<8x32xf32> to tensor<8x32xf16>
      %accNew = tile.dot %p16, %v, %accScaled
          : tensor<8x32xf16>, tensor<32x128xf16> -> tensor<8x128xf32>
      tile.yield %mnew, %lnew, %accNew : tensor<8xf32>, tensor<8xf32>, tensor<8x128xf32>
    }
    // Split s of head h: Opart row (b*Hq + h)*NS + s, Mpart/Lpart element of the same index.
    %nsD = arith.muli %NS, %cD : index
    %ocol = arith.muli %split, %cD : index
    %ocolEnd = arith.addi %ocol, %cD : index
    tile.store %acc, %Opart[%qrow, %ocol] strides [%nsD, %c1] bounds [%qend, %ocolEnd]
        : tensor<8x128xf32>, memref<?xf32>
    %splitEnd = arith.addi %split, %c1 : index
    %m2 = tile.broadcast %m dim 0 : tensor<8xf32> -> tensor<8x1xf32>
    %l2 = tile.broadcast %l dim 0 : tensor<8xf32> -> tensor<8x1xf32>
    tile.store %m2, %Mpart[%qrow, %split] strides [%NS, %c1] bounds [%qend, %splitEnd]
        : tensor<8x1xf32>, memref<?xf32>
    tile.store %l2, %Lpart[%qrow, %split] strides [%NS, %c1] bounds [%qend, %splitEnd]
        : tensor<8x1xf32>, memref<?xf32>
  }
  return
}
