// tile-run --compare checks each element against an error bound that the
// interpreter carries beside the reference: sum |a * b| for a dot, carried
// through the epilogue (here sqrt(|acc|) + a row bias). A relative
// tolerance fails this kernel where the dot's terms cancel (|acc| small
// against sum |a * b|; an earlier tile-run reported a 5.7e-5 mismatch on
// it), while the bound still catches a kernel that drops one product.
// f32, 148x88x112, 64x64x16 tiles on 4x1 SIMD-groups, A stored transposed,
// compiled unfused.

// DEFINE: %{args} = --arg A=f32:16576:random:1 --arg B=f32:9856:random:2 --arg Bias=f32:148:random:3 --arg C=f32:13024:zeros --arg M=148 --arg N=88 --arg K=112

// RUN: tile-run %s --kernel sqrt_row_bias --fuse-epilogue=false %{args} --compare | FileCheck %s
// RUN: tile-run %s --kernel sqrt_row_bias --fuse-epilogue=false %{args} --compare --target apple10 | FileCheck %s
// RUN: tile-run %s --kernel sqrt_row_bias %{args} --compare | FileCheck %s
// CHECK:      ran sqrt_row_bias on the emulator: ok
// CHECK-NEXT: compare C: max abs error {{.*}} (at most {{.*}} of the error bound): ok

// The same kernel with the last product of every sum dropped (B's rows
// bounded by K - 1), run in place of the right kernel's code: nearly every
// element is reported.
// RUN: tile-run %s --kernel sqrt_row_bias_dropped --fuse-epilogue=false %{args} --emit-msl=%t.dropped.metal > /dev/null
// RUN: sed 's/sqrt_row_bias_dropped/sqrt_row_bias/' %t.dropped.metal > %t.wrong.metal
// RUN: not tile-run %s --kernel sqrt_row_bias --fuse-epilogue=false %{args} --run-msl %t.wrong.metal --compare | FileCheck %s --check-prefix=WRONG
// WRONG:      ran sqrt_row_bias on the emulator: ok
// WRONG-NEXT: compare C: max abs error {{.*}}: {{[0-9][0-9][0-9][0-9]+}} mismatches, first at element {{[0-9]+}}: emulated {{.*}}, reference {{.*}}, allowed {{.*}}

// --run-msl needs a tile kernel to stand in for.
// RUN: not tile-run %t.wrong.metal --abi %t.json --run-msl %t.wrong.metal 2>&1 | FileCheck %s --check-prefix=MSL-INPUT
// MSL-INPUT: tile-run: --run-msl replaces a tile kernel's code; the input is already MSL

func.func @sqrt_row_bias(%A: memref<?xf32>, %B: memref<?xf32>,
                         %Bias: memref<?xf32>, %C: memref<?xf32>,
                         %M: index, %N: index, %K: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 4, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %row = arith.muli %pm, %c64 : index
  %col = arith.muli %pn, %c64 : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = tile.for_range %k = %c0 to %K step %c16 iter_args(%a0 = %zero) -> (tensor<64x64xf32>) {
    // A is K x M in memory: element (i, k) at k * M + i.
    %a = tile.load %A[%row, %k] strides [%c1, %M] bounds [%M, %K] : memref<?xf32> -> tensor<64x16xf32>
    %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xf32> -> tensor<16x64xf32>
    %d = tile.dot %a, %b, %a0 : tensor<64x16xf32>, tensor<16x64xf32> -> tensor<64x64xf32>
    tile.yield %d : tensor<64x64xf32>
  }
  %abs = math.absf %acc : tensor<64x64xf32>
  %root = math.sqrt %abs : tensor<64x64xf32>
  %bias = tile.load %Bias[%row] bounds [%M] : memref<?xf32> -> tensor<64xf32>
  %rows = tile.broadcast %bias dim 0 : tensor<64xf32> -> tensor<64x64xf32>
  %r = arith.addf %root, %rows : tensor<64x64xf32>
  tile.store %r, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<64x64xf32>, memref<?xf32>
  return
}

func.func @sqrt_row_bias_dropped(%A: memref<?xf32>, %B: memref<?xf32>,
                                 %Bias: memref<?xf32>, %C: memref<?xf32>,
                                 %M: index, %N: index, %K: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 4, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %row = arith.muli %pm, %c64 : index
  %col = arith.muli %pn, %c64 : index
  %last = arith.subi %K, %c1 : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = tile.for_range %k = %c0 to %K step %c16 iter_args(%a0 = %zero) -> (tensor<64x64xf32>) {
    %a = tile.load %A[%row, %k] strides [%c1, %M] bounds [%M, %K] : memref<?xf32> -> tensor<64x16xf32>
    %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%last, %N] : memref<?xf32> -> tensor<16x64xf32>
    %d = tile.dot %a, %b, %a0 : tensor<64x16xf32>, tensor<16x64xf32> -> tensor<64x64xf32>
    tile.yield %d : tensor<64x64xf32>
  }
  %abs = math.absf %acc : tensor<64x64xf32>
  %root = math.sqrt %abs : tensor<64x64xf32>
  %bias = tile.load %Bias[%row] bounds [%M] : memref<?xf32> -> tensor<64xf32>
  %rows = tile.broadcast %bias dim 0 : tensor<64xf32> -> tensor<64x64xf32>
  %r = arith.addf %root, %rows : tensor<64x64xf32>
  tile.store %r, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<64x64xf32>, memref<?xf32>
  return
}
