// Decode attention, second of two kernels (flash-decoding): merges the NS
// partial results of attention_decode_partial.mlir into the attention output
// of each (batch, query head), exactly in real arithmetic:
//
//   M = max_s m_s,  w_s = exp(m_s - M),  O = (sum_s w_s Opart_s) / (sum_s w_s l_s)
//
// Buffers (row-major; the layouts attention_decode_partial writes):
//   Opart  f32  B x Hq x NS x D   unnormalized partial outputs
//   Mpart  f32  B x Hq x NS       partial maxima (-inf for an empty split)
//   Lpart  f32  B x Hq x NS       partial sums of exponentials
//   O      f16  B x Hq x D        the attention output
// D is a runtime value, at most 128 (the tile is 128 wide, masked to D).
//
// Grid (Hq, B): program (x, y) is query head x of batch y. It reads the
// splits 16 at a time, twice: once for M, once for the weighted sums (a
// split past NS reads m = -inf, so weight 0, and l = Opart = 0).
func.func @attention_decode_combine(%Opart: memref<?xf32>, %Mpart: memref<?xf32>,
                                    %Lpart: memref<?xf32>, %O: memref<?xf16>, %B: index,
                                    %Hq: index, %NS: index, %D: index)
    attributes {tile.kernel, tile.launch_grid = array<i64: 5, 1, 4, 1, -1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %h = tile.program_id x : index
  %b = tile.program_id y : index
  %bHq = arith.muli %b, %Hq : index
  %head = arith.addi %bHq, %h : index
  // This head's splits are elements first .. end-1 of Mpart and Lpart, rows of Opart.
  %first = arith.muli %head, %NS : index
  %end = arith.addi %first, %NS : index
  %ninf = arith.constant 0xFF800000 : f32
  %mmax = tile.for_range %s = %c0 to %NS step %c16 iter_args(%mx = %ninf) -> (f32) {
    %i = arith.addi %first, %s : index
    %mt = tile.load %Mpart[%i] bounds [%end] {padding = 0xFF800000 : f32}
        : memref<?xf32> -> tensor<16xf32>
    %bm = tile.reduce maxnumf %mt dim 0 : tensor<16xf32> -> f32
    %mx2 = arith.maxnumf %mx, %bm : f32
    tile.yield %mx2 : f32
  }
  %mmaxv = tile.splat %mmax : f32 -> tensor<16xf32>
  %zero = arith.constant 0.0 : f32
  %acc0 = arith.constant dense<0.0> : tensor<128xf32>
  %lsum, %acc = tile.for_range %s = %c0 to %NS step %c16
      iter_args(%ls = %zero, %acci = %acc0) -> (f32, tensor<128xf32>) {
    %i = arith.addi %first, %s : index
    %mt = tile.load %Mpart[%i] bounds [%end] {padding = 0xFF800000 : f32}
        : memref<?xf32> -> tensor<16xf32>
    %lt = tile.load %Lpart[%i] bounds [%end] : memref<?xf32> -> tensor<16xf32>
    %mdiff = arith.subf %mt, %mmaxv : tensor<16xf32>
    %w = math.exp %mdiff : tensor<16xf32>
    %wl = arith.mulf %w, %lt : tensor<16xf32>
    %blocksum = tile.reduce add %wl dim 0 : tensor<16xf32> -> f32
    %ls2 = arith.addf %ls, %blocksum : f32
    // Row a of the tile is split s + a: element (a, d) is Opart[(i + a) * D + d].
    %ot = tile.load %Opart[%i, %c0] strides [%D, %c1] bounds [%end, %D]
        : memref<?xf32> -> tensor<16x128xf32>
    %w2 = tile.broadcast %w dim 0 : tensor<16xf32> -> tensor<16x128xf32>
    %weighted = arith.mulf %ot, %w2 : tensor<16x128xf32>
    %blockacc = tile.reduce add %weighted dim 0 : tensor<16x128xf32> -> tensor<128xf32>
    %acc2 = arith.addf %acci, %blockacc : tensor<128xf32>
    tile.yield %ls2, %acc2 : f32, tensor<128xf32>
  }
  %lsumv = tile.splat %lsum : f32 -> tensor<128xf32>
  %out = arith.divf %acc, %lsumv : tensor<128xf32>
  %out16 = arith.truncf %out : tensor<128xf32> to tensor<128xf16>
  %orow = arith.muli %head, %D : index
  %oend = arith.addi %orow, %D : index
  tile.store %out16, %O[%orow] bounds [%oend] : tensor<128xf16>, memref<?xf16>
  return
}
