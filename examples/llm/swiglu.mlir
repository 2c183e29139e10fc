// SwiGLU, the gate of Llama-style MLPs, elementwise: Y = silu(A) * B with
// silu(a) = a / (1 + exp(-a)), on f16 vectors of n elements computed in f32
// (A: the gate projection, B: the up projection). 1024 elements per program.
func.func @swiglu(%A: memref<?xf16>, %B: memref<?xf16>, %Y: memref<?xf16>, %n: index)
    attributes {tile.kernel} {
  %c1024 = arith.constant 1024 : index
  %p = tile.program_id x : index
  %start = arith.muli %p, %c1024 : index
  %a16 = tile.load %A[%start] bounds [%n] : memref<?xf16> -> tensor<1024xf16>
  %b16 = tile.load %B[%start] bounds [%n] : memref<?xf16> -> tensor<1024xf16>
  %a = arith.extf %a16 : tensor<1024xf16> to tensor<1024xf32>
  %b = arith.extf %b16 : tensor<1024xf16> to tensor<1024xf32>
  %one = arith.constant dense<1.0> : tensor<1024xf32>
  %negA = arith.negf %a : tensor<1024xf32>
  %e = math.exp %negA : tensor<1024xf32>
  %den = arith.addf %one, %e : tensor<1024xf32>
  %silu = arith.divf %a, %den : tensor<1024xf32>
  %y = arith.mulf %silu, %b : tensor<1024xf32>
  %y16 = arith.truncf %y : tensor<1024xf32> to tensor<1024xf16>
  tile.store %y16, %Y[%start] bounds [%n] : tensor<1024xf16>, memref<?xf16>
  return
}
