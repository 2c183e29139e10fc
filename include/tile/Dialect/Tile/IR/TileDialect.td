//===- TileDialect.td - the tile dialect -------------------*- tablegen -*-===//
//
// Triton-style tile kernels: one program instance owns an output tile.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_IR_TILEDIALECT_TD
#define TILE_DIALECT_TILE_IR_TILEDIALECT_TD

include "mlir/IR/OpBase.td"

def Tile_Dialect : Dialect {
  let name = "tile";
  let cppNamespace = "::tile";
  let summary = "Triton-style tile kernels for Apple GPUs";
  let description = [{
    The `tile` dialect describes GPU kernels at the level of tiles: each program
    instance (one threadgroup on an Apple GPU) owns a tile of the output and
    computes it with whole-tile operations.

    * Tiles are builtin ranked tensors of rank 1 or 2 with a static shape
      (`tensor<64x32xf32>`); they are register resident and have value
      semantics.
    * Buffers are flat, rank-1 `memref` kernel arguments (`memref<?xf32>`); 2-D
      addressing is expressed with explicit strides on `tile.load` and
      `tile.store`, so any layout (row-major, column-major, transposed, a
      sub-matrix of a larger one) is just a choice of offsets and strides.
    * Elementwise math is ordinary `arith` and `math` on tensors
      (`arith.select` of an `arith.cmpf` is `where`); a runtime scalar becomes a
      tile with `tile.splat`.
    * A kernel is a `func.func` carrying the unit attribute `tile.kernel`.

    Discardable attributes understood by the dialect:

    * `tile.kernel` (unit, on `func.func`): marks a kernel entry point. The
      function must return nothing.
    * `tile.simdgroups = array<i64: WM, WN>` (on a kernel): the grid of SIMD
      groups of one threadgroup; both positive and `WM * WN * 32 <= 1024`.
    * `tile.target = "apple7" | "apple8" | "apple9" | "apple10"` (on a module
      or kernel): the GPU family to generate code for.
    * `tile.num_stages = N : i64` (N >= 1, on a loop): the pipelining hint of
      a `tile.for_range`, kept on the `scf.for` it lowers to.
    * `tile.loads_pipelined` (unit, on a loop): `tile-pipeline-loads` has
      read the loop's loads ahead; it leaves such loops alone.
    * `tile.launch_grid = array<i64: A0, C0, A1, C1, A2, C2>` (on a kernel):
      the threadgroups per grid along x, y and z, each `ceildiv(argument #Ai,
      Ci)`, or 1 where `Ai = -1` (then `Ci = 1`). Without it the grid is
      derived from the kernel's stores (an index `program_id * C` with a
      kernel argument as its bound); `tile-swizzle` records it before its
      rewrite hides the program ids, and the ABI reports it.
    * `tile.name = "A"` (on a kernel argument): the parameter's name in the
      generated MSL and ABI, an identifier. Frontends set it; without it the
      name written in the source (`%A`) is used where the tool knows it
      (tile-opt, tile-run, or a `loc("A")` on the argument), else `argN`.

    Example:

    ```mlir
    func.func @scale(%X: memref<?xf32>, %Y: memref<?xf32>, %n: index, %s: f32)
        attributes {tile.kernel} {
      %c256 = arith.constant 256 : index
      %p = tile.program_id x : index
      %i = arith.muli %p, %c256 : index
      %x = tile.load %X[%i] bounds [%n] : memref<?xf32> -> tensor<256xf32>
      %k = tile.splat %s : f32 -> tensor<256xf32>
      %y = arith.mulf %x, %k : tensor<256xf32>
      tile.store %y, %Y[%i] bounds [%n] : tensor<256xf32>, memref<?xf32>
      return
    }
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let hasConstantMaterializer = 1;
  let extraClassDeclaration = [{
    /// Names of the discardable attributes the dialect understands.
    static constexpr ::llvm::StringLiteral getKernelAttrName() {
      return "tile.kernel";
    }
    static constexpr ::llvm::StringLiteral getSimdgroupsAttrName() {
      return "tile.simdgroups";
    }
    static constexpr ::llvm::StringLiteral getTargetAttrName() {
      return "tile.target";
    }
    static constexpr ::llvm::StringLiteral getArgNameAttrName() {
      return "tile.name";
    }
    /// The GPU families `tile.target` (and the passes' `target` options)
    /// accept: apple7, apple8, apple9, apple10.
    static bool isKnownTarget(::llvm::StringRef target);
    static constexpr ::llvm::StringLiteral getNumStagesAttrName() {
      return "tile.num_stages";
    }
    static constexpr ::llvm::StringLiteral getLoadsPipelinedAttrName() {
      return "tile.loads_pipelined";
    }
    /// A unit attribute on a loop (`tile.for_range` or `scf.for`): the
    /// backend asks its compiler to unroll it (MSL `#pragma unroll`, for
    /// constant bounds). A loop of the program gets the pragma only with
    /// it; tile-unroll puts it on the remainder loop it makes.
    static constexpr ::llvm::StringLiteral getUnrollAttrName() {
      return "tile.unroll";
    }
    static constexpr ::llvm::StringLiteral getLaunchGridAttrName() {
      return "tile.launch_grid";
    }
    /// A unit attribute tile-assign-layouts puts on a small-M `tile.dot`
    /// that lanes compute without simdgroup_matrix fragments (docs/llm.md).
    static constexpr ::llvm::StringLiteral getMatvecAttrName() {
      return "tile.matvec";
    }
  }];
}

class Tile_Op<string mnemonic, list<Trait> traits = []>
    : Op<Tile_Dialect, mnemonic, traits>;

#endif // TILE_DIALECT_TILE_IR_TILEDIALECT_TD
