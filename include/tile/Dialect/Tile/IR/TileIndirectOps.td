//===- TileIndirectOps.td - loads, stores and atomics at offsets -*- tablegen -*-===//
//
// Triton's memory model: a tile of element offsets into a buffer (a tensor of
// pointers) with a mask, for what a rectangle (tile.load / tile.store) cannot
// describe: wrapped rows (`% M`), packed weights (`k // 8`), embedding and
// paged-KV lookups, scatters and atomics. Included by TileOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_IR_TILEINDIRECTOPS_TD
#define TILE_DIALECT_TILE_IR_TILEINDIRECTOPS_TD

// Offsets are element offsets (not bytes) into the buffer.
def Tile_OffsetTile : RankedTensorOf<[I32, I64, Index]>;
def Tile_MaskTile : RankedTensorOf<[I1]>;

// The mask has the shape (and layout) of the offsets.
def Tile_MaskLikeOffsets : OptionalTypesMatchWith<
    "mask is a tile of i1 of the offsets' shape", "offsets", "mask",
    "::tile::maskTypeFor(::llvm::cast<::mlir::RankedTensorType>($_self))">;

def Tile_GatherOp : Tile_Op<"gather", [AttrSizedOperandSegments,
    Tile_MaskLikeOffsets,
    OptionalTypesMatchWith<"other has the result type", "result", "other",
                           "$_self">]> {
  let summary = "load a tile from a tile of element offsets, with a mask";
  let description = [{
    Element `e` of the result is `buffer[offsets[e]]` where `mask[e]` is true
    (or there is no mask), else `other[e]` (zero without `other`); masked
    elements never touch memory. This is Triton's `tl.load(pointers,
    mask=..., other=...)` with the pointers split into a buffer and element
    offsets. An offset outside the buffer that the mask lets through is an
    error, which the interpreter and the emulator report.

    A gather is lowered element by element; prefer `tile.load` where the
    offsets are a rectangle (it keeps vector loads and the unchecked
    interior path). `tile-gather-to-load`, first in the `tile-to-applegpu`
    pipeline, makes that rewrite where it can prove it.

    Example:

    ```mlir
    %v = tile.gather %X[%offs] mask %m other %zero
        : memref<?xf32>, tensor<64x32xi32> -> tensor<64x32xf32>
    ```
  }];
  let arguments = (ins
    Arg<Tile_Buffer, "the buffer to read", [MemRead]>:$buffer,
    Tile_OffsetTile:$offsets,
    Optional<Tile_MaskTile>:$mask,
    Optional<AnyRankedTensor>:$other);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $buffer `[` $offsets `]` (`mask` $mask^)? (`other` $other^)? attr-dict
    `:` type($buffer) `,` type($offsets) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_ScatterOp : Tile_Op<"scatter", [Tile_MaskLikeOffsets]> {
  let summary = "store a tile at a tile of element offsets, with a mask";
  let description = [{
    Writes element `e` of `value` to `buffer[offsets[e]]` where `mask[e]` is
    true (or there is no mask); masked elements are not written. When two
    unmasked elements have the same offset, which one is written is not
    specified (the interpreter reports it when their values differ). This is
    Triton's `tl.store(pointers, value, mask=...)`.

    Example:

    ```mlir
    tile.scatter %v, %Y[%offs] mask %m
        : tensor<64xf32>, memref<?xf32>, tensor<64xi32>
    ```
  }];
  let arguments = (ins
    AnyRankedTensor:$value,
    Arg<Tile_Buffer, "the buffer to write", [MemWrite]>:$buffer,
    Tile_OffsetTile:$offsets,
    Optional<Tile_MaskTile>:$mask);
  let assemblyFormat = [{
    $value `,` $buffer `[` $offsets `]` (`mask` $mask^)? attr-dict
    `:` type($value) `,` type($buffer) `,` type($offsets)
  }];
  let hasVerifier = 1;
}

def Tile_AtomicRMWOp : Tile_Op<"atomic_rmw", [Tile_MaskLikeOffsets,
    AllTypesMatch<["value", "result"]>]> {
  let summary = "atomic read-modify-write at a tile of element offsets";
  let description = [{
    For every element `e` where `mask[e]` is true (or there is no mask),
    atomically replaces `buffer[offsets[e]]` by `old kind value[e]` and
    returns the old value in element `e` of the result (masked elements:
    zero). Elements with the same offset, in this program or another, are
    applied one after the other in an unspecified order. Kinds: `add` (i32
    or f32), `maxsi`, `minsi`, `maxui`, `minui`, `and`, `or`, `xor` (i32),
    `xchg` (i32 or f32). Relaxed memory order, as Triton's default
    `sem="acq_rel"` is not needed by the kernels it serves here (split-K
    sums, histograms, counters). This is Triton's `tl.atomic_add` & co.

    Example:

    ```mlir
    %old = tile.atomic_rmw add %Hist[%bins], %ones mask %m
        : memref<?xi32>, tensor<256xi32> -> tensor<256xi32>
    ```
  }];
  let arguments = (ins
    Tile_AtomicKind:$kind,
    Arg<Tile_Buffer, "the buffer to update", [MemRead, MemWrite]>:$buffer,
    Tile_OffsetTile:$offsets,
    AnyRankedTensor:$value,
    Optional<Tile_MaskTile>:$mask);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $kind $buffer `[` $offsets `]` `,` $value (`mask` $mask^)? attr-dict
    `:` type($buffer) `,` type($offsets) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_AtomicCASOp : Tile_Op<"atomic_cas", [Tile_MaskLikeOffsets,
    AllTypesMatch<["compare", "value", "result"]>]> {
  let summary = "atomic compare-and-swap at a tile of element offsets";
  let description = [{
    For every element `e` where `mask[e]` is true (or there is no mask),
    atomically: `old = buffer[offsets[e]]; if (old == compare[e])
    buffer[offsets[e]] = value[e]`, and returns `old` in element `e` (masked
    elements: zero). i32 elements. A strong compare-and-swap: it fails only
    when the values differ. This is Triton's `tl.atomic_cas`.

    Example:

    ```mlir
    %old = tile.atomic_cas %Locks[%i], %zeros, %ones
        : memref<?xi32>, tensor<32xi32> -> tensor<32xi32>
    ```
  }];
  let arguments = (ins
    Arg<Tile_Buffer, "the buffer to update", [MemRead, MemWrite]>:$buffer,
    Tile_OffsetTile:$offsets,
    AnyRankedTensor:$compare,
    AnyRankedTensor:$value,
    Optional<Tile_MaskTile>:$mask);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $buffer `[` $offsets `]` `,` $compare `,` $value (`mask` $mask^)? attr-dict
    `:` type($buffer) `,` type($offsets) `->` type($result)
  }];
  let hasVerifier = 1;
}

#endif // TILE_DIALECT_TILE_IR_TILEINDIRECTOPS_TD
