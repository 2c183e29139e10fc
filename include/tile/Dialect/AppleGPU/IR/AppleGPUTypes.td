//===- AppleGPUTypes.td - applegpu types -------------------*- tablegen -*-===//

#ifndef TILE_DIALECT_APPLEGPU_IR_APPLEGPUTYPES_TD
#define TILE_DIALECT_APPLEGPU_IR_APPLEGPUTYPES_TD

include "tile/Dialect/AppleGPU/IR/AppleGPUDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "tile/Dialect/AppleGPU/IR/AppleGPUAttrs.td"

// A memref element type: the conversion keeps arrays of fragments in
// thread-private memory (`memref<16x!applegpu.simdgroup_matrix<8x8xf32>>`,
// an MSL `simdgroup_matrix<float, 8, 8> frag[16]`).
def AppleGPU_SimdgroupMatrixType
    : TypeDef<AppleGPU_Dialect, "SimdgroupMatrix",
              [MemRefElementTypeInterface]> {
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

def AppleGPU_TensorViewType : TypeDef<AppleGPU_Dialect, "TensorView"> {
  let mnemonic = "tensor";
  let summary = "a Metal 4 rank-2 tensor view of device or threadgroup memory";
  let description = [{
    MSL's `tensor<device T, dextents<int32_t, 2>, tensor_inline>` (or
    `threadgroup T`): a view, held by the shader, of a 2-D array in memory
    with runtime extents and strides. Dimension 0 is the contiguous one: an
    M x K row-major matrix is a tensor of extents `(K, M)`, strides
    `(1, lda)`. With a static `shape` (`d0 x d1`, from a static slice) the
    extents are `extents<int32_t, d0, d1>`. Element types: f32, f16, bf16.

    Examples: `!applegpu.tensor<device, f16>`,
    `!applegpu.tensor<threadgroup, f32, 16x64>`
  }];
  let parameters = (ins "::tile::applegpu::AddressSpace":$addressSpace,
                        "::mlir::Type":$elementType,
                        ArrayRefParameter<"int64_t">:$shape);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    bool hasStaticShape() const { return !getShape().empty(); }
  }];
}

def AppleGPU_TensorView : Type<
    CPred<"::llvm::isa<::tile::applegpu::TensorViewType>($_self)">,
    "tensor view", "::tile::applegpu::TensorViewType">;

def AppleGPU_CooperativeTensorType
    : TypeDef<AppleGPU_Dialect, "CooperativeTensor"> {
  let mnemonic = "cooperative_tensor";
  let summary = "the destination cooperative tensor of a matmul2d";
  let description = [{
    What `Op().get_destination_cooperative_tensor<Left, Right, T>()` gives
    for the matmul2d `op` on operand tensors of types `left` and `right`:
    the m x n destination, spread over the threads of the op's scope in an
    implementation-defined order, each thread holding `get_capacity()`
    elements of type `elementType`. It is an object the ops update in place,
    like a memref (so it is never carried by `scf` values). Its C++ type
    depends on all four parameters: `run` accepts only operands of exactly
    the types it was made for.

    Example:
    `!applegpu.cooperative_tensor<f32, #applegpu.matmul2d<m = 32, n = 32, k = dynamic, mode = multiply_accumulate, scope = simdgroup>, !applegpu.tensor<device, f16>, !applegpu.tensor<device, f16>>`
  }];
  let parameters = (ins "::mlir::Type":$elementType,
                        "::tile::applegpu::Matmul2dAttr":$op,
                        "::tile::applegpu::TensorViewType":$left,
                        "::tile::applegpu::TensorViewType":$right);
  let assemblyFormat = [{
    `<` $elementType `,` qualified($op) `,` qualified($left) `,` qualified($right) `>`
  }];
  let genVerifyDecl = 1;
}

def AppleGPU_CooperativeTensor : Type<
    CPred<"::llvm::isa<::tile::applegpu::CooperativeTensorType>($_self)">,
    "cooperative tensor", "::tile::applegpu::CooperativeTensorType">;

#endif // TILE_DIALECT_APPLEGPU_IR_APPLEGPUTYPES_TD
