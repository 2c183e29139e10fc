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

#endif // TILE_DIALECT_TILE_IR_TILEATTRS_TD
