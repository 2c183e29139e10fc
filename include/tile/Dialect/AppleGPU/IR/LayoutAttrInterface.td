//===- LayoutAttrInterface.td - what a tile layout answers -*- tablegen -*-===//
//
// The geometry of a tile layout, asked of the layout itself: how many values
// each thread holds, how many consecutive elements it holds together, and
// where (row, column) each of its values lies in the tile. The passes that
// choose layouts (tile-assign-layouts), move loads (tile-pipeline-loads) and
// lower tiles (convert-tile-to-applegpu) ask these questions instead of
// switching over the layout kinds.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_APPLEGPU_IR_LAYOUTATTRINTERFACE_TD
#define TILE_DIALECT_APPLEGPU_IR_LAYOUTATTRINTERFACE_TD

include "mlir/IR/OpBase.td"

def AppleGPU_LayoutAttrInterface : AttrInterface<"LayoutAttrInterface"> {
  let cppNamespace = "::tile::applegpu";
  let description = [{
    A layout encoding of a tile (a static rank-1 or rank-2 tensor of a tile
    kernel): which thread of the threadgroup holds which element.

    A thread holds its part of a tile as an array of *values*, indexed by a
    multi-dimensional *value index* whose shape the layout gives
    (`getValueShape`); the array is that shape in row-major order. For
    `#applegpu.distributed` the index is the slot (one dimension), for
    `#applegpu.fragments` it is (fragment row, fragment column, element of
    the lane's pair), a `#applegpu.slice` uses its parent's, and a
    `#applegpu.uniform` tile is one value.

    `emitPosition` writes the index arithmetic that gives the tile element
    a value stands for, through a `LayoutIndexEmitter`, which supplies the
    thread's coordinates (thread index, SIMD-group position, lane position
    within an 8x8 fragment) and builds (and may fold or hoist) the
    arithmetic. Each static value index is emitted as a constant, which
    lets a layout omit the `held` test where it knows every thread holds
    the value.

    The thread count and SIMD-group grid are the layout's own parameters;
    every layout of a kernel agrees on them (convert-tile-to-applegpu checks
    this).
  }];

  let methods = [
    InterfaceMethod<
      /*desc=*/[{
        Threads per threadgroup the layout is made for, or 0 when it does
        not say (uniform, view).
      }],
      /*retTy=*/"int64_t", /*methodName=*/"getThreadCount", /*args=*/(ins),
      /*methodBody=*/"", /*defaultImplementation=*/"return 0;">,
    InterfaceMethod<
      /*desc=*/[{
        The WM x WN grid of SIMD-groups the tile is split over (accumulator
        layouts and slices of them), or nothing when the layout does not
        say.
      }],
      /*retTy=*/"std::optional<std::pair<int64_t, int64_t>>",
      /*methodName=*/"getSimdgroupGrid", /*args=*/(ins),
      /*methodBody=*/"", /*defaultImplementation=*/"return std::nullopt;">,
    InterfaceMethod<
      /*desc=*/[{
        The shape of the array of values a thread holds of a tile of
        `shape`, indexed by value index (see the interface description):
        `[slots]` for distributed, `[rows, cols, 2]` fragments per
        SIMD-group for fragments, the parent's for a slice, `[1]` for
        uniform, `[0]` for a view (no thread holds it). Nothing for a
        cooperative tile, whose element count per thread Apple's
        implementation decides.
      }],
      /*retTy=*/"std::optional<::llvm::SmallVector<int64_t, 3>>",
      /*methodName=*/"getValueShape",
      /*args=*/(ins "::llvm::ArrayRef<int64_t>":$shape)>,
    InterfaceMethod<
      /*desc=*/[{
        Values (elements, with the copies of a slice's element) each thread
        holds of a tile of `shape`: the product of `getValueShape`, or
        nothing when that is not known before run time.
      }],
      /*retTy=*/"std::optional<int64_t>",
      /*methodName=*/"getValuesPerThread",
      /*args=*/(ins "::llvm::ArrayRef<int64_t>":$shape),
      /*methodBody=*/"",
      /*defaultImplementation=*/[{
        std::optional<::llvm::SmallVector<int64_t, 3>> values =
            $_attr.getValueShape(shape);
        if (!values)
          return std::nullopt;
        int64_t n = 1;
        for (int64_t d : *values)
          n *= d;
        return n;
      }]>,
    InterfaceMethod<
      /*desc=*/[{
        How many consecutive elements of a row a thread holds together, as
        consecutive values (`vector` for distributed, the lane's pair of
        columns for fragments, the parent's for a slice, 1 otherwise).
      }],
      /*retTy=*/"int64_t", /*methodName=*/"getVectorWidth",
      /*args=*/(ins "::llvm::ArrayRef<int64_t>":$shape),
      /*methodBody=*/"", /*defaultImplementation=*/"return 1;">,
    InterfaceMethod<
      /*desc=*/[{
        Emits, through `emitter`, where the value at `index` (a value index,
        one entry per dimension of `getValueShape`, static or dynamic) of
        the calling thread lies in a tile of `shape`: its row and column
        (column null for a rank-1 tile), whether the thread holds it (null
        when it always does) and, for a slice, which of the copies of an
        element is its owner. Failure for layouts without a position
        formula: uniform (one value for every element), cooperative (the
        position is read from the cooperative tensor at run time) and view.
      }],
      /*retTy=*/"::mlir::FailureOr<::tile::applegpu::ElementPosition>",
      /*methodName=*/"emitPosition",
      /*args=*/(ins "::tile::applegpu::LayoutIndexEmitter &":$emitter,
                    "::llvm::ArrayRef<int64_t>":$shape,
                    "::llvm::ArrayRef<::mlir::OpFoldResult>":$index),
      /*methodBody=*/"", /*defaultImplementation=*/"return ::mlir::failure();">,
  ];
}

#endif // TILE_DIALECT_APPLEGPU_IR_LAYOUTATTRINTERFACE_TD
