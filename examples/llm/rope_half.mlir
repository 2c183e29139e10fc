// Rotary position embedding (RoPE), split-half convention (GPT-NeoX, Llama's
// Hugging Face code): each head vector x of dimension D is rotated pairwise as
//   y[i]       = x[i] * cos(t_i) - x[i + D/2] * sin(t_i)
//   y[i + D/2] = x[i + D/2] * cos(t_i) + x[i] * sin(t_i),   i < D/2,
// with t_i = pos * base^(-2i/D) and pos = offset + the token's index (offset:
// the number of tokens already in the KV cache). X and Y are T x H x D row-major
// (token, head, dimension); one program per token rotates all its heads (at
// most 32) at once. D is even and at most 128.
func.func @rope_half(%X: memref<?xf32>, %Y: memref<?xf32>, %T: index, %H: index,
                     %D: index, %offset: index, %base: f32) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %t = tile.program_id x : index
  %row = arith.muli %t, %H : index
  %rowEnd = arith.addi %row, %H : index
  %half = arith.divui %D, %c2 : index
  // The angle of each pair: pos * base^(-2i/D) = pos * exp(-(2i/D) * ln(base)).
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
  %angle = arith.mulf %posv, %invFreq : tensor<64xf32>
  %cos1 = math.cos %angle : tensor<64xf32>
  %sin1 = math.sin %angle : tensor<64xf32>
  %cos = tile.broadcast %cos1 dim 1 : tensor<64xf32> -> tensor<32x64xf32>
  %sin = tile.broadcast %sin1 dim 1 : tensor<64xf32> -> tensor<32x64xf32>
  // The two halves of every head of this token.
  %x1 = tile.load %X[%row, %c0] strides [%D, %c1] bounds [%rowEnd, %half]
      : memref<?xf32> -> tensor<32x64xf32>
  %x2 = tile.load %X[%row, %half] strides [%D, %c1] bounds [%rowEnd, %D]
      : memref<?xf32> -> tensor<32x64xf32>
  %a = arith.mulf %x1, %cos : tensor<32x64xf32>
  %b = arith.mulf %x2, %sin : tensor<32x64xf32>
  %y1 = arith.subf %a, %b : tensor<32x64xf32>
  %c = arith.mulf %x2, %cos : tensor<32x64xf32>
  %d = arith.mulf %x1, %sin : tensor<32x64xf32>
  %y2 = arith.addf %c, %d : tensor<32x64xf32>
  tile.store %y1, %Y[%row, %c0] strides [%D, %c1] bounds [%rowEnd, %half]
      : tensor<32x64xf32>, memref<?xf32>
  tile.store %y2, %Y[%row, %half] strides [%D, %c1] bounds [%rowEnd, %D]
      : tensor<32x64xf32>, memref<?xf32>
  return
}
