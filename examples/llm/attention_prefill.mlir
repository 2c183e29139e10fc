// FlashAttention-2 forward (prefill) with grouped-query attention, causal or
// not: O = softmax(scale * Q K^T [+ causal mask]) V per (batch, query head).
//
// Buffers (all row-major, f16):
//   Q, O  B x Hq  x S x D   query head h of batch b starts at ((b*Hq + h)*S)*D
//   K, V  B x Hkv x S x D   KV head g of batch b starts at ((b*Hkv + g)*S)*D
// Hq is a multiple of Hkv; query head h reads KV head h / (Hq / Hkv)
// (grouped-query attention: Hq / Hkv query heads share one KV head; Hkv = Hq
// is multi-head attention, Hkv = 1 multi-query attention). With `causal`,
// query i attends to keys j <= i (prefill of S new tokens, no earlier cache).
//
// Grid (ceildiv(S, 32), Hq, B): program (x, y, z) computes the 32 queries
// x*32 .. x*32+31 of head y of batch z. It walks the keys in blocks of 32 with
// the online softmax: a running row maximum m and row sum l in f32, and an f32
// accumulator rescaled by exp(m_old - m_new) whenever the maximum grows. Both
// dots take f16 operands (P is rounded to f16, as FlashAttention does) and
// accumulate in f32. Causal programs stop at the block holding their last
// query (the blocks past the diagonal contribute nothing) and mask the
// diagonal block element by element; every program masks keys >= S, so S
// need not be a multiple of 32. Query rows past S compute garbage-free
// finite values (their keys read the padding 0) and are not stored.
//
// Two kernels: head dim 64 and head dim 128 (the tile shapes are static).
func.func @attention_prefill_d64(%Q: memref<?xf16>, %K: memref<?xf16>, %V: memref<?xf16>,
                                 %O: memref<?xf16>, %B: index, %Hq: index, %Hkv: index,
                                 %S: index, %scale: f32, %causal: i1)
    attributes {tile.kernel, tile.launch_grid = array<i64: 7, 32, 5, 1, 4, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %cD = arith.constant 64 : index
  %qblock = tile.program_id x : index
  %h = tile.program_id y : index
  %b = tile.program_id z : index
  // Rows of this program's queries, and the first row past the head.
  %qstart = arith.muli %qblock, %c32 : index
  %bHq = arith.muli %b, %Hq : index
  %qhead = arith.addi %bHq, %h : index
  %qbase = arith.muli %qhead, %S : index
  %qrow = arith.addi %qbase, %qstart : index
  %qend = arith.addi %qbase, %S : index
  // The KV head this query head reads (grouped-query attention).
  %group = arith.divui %Hq, %Hkv : index
  %g = arith.divui %h, %group : index
  %bHkv = arith.muli %b, %Hkv : index
  %kvhead = arith.addi %bHkv, %g : index
  %kbase = arith.muli %kvhead, %S : index
  %kend = arith.addi %kbase, %S : index
  %q = tile.load %Q[%qrow, %c0] strides [%cD, %c1] bounds [%qend, %cD]
      : memref<?xf16> -> tensor<32x64xf16>
  // Keys a program visits: all S, or (causal) those up to its last query.
  %qlast = arith.addi %qstart, %c32 : index
  %diag = arith.minui %qlast, %S : index
  %hi = arith.select %causal, %diag, %S : index
  // Query and key positions for the masks.
  %iota = tile.arange : tensor<32xi32>
  %qstarti = arith.index_cast %qstart : index to i32
  %qstartv = tile.splat %qstarti : i32 -> tensor<32xi32>
  %qpos = arith.addi %qstartv, %iota : tensor<32xi32>
  %qpos2 = tile.broadcast %qpos dim 0 : tensor<32xi32> -> tensor<32x32xi32>
  %si = arith.index_cast %S : index to i32
  %sv = tile.splat %si : i32 -> tensor<32x32xi32>
  %causalv = tile.splat %causal : i1 -> tensor<32x32xi1>
  %true = arith.constant dense<true> : tensor<32x32xi1>
  %notCausal = arith.xori %causalv, %true : tensor<32x32xi1>
  %scalev = tile.splat %scale : f32 -> tensor<32x32xf32>
  %ninf = arith.constant dense<0xFF800000> : tensor<32x32xf32>
  %zeroS = arith.constant dense<0.0> : tensor<32x32xf32>
  %m0 = arith.constant dense<0xFF800000> : tensor<32xf32>
  %l0 = arith.constant dense<0.0> : tensor<32xf32>
  %acc0 = arith.constant dense<0.0> : tensor<32x64xf32>
  %m, %l, %acc = tile.for_range %k = %c0 to %hi step %c32
      iter_args(%mi = %m0, %li = %l0, %acci = %acc0)
      -> (tensor<32xf32>, tensor<32xf32>, tensor<32x64xf32>) {
    %krow = arith.addi %kbase, %k : index
    // K^T: element (d, j) is K[(krow + j) * D + d].
    %kt = tile.load %K[%c0, %krow] strides [%c1, %cD] bounds [%cD, %kend]
        : memref<?xf16> -> tensor<64x32xf16>
    %qk = tile.dot %q, %kt, %zeroS : tensor<32x64xf16>, tensor<64x32xf16> -> tensor<32x32xf32>
    %s = arith.mulf %qk, %scalev : tensor<32x32xf32>
    // Key j of the block is valid when j < S and (not causal or j <= query).
    %ki = arith.index_cast %k : index to i32
    %kv = tile.splat %ki : i32 -> tensor<32xi32>
    %kpos = arith.addi %kv, %iota : tensor<32xi32>
    %kpos2 = tile.broadcast %kpos dim 1 : tensor<32xi32> -> tensor<32x32xi32>
    %inRange = arith.cmpi slt, %kpos2, %sv : tensor<32x32xi32>
    %past = arith.cmpi sle, %kpos2, %qpos2 : tensor<32x32xi32>
    %allowed = arith.ori %past, %notCausal : tensor<32x32xi1>
    %valid = arith.andi %inRange, %allowed : tensor<32x32xi1>
    %sm = arith.select %valid, %s, %ninf : tensor<32x32xi1>, tensor<32x32xf32>
    // Online softmax: new running maximum, rescale factor, block sums.
    %bmax = tile.reduce maxnumf %sm dim 1 : tensor<32x32xf32> -> tensor<32xf32>
    %mnew = arith.maxnumf %mi, %bmax : tensor<32xf32>
    %mdiff = arith.subf %mi, %mnew : tensor<32xf32>
    %alpha = math.exp %mdiff : tensor<32xf32>
    %mnew2 = tile.broadcast %mnew dim 0 : tensor<32xf32> -> tensor<32x32xf32>
    %centered = arith.subf %sm, %mnew2 : tensor<32x32xf32>
    %p = math.exp %centered : tensor<32x32xf32>
    %psum = tile.reduce add %p dim 1 : tensor<32x32xf32> -> tensor<32xf32>
    %lscaled = arith.mulf %li, %alpha : tensor<32xf32>
    %lnew = arith.addf %lscaled, %psum : tensor<32xf32>
    %alpha2 = tile.broadcast %alpha dim 0 : tensor<32xf32> -> tensor<32x64xf32>
    %accScaled = arith.mulf %acci, %alpha2 : tensor<32x64xf32>
    // V: element (j, d) is V[(krow + j) * D + d].
    %v = tile.load %V[%krow, %c0] strides [%cD, %c1] bounds [%kend, %cD]
        : memref<?xf16> -> tensor<32x64xf16>
    %p16 = arith.truncf %p : tensor<32x32xf32> to tensor<32x32xf16>
    %accNew = tile.dot %p16, %v, %accScaled
        : tensor<32x32xf16>, tensor<32x64xf16> -> tensor<32x64xf32>
    tile.yield %mnew, %lnew, %accNew : tensor<32xf32>, tensor<32xf32>, tensor<32x64xf32>
  }
  %l2 = tile.broadcast %l dim 0 : tensor<32xf32> -> tensor<32x64xf32>
  %out = arith.divf %acc, %l2 : tensor<32x64xf32>
  %out16 = arith.truncf %out : tensor<32x64xf32> to tensor<32x64xf16>
  tile.store %out16, %O[%qrow, %c0] strides [%cD, %c1] bounds [%qend, %cD]
      : tensor<32x64xf16>, memref<?xf16>
  return
}

// The same kernel for head dim 128: D = 128 in the tile shapes and strides.
func.func @attention_prefill_d128(%Q: memref<?xf16>, %K: memref<?xf16>, %V: memref<?xf16>,
                                  %O: memref<?xf16>, %B: index, %Hq: index, %Hkv: index,
                                  %S: index, %scale: f32, %causal: i1)
    attributes {tile.kernel, tile.launch_grid = array<i64: 7, 32, 5, 1, 4, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %cD = arith.constant 128 : index
  %qblock = tile.program_id x : index
  %h = tile.program_id y : index
  %b = tile.program_id z : index
  // Rows of this program's queries, and the first row past the head.
  %qstart = arith.muli %qblock, %c32 : index
  %bHq = arith.muli %b, %Hq : index
  %qhead = arith.addi %bHq, %h : index
  %qbase = arith.muli %qhead, %S : index
  %qrow = arith.addi %qbase, %qstart : index
  %qend = arith.addi %qbase, %S : index
  // The KV head this query head reads (grouped-query attention).
  %group = arith.divui %Hq, %Hkv : index
  %g = arith.divui %h, %group : index
  %bHkv = arith.muli %b, %Hkv : index
  %kvhead = arith.addi %bHkv, %g : index
  %kbase = arith.muli %kvhead, %S : index
  %kend = arith.addi %kbase, %S : index
  %q = tile.load %Q[%qrow, %c0] strides [%cD, %c1] bounds [%qend, %cD]
      : memref<?xf16> -> tensor<32x128xf16>
  // Keys a program visits: all S, or (causal) those up to its last query.
  %qlast = arith.addi %qstart, %c32 : index
  %diag = arith.minui %qlast, %S : index
  %hi = arith.select %causal, %diag, %S : index
  // Query and key positions for the masks.
  %iota = tile.arange : tensor<32xi32>
  %qstarti = arith.index_cast %qstart : index to i32
  %qstartv = tile.splat %qstarti : i32 -> tensor<32xi32>
  %qpos = arith.addi %qstartv, %iota : tensor<32xi32>
  %qpos2 = tile.broadcast %qpos dim 0 : tensor<32xi32> -> tensor<32x32xi32>
  %si = arith.index_cast %S : index to i32
  %sv = tile.splat %si : i32 -> tensor<32x32xi32>
  %causalv = tile.splat %causal : i1 -> tensor<32x32xi1>
  %true = arith.constant dense<true> : tensor<32x32xi1>
  %notCausal = arith.xori %causalv, %true : tensor<32x32xi1>
  %scalev = tile.splat %scale : f32 -> tensor<32x32xf32>
  %ninf = arith.constant dense<0xFF800000> : tensor<32x32xf32>
  %zeroS = arith.constant dense<0.0> : tensor<32x32xf32>
  %m0 = arith.constant dense<0xFF800000> : tensor<32xf32>
  %l0 = arith.constant dense<0.0> : tensor<32xf32>
  %acc0 = arith.constant dense<0.0> : tensor<32x128xf32>
  %m, %l, %acc = tile.for_range %k = %c0 to %hi step %c32
      iter_args(%mi = %m0, %li = %l0, %acci = %acc0)
      -> (tensor<32xf32>, tensor<32xf32>, tensor<32x128xf32>) {
    %krow = arith.addi %kbase, %k : index
    // K^T: element (d, j) is K[(krow + j) * D + d].
    %kt = tile.load %K[%c0, %krow] strides [%c1, %cD] bounds [%cD, %kend]
        : memref<?xf16> -> tensor<128x32xf16>
    %qk = tile.dot %q, %kt, %zeroS : tensor<32x128xf16>, tensor<128x32xf16> -> tensor<32x32xf32>
    %s = arith.mulf %qk, %scalev : tensor<32x32xf32>
    // Key j of the block is valid when j < S and (not causal or j <= query).
    %ki = arith.index_cast %k : index to i32
    %kv = tile.splat %ki : i32 -> tensor<32xi32>
    %kpos = arith.addi %kv, %iota : tensor<32xi32>
    %kpos2 = tile.broadcast %kpos dim 1 : tensor<32xi32> -> tensor<32x32xi32>
    %inRange = arith.cmpi slt, %kpos2, %sv : tensor<32x32xi32>
    %past = arith.cmpi sle, %kpos2, %qpos2 : tensor<32x32xi32>
    %allowed = arith.ori %past, %notCausal : tensor<32x32xi1>
    %valid = arith.andi %inRange, %allowed : tensor<32x32xi1>
    %sm = arith.select %valid, %s, %ninf : tensor<32x32xi1>, tensor<32x32xf32>
    // Online softmax: new running maximum, rescale factor, block sums.
    %bmax = tile.reduce maxnumf %sm dim 1 : tensor<32x32xf32> -> tensor<32xf32>
    %mnew = arith.maxnumf %mi, %bmax : tensor<32xf32>
    %mdiff = arith.subf %mi, %mnew : tensor<32xf32>
    %alpha = math.exp %mdiff : tensor<32xf32>
    %mnew2 = tile.broadcast %mnew dim 0 : tensor<32xf32> -> tensor<32x32xf32>
    %centered = arith.subf %sm, %mnew2 : tensor<32x32xf32>
    %p = math.exp %centered : tensor<32x32xf32>
    %psum = tile.reduce add %p dim 1 : tensor<32x32xf32> -> tensor<32xf32>
    %lscaled = arith.mulf %li, %alpha : tensor<32xf32>
    %lnew = arith.addf %lscaled, %psum : tensor<32xf32>
    %alpha2 = tile.broadcast %alpha dim 0 : tensor<32xf32> -> tensor<32x128xf32>
    %accScaled = arith.mulf %acci, %alpha2 : tensor<32x128xf32>
    // V: element (j, d) is V[(krow + j) * D + d].
    %v = tile.load %V[%krow, %c0] strides [%cD, %c1] bounds [%kend, %cD]
        : memref<?xf16> -> tensor<32x128xf16>
    %p16 = arith.truncf %p : tensor<32x32xf32> to tensor<32x32xf16>
    %accNew = tile.dot %p16, %v, %accScaled
        : tensor<32x32xf16>, tensor<32x128xf16> -> tensor<32x128xf32>
    tile.yield %mnew, %lnew, %accNew : tensor<32xf32>, tensor<32xf32>, tensor<32x128xf32>
  }
  %l2 = tile.broadcast %l dim 0 : tensor<32xf32> -> tensor<32x128xf32>
  %out = arith.divf %acc, %l2 : tensor<32x128xf32>
  %out16 = arith.truncf %out : tensor<32x128xf32> to tensor<32x128xf16>
  tile.store %out16, %O[%qrow, %c0] strides [%cD, %c1] bounds [%qend, %cD]
      : tensor<32x128xf16>, memref<?xf16>
  return
}
