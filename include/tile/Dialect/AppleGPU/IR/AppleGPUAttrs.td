//===- AppleGPUAttrs.td - applegpu enums and attributes ----*- tablegen -*-===//

#ifndef TILE_DIALECT_APPLEGPU_IR_APPLEGPUATTRS_TD
#define TILE_DIALECT_APPLEGPU_IR_APPLEGPUATTRS_TD

include "tile/Dialect/AppleGPU/IR/AppleGPUDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/TensorEncoding.td"
include "tile/Dialect/AppleGPU/IR/LayoutAttrInterface.td"

def AppleGPU_AddressSpace : I32EnumAttr<"AddressSpace", "an MSL address space", [
    I32EnumAttrCase<"device", 1>,
    I32EnumAttrCase<"threadgroup", 3>,
    I32EnumAttrCase<"constant", 2>
  ]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::tile::applegpu";
}

def AppleGPU_AddressSpaceAttr
    : EnumAttr<AppleGPU_Dialect, AppleGPU_AddressSpace, "address_space"> {
  let summary = "MSL address space of a memref";
  let description = [{
    Used as the memory space of memrefs: `device` buffers are kernel
    arguments in GPU memory, `threadgroup` memory is shared by the threads of
    one threadgroup, `constant` is read-only argument memory.

    Example: `memref<2304xf32, #applegpu.address_space<threadgroup>>`
  }];
  let assemblyFormat = "`<` $value `>`";
}

def AppleGPU_MemFlags : I32BitEnumAttr<"MemFlags",
    "memory ordered by a barrier", [
    I32BitEnumAttrCaseNone<"mem_none">,
    I32BitEnumAttrCaseBit<"mem_device", 0>,
    I32BitEnumAttrCaseBit<"mem_threadgroup", 1>,
    I32BitEnumAttrCaseBit<"mem_texture", 2>
  ]> {
  let cppNamespace = "::tile::applegpu";
  let separator = " | ";
  let genSpecializedAttr = 0;
}

def AppleGPU_MemFlagsAttr
    : EnumAttr<AppleGPU_Dialect, AppleGPU_MemFlags, "mem_flags"> {
  let summary = "memory ordered by a barrier";
  let description = [{
    MSL's `mem_flags`: `mem_none`, or any of `mem_device`,
    `mem_threadgroup`, `mem_texture` joined by `|`.

    Example: `#applegpu.mem_flags<mem_device | mem_threadgroup>`
  }];
  let assemblyFormat = "`<` $value `>`";
}

def AppleGPU_Dim : I32EnumAttr<"Dim", "a dimension of the launch grid", [
    I32EnumAttrCase<"x", 0>,
    I32EnumAttrCase<"y", 1>,
    I32EnumAttrCase<"z", 2>
  ]> {
  let cppNamespace = "::tile::applegpu";
}

// The reductions of MSL's simd_<kind> functions.
def AppleGPU_SimdReduction : I32EnumAttr<"SimdReduction",
    "a reduction over the lanes of a SIMD-group", [
    I32EnumAttrCase<"sum", 0>,
    I32EnumAttrCase<"product", 1>,
    I32EnumAttrCase<"min", 2>,
    I32EnumAttrCase<"max", 3>,
    I32EnumAttrCase<"AND", 4, "and">,
    I32EnumAttrCase<"OR", 5, "or">,
    I32EnumAttrCase<"XOR", 6, "xor">
  ]> {
  let cppNamespace = "::tile::applegpu";
}


// The mode of a Metal 4 matmul2d.
def AppleGPU_Matmul2dMode : I32EnumAttr<"Matmul2dMode",
    "what a matmul2d does with its destination", [
    I32EnumAttrCase<"multiply", 0>,
    I32EnumAttrCase<"multiply_accumulate", 1>
  ]> {
  let cppNamespace = "::tile::applegpu";
}

def AppleGPU_Matmul2dAttr : AttrDef<AppleGPU_Dialect, "Matmul2d"> {
  let mnemonic = "matmul2d";
  let summary = "a Metal 4 matmul2d operation: descriptor and execution scope";
  let description = [{
    The C++ type `mpp::tensor_ops::matmul2d<Desc, Scope>` of Metal 4's
    MetalPerformancePrimitives: the fields of its `matmul2d_descriptor` and
    its execution scope. `m` x `n` is the destination (rows x columns), `k`
    the reduction length, or `dynamic` (`dynamic_length_v<int>`: read from
    the operand tensors). `transpose_left` / `transpose_right` say that the
    left (right) operand tensor is given M x K (K x N) in Apple's dimension
    order, i.e. with the row (k) index contiguous. `relaxed_precision` lets
    float operands be rounded to a 10-bit mantissa. `scope` is
    `simdgroup` (`execution_simdgroup`) or `simdgroups<N>`
    (`execution_simdgroups<N>`, N the threadgroup's SIMD-group count).

    Apple's headers require at least one of m, n to be a multiple of 16 and
    each of them to be 1, 2, 4 or a multiple of 8; the verifier does too.

    Example:
    `#applegpu.matmul2d<m = 32, n = 32, k = dynamic, transpose_right, relaxed_precision, mode = multiply_accumulate, scope = simdgroup>`
  }];
  let parameters = (ins "int64_t":$m, "int64_t":$n, "int64_t":$k,
                        "bool":$transposeLeft, "bool":$transposeRight,
                        "bool":$relaxedPrecision,
                        "::tile::applegpu::Matmul2dMode":$mode,
                        "int64_t":$simdgroups);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    static constexpr int64_t kDynamic = -1;
    bool isDynamicK() const { return getK() == kDynamic; }
  }];
}

//===----------------------------------------------------------------------===//
// Layout encodings of tiles
//===----------------------------------------------------------------------===//

// How the elements of a tile (a ranked tensor of a tile kernel) are held by
// the threads of a threadgroup, as the encoding of its tensor type.
// tile-assign-layouts attaches them; convert-tile-to-applegpu reads them.
// Each answers the questions of LayoutAttrInterface (LayoutGeometry.cpp):
// `geometry` lists those it answers otherwise than the interface's default
// (no thread count, no grid, vector width 1, no position formula).
class AppleGPU_Layout<string name, string attrMnemonic,
                      list<string> geometry = []>
    : AttrDef<AppleGPU_Dialect, name,
              [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>,
               DeclareAttrInterfaceMethods<AppleGPU_LayoutAttrInterface,
                                           geometry>]> {
  let mnemonic = attrMnemonic;
}

def AppleGPU_UniformLayoutAttr : AppleGPU_Layout<"UniformLayout", "uniform"> {
  let summary = "every element of the tile is the same value";
  let description = [{
    The tile is one value repeated (a splat, a splat constant, elementwise
    math on those): every thread holds that value once. Using it in another
    layout costs nothing.

    Example: `tensor<64x64xf32, #applegpu.uniform>`
  }];
}

def AppleGPU_DistributedLayoutAttr
    : AppleGPU_Layout<"DistributedLayout", "distributed",
                      ["getThreadCount", "getVectorWidth", "emitPosition"]> {
  let summary = "elements dealt to the threads in groups, round by round";
  let description = [{
    The tile's elements, in row-major order, are cut into groups of
    `vector` consecutive elements (a group never crosses a row: `vector`
    divides the last dimension). Group `g` is held by thread
    `g mod threads` (its index in the threadgroup), as its round
    `g / threads`; so a thread holds `ceil(groups / threads)` groups, the
    last of which may be missing. Groups of 4 are read and written with one
    vector access where the addresses allow it.

    Example: `tensor<64x32xf32, #applegpu.distributed<threads = 128, vector = 4>>`
  }];
  let parameters = (ins "int64_t":$threads, "int64_t":$vector);
  let assemblyFormat = "`<` `threads` `=` $threads `,` `vector` `=` $vector `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The group size tile-assign-layouts chooses for a tile of `shape`: 4
    /// when the last dimension is a multiple of 4, else 1.
    static int64_t getDefaultVector(::llvm::ArrayRef<int64_t> shape);
    /// Groups of `vector` elements in a tile of `shape`.
    int64_t getNumGroups(::llvm::ArrayRef<int64_t> shape) const;
    /// Whether some thread holds fewer groups of a tile of `shape` than
    /// others (its last round is partial).
    bool hasPartialRound(::llvm::ArrayRef<int64_t> shape) const;
    /// The row-major position in a tile of `shape` of the calling thread's
    /// slot `slot` (element (g * V + slot mod V), g = (slot / V) * T + tid),
    /// and an i1 telling whether the thread holds it (null when it does for
    /// a static slot of a full round, or, for a dynamic slot, when every
    /// round is full).
    std::pair<::mlir::Value, ::mlir::Value>
    emitSlotOffset(::tile::applegpu::LayoutIndexEmitter &emitter,
                   ::llvm::ArrayRef<int64_t> shape,
                   ::mlir::OpFoldResult slot) const;
    /// The row-major position of the first element of the calling thread's
    /// group in round `round` (slots round * V ...), and whether the thread
    /// holds it (null when every round is full).
    std::pair<::mlir::Value, ::mlir::Value>
    emitGroupOffset(::tile::applegpu::LayoutIndexEmitter &emitter,
                    ::llvm::ArrayRef<int64_t> shape, ::mlir::Value round) const;
  }];
}

def AppleGPU_FragmentsLayoutAttr
    : AppleGPU_Layout<"FragmentsLayout", "fragments",
                      ["getThreadCount", "getSimdgroupGrid", "getVectorWidth",
                       "emitPosition"]> {
  let summary = "8x8 simdgroup_matrix fragments over a grid of SIMD-groups";
  let description = [{
    A rank-2 tile cut into a `WM x WN` grid of blocks, one per SIMD-group
    (SIMD-group `s` takes block row `s / WN`, block column `s mod WN`);
    each block is cut into 8x8 `simdgroup_matrix` fragments, of which lane
    `l` holds row `(l / 4 & 4) + (l / 2) % 4`, columns `c` and `c + 1`,
    `c = (l / 4 & 2) * 2 + (l % 2) * 2`. The layout of `tile.dot`
    accumulators. The tile's rows must be a multiple of `8 * WM`, its
    columns of `8 * WN`.

    Example: `tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>`
  }];
  let parameters = (ins "int64_t":$simdgroupsM, "int64_t":$simdgroupsN);
  let assemblyFormat =
      "`<` `simdgroups` `=` `[` $simdgroupsM `,` $simdgroupsN `]` `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The rows x columns of a SIMD-group's block of a tile of `shape`.
    std::pair<int64_t, int64_t>
    getBlockShape(::llvm::ArrayRef<int64_t> shape) const;
    /// The 8x8 fragments per SIMD-group of a tile of `shape` (rows x
    /// columns of fragments in its block).
    std::pair<int64_t, int64_t>
    getFragmentGrid(::llvm::ArrayRef<int64_t> shape) const;
    /// The row and first column that lane `lane` holds of every 8x8
    /// fragment (see the description), emitted once per kernel into the
    /// thread coordinates.
    static std::pair<::mlir::Value, ::mlir::Value>
    emitLanePosition(::tile::applegpu::LayoutIndexEmitter &emitter,
                     ::mlir::Value lane);
  }];
}

def AppleGPU_SliceLayoutAttr
    : AppleGPU_Layout<"SliceLayout", "slice",
                      ["getThreadCount", "getSimdgroupGrid", "getVectorWidth",
                       "emitPosition"]> {
  let summary = "a rank-1 tile held where a rank-2 parent tile's rows or columns are";
  let description = [{
    The layout of what a reduction along `dim` of a rank-2 tile in layout
    `parent` gives: a rank-1 tile whose element `i` is held by every thread
    that holds an element of row `i` (`dim = 1`) or column `i` (`dim = 0`)
    of a parent tile whose size along `dim` is `size`. Broadcasting it back
    along `dim` (`tile.broadcast` to the parent's shape) costs nothing;
    elementwise math on it runs where it is held.

    Example, the row maxima of a 64x128 accumulator:
    `tensor<64xf32, #applegpu.slice<dim = 1, size = 128, parent = #applegpu.fragments<simdgroups = [2, 2]>>>`
  }];
  let parameters = (ins "int64_t":$dim, "int64_t":$size,
                        "::mlir::Attribute":$parent);
  let assemblyFormat =
      "`<` `dim` `=` $dim `,` `size` `=` $size `,` `parent` `=` $parent `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The shape of the parent tile of a slice of `shape`.
    ::llvm::SmallVector<int64_t, 2> getParentShape(::llvm::ArrayRef<int64_t> shape) const;
  }];
}

def AppleGPU_CooperativeLayoutAttr
    : AppleGPU_Layout<"CooperativeLayout", "cooperative",
                      ["getThreadCount", "getSimdgroupGrid"]> {
  let summary = "matmul2d destination cooperative tensors over a grid of SIMD-groups";
  let description = [{
    The tensor-ops accumulator layout: a rank-2 tile cut into a `WM x WN`
    grid of blocks, one per SIMD-group (SIMD-group `s` takes block row
    `s / WN`, block column `s mod WN`); each block is the destination
    cooperative tensor of that SIMD-group's `matmul2d`, whose elements are
    spread over the lanes in Apple's implementation-defined order. Code
    reads the position of each element from the cooperative tensor, never
    from a formula. The tile's rows must be a multiple of `WM`, its columns
    of `WN`.

    Example: `tensor<64x64xf32, #applegpu.cooperative<simdgroups = [2, 2]>>`
  }];
  let parameters = (ins "int64_t":$simdgroupsM, "int64_t":$simdgroupsN);
  let assemblyFormat =
      "`<` `simdgroups` `=` `[` $simdgroupsM `,` $simdgroupsN `]` `>`";
  let genVerifyDecl = 1;
}

def AppleGPU_ViewLayoutAttr : AppleGPU_Layout<"ViewLayout", "view"> {
  let summary = "not held by threads: a tensor-ops dot reads it from memory";
  let description = [{
    An operand of a tensor-ops `tile.dot` that no thread holds: `matmul2d`
    reads it through a tensor view. A `tile.load` in this layout is read
    from device memory by the dot itself (its view's extents are the load's
    bounds, so masked elements read 0); any other tile converted to it is
    written to threadgroup memory and read from there.

    Example: `tensor<64x32xf16, #applegpu.view>`
  }];
}

//===----------------------------------------------------------------------===//
// The threadgroup memory plan (tile-plan-threadgroup-memory)
//===----------------------------------------------------------------------===//

def AppleGPU_ScratchAttr : AttrDef<AppleGPU_Dialect, "Scratch"> {
  let mnemonic = "scratch";
  let summary = "where an op's threadgroup scratch lives in the kernel's arena";
  let description = [{
    Written by `tile-plan-threadgroup-memory` as the `applegpu.scratch`
    attribute of a tile op whose lowering needs threadgroup memory of its
    own (a `tile.convert_layout` through memory, a `tile.reduce` across
    SIMD groups, a staged tensor-ops `tile.dot`): `bytes` bytes at byte
    `offset` of the kernel's one threadgroup allocation (the arena, of
    `applegpu.threadgroup_memory` bytes). The lowering carves the op's
    buffers out of that region in order. `reused` says that another buffer
    used some of these bytes before (earlier in program order, or later in
    a loop that runs both): a user that writes without a leading barrier
    must then add one, so that the earlier readers are done first (the
    conversions and reductions always have one).

    The same attribute, as `applegpu.cooperative_spill`, is the region where
    an op of the tensor-ops backend copies the cooperative tiles of another
    dot that it reads at its own elements (one row-major copy per tile, at
    16-byte aligned offsets).

    Example: `#applegpu.scratch<offset = 512, bytes = 576, reused = true>`
  }];
  let parameters = (ins "int64_t":$offset, "int64_t":$bytes, "bool":$reused);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def AppleGPU_DotStagingAttr : AttrDef<AppleGPU_Dialect, "DotStaging"> {
  let mnemonic = "dot_staging";
  let summary = "how a simdgroup_matrix tile.dot stages its operands";
  let description = [{
    Written by `tile-plan-threadgroup-memory` as the `applegpu.dot_staging`
    attribute of each `tile.dot` of the simdgroup_matrix backend. The dot
    stages `k_step` columns of A and rows of B at a time (a multiple of 8
    dividing K; `k_step` < K means K sub-steps), with rows padded by 16
    bytes against bank conflicts when `pad`, and, when `alternating`, its
    steps alternate between two halves of the buffers (the dots of a
    pipelined loop). A's buffer is `a_bytes` bytes at byte `a_offset` of
    the kernel's arena, B's `b_bytes` at `b_offset` (both halves when
    alternating); the dots of one operand element type share them. `reused`
    says that another buffer used those bytes before (see
    `#applegpu.scratch`): the dot then begins with a barrier, or, when it
    alternates, its loop does (a staging step writes without one
    otherwise).

    Example:
    `#applegpu.dot_staging<k_step = 32, pad = true, alternating = false, a_offset = 0, a_bytes = 9216, b_offset = 9216, b_bytes = 8704, reused = false>`
  }];
  let parameters = (ins "int64_t":$k_step, "bool":$pad, "bool":$alternating,
                        "int64_t":$a_offset, "int64_t":$a_bytes,
                        "int64_t":$b_offset, "int64_t":$b_bytes,
                        "bool":$reused);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

#endif // TILE_DIALECT_APPLEGPU_IR_APPLEGPUATTRS_TD
