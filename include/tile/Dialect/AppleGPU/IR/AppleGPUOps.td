//===- AppleGPUOps.td - applegpu operations ----------------*- tablegen -*-===//

#ifndef TILE_DIALECT_APPLEGPU_IR_APPLEGPUOPS_TD
#define TILE_DIALECT_APPLEGPU_IR_APPLEGPUOPS_TD

include "tile/Dialect/AppleGPU/IR/AppleGPUDialect.td"
include "tile/Dialect/AppleGPU/IR/AppleGPUAttrs.td"
include "tile/Dialect/AppleGPU/IR/AppleGPUTypes.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def AppleGPU_Buffer : MemRefRankOf<[AnyType], [1]>;

//===----------------------------------------------------------------------===//
// Builtins
//===----------------------------------------------------------------------===//

class AppleGPU_ThreadBuiltinOp<string mnemonic, string what>
    : AppleGPU_Op<mnemonic, [Pure]> {
  let summary = "the [[" # mnemonic # "]] kernel input";
  let description = [{
    The MSL kernel input `[[}] # mnemonic # [{]]`: }] # what # [{. The MSL
    translation adds the attributed parameter to the kernel; it is a `uint`.

    Example:

    ```mlir
    %v = applegpu.}] # mnemonic # [{ : index
    ```
  }];
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def AppleGPU_ThreadIndexInThreadgroupOp
    : AppleGPU_ThreadBuiltinOp<"thread_index_in_threadgroup",
        "the linear index of the thread in its threadgroup">;
def AppleGPU_SimdgroupIndexInThreadgroupOp
    : AppleGPU_ThreadBuiltinOp<"simdgroup_index_in_threadgroup",
        "the index of the thread's SIMD group in its threadgroup">;
def AppleGPU_ThreadIndexInSimdgroupOp
    : AppleGPU_ThreadBuiltinOp<"thread_index_in_simdgroup",
        "the lane of the thread in its SIMD group (0 to 31)">;

class AppleGPU_GridBuiltinOp<string mnemonic, string what>
    : AppleGPU_Op<mnemonic, [Pure]> {
  let summary = "a component of the [[" # mnemonic # "]] kernel input";
  let description = [{
    One component of the MSL kernel input `[[}] # mnemonic # [{]]` (a
    `uint3`): }] # what # [{.

    Example:

    ```mlir
    %v = applegpu.}] # mnemonic # [{ x : index
    ```
  }];
  let arguments = (ins AppleGPU_Dim:$dim);
  let results = (outs Index:$result);
  let assemblyFormat = "$dim attr-dict `:` type($result)";
}

def AppleGPU_ThreadgroupPositionInGridOp
    : AppleGPU_GridBuiltinOp<"threadgroup_position_in_grid",
        "the position of the threadgroup in the grid">;
def AppleGPU_ThreadgroupsPerGridOp
    : AppleGPU_GridBuiltinOp<"threadgroups_per_grid",
        "the number of threadgroups in the grid">;

//===----------------------------------------------------------------------===//
// Threadgroup memory and synchronization
//===----------------------------------------------------------------------===//

def AppleGPU_AllocThreadgroupOp : AppleGPU_Op<"alloc_threadgroup", [
    MemoryEffects<[MemAlloc<DefaultResource>]>]> {
  let summary = "threadgroup memory shared by the threads of a threadgroup";
  let description = [{
    A `threadgroup T name[N];` array of the kernel: one per threadgroup,
    shared by all its threads, not initialized. The result is a static 1-D
    memref in `#applegpu.address_space<threadgroup>`. The kernel's total
    threadgroup memory is at most 32768 bytes (checked on the kernel).

    Example:

    ```mlir
    %tg = applegpu.alloc_threadgroup
        : memref<2304xf32, #applegpu.address_space<threadgroup>>
    ```
  }];
  let results = (outs AppleGPU_Buffer:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Size of the array in bytes.
    int64_t getSizeInBytes();
  }];
}

def AppleGPU_ThreadgroupViewOp : AppleGPU_Op<"threadgroup_view", [Pure]> {
  let summary = "a typed buffer at a byte offset of the threadgroup arena";
  let description = [{
    A 1-D buffer of the result's element type and size that starts
    `byte_offset` bytes into `arena`, a byte buffer (`i8` elements) made by
    `applegpu.alloc_threadgroup`. The conversion plans all of a kernel's
    threadgroup memory as one arena (see `tile-plan-threadgroup-memory`)
    and gives each scratch buffer such a view; views of different element
    types may share bytes at different times. The MSL printer declares the
    arena once and each view as a pointer into it
    (`auto tg = tg_arena.as_float + 16;`). The offset is a multiple of the
    element size and the view lies inside the arena (checked).

    Example:

    ```mlir
    %red = applegpu.threadgroup_view %arena[64]
        : memref<1024xi8, #applegpu.address_space<threadgroup>>
          to memref<16xf32, #applegpu.address_space<threadgroup>>
    ```
  }];
  let arguments = (ins AppleGPU_Buffer:$arena,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$byte_offset);
  let results = (outs AppleGPU_Buffer:$result);
  let assemblyFormat = [{
    $arena `[` $byte_offset `]` attr-dict `:` type($arena) `to` type($result)
  }];
  let hasVerifier = 1;
}

class AppleGPU_BarrierOp<string mnemonic, string scope>
    : AppleGPU_Op<mnemonic> {
  let summary = "MSL " # mnemonic;
  let description = [{
    `}] # mnemonic # [{(mem_flags::...)`: every thread of the }] # scope # [{
    waits here until all have arrived, and the memory named by the flags
    (`mem_none`, `mem_device`, `mem_threadgroup`, `mem_texture`, combined
    with `|`) is ordered across the barrier. It must be reached by all
    threads of the }] # scope # [{ (uniform control flow).

    Example:

    ```mlir
    applegpu.}] # mnemonic # [{ mem_flags<mem_threadgroup>
    ```
  }];
  let arguments = (ins AppleGPU_MemFlagsAttr:$flags);
  let assemblyFormat = "`mem_flags` `` $flags attr-dict";
}

def AppleGPU_ThreadgroupBarrierOp
    : AppleGPU_BarrierOp<"threadgroup_barrier", "threadgroup">;
def AppleGPU_SimdgroupBarrierOp
    : AppleGPU_BarrierOp<"simdgroup_barrier", "SIMD group">;

//===----------------------------------------------------------------------===//
// SIMD-group matrices
//===----------------------------------------------------------------------===//

def AppleGPU_SimdgroupFillOp : AppleGPU_Op<"simdgroup_fill", [Pure]> {
  let summary = "a SIMD-group matrix with every element set to a value";
  let description = [{
    `make_filled_simdgroup_matrix<T, 8, 8>(value)`.

    Example:

    ```mlir
    %z = applegpu.simdgroup_fill %zero : f32 -> !applegpu.simdgroup_matrix<8x8xf32>
    ```
  }];
  let arguments = (ins AnyFloat:$value);
  let results = (outs AppleGPU_SimdgroupMatrix:$result);
  let assemblyFormat = "$value attr-dict `:` qualified(type($value)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def AppleGPU_SimdgroupLoadOp : AppleGPU_Op<"simdgroup_load"> {
  let summary = "load an 8x8 SIMD-group matrix from memory";
  let description = [{
    `simdgroup_load(m, &source[offset], stride, ulong2(0, 0), transpose)`:
    element `(r, c)` of the result is `source[offset + r * stride + c]`, or,
    with `transpose`, `source[offset + c * stride + r]`. The source is
    device or threadgroup memory. All lanes of the SIMD group must execute
    it together (uniform control flow); there is no bounds masking.

    Example:

    ```mlir
    %a = applegpu.simdgroup_load %tg[%off] stride %c40
        : memref<2560xf32, #applegpu.address_space<threadgroup>>
          -> !applegpu.simdgroup_matrix<8x8xf32>
    ```
  }];
  let arguments = (ins Arg<AppleGPU_Buffer, "", [MemRead]>:$source,
                       Index:$offset, Index:$stride, UnitAttr:$transpose);
  let results = (outs AppleGPU_SimdgroupMatrix:$result);
  let assemblyFormat = [{
    $source `[` $offset `]` `stride` $stride (`transpose` $transpose^)?
    attr-dict `:` qualified(type($source)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def AppleGPU_SimdgroupStoreOp : AppleGPU_Op<"simdgroup_store"> {
  let summary = "store an 8x8 SIMD-group matrix to memory";
  let description = [{
    `simdgroup_store(m, &dest[offset], stride, ulong2(0, 0), transpose)`,
    the inverse of `applegpu.simdgroup_load`. There is no bounds masking.

    Example:

    ```mlir
    applegpu.simdgroup_store %m, %C[%off] stride %ldc
        : !applegpu.simdgroup_matrix<8x8xf32>, memref<?xf32, #applegpu.address_space<device>>
    ```
  }];
  let arguments = (ins AppleGPU_SimdgroupMatrix:$value,
                       Arg<AppleGPU_Buffer, "", [MemWrite]>:$dest,
                       Index:$offset, Index:$stride, UnitAttr:$transpose);
  let assemblyFormat = [{
    $value `,` $dest `[` $offset `]` `stride` $stride (`transpose` $transpose^)?
    attr-dict `:` qualified(type($value)) `,` qualified(type($dest))
  }];
  let hasVerifier = 1;
}

def AppleGPU_SimdgroupMmaOp
    : AppleGPU_Op<"simdgroup_mma", [AllTypesMatch<["c", "result"]>]> {
  let summary = "SIMD-group matrix multiply-accumulate";
  let description = [{
    `simdgroup_multiply_accumulate(d, a, b, c)`: `d = a * b + c` on 8x8
    matrices, a collective of the 32 lanes (uniform control flow). `a` and
    `b` have the same element type; `c` is f32, or f16 with f16 operands.

    Example:

    ```mlir
    %d = applegpu.simdgroup_mma %a, %b, %c
        : !applegpu.simdgroup_matrix<8x8xf16>, !applegpu.simdgroup_matrix<8x8xf16>,
          !applegpu.simdgroup_matrix<8x8xf32>
    ```
  }];
  let arguments = (ins AppleGPU_SimdgroupMatrix:$a, AppleGPU_SimdgroupMatrix:$b,
                       AppleGPU_SimdgroupMatrix:$c);
  let results = (outs AppleGPU_SimdgroupMatrix:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $c attr-dict `:` qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($c))
  }];
  let hasVerifier = 1;
}

def AppleGPU_SimdgroupGetElementOp
    : AppleGPU_Op<"simdgroup_get_element", [Pure]> {
  let summary = "one of the two elements this lane holds";
  let description = [{
    `m.thread_elements()[index]` (index 0 or 1): the element at row
    `(l / 4 & 4) + (l / 2) % 4`, column `(l / 4 & 2) * 2 + (l % 2) * 2 + index`
    for lane `l`.

    Example:

    ```mlir
    %x = applegpu.simdgroup_get_element %m[1]
        : !applegpu.simdgroup_matrix<8x8xf32> -> f32
    ```
  }];
  let arguments = (ins AppleGPU_SimdgroupMatrix:$matrix,
                       ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<1>]>:$index);
  let results = (outs AnyFloat:$result);
  let assemblyFormat = [{
    $matrix `[` $index `]` attr-dict `:` qualified(type($matrix)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def AppleGPU_SimdgroupSetElementOp : AppleGPU_Op<"simdgroup_set_element", [
    Pure, AllTypesMatch<["matrix", "result"]>,
    TypesMatchWith<"value type is the matrix element type", "matrix", "value",
      "::llvm::cast<::tile::applegpu::SimdgroupMatrixType>($_self).getElementType()">]> {
  let summary = "replace one of the two elements this lane holds";
  let description = [{
    `m.thread_elements()[index] = value` in value form: the result is
    `matrix` with this lane's element `index` (0 or 1) replaced.

    Example:

    ```mlir
    %m2 = applegpu.simdgroup_set_element %x, %m[0] : !applegpu.simdgroup_matrix<8x8xf32>
    ```
  }];
  let arguments = (ins AnyFloat:$value, AppleGPU_SimdgroupMatrix:$matrix,
                       ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<1>]>:$index);
  let results = (outs AppleGPU_SimdgroupMatrix:$result);
  let assemblyFormat = [{
    $value `,` $matrix `[` $index `]` attr-dict `:` qualified(type($matrix))
  }];
}

//===----------------------------------------------------------------------===//
// SIMD-group functions
//===----------------------------------------------------------------------===//

// Collectives of the 32 lanes of a SIMD-group: every lane must reach them
// together, so they have no memory effects but are not speculatable (they
// must not be hoisted into or out of divergent control flow).
def AppleGPU_SimdScalar : AnyTypeOf<[F32, F16, I8, I16, I32, I64]>;

def AppleGPU_SimdReduceOp : AppleGPU_Op<"simd_reduce", [NoMemoryEffect,
    AllTypesMatch<["value", "result"]>]> {
  let summary = "combine a value over the lanes of the SIMD-group";
  let description = [{
    `simd_sum(x)`, `simd_product(x)`, `simd_min(x)`, `simd_max(x)`,
    `simd_and(x)`, `simd_or(x)`, `simd_xor(x)`: every lane gets the value
    combined over all 32 lanes. `min`/`max` of floats ignore NaN operands
    (as `fmin`/`fmax`); `and`, `or`, `xor` take integers; integers are
    signed (`int`, `short`, ...). A collective: all lanes of the SIMD-group
    execute it together.

    Example:

    ```mlir
    %s = applegpu.simd_reduce sum %x : f32
    ```
  }];
  let arguments = (ins AppleGPU_SimdReduction:$kind, AppleGPU_SimdScalar:$value);
  let results = (outs AppleGPU_SimdScalar:$result);
  let assemblyFormat = "$kind $value attr-dict `:` type($value)";
  let hasVerifier = 1;
}

def AppleGPU_SimdShuffleXorOp : AppleGPU_Op<"simd_shuffle_xor", [
    NoMemoryEffect, AllTypesMatch<["value", "result"]>]> {
  let summary = "the value of the lane whose index differs by a bit mask";
  let description = [{
    `simd_shuffle_xor(x, mask)`: lane `l` gets `x` of lane `l ^ mask`
    (`mask` in 1..31). A collective: all lanes of the SIMD-group execute it
    together.

    Example:

    ```mlir
    %y = applegpu.simd_shuffle_xor %x mask 8 : f32
    ```
  }];
  let arguments = (ins AppleGPU_SimdScalar:$value,
                       ConfinedAttr<I32Attr, [IntMinValue<1>, IntMaxValue<31>]>:$mask);
  let results = (outs AppleGPU_SimdScalar:$result);
  let assemblyFormat = "$value `mask` $mask attr-dict `:` type($value)";
}

//===----------------------------------------------------------------------===//
// Atomics (read-modify-writes are upstream memref.atomic_rmw)
//===----------------------------------------------------------------------===//

def AppleGPU_AtomicCompareExchangeOp : AppleGPU_Op<"atomic_compare_exchange", [
    AllTypesMatch<["compare", "value", "result"]>]> {
  let summary = "strong atomic compare-and-swap of a device buffer element";
  let description = [{
    Atomically: `old = buffer[index]; if (old == compare) buffer[index] =
    value`; returns `old`. MSL only has the weak
    `atomic_compare_exchange_weak_explicit`, which may fail although the
    values are equal, so it prints as that call retried until it succeeds
    or sees another value (relaxed memory order):

    ```c++
    int old = compare;
    while (!atomic_compare_exchange_weak_explicit(
               (device atomic_int*)&buffer[index], &old, value,
               memory_order_relaxed, memory_order_relaxed) &&
           old == compare) {
    }
    ```

    Example:

    ```mlir
    %old = applegpu.atomic_compare_exchange %buf[%i], %cmp, %v : memref<?xi32>, i32
    ```
  }];
  let arguments = (ins
    Arg<AppleGPU_Buffer, "the buffer to update", [MemRead, MemWrite]>:$buffer,
    Index:$index, I32:$compare, I32:$value);
  let results = (outs I32:$result);
  let assemblyFormat = [{
    $buffer `[` $index `]` `,` $compare `,` $value attr-dict
    `:` type($buffer) `,` type($value)
  }];
}

include "tile/Dialect/AppleGPU/IR/AppleGPUTensorOps.td"

#endif // TILE_DIALECT_APPLEGPU_IR_APPLEGPUOPS_TD
