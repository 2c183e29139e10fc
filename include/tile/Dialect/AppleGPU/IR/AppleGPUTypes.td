//===- AppleGPUTypes.td - applegpu types -------------------*- tablegen -*-===//

#ifndef TILE_DIALECT_APPLEGPU_IR_APPLEGPUTYPES_TD
#define TILE_DIALECT_APPLEGPU_IR_APPLEGPUTYPES_TD

include "tile/Dialect/AppleGPU/IR/AppleGPUDialect.td"
include "mlir/IR/AttrTypeBase.td"

def AppleGPU_SimdgroupMatrixType
    : TypeDef<AppleGPU_Dialect, "SimdgroupMatrix"> {
  let mnemonic = "simdgroup_matrix";
  let summary = "an 8x8 matrix distributed over the 32 lanes of a SIMD group";
  let description = [{
    MSL's `simdgroup_matrix<T, 8, 8>`: an 8x8 matrix whose 64 elements are
    spread over the 32 lanes of a SIMD group, two per lane. Lane `l` holds
    row `(l / 4 & 4) + (l / 2) % 4`, columns `c` and `c + 1` with
    `c = (l / 4 & 2) * 2 + (l % 2) * 2` (elements 0 and 1 of
    `applegpu.simdgroup_get_element`). Element types: f32, f16, bf16.

    Example: `!applegpu.simdgroup_matrix<8x8xf32>`
  }];
  let parameters = (ins "int64_t":$rows, "int64_t":$cols,
                        "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$elementType), [{
      return $_get(elementType.getContext(), 8, 8, elementType);
    }]>
  ];
}

def AppleGPU_SimdgroupMatrix : Type<
    CPred<"::llvm::isa<::tile::applegpu::SimdgroupMatrixType>($_self)">,
    "simdgroup matrix", "::tile::applegpu::SimdgroupMatrixType">;

#endif // TILE_DIALECT_APPLEGPU_IR_APPLEGPUTYPES_TD
