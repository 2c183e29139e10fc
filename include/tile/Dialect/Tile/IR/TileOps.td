//===- TileOps.td - tile dialect operations ----------------*- tablegen -*-===//
//
// The textual forms of these ops are a public interface (see README.md, "The
// tile dialect"): extend them, do not change them.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_IR_TILEOPS_TD
#define TILE_DIALECT_TILE_IR_TILEOPS_TD

include "tile/Dialect/Tile/IR/TileDialect.td"
include "tile/Dialect/Tile/IR/TileAttrs.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/LoopLikeInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// A flat buffer kernel argument; 2-D addressing is done with strides.
def Tile_Buffer : MemRefRankOf<[AnyType], [1]>;

//===----------------------------------------------------------------------===//
// Program instance queries
//===----------------------------------------------------------------------===//

class Tile_GridQueryOp<string mnemonic> : Tile_Op<mnemonic, [Pure]> {
  let arguments = (ins Tile_Dim:$dim);
  let results = (outs Index:$result);
  let assemblyFormat = "$dim attr-dict `:` type($result)";
}

def Tile_ProgramIdOp : Tile_GridQueryOp<"program_id"> {
  let summary = "index of this program instance along a grid dimension";
  let description = [{
    Returns the position of the running program instance in the launch grid
    along dimension `x`, `y` or `z`. On Apple GPUs one program instance is one
    threadgroup, so this is `threadgroup_position_in_grid`.

    Example:

    ```mlir
    %pm = tile.program_id x : index
    ```
  }];
}

def Tile_NumProgramsOp : Tile_GridQueryOp<"num_programs"> {
  let summary = "number of program instances along a grid dimension";
  let description = [{
    Returns the size of the launch grid, in program instances, along dimension
    `x`, `y` or `z` (`threadgroups_per_grid` on Apple GPUs).

    Example:

    ```mlir
    %gm = tile.num_programs x : index
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Memory access
//===----------------------------------------------------------------------===//

def Tile_LoadOp : Tile_Op<"load", [AttrSizedOperandSegments]> {
  let summary = "strided, optionally masked load of a tile from a buffer";
  let description = [{
    Loads a tile of rank 1 or 2 from a flat buffer. For a rank-2 tile, element
    `(a, b)` of the result is `buffer[(i + a) * s0 + (j + b) * s1]` where
    `[i, j]` are the `indices` and `[s0, s1]` the `strides`. A rank-1 tile
    reads `buffer[(i + a) * s]`; its stride defaults to 1 and may be omitted.

    `bounds` (optional, one per dimension, in the same index space as
    `indices`) mask the access the way Triton masks do: element `(a, b)` is
    valid iff `i + a < r && j + b < c`. Invalid elements read `padding`
    (default zero) and never touch memory. Without `bounds` every element
    must be in range: that is the author's promise.

    A transposed operand is only a choice of strides: the transpose of a
    row-major KxN matrix `B` with leading dimension `ld` is read with
    `strides [%c1, %ld]`.

    Example:

    ```mlir
    %a = tile.load %A[%row, %k] strides [%K, %c1] bounds [%M, %K]
        : memref<?xf32> -> tensor<64x32xf32>
    %v = tile.load %X[%i] bounds [%n] {padding = -1.0}
        : memref<?xf32> -> tensor<256xf32>
    ```

    Scalar form: with a scalar result type (the buffer's element type), one
    element `buffer[i * s]` is read; out of bounds (`i >= n`) it is the
    padding. Every thread of the program sees the same value.

    ```mlir
    %x = tile.load %X[%i] bounds [%n] : memref<?xf32> -> f32
    ```
  }];
  let arguments = (ins
    Arg<Tile_Buffer, "the buffer to read", [MemRead]>:$buffer,
    Variadic<Index>:$indices,
    Variadic<Index>:$strides,
    Variadic<Index>:$bounds,
    OptionalAttr<TypedAttrInterface>:$padding);
  let results = (outs AnyTypeOf<[AnyRankedTensor, AnySignlessIntegerOrIndex,
                                 AnyFloat]>:$result);
  let assemblyFormat = [{
    $buffer `[` $indices `]` (`strides` ` ` `[` $strides^ `]`)?
    (`bounds` ` ` `[` $bounds^ `]`)? attr-dict `:` type($buffer) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_StoreOp : Tile_Op<"store", [AttrSizedOperandSegments]> {
  let summary = "strided, optionally masked store of a tile to a buffer";
  let description = [{
    Stores a tile of rank 1 or 2 to a flat buffer with the same addressing as
    `tile.load`: element `(a, b)` goes to `buffer[(i + a) * s0 + (j + b) * s1]`.
    With `bounds`, elements outside `[0, r) x [0, c)` (in the index space of
    `indices`) are not written.

    Example:

    ```mlir
    tile.store %acc, %C[%row, %col] strides [%N, %c1] bounds [%M, %N]
        : tensor<64x64xf32>, memref<?xf32>
    ```

    Scalar form: a scalar `value` is written once per program (not once per
    thread) to `buffer[i * s]`, and not at all when `i >= n`.

    ```mlir
    tile.store %sum, %Out[%pid] bounds [%n] : f32, memref<?xf32>
    ```
  }];
  let arguments = (ins
    AnyTypeOf<[AnyRankedTensor, AnySignlessIntegerOrIndex, AnyFloat]>:$value,
    Arg<Tile_Buffer, "the buffer to write", [MemWrite]>:$buffer,
    Variadic<Index>:$indices,
    Variadic<Index>:$strides,
    Variadic<Index>:$bounds);
  let assemblyFormat = [{
    $value `,` $buffer `[` $indices `]` (`strides` ` ` `[` $strides^ `]`)?
    (`bounds` ` ` `[` $bounds^ `]`)? attr-dict `:` type($value) `,` type($buffer)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Compute
//===----------------------------------------------------------------------===//

def Tile_DotOp : Tile_Op<"dot", [Pure, AllTypesMatch<["acc", "result"]>]> {
  let summary = "tile matrix product with accumulation";
  let description = [{
    Computes `acc + a @ b` where `a` is MxK, `b` is KxN and `acc` and the
    result are MxN. `a` and `b` have the same element type, one of f32, f16 or
    bf16. The accumulator is f32, or f16 when the operands are f16.

    Example:

    ```mlir
    %d = tile.dot %a, %b, %acc
        : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$a, AnyRankedTensor:$b,
                       AnyRankedTensor:$acc);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $acc attr-dict `:` type($a) `,` type($b) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_SplatOp : Tile_Op<"splat", [Pure]> {
  let summary = "broadcast a scalar to a tile";
  let description = [{
    Makes a tile whose every element is the scalar `input`, e.g. to combine a
    runtime kernel argument with a tile in `arith`/`math`. The scalar type is
    the tile's element type.

    Example:

    ```mlir
    %alpha_t = tile.splat %alpha : f32 -> tensor<64x64xf32>
    ```
  }];
  let arguments = (ins AnyTypeOf<[AnyFloat, AnySignlessInteger, Index]>:$input);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_SwizzleOp : Tile_Op<"swizzle", [Pure]> {
  let summary = "remap 2-D program ids for cache locality";
  let description = [{
    Maps the program ids `(pm, pn)` of a 2-D grid to the tile coordinates
    `(m, n)` that this program instance computes, so that instances running
    at the same time touch nearby tiles of the inputs. The grid size is the
    one of `tile.num_programs x|y`. The mapping is a bijection on every grid,
    also when the grid is not a multiple of the block.

    Patterns and their `block`:

    | pattern    | block            | order                                       |
    |------------|------------------|---------------------------------------------|
    | `linear`   | 1 (or omitted)   | identity                                    |
    | `diagonal` | 1 (or omitted)   | column rotated by row                       |
    | `morton`   | power of 2, >= 2 | Z-order inside `block` x `block` squares    |
    | `grouped`  | >= 1             | groups of `block` rows walked column-major  |
    | `hilbert`  | 4                | Hilbert curve inside 4x4 panels             |

    When `block` is omitted it is 1 for `linear`, `diagonal` and `grouped`,
    2 for `morton` and 4 for `hilbert`.

    The exact mapping, for a `gm` x `gn` grid: program instances start in the
    order L = pm + gm * pn (x fastest), and each pattern says which tile the
    L-th instance computes.

    * `linear`: (m, n) = (pm, pn).
    * `diagonal`: (m, n) = (pm, (pn + pm) mod gn).
    * `grouped` (G = block): groups of G rows of tiles, each walked column by
      column: first = (L / (G * gn)) * G, rows = min(gm - first, G),
      r = L mod (G * gn), (m, n) = (first + r mod rows, r / rows).
    * `morton` and `hilbert` (b = block): the largest gm' x gn' part of the
      grid made of whole b x b squares is walked square after square
      (squares x fastest), each along its curve: for L < gm' * gn',
      q = L / b^2, t = L mod b^2, (m, n) = ((q mod (gm'/b)) * b + i,
      (q / (gm'/b)) * b + j) where (i, j) is the t-th cell of the curve
      (Z-order: i from the even bits of t, j from the odd bits; Hilbert: the
      4x4 curve (0,0) (0,1) (1,1) (1,0) (2,0) (3,0) (3,1) (2,1) (2,2) (3,2)
      (3,3) (2,3) (1,3) (1,2) (0,2) (0,3)). The remaining edge tiles follow
      in order: first the columns n >= gn' (x fastest), then the rows
      m >= gm' of the other columns.

    Every mapping is a bijection of the grid onto itself. Operands outside
    the grid (0 <= pm < gm and 0 <= pn < gn fails, e.g. the program ids passed
    swapped) are returned unchanged, so the op is defined for every input.

    Example:

    ```mlir
    %m, %n = tile.swizzle %pm, %pn {pattern = "morton", block = 2} : index
    ```
  }];
  let arguments = (ins Index:$pid_m, Index:$pid_n, StrAttr:$pattern,
                       OptionalAttr<I64Attr>:$block);
  let results = (outs Index:$m, Index:$n);
  let assemblyFormat = "$pid_m `,` $pid_n attr-dict `:` type($m)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The block of the pattern, with the documented default when omitted.
    int64_t getEffectiveBlock();
    /// The names of every supported pattern, in documentation order.
    static ::llvm::ArrayRef<::llvm::StringLiteral> getPatternNames();
  }];
}

//===----------------------------------------------------------------------===//
// Epilogues
//===----------------------------------------------------------------------===//

def Tile_BroadcastOp : Tile_Op<"broadcast", [Pure]> {
  let summary = "repeat a rank-1 tile along one dimension of a rank-2 tile";
  let description = [{
    Makes a rank-2 tile from a rank-1 tile `input` (a vector): `dim` is the
    result dimension the vector runs along. With `dim 1`, element `(a, b)`
    of the result is `input[b]` (one value per column, the same in every
    row: a bias added to each output column of a GEMM); with `dim 0` it is
    `input[a]` (one value per row). The vector's length is the result's size
    along `dim` and the element types match.

    Example, a per-column bias read with the output's column bound:

    ```mlir
    %bias = tile.load %Bias[%col] bounds [%N] : memref<?xf32> -> tensor<64xf32>
    %bias2d = tile.broadcast %bias dim 1 : tensor<64xf32> -> tensor<64x64xf32>
    %out = arith.addf %acc, %bias2d : tensor<64x64xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input,
                       ConfinedAttr<I64Attr, [IntMinValue<0>, IntMaxValue<1>]>:$dim);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $input `dim` $dim attr-dict `:` type($input) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Reductions, index vectors and layout changes
//===----------------------------------------------------------------------===//

def Tile_ReduceOp : Tile_Op<"reduce", [Pure]> {
  let summary = "combine the elements of a tile along one dimension";
  let description = [{
    Reduces a rank-2 tile along `dim` to a rank-1 tile (`dim 1` combines the
    elements of each row, giving one value per row; `dim 0` one value per
    column), or a rank-1 tile (`dim 0`) to a scalar of its element type.

    The kind is spelled and means what upstream `vector::CombiningKind`
    does: `add`, `mul` (integers and floats); `maximumf`, `minimumf`
    (NaN-propagating), `maxnumf`, `minnumf` (NaN-ignoring) for floats;
    `maxsi`, `minsi`, `maxui`, `minui`, `and`, `or`, `xor` for integers.

    Every element of the tile takes part, the padding of a masked
    `tile.load` included: load with the kind's identity as padding (or
    mask with `arith.select`) to leave elements out. The order in which
    elements are combined is unspecified, so float `add` and `mul` may
    round differently on different targets.

    Example, the row maxima of a tile and the sum of a vector:

    ```mlir
    %m = tile.reduce maximumf %x dim 1 : tensor<64x128xf32> -> tensor<64xf32>
    %s = tile.reduce add %v dim 0 : tensor<128xf32> -> f32
    ```
  }];
  let arguments = (ins Tile_CombiningKind:$kind, AnyRankedTensor:$input,
                       ConfinedAttr<I64Attr, [IntMinValue<0>, IntMaxValue<1>]>:$dim);
  let results = (outs AnyTypeOf<[AnyRankedTensor, AnySignlessIntegerOrIndex,
                                 AnyFloat]>:$result);
  let assemblyFormat = [{
    $kind $input `dim` $dim attr-dict `:` type($input) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_ArangeOp : Tile_Op<"arange", [Pure]> {
  let summary = "the rank-1 tile 0, 1, ..., N-1";
  let description = [{
    A rank-1 tile of N integers (or `index` values) whose element `i` is
    `i`. With `tile.splat`, `tile.broadcast` and `arith.cmpi` it builds
    masks, e.g. the columns of a tile that lie before a bound, or a causal
    mask.

    Example:

    ```mlir
    %i = tile.arange : tensor<128xi32>
    ```
  }];
  let results = (outs RankedTensorOf<[AnySignlessIntegerOrIndex]>:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Tile_ConvertLayoutOp : Tile_Op<"convert_layout", [Pure,
    SameOperandsAndResultShape, SameOperandsAndResultElementType]> {
  let summary = "the same tile in another layout encoding";
  let description = [{
    Returns its operand unchanged in value; only the layout encoding of the
    tensor type (how the tile's elements are spread over the threads of a
    program, see the `applegpu` dialect's layout attributes) changes. The
    tile dialect gives encodings no meaning of its own: a backend decides
    how to move the elements (in registers, with SIMD-group shuffles or
    through threadgroup memory). `tile-assign-layouts` inserts these ops
    where a tile is needed in a layout other than the one it is produced
    in; canonicalization removes the needless ones (same layout on both
    sides, chains of conversions, conversions of constants and splats).

    Example:

    ```mlir
    %d = tile.convert_layout %r
        : tensor<64xf32, #applegpu.slice<dim = 1, size = 128,
                                          parent = #applegpu.fragments<simdgroups = [2, 2]>>>
        -> tensor<64xf32, #applegpu.distributed<threads = 128, vector = 1>>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Tile_EpilogueOp : Tile_Op<"epilogue", [Pure, SingleBlock]> {
  let summary = "elementwise computation applied to each element of tiles";
  let description = [{
    Applies its body, a block of scalar operations, to every element
    position of its input tiles at once: for each position `p`, the body's
    arguments are the elements at `p` of `inputs` (in order) and the values
    its `tile.yield` gives are the elements at `p` of the results. All
    inputs and results have the same shape; the body's argument and yield
    types are their element types. The body holds `arith` and `math` ops
    without memory effects, on scalars only; it may use scalars defined
    above it (such as kernel arguments) but no tiles.

    `tile-fuse-epilogue` builds these ops from the elementwise `arith` and
    `math` ops that follow a `tile.dot` accumulator, so that the backend
    runs them on the register-resident accumulator fragments: each result
    element is computed by the thread that holds the matching accumulator
    element, with no memory traffic beyond reading the inputs (a bias
    broadcast or a residual tile). The op may also be written by hand.

    Canonicalization drops results nobody uses, inputs the body does not
    read and repeated inputs, and forwards a result that is just an input
    of the same type.

    Example, `relu(acc * alpha + bias)` for a runtime `%alpha`:

    ```mlir
    %out = tile.epilogue ins(%acc, %bias2d : tensor<64x64xf32>, tensor<64x64xf32>)
        -> tensor<64x64xf32> {
    ^bb0(%a: f32, %b: f32):
      %zero = arith.constant 0.0 : f32
      %scaled = arith.mulf %a, %alpha : f32
      %biased = arith.addf %scaled, %b : f32
      %relu = arith.maximumf %biased, %zero : f32
      tile.yield %relu : f32
    }
    ```
  }];
  let arguments = (ins Variadic<AnyRankedTensor>:$inputs);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    (`ins` `(` $inputs^ `:` type($inputs) `)`)? `->` type($results)
    attr-dict-with-keyword $body
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let hasCanonicalizer = 1;
  let extraClassDeclaration = [{
    /// The body's terminator.
    YieldOp getYield();
  }];
}

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

def Tile_ForRangeOp : Tile_Op<"for_range", [
    AutomaticAllocationScope, RecursiveMemoryEffects,
    SingleBlockImplicitTerminator<"YieldOp">,
    DeclareOpInterfaceMethods<LoopLikeOpInterface, [
      "getInitsMutable", "getLoopResults", "getRegionIterArgs",
      "getLoopInductionVars", "getLoopLowerBounds", "getLoopSteps",
      "getLoopUpperBounds", "getStaticTripCount", "getYieldedValuesMutable"]>,
    DeclareOpInterfaceMethods<RegionBranchOpInterface,
      ["getEntrySuccessorOperands"]>]> {
  let summary = "a counted loop over tiles with loop-carried values";
  let description = [{
    Runs its body for `%iv = lb, lb + step, ...` while `%iv < ub` (signed
    comparison); bounds may be constants or runtime values, `step` must be
    positive. `iter_args` carry values (typically an accumulator tile) from
    one iteration to the next: the body's `tile.yield` gives the values of
    the next iteration, and the op's results are the values yielded by the
    last one (the initial values when the loop runs zero times).

    `num_stages` (optional, >= 1) asks the backend to software-pipeline the
    loads of the body over that many stages.

    The op lowers to `scf.for` (`tile-for-range-to-scf`) or is unrolled
    (`tile-unroll`). A loop that runs zero times folds to its initial values
    and a loop that runs once is inlined (canonicalization).

    Example:

    ```mlir
    %acc = tile.for_range %k = %c0 to %K step %c32
        iter_args(%a0 = %zero) -> (tensor<64x64xf32>) {
      %a = tile.load %A[%row, %k] strides [%K, %c1] bounds [%M, %K]
          : memref<?xf32> -> tensor<64x32xf32>
      %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%K, %N]
          : memref<?xf32> -> tensor<32x64xf32>
      %d = tile.dot %a, %b, %a0
          : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
      tile.yield %d : tensor<64x64xf32>
    } {num_stages = 2}
    ```
  }];
  let arguments = (ins Index:$lowerBound, Index:$upperBound, Index:$step,
                       Variadic<AnyType>:$initArgs,
                       OptionalAttr<I64Attr>:$num_stages);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$region);

  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Value":$lowerBound, "::mlir::Value":$upperBound,
                   "::mlir::Value":$step, CArg<"::mlir::ValueRange", "{}">:$initArgs)>
  ];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
  let extraClassDeclaration = [{
    ::mlir::Block *getBody() { return &getRegion().front(); }
    ::mlir::Value getInductionVar() { return getBody()->getArgument(0); }
    /// The body's terminator.
    YieldOp getYield();
  }];
}

def Tile_YieldOp : Tile_Op<"yield", [Pure, ReturnLike, Terminator,
    ParentOneOf<["ForRangeOp", "EpilogueOp"]>]> {
  let summary = "yield the values of a loop iteration or an epilogue element";
  let description = [{
    Terminates the body of `tile.for_range` or `tile.epilogue`. In a loop,
    its operands become the `iter_args` of the next iteration, or the loop's
    results after the last one; with no loop-carried values it may be
    omitted in the textual form. In an epilogue, its scalar operands are the
    elements of the epilogue's results at the position being computed.

    Example:

    ```mlir
    tile.yield %d : tensor<64x64xf32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$values);
  let builders = [OpBuilder<(ins), [{ /* no loop-carried values */ }]>];
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
}

include "tile/Dialect/Tile/IR/TileIndirectOps.td"
include "tile/Dialect/Tile/IR/TileThreadOps.td"

#endif // TILE_DIALECT_TILE_IR_TILEOPS_TD
