//===- TileAttrs.td - tile dialect enums and attributes ----*- tablegen -*-===//

#ifndef TILE_DIALECT_TILE_IR_TILEATTRS_TD
#define TILE_DIALECT_TILE_IR_TILEATTRS_TD

include "mlir/IR/EnumAttr.td"

// The grid dimension of `tile.program_id` and `tile.num_programs`.
def Tile_Dim : I32EnumAttr<"Dim", "a dimension of the launch grid", [
    I32EnumAttrCase<"x", 0>,
    I32EnumAttrCase<"y", 1>,
    I32EnumAttrCase<"z", 2>
  ]> {
  let cppNamespace = "::tile";
}

// The combining function of `tile.reduce`: the cases, spellings and meaning of
// upstream `vector::CombiningKind` (same numbering, so the two convert 1:1).
def Tile_CombiningKind : I32EnumAttr<"CombiningKind",
    "the combining function of a reduction", [
    I32EnumAttrCase<"ADD", 0, "add">,
    I32EnumAttrCase<"MUL", 1, "mul">,
    I32EnumAttrCase<"MINUI", 2, "minui">,
    I32EnumAttrCase<"MINSI", 3, "minsi">,
    I32EnumAttrCase<"MINNUMF", 4, "minnumf">,
    I32EnumAttrCase<"MAXUI", 5, "maxui">,
    I32EnumAttrCase<"MAXSI", 6, "maxsi">,
    I32EnumAttrCase<"MAXNUMF", 7, "maxnumf">,
    I32EnumAttrCase<"AND", 8, "and">,
    I32EnumAttrCase<"OR", 9, "or">,
    I32EnumAttrCase<"XOR", 10, "xor">,
    I32EnumAttrCase<"MAXIMUMF", 12, "maximumf">,
    I32EnumAttrCase<"MINIMUMF", 11, "minimumf">
  ]> {
  let cppNamespace = "::tile";
}

// The read-modify-write of `tile.atomic_rmw`, spelled like the reduction
// kinds: `add` on integers or floats, the signed and unsigned integer minimum
// and maximum, the bitwise operations, and `xchg` (store, returning the old
// value).
def Tile_AtomicKind : I32EnumAttr<"AtomicKind",
    "the operation of an atomic read-modify-write", [
    I32EnumAttrCase<"ADD", 0, "add">,
    I32EnumAttrCase<"MAXSI", 1, "maxsi">,
    I32EnumAttrCase<"MINSI", 2, "minsi">,
    I32EnumAttrCase<"MAXUI", 3, "maxui">,
    I32EnumAttrCase<"MINUI", 4, "minui">,
    I32EnumAttrCase<"AND", 5, "and">,
    I32EnumAttrCase<"OR", 6, "or">,
    I32EnumAttrCase<"XOR", 7, "xor">,
    I32EnumAttrCase<"XCHG", 8, "xchg">
  ]> {
  let cppNamespace = "::tile";
}

#endif // TILE_DIALECT_TILE_IR_TILEATTRS_TD
