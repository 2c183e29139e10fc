// Rotary position embedding (RoPE), interleaved convention (the original
// RoFormer and GPT-J, llama.cpp's default mode): the pairs are adjacent,
//   y[2i]     = x[2i] * cos(t_i) - x[2i + 1] * sin(t_i)
//   y[2i + 1] = x[2i + 1] * cos(t_i) + x[2i] * sin(t_i),   i < D/2,
// with t_i = pos * base^(-2i/D) and pos = offset + the token's index. X and Y
// are T x H x D row-major; one program per (token, head), grid (T, H). The
// even and odd elements of a head are read as two 1 x D/2 tiles with a column
// stride of 2 (the odd ones start one element later, which a row start of
// (head row * D + 1) with a row stride of 1 expresses). D is even, at most 128.
func.func @rope_interleaved(%X: memref<?xf32>, %Y: memref<?xf32>, %T: index, %H: index,
                            %D: index, %offset: index, %base: f32) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %t = tile.program_id x : index
  %h = tile.program_id y : index
  %tH = arith.muli %t, %H : index
  %headRow = arith.addi %tH, %h : index
  %even = arith.muli %headRow, %D : index
  %odd = arith.addi %even, %c1 : index
  %evenEnd = arith.addi %even, %c1 : index
  %oddEnd = arith.addi %odd, %c1 : index
  %half = arith.divui %D, %c2 : index
  // The angle of each pair: pos * exp(-(2i/D) * ln(base)).
  %pos = arith.addi %offset, %t : index
  %posi = arith.index_cast %pos : index to i32
  %posf = arith.sitofp %posi : i32 to f32
  %di = arith.index_cast %D : index to i32
  %df = arith.sitofp %di : i32 to f32
  %lnBase = math.log %base : f32
  %i = tile.arange : tensor<64xi32>
  %if = arith.sitofp %i : tensor<64xi32> to tensor<64xf32>
  %two = arith.constant dense<2.0> : tensor<64xf32>
  %twoI = arith.mulf %if, %two : tensor<64xf32>
  %dv = tile.splat %df : f32 -> tensor<64xf32>
  %frac = arith.divf %twoI, %dv : tensor<64xf32>
  %negLn = arith.negf %lnBase : f32
  %negLnv = tile.splat %negLn : f32 -> tensor<64xf32>
  %expo = arith.mulf %frac, %negLnv : tensor<64xf32>
  %invFreq = math.exp %expo : tensor<64xf32>
  %posv = tile.splat %posf : f32 -> tensor<64xf32>
  %angle1 = arith.mulf %posv, %invFreq : tensor<64xf32>
  %angle = tile.broadcast %angle1 dim 1 : tensor<64xf32> -> tensor<1x64xf32>
  %cos = math.cos %angle : tensor<1x64xf32>
  %sin = math.sin %angle : tensor<1x64xf32>
  // Element (0, b) is X[start + 2b]: start = head row * D (+ 1 for the odd ones).
  %xe = tile.load %X[%even, %c0] strides [%c1, %c2] bounds [%evenEnd, %half]
      : memref<?xf32> -> tensor<1x64xf32>
  %xo = tile.load %X[%odd, %c0] strides [%c1, %c2] bounds [%oddEnd, %half]
      : memref<?xf32> -> tensor<1x64xf32>
  %a = arith.mulf %xe, %cos : tensor<1x64xf32>
  %b = arith.mulf %xo, %sin : tensor<1x64xf32>
  %ye = arith.subf %a, %b : tensor<1x64xf32>
  %c = arith.mulf %xo, %cos : tensor<1x64xf32>
  %d = arith.mulf %xe, %sin : tensor<1x64xf32>
  %yo = arith.addf %c, %d : tensor<1x64xf32>
  tile.store %ye, %Y[%even, %c0] strides [%c1, %c2] bounds [%evenEnd, %half]
      : tensor<1x64xf32>, memref<?xf32>
  tile.store %yo, %Y[%odd, %c0] strides [%c1, %c2] bounds [%oddEnd, %half]
      : tensor<1x64xf32>, memref<?xf32>
  return
}
