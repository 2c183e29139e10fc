// A gather cannot be redone per cooperative element, so the tensor-ops
// backend refuses one whose result is in the cooperative layout. The
// layouts are written by hand: tile-assign-layouts gives gathers the
// distributed layout (tensorops-dispatch.mlir runs this file).
#coop = #applegpu.cooperative<simdgroups = [2, 2]>
#dist = #applegpu.distributed<threads = 128, vector = 4>
func.func @cooperative_gather(%A: memref<?xf16>, %O: memref<?xi32>, %X: memref<?xf32>, %C: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %a = tile.load %A[%c0, %c0] strides [%c32, %c1] : memref<?xf16> -> tensor<32x32xf16, #applegpu.view>
  %z = arith.constant dense<0.0> : tensor<32x32xf32, #coop>
  %d = tile.dot %a, %a, %z : tensor<32x32xf16, #applegpu.view>, tensor<32x32xf16, #applegpu.view> -> tensor<32x32xf32, #coop>
  %o = tile.load %O[%c0, %c0] strides [%c32, %c1] : memref<?xi32> -> tensor<32x32xi32, #dist>
  // expected-error @+1 {{'tile.gather' op is not supported on cooperative-layout tiles by the tensor-ops backend}}
  %g = tile.gather %X[%o] : memref<?xf32>, tensor<32x32xi32, #dist> -> tensor<32x32xf32, #coop>
  %s = arith.addf %d, %g : tensor<32x32xf32, #coop>
  tile.store %s, %C[%c0, %c0] strides [%c32, %c1] : tensor<32x32xf32, #coop>, memref<?xf32>
  return
}
