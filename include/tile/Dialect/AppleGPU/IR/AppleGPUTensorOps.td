//===- AppleGPUTensorOps.td - Metal 4 tensor ops -----------*- tablegen -*-===//
//
// Tensor views, matmul2d and cooperative tensors (Metal 4's
// MetalPerformancePrimitives). Included by AppleGPUOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_APPLEGPU_IR_APPLEGPUTENSOROPS_TD
#define TILE_DIALECT_APPLEGPU_IR_APPLEGPUTENSOROPS_TD

//===----------------------------------------------------------------------===//
// Tensor views
//===----------------------------------------------------------------------===//

def AppleGPU_MakeTensorOp : AppleGPU_Op<"make_tensor", [Pure]> {
  let summary = "a rank-2 tensor view of a buffer";
  let description = [{
    `tensor<device T, dextents<int32_t, 2>, tensor_inline>(buf + offset,
    dextents<int32_t, 2>(e0, e1), array<int32_t, 2>({s0, s1}))`: element
    `(i0, i1)` of the view is `buf[offset + i0 * s0 + i1 * s1]` for
    `i0 < e0`, `i1 < e1`. Dimension 0 is the contiguous one. Reads past the
    extents give 0 and writes there are dropped, so the extents are the
    bounds of a ragged tile. The buffer is a device buffer or threadgroup
    memory; the result's address space and element type are the buffer's.

    Example, the 64x32 tile of a row-major A (M x K, leading dimension
    `%lda`) at row `%r`, column `%k`, clipped to the matrix:

    ```mlir
    %a = applegpu.make_tensor %A[%off] extents [%kLeft, %mLeft] strides [%c1, %lda]
        : memref<?xf16> -> !applegpu.tensor<device, f16>
    ```
  }];
  let arguments = (ins AppleGPU_Buffer:$buffer, Index:$offset,
                       Index:$extent0, Index:$extent1,
                       Index:$stride0, Index:$stride1);
  let results = (outs AppleGPU_TensorView:$result);
  let assemblyFormat = [{
    $buffer `[` $offset `]` `extents` ` ` `[` $extent0 `,` $extent1 `]`
    `strides` ` ` `[` $stride0 `,` $stride1 `]` attr-dict
    `:` qualified(type($buffer)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def AppleGPU_TensorSliceOp : AppleGPU_Op<"tensor_slice", [Pure]> {
  let summary = "a part of a tensor view";
  let description = [{
    `t.slice(o0, o1)`: the view moved to origin `(o0, o1)`, with the
    remaining extents (`extent - origin`) and the same type; or, with
    `sizes [d0, d1]`, `t.slice<d0, d1>(o0, o1)`: static extents `d0 x d1`
    (the result type has that shape). The origin must not lie past the
    extents.

    Example:

    ```mlir
    %s = applegpu.tensor_slice %a[%c0, %row] : !applegpu.tensor<device, f16>
    %t = applegpu.tensor_slice %a[%c0, %row] sizes [32, 16]
        : !applegpu.tensor<device, f16> -> !applegpu.tensor<device, f16, 32x16>
    ```
  }];
  let arguments = (ins AppleGPU_TensorView:$source, Index:$origin0,
                       Index:$origin1, OptionalAttr<DenseI64ArrayAttr>:$sizes);
  let results = (outs AppleGPU_TensorView:$result);
  let assemblyFormat = [{
    $source `[` $origin0 `,` $origin1 `]` (`sizes` $sizes^)? attr-dict
    `:` qualified(type($source)) custom<SliceResult>(type($result), ref(type($source)))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// matmul2d and cooperative tensors
//===----------------------------------------------------------------------===//

def AppleGPU_CooperativeDestinationOp : AppleGPU_Op<"cooperative_destination"> {
  let summary = "a new destination cooperative tensor of a matmul2d";
  let description = [{
    `auto c = Op().get_destination_cooperative_tensor<Left, Right, T>();`
    with the matmul2d, operand types and element type of the result type.
    Its elements are undefined until written.

    Example:

    ```mlir
    %acc = applegpu.cooperative_destination : !applegpu.cooperative_tensor<f32,
        #applegpu.matmul2d<m = 32, n = 32, k = dynamic, mode = multiply_accumulate, scope = simdgroup>,
        !applegpu.tensor<device, f16>, !applegpu.tensor<device, f16>>
    ```
  }];
  let results = (outs Res<AppleGPU_CooperativeTensor, "", [MemAlloc]>:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

def AppleGPU_CooperativeFillOp : AppleGPU_Op<"cooperative_fill"> {
  let summary = "set every valid element of a cooperative tensor";
  let description = [{
    `for (int i = 0; i < c.get_capacity(); ++i) if (c.is_valid_element(i)) c[i] = value;`

    Elements that are not valid are left alone, as Apple's examples do: no
    op reads them.

    Example: `applegpu.cooperative_fill %acc, %zero : !applegpu.cooperative_tensor<...>, f32`
  }];
  let arguments = (ins Arg<AppleGPU_CooperativeTensor, "", [MemWrite]>:$tensor,
                       AnyType:$value);
  let assemblyFormat = [{
    $tensor `,` $value attr-dict `:` qualified(type($tensor)) `,` type($value)
  }];
  let hasVerifier = 1;
}

def AppleGPU_Matmul2dOp : AppleGPU_Op<"matmul2d"> {
  let summary = "run a Metal 4 matmul2d";
  let description = [{
    `Op().run(left, right, destination);` for the matmul2d `op`: the
    destination (a cooperative tensor made for exactly these operand types,
    or a tensor view) becomes `left * right` (mode `multiply`) or
    `destination + left * right` (`multiply_accumulate`). A collective of
    the op's scope: every thread of the SIMD-group (or of the threadgroup)
    runs it together with the same operands. Operand element types: f16 x
    f16 and bf16 x bf16 into f32 or the operand type, f32 x f32 into f32;
    half and bfloat are not mixed.

    Example:

    ```mlir
    applegpu.matmul2d %a, %b, %acc {op = #applegpu.matmul2d<m = 32, n = 32, k = dynamic, mode = multiply_accumulate, scope = simdgroup>}
        : !applegpu.tensor<device, f16>, !applegpu.tensor<device, f16>, !applegpu.cooperative_tensor<...>
    ```
  }];
  let arguments = (ins Arg<AppleGPU_TensorView, "", [MemRead]>:$left,
                       Arg<AppleGPU_TensorView, "", [MemRead]>:$right,
                       Arg<AnyTypeOf<[AppleGPU_CooperativeTensor, AppleGPU_TensorView]>,
                           "", [MemRead, MemWrite]>:$destination,
                       AppleGPU_Matmul2dAttr:$op);
  let assemblyFormat = [{
    $left `,` $right `,` $destination attr-dict `:` qualified(type($left))
    `,` qualified(type($right)) `,` qualified(type($destination))
  }];
  let hasVerifier = 1;
}

def AppleGPU_CooperativeCapacityOp
    : AppleGPU_Op<"cooperative_capacity", [Pure]> {
  let summary = "how many elements of a cooperative tensor a thread holds";
  let description = [{
    `c.get_capacity()`: the same in every thread of the scope; some of the
    elements may be invalid (`applegpu.cooperative_is_valid`).

    Example: `%n = applegpu.cooperative_capacity %acc : !applegpu.cooperative_tensor<...>`
  }];
  let arguments = (ins AppleGPU_CooperativeTensor:$tensor);
  let results = (outs Index:$result);
  let assemblyFormat = "$tensor attr-dict `:` qualified(type($tensor))";
}

def AppleGPU_CooperativeIsValidOp
    : AppleGPU_Op<"cooperative_is_valid", [Pure]> {
  let summary = "whether a thread's element of a cooperative tensor exists";
  let description = [{
    `c.is_valid_element(i)`: false for the padding elements of the thread's
    `get_capacity()`; an invalid element has no position.

    Example: `%ok = applegpu.cooperative_is_valid %acc[%i] : !applegpu.cooperative_tensor<...>`
  }];
  let arguments = (ins AppleGPU_CooperativeTensor:$tensor, Index:$index);
  let results = (outs I1:$result);
  let assemblyFormat = "$tensor `[` $index `]` attr-dict `:` qualified(type($tensor))";
}

def AppleGPU_CooperativePositionOp
    : AppleGPU_Op<"cooperative_position", [Pure]> {
  let summary = "the row and column of a thread's element of a cooperative tensor";
  let description = [{
    `auto p = c.get_multidimensional_index(i);` giving `row = p[1]` and
    `column = p[0]` in the m x n destination. Only for valid elements.

    Example: `%row, %col = applegpu.cooperative_position %acc[%i] : !applegpu.cooperative_tensor<...>`
  }];
  let arguments = (ins AppleGPU_CooperativeTensor:$tensor, Index:$index);
  let results = (outs Index:$row, Index:$column);
  let assemblyFormat = "$tensor `[` $index `]` attr-dict `:` qualified(type($tensor))";
}

def AppleGPU_CooperativeGetOp : AppleGPU_Op<"cooperative_get"> {
  let summary = "read a thread's element of a cooperative tensor";
  let description = [{
    `c[i]`.

    Example: `%x = applegpu.cooperative_get %acc[%i] : !applegpu.cooperative_tensor<...> -> f32`
  }];
  let arguments = (ins Arg<AppleGPU_CooperativeTensor, "", [MemRead]>:$tensor,
                       Index:$index);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $tensor `[` $index `]` attr-dict `:` qualified(type($tensor)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def AppleGPU_CooperativeSetOp : AppleGPU_Op<"cooperative_set"> {
  let summary = "write a thread's element of a cooperative tensor";
  let description = [{
    `c[i] = value;`

    Example: `applegpu.cooperative_set %x, %acc[%i] : f32, !applegpu.cooperative_tensor<...>`
  }];
  let arguments = (ins AnyType:$value,
                       Arg<AppleGPU_CooperativeTensor, "", [MemWrite]>:$tensor,
                       Index:$index);
  let assemblyFormat = [{
    $value `,` $tensor `[` $index `]` attr-dict `:` type($value) `,` qualified(type($tensor))
  }];
  let hasVerifier = 1;
}

def AppleGPU_CooperativeLoadOp : AppleGPU_Op<"cooperative_load"> {
  let summary = "read a cooperative tensor's elements from a tensor view";
  let description = [{
    `c.load(t);`: each thread reads its valid elements at their positions in
    the view (dimension 0 is the column); positions past the view's extents
    read 0.

    Example: `applegpu.cooperative_load %acc, %t : !applegpu.cooperative_tensor<...>, !applegpu.tensor<device, f32>`
  }];
  let arguments = (ins Arg<AppleGPU_CooperativeTensor, "", [MemWrite]>:$tensor,
                       Arg<AppleGPU_TensorView, "", [MemRead]>:$source);
  let assemblyFormat = [{
    $tensor `,` $source attr-dict `:` qualified(type($tensor)) `,` qualified(type($source))
  }];
  let hasVerifier = 1;
}

def AppleGPU_CooperativeStoreOp : AppleGPU_Op<"cooperative_store"> {
  let summary = "write a cooperative tensor's elements to a tensor view";
  let description = [{
    `c.store(t);`: each thread writes its valid elements at their positions
    in the view (dimension 0 is the column); positions past the view's
    extents are not written.

    Example: `applegpu.cooperative_store %acc, %t : !applegpu.cooperative_tensor<...>, !applegpu.tensor<device, f32>`
  }];
  let arguments = (ins Arg<AppleGPU_CooperativeTensor, "", [MemRead]>:$tensor,
                       Arg<AppleGPU_TensorView, "", [MemWrite]>:$dest);
  let assemblyFormat = [{
    $tensor `,` $dest attr-dict `:` qualified(type($tensor)) `,` qualified(type($dest))
  }];
  let hasVerifier = 1;
}

#endif // TILE_DIALECT_APPLEGPU_IR_APPLEGPUTENSOROPS_TD
