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

#endif // TILE_DIALECT_TILE_IR_TILEATTRS_TD
