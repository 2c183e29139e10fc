// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// Every tile op in every textual form round-trips through two tile-opt runs,
// also through the generic form.

// CHECK-LABEL: func.func @matmul
// CHECK-SAME:    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2>}
func.func @matmul(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                  %M: index, %N: index, %K: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  // CHECK: %[[PM:.*]] = tile.program_id x : index
  // CHECK: %[[PN:.*]] = tile.program_id y : index
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %row = arith.muli %pm, %c64 : index
  %col = arith.muli %pn, %c64 : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  // CHECK: %[[ACC:.*]] = tile.for_range %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A0:.*]] = %{{.*}}) -> (tensor<64x64xf32>) {
  %acc = tile.for_range %k = %c0 to %K step %c32 iter_args(%a0 = %zero) -> (tensor<64x64xf32>) {
    // CHECK: %[[A:.*]] = tile.load %{{.*}}[%{{.*}}, %[[K]]] strides [%{{.*}}, %{{.*}}] bounds [%{{.*}}, %{{.*}}] : memref<?xf32> -> tensor<64x32xf32>
    %a = tile.load %A[%row, %k] strides [%K, %c1] bounds [%M, %K] : memref<?xf32> -> tensor<64x32xf32>
    %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xf32> -> tensor<32x64xf32>
    // CHECK: %[[D:.*]] = tile.dot %[[A]], %{{.*}}, %[[A0]] : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
    %d = tile.dot %a, %b, %a0 : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
    // CHECK: tile.yield %[[D]] : tensor<64x64xf32>
    tile.yield %d : tensor<64x64xf32>
  }
  // CHECK: tile.store %[[ACC]], %{{.*}}[%{{.*}}, %{{.*}}] strides [%{{.*}}, %{{.*}}] bounds [%{{.*}}, %{{.*}}] : tensor<64x64xf32>, memref<?xf32>
  tile.store %acc, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<64x64xf32>, memref<?xf32>
  return
}

// CHECK-LABEL: func.func @grid_queries
func.func @grid_queries() -> (index, index, index, index, index, index) {
  // CHECK: tile.program_id x : index
  // CHECK: tile.program_id y : index
  // CHECK: tile.program_id z : index
  // CHECK: tile.num_programs x : index
  // CHECK: tile.num_programs y : index
  // CHECK: tile.num_programs z : index
  %0 = tile.program_id x : index
  %1 = tile.program_id y : index
  %2 = tile.program_id z : index
  %3 = tile.num_programs x : index
  %4 = tile.num_programs y : index
  %5 = tile.num_programs z : index
  return %0, %1, %2, %3, %4, %5 : index, index, index, index, index, index
}

// CHECK-LABEL: func.func @rank1_forms
func.func @rank1_forms(%X: memref<?xf32>, %Y: memref<?xf32>, %I: memref<?xi32>,
                       %i: index, %n: index, %s: index, %alpha: f32)
    attributes {tile.kernel} {
  // CHECK: tile.load %{{.*}}[%{{.*}}] : memref<?xf32> -> tensor<256xf32>
  %a = tile.load %X[%i] : memref<?xf32> -> tensor<256xf32>
  // CHECK: tile.load %{{.*}}[%{{.*}}] strides [%{{.*}}] : memref<?xf32> -> tensor<256xf32>
  %b = tile.load %X[%i] strides [%s] : memref<?xf32> -> tensor<256xf32>
  // CHECK: tile.load %{{.*}}[%{{.*}}] bounds [%{{.*}}] {padding = -1.000000e+00 : f64} : memref<?xf32> -> tensor<256xf32>
  %c = tile.load %X[%i] bounds [%n] {padding = -1.0} : memref<?xf32> -> tensor<256xf32>
  // CHECK: tile.load %{{.*}}[%{{.*}}] strides [%{{.*}}] bounds [%{{.*}}] {padding = 7 : i32} : memref<?xi32> -> tensor<128xi32>
  %d = tile.load %I[%i] strides [%s] bounds [%n] {padding = 7 : i32} : memref<?xi32> -> tensor<128xi32>
  // CHECK: tile.splat %{{.*}} : f32 -> tensor<256xf32>
  %k = tile.splat %alpha : f32 -> tensor<256xf32>
  %ab = arith.addf %a, %b : tensor<256xf32>
  %abc = arith.mulf %ab, %c : tensor<256xf32>
  %y = arith.mulf %abc, %k : tensor<256xf32>
  // CHECK: tile.store %{{.*}}, %{{.*}}[%{{.*}}] : tensor<256xf32>, memref<?xf32>
  tile.store %y, %Y[%i] : tensor<256xf32>, memref<?xf32>
  // CHECK: tile.store %{{.*}}, %{{.*}}[%{{.*}}] strides [%{{.*}}] bounds [%{{.*}}] : tensor<256xf32>, memref<?xf32>
  tile.store %y, %Y[%i] strides [%s] bounds [%n] : tensor<256xf32>, memref<?xf32>
  // CHECK: tile.store %{{.*}}, %{{.*}}[%{{.*}}] : tensor<128xi32>, memref<?xi32>
  tile.store %d, %I[%i] : tensor<128xi32>, memref<?xi32>
  return
}

// A transposed operand is only a choice of strides; half and bfloat dots.
// CHECK-LABEL: func.func @dot_types
func.func @dot_types(%A: memref<?xf16>, %B: memref<?xbf16>, %i: index, %ld: index)
    -> (tensor<16x16xf16>, tensor<16x16xf32>, tensor<16x16xf32>) {
  %c1 = arith.constant 1 : index
  // CHECK: tile.load %{{.*}}[%{{.*}}, %{{.*}}] strides [%{{.*}}, %{{.*}}] : memref<?xf16> -> tensor<16x8xf16>
  %a = tile.load %A[%i, %i] strides [%ld, %c1] : memref<?xf16> -> tensor<16x8xf16>
  %bt = tile.load %A[%i, %i] strides [%c1, %ld] : memref<?xf16> -> tensor<8x16xf16>
  %h0 = arith.constant dense<0.0> : tensor<16x16xf16>
  %f0 = arith.constant dense<0.0> : tensor<16x16xf32>
  // CHECK: tile.dot %{{.*}} : tensor<16x8xf16>, tensor<8x16xf16> -> tensor<16x16xf16>
  %h = tile.dot %a, %bt, %h0 : tensor<16x8xf16>, tensor<8x16xf16> -> tensor<16x16xf16>
  // CHECK: tile.dot %{{.*}} : tensor<16x8xf16>, tensor<8x16xf16> -> tensor<16x16xf32>
  %f = tile.dot %a, %bt, %f0 : tensor<16x8xf16>, tensor<8x16xf16> -> tensor<16x16xf32>
  %x = tile.load %B[%i, %i] strides [%ld, %c1] : memref<?xbf16> -> tensor<16x8xbf16>
  %y = tile.load %B[%i, %i] strides [%ld, %c1] : memref<?xbf16> -> tensor<8x16xbf16>
  // CHECK: tile.dot %{{.*}} : tensor<16x8xbf16>, tensor<8x16xbf16> -> tensor<16x16xf32>
  %g = tile.dot %x, %y, %f0 : tensor<16x8xbf16>, tensor<8x16xbf16> -> tensor<16x16xf32>
  return %h, %f, %g : tensor<16x16xf16>, tensor<16x16xf32>, tensor<16x16xf32>
}

// CHECK-LABEL: func.func @swizzles
func.func @swizzles(%pm: index, %pn: index) -> (index, index) {
  // CHECK: tile.swizzle %{{.*}}, %{{.*}} {pattern = "linear"} : index
  // CHECK: tile.swizzle %{{.*}}, %{{.*}} {pattern = "diagonal"} : index
  // CHECK: tile.swizzle %{{.*}}, %{{.*}} {block = 2 : i64, pattern = "morton"} : index
  // CHECK: tile.swizzle %{{.*}}, %{{.*}} {block = 8 : i64, pattern = "morton"} : index
  // CHECK: tile.swizzle %{{.*}}, %{{.*}} {block = 3 : i64, pattern = "grouped"} : index
  // CHECK: %[[M:.*]], %[[N:.*]] = tile.swizzle %{{.*}}, %{{.*}} {block = 4 : i64, pattern = "hilbert"} : index
  // CHECK: return %[[M]], %[[N]]
  %0:2 = tile.swizzle %pm, %pn {pattern = "linear"} : index
  %1:2 = tile.swizzle %0#0, %0#1 {pattern = "diagonal"} : index
  %2:2 = tile.swizzle %1#0, %1#1 {pattern = "morton", block = 2} : index
  %3:2 = tile.swizzle %2#0, %2#1 {pattern = "morton", block = 8} : index
  %4:2 = tile.swizzle %3#0, %3#1 {pattern = "grouped", block = 3} : index
  %m, %n = tile.swizzle %4#0, %4#1 {pattern = "hilbert", block = 4} : index
  return %m, %n : index, index
}

// Loops: no iter_args (implicit yield), several iter_args, nesting,
// num_stages, scalars carried.
// CHECK-LABEL: func.func @loops
func.func @loops(%X: memref<?xf32>, %n: index) -> (f32, index) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant dense<1.0> : tensor<8xf32>
  // CHECK: tile.for_range %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
  // CHECK-NEXT: tile.store
  // CHECK-NEXT: }
  tile.for_range %i = %c0 to %n step %c8 {
    tile.store %z, %X[%i] bounds [%n] : tensor<8xf32>, memref<?xf32>
  }
  %f0 = arith.constant 0.0 : f32
  // CHECK: %{{.*}}:2 = tile.for_range %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (f32, index) {
  // CHECK: tile.for_range
  // CHECK: } {num_stages = 3 : i64}
  // CHECK: tile.yield %{{.*}}, %{{.*}} : f32, index
  // CHECK: } {num_stages = 2 : i64}
  %r:2 = tile.for_range %i = %c0 to %n step %c4 iter_args(%s = %f0, %cnt = %c0) -> (f32, index) {
    %inner = tile.for_range %j = %c0 to %c8 step %c4 iter_args(%t = %s) -> (f32) {
      %one = arith.constant 1.0 : f32
      %t1 = arith.addf %t, %one : f32
      tile.yield %t1 : f32
    } {num_stages = 3}
    %c1 = arith.constant 1 : index
    %next = arith.addi %cnt, %c1 : index
    tile.yield %inner, %next : f32, index
  } {num_stages = 2}
  return %r#0, %r#1 : f32, index
}

// CHECK: module attributes {tile.target = "apple9"}
module attributes {tile.target = "apple9"} {
  // CHECK: func.func @targeted() attributes {tile.kernel, tile.target = "apple10"}
  func.func @targeted() attributes {tile.kernel, tile.target = "apple10"} {
    return
  }
}

// Broadcasts of a vector along each dimension of a rank-2 tile, f32 and f16.
// CHECK-LABEL: func.func @broadcasts
// CHECK-SAME:    (%[[V:[a-z0-9]+]]: tensor<64xf32>, %[[H:[a-z0-9]+]]: tensor<16xf16>)
func.func @broadcasts(%v: tensor<64xf32>, %h: tensor<16xf16>)
    -> (tensor<64x32xf32>, tensor<32x64xf32>, tensor<16x8xf16>, tensor<8x16xf16>) {
  // CHECK-NEXT: %[[R0:.*]] = tile.broadcast %[[V]] dim 0 : tensor<64xf32> -> tensor<64x32xf32>
  // CHECK-NEXT: %[[R1:.*]] = tile.broadcast %[[V]] dim 1 : tensor<64xf32> -> tensor<32x64xf32>
  // CHECK-NEXT: %[[R2:.*]] = tile.broadcast %[[H]] dim 0 : tensor<16xf16> -> tensor<16x8xf16>
  // CHECK-NEXT: %[[R3:.*]] = tile.broadcast %[[H]] dim 1 : tensor<16xf16> -> tensor<8x16xf16>
  // CHECK-NEXT: return %[[R0]], %[[R1]], %[[R2]], %[[R3]]
  %0 = tile.broadcast %v dim 0 : tensor<64xf32> -> tensor<64x32xf32>
  %1 = tile.broadcast %v dim 1 : tensor<64xf32> -> tensor<32x64xf32>
  %2 = tile.broadcast %h dim 0 : tensor<16xf16> -> tensor<16x8xf16>
  %3 = tile.broadcast %h dim 1 : tensor<16xf16> -> tensor<8x16xf16>
  return %0, %1, %2, %3 : tensor<64x32xf32>, tensor<32x64xf32>, tensor<16x8xf16>, tensor<8x16xf16>
}

// Epilogues: one input; several inputs, one of them an i1 tile; several
// results of different element types; a body using a scalar defined above
// it; no inputs at all; a discardable attribute.
// CHECK-LABEL: func.func @epilogues
// CHECK-SAME:    (%[[ACC:[a-z0-9]+]]: tensor<64x64xf32>, %[[BIAS:[a-z0-9]+]]: tensor<64xf32>, %[[MASK:[a-z0-9]+]]: tensor<64x64xi1>, %[[ALPHA:[a-z0-9]+]]: f32)
func.func @epilogues(%acc: tensor<64x64xf32>, %bias: tensor<64xf32>,
                     %mask: tensor<64x64xi1>, %alpha: f32)
    -> (tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xi1>, tensor<64x64xf16>,
        tensor<64x64xf32>) {
  // CHECK-NEXT: %[[RELU:.*]] = tile.epilogue ins(%[[ACC]] : tensor<64x64xf32>) -> tensor<64x64xf32> {
  // CHECK-NEXT: ^bb0(%[[A:[a-z0-9]+]]: f32):
  // CHECK-NEXT:   %[[Z:.*]] = arith.constant 0.000000e+00 : f32
  // CHECK-NEXT:   %[[M:.*]] = arith.maximumf %[[A]], %[[Z]] : f32
  // CHECK-NEXT:   tile.yield %[[M]] : f32
  // CHECK-NEXT: }
  %relu = tile.epilogue ins(%acc : tensor<64x64xf32>) -> tensor<64x64xf32> {
  ^bb0(%a: f32):
    %zero = arith.constant 0.0 : f32
    %m = arith.maximumf %a, %zero : f32
    tile.yield %m : f32
  }
  // CHECK-NEXT: %[[B2:.*]] = tile.broadcast %[[BIAS]] dim 1 : tensor<64xf32> -> tensor<64x64xf32>
  // CHECK-NEXT: %[[R:.*]]:3 = tile.epilogue ins(%[[ACC]], %[[B2]], %[[MASK]] : tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xi1>) -> tensor<64x64xf32>, tensor<64x64xi1>, tensor<64x64xf16> {
  // CHECK-NEXT: ^bb0(%[[X:[a-z0-9]+]]: f32, %[[Y:[a-z0-9]+]]: f32, %[[K:[a-z0-9]+]]: i1):
  // CHECK-NEXT:   %[[S:.*]] = arith.mulf %[[X]], %[[ALPHA]] : f32
  // CHECK-NEXT:   %[[T:.*]] = arith.addf %[[S]], %[[Y]] : f32
  // CHECK-NEXT:   %[[U:.*]] = arith.select %[[K]], %[[T]], %[[X]] : f32
  // CHECK-NEXT:   %[[P:.*]] = arith.cmpf ogt, %[[U]], %[[ALPHA]] : f32
  // CHECK-NEXT:   %[[H:.*]] = arith.truncf %[[U]] : f32 to f16
  // CHECK-NEXT:   tile.yield %[[U]], %[[P]], %[[H]] : f32, i1, f16
  // CHECK-NEXT: }
  %b2 = tile.broadcast %bias dim 1 : tensor<64xf32> -> tensor<64x64xf32>
  %r:3 = tile.epilogue ins(%acc, %b2, %mask : tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xi1>)
      -> tensor<64x64xf32>, tensor<64x64xi1>, tensor<64x64xf16> {
  ^bb0(%x: f32, %y: f32, %k: i1):
    %s = arith.mulf %x, %alpha : f32
    %t = arith.addf %s, %y : f32
    %u = arith.select %k, %t, %x : f32
    %p = arith.cmpf ogt, %u, %alpha : f32
    %h = arith.truncf %u : f32 to f16
    tile.yield %u, %p, %h : f32, i1, f16
  }
  // No inputs: every element is the scalar %alpha.
  // CHECK-NEXT: %[[FILL:.*]] = tile.epilogue -> tensor<64x64xf32> attributes {tag = "fill"} {
  // CHECK-NEXT:   tile.yield %[[ALPHA]] : f32
  // CHECK-NEXT: }
  // CHECK-NEXT: return %[[RELU]], %[[R]]#0, %[[R]]#1, %[[R]]#2, %[[FILL]]
  %fill = tile.epilogue -> tensor<64x64xf32> attributes {tag = "fill"} {
    tile.yield %alpha : f32
  }
  return %relu, %r#0, %r#1, %r#2, %fill
      : tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xi1>, tensor<64x64xf16>,
        tensor<64x64xf32>
}

// Reductions: every combining kind, on the element types it takes (add and
// mul on floats and integers, the *f kinds on f32 and f16, the integer kinds
// on i32), along both dimensions of a rank-2 tile and of a rank-1 tile to a
// scalar.
// CHECK-LABEL: func.func @reductions
// CHECK-SAME:    (%[[F:[a-z0-9]+]]: tensor<64x128xf32>, %[[H:[a-z0-9]+]]: tensor<16x32xf16>, %[[I:[a-z0-9]+]]: tensor<32x8xi32>, %[[V:[a-z0-9]+]]: tensor<128xf32>, %[[W:[a-z0-9]+]]: tensor<64xi32>)
func.func @reductions(%f: tensor<64x128xf32>, %h: tensor<16x32xf16>,
                      %i: tensor<32x8xi32>, %v: tensor<128xf32>,
                      %w: tensor<64xi32>) {
  // CHECK-NEXT: tile.reduce add %[[F]] dim 1 : tensor<64x128xf32> -> tensor<64xf32>
  // CHECK-NEXT: tile.reduce mul %[[F]] dim 0 : tensor<64x128xf32> -> tensor<128xf32>
  // CHECK-NEXT: tile.reduce maximumf %[[F]] dim 1 : tensor<64x128xf32> -> tensor<64xf32>
  // CHECK-NEXT: tile.reduce minimumf %[[F]] dim 0 : tensor<64x128xf32> -> tensor<128xf32>
  // CHECK-NEXT: tile.reduce maxnumf %[[F]] dim 1 : tensor<64x128xf32> -> tensor<64xf32>
  // CHECK-NEXT: tile.reduce minnumf %[[F]] dim 0 : tensor<64x128xf32> -> tensor<128xf32>
  %0 = tile.reduce add %f dim 1 : tensor<64x128xf32> -> tensor<64xf32>
  %1 = tile.reduce mul %f dim 0 : tensor<64x128xf32> -> tensor<128xf32>
  %2 = tile.reduce maximumf %f dim 1 : tensor<64x128xf32> -> tensor<64xf32>
  %3 = tile.reduce minimumf %f dim 0 : tensor<64x128xf32> -> tensor<128xf32>
  %4 = tile.reduce maxnumf %f dim 1 : tensor<64x128xf32> -> tensor<64xf32>
  %5 = tile.reduce minnumf %f dim 0 : tensor<64x128xf32> -> tensor<128xf32>
  // CHECK-NEXT: tile.reduce add %[[H]] dim 0 : tensor<16x32xf16> -> tensor<32xf16>
  // CHECK-NEXT: tile.reduce maximumf %[[H]] dim 1 : tensor<16x32xf16> -> tensor<16xf16>
  %6 = tile.reduce add %h dim 0 : tensor<16x32xf16> -> tensor<32xf16>
  %7 = tile.reduce maximumf %h dim 1 : tensor<16x32xf16> -> tensor<16xf16>
  // CHECK-NEXT: tile.reduce add %[[I]] dim 1 : tensor<32x8xi32> -> tensor<32xi32>
  // CHECK-NEXT: tile.reduce mul %[[I]] dim 0 : tensor<32x8xi32> -> tensor<8xi32>
  // CHECK-NEXT: tile.reduce minui %[[I]] dim 1 : tensor<32x8xi32> -> tensor<32xi32>
  // CHECK-NEXT: tile.reduce minsi %[[I]] dim 0 : tensor<32x8xi32> -> tensor<8xi32>
  // CHECK-NEXT: tile.reduce maxui %[[I]] dim 1 : tensor<32x8xi32> -> tensor<32xi32>
  // CHECK-NEXT: tile.reduce maxsi %[[I]] dim 0 : tensor<32x8xi32> -> tensor<8xi32>
  // CHECK-NEXT: tile.reduce and %[[I]] dim 1 : tensor<32x8xi32> -> tensor<32xi32>
  // CHECK-NEXT: tile.reduce or %[[I]] dim 0 : tensor<32x8xi32> -> tensor<8xi32>
  // CHECK-NEXT: tile.reduce xor %[[I]] dim 1 : tensor<32x8xi32> -> tensor<32xi32>
  %8 = tile.reduce add %i dim 1 : tensor<32x8xi32> -> tensor<32xi32>
  %9 = tile.reduce mul %i dim 0 : tensor<32x8xi32> -> tensor<8xi32>
  %10 = tile.reduce minui %i dim 1 : tensor<32x8xi32> -> tensor<32xi32>
  %11 = tile.reduce minsi %i dim 0 : tensor<32x8xi32> -> tensor<8xi32>
  %12 = tile.reduce maxui %i dim 1 : tensor<32x8xi32> -> tensor<32xi32>
  %13 = tile.reduce maxsi %i dim 0 : tensor<32x8xi32> -> tensor<8xi32>
  %14 = tile.reduce and %i dim 1 : tensor<32x8xi32> -> tensor<32xi32>
  %15 = tile.reduce or %i dim 0 : tensor<32x8xi32> -> tensor<8xi32>
  %16 = tile.reduce xor %i dim 1 : tensor<32x8xi32> -> tensor<32xi32>
  // A rank-1 tile reduces to a scalar of its element type.
  // CHECK-NEXT: tile.reduce add %[[V]] dim 0 : tensor<128xf32> -> f32
  // CHECK-NEXT: tile.reduce minimumf %[[V]] dim 0 : tensor<128xf32> -> f32
  // CHECK-NEXT: tile.reduce maxsi %[[W]] dim 0 : tensor<64xi32> -> i32
  // CHECK-NEXT: tile.reduce xor %[[W]] dim 0 : tensor<64xi32> -> i32
  // CHECK-NEXT: return
  %17 = tile.reduce add %v dim 0 : tensor<128xf32> -> f32
  %18 = tile.reduce minimumf %v dim 0 : tensor<128xf32> -> f32
  %19 = tile.reduce maxsi %w dim 0 : tensor<64xi32> -> i32
  %20 = tile.reduce xor %w dim 0 : tensor<64xi32> -> i32
  return
}

// CHECK-LABEL: func.func @aranges
// CHECK-NEXT:    %[[A:.*]] = tile.arange : tensor<128xi32>
// CHECK-NEXT:    %[[B:.*]] = tile.arange : tensor<64xindex>
// CHECK-NEXT:    %[[C:.*]] = tile.arange : tensor<128xi8>
// CHECK-NEXT:    return %[[A]], %[[B]], %[[C]] : tensor<128xi32>, tensor<64xindex>, tensor<128xi8>
func.func @aranges() -> (tensor<128xi32>, tensor<64xindex>, tensor<128xi8>) {
  %a = tile.arange : tensor<128xi32>
  %b = tile.arange : tensor<64xindex>
  // 0..127: the largest i8 arange.
  %c = tile.arange : tensor<128xi8>
  return %a, %b, %c : tensor<128xi32>, tensor<64xindex>, tensor<128xi8>
}

// Scalar loads and stores: one element, with and without a stride, a
// bound and a padding.
// CHECK-LABEL: func.func @scalar_access
// CHECK-SAME:    (%[[X:[a-z0-9]+]]: memref<?xf32>, %[[Y:[a-z0-9]+]]: memref<?xi32>, %[[Z:[a-z0-9]+]]: memref<?xf16>, %[[I:[a-z0-9]+]]: index, %[[N:[a-z0-9]+]]: index, %[[S:[a-z0-9]+]]: index)
func.func @scalar_access(%X: memref<?xf32>, %Y: memref<?xi32>, %Z: memref<?xf16>,
                         %i: index, %n: index, %s: index) {
  // CHECK-NEXT: %[[A:.*]] = tile.load %[[X]][%[[I]]] : memref<?xf32> -> f32
  // CHECK-NEXT: %[[B:.*]] = tile.load %[[X]][%[[I]]] bounds [%[[N]]] : memref<?xf32> -> f32
  // CHECK-NEXT: %[[C:.*]] = tile.load %[[X]][%[[I]]] strides [%[[S]]] bounds [%[[N]]] {padding = -1.000000e+00 : f32} : memref<?xf32> -> f32
  // CHECK-NEXT: %[[D:.*]] = tile.load %[[Y]][%[[I]]] bounds [%[[N]]] {padding = 7 : i32} : memref<?xi32> -> i32
  // CHECK-NEXT: %[[E:.*]] = tile.load %[[Z]][%[[I]]] strides [%[[S]]] : memref<?xf16> -> f16
  %a = tile.load %X[%i] : memref<?xf32> -> f32
  %b = tile.load %X[%i] bounds [%n] : memref<?xf32> -> f32
  %c = tile.load %X[%i] strides [%s] bounds [%n] {padding = -1.0 : f32} : memref<?xf32> -> f32
  %d = tile.load %Y[%i] bounds [%n] {padding = 7 : i32} : memref<?xi32> -> i32
  %e = tile.load %Z[%i] strides [%s] : memref<?xf16> -> f16
  // CHECK-NEXT: tile.store %[[A]], %[[X]][%[[I]]] : f32, memref<?xf32>
  // CHECK-NEXT: tile.store %[[B]], %[[X]][%[[I]]] bounds [%[[N]]] : f32, memref<?xf32>
  // CHECK-NEXT: tile.store %[[C]], %[[X]][%[[I]]] strides [%[[S]]] bounds [%[[N]]] : f32, memref<?xf32>
  // CHECK-NEXT: tile.store %[[D]], %[[Y]][%[[I]]] bounds [%[[N]]] : i32, memref<?xi32>
  // CHECK-NEXT: tile.store %[[E]], %[[Z]][%[[I]]] strides [%[[S]]] : f16, memref<?xf16>
  // CHECK-NEXT: return
  tile.store %a, %X[%i] : f32, memref<?xf32>
  tile.store %b, %X[%i] bounds [%n] : f32, memref<?xf32>
  tile.store %c, %X[%i] strides [%s] bounds [%n] : f32, memref<?xf32>
  tile.store %d, %Y[%i] bounds [%n] : i32, memref<?xi32>
  tile.store %e, %Z[%i] strides [%s] : f16, memref<?xf16>
  return
}

// Layout changes: between applegpu encodings, to and from no encoding, and
// to the same type (kept: no folding without --canonicalize).
// CHECK-LABEL: func.func @convert_layouts
// CHECK-SAME:    (%[[X:[a-z0-9]+]]: tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>, %[[Y:[a-z0-9]+]]: tensor<64xf32>)
func.func @convert_layouts(%x: tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>,
                           %y: tensor<64xf32>)
    -> (tensor<64x64xf32, #applegpu.distributed<threads = 128, vector = 4>>,
        tensor<64xf32, #applegpu.distributed<threads = 128, vector = 1>>,
        tensor<64x64xf32>, tensor<64xf32>) {
  // CHECK-NEXT: %[[A:.*]] = tile.convert_layout %[[X]] : tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>> -> tensor<64x64xf32, #applegpu.distributed<threads = 128, vector = 4>>
  // CHECK-NEXT: %[[B:.*]] = tile.convert_layout %[[Y]] : tensor<64xf32> -> tensor<64xf32, #applegpu.slice<dim = 1, size = 64, parent = #applegpu.fragments<simdgroups = [2, 2]>>>
  // CHECK-NEXT: %[[C:.*]] = tile.convert_layout %[[B]] : tensor<64xf32, #applegpu.slice<dim = 1, size = 64, parent = #applegpu.fragments<simdgroups = [2, 2]>>> -> tensor<64xf32, #applegpu.distributed<threads = 128, vector = 1>>
  // CHECK-NEXT: %[[D:.*]] = tile.convert_layout %[[X]] : tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>> -> tensor<64x64xf32>
  // CHECK-NEXT: %[[E:.*]] = tile.convert_layout %[[Y]] : tensor<64xf32> -> tensor<64xf32>
  // CHECK-NEXT: return %[[A]], %[[C]], %[[D]], %[[E]]
  %a = tile.convert_layout %x
      : tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>
      -> tensor<64x64xf32, #applegpu.distributed<threads = 128, vector = 4>>
  %b = tile.convert_layout %y
      : tensor<64xf32>
      -> tensor<64xf32, #applegpu.slice<dim = 1, size = 64, parent = #applegpu.fragments<simdgroups = [2, 2]>>>
  %c = tile.convert_layout %b
      : tensor<64xf32, #applegpu.slice<dim = 1, size = 64, parent = #applegpu.fragments<simdgroups = [2, 2]>>>
      -> tensor<64xf32, #applegpu.distributed<threads = 128, vector = 1>>
  %d = tile.convert_layout %x
      : tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>> -> tensor<64x64xf32>
  %e = tile.convert_layout %y : tensor<64xf32> -> tensor<64xf32>
  return %a, %c, %d, %e
      : tensor<64x64xf32, #applegpu.distributed<threads = 128, vector = 4>>,
        tensor<64xf32, #applegpu.distributed<threads = 128, vector = 1>>,
        tensor<64x64xf32>, tensor<64xf32>
}
