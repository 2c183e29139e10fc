//===- TileThreadOps.td - per-thread code in a tile kernel -*- tablegen -*-===//
//
// The thread-level escape hatch (meTile's `thread_id`, `simd_lane_id`,
// `shared`, `barrier`, `simd_sum`, ...): scalar code that every thread of a
// program instance runs on its own values. Included by TileOps.td.
//
// A kernel that uses one of these ops is a thread-level kernel: it carries
// `tile.simdgroups` (which fixes its thread count) and holds no tiles; its
// scalar values are per thread. The kernel verifier checks both.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_IR_TILETHREADOPS_TD
#define TILE_DIALECT_TILE_IR_TILETHREADOPS_TD

// Marks the ops that make a kernel thread-level (TileOps.h).
def Tile_ThreadLevel : NativeOpTrait<"ThreadLevel"> {
  let cppNamespace = "::tile";
}

// A threadgroup array: static, rank 1, no layout or memory space.
def Tile_SharedArray : MemRefRankOf<[AnyType], [1]>;

// The element types SIMD-group collectives take (MSL's simd_* overloads).
def Tile_SimdScalar : AnyTypeOf<[F32, F16, I8, I16, I32, I64]>;

class Tile_ThreadIdOp<string mnemonic, string what>
    : Tile_Op<mnemonic, [Pure, Tile_ThreadLevel]> {
  let description = [{
    }] # what # [{ A thread-level op (see the dialect's "thread-level
    kernels").

    Example:

    ```mlir
    %t = tile.}] # mnemonic # [{ : index
    ```
  }];
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def Tile_ThreadIdOp : Tile_ThreadIdOp<"thread_id",
    "The linear index of the running thread in its program instance, from 0 "
    "to `32 * WM * WN - 1` for `tile.simdgroups = array<i64: WM, WN>`."> {
  let summary = "index of the running thread in its program instance";
}

def Tile_SimdLaneIdOp : Tile_ThreadIdOp<"simd_lane_id",
    "The lane of the running thread in its SIMD group, 0 to 31 "
    "(`thread_id % 32`)."> {
  let summary = "lane of the running thread in its SIMD group";
}

def Tile_SimdGroupIdOp : Tile_ThreadIdOp<"simd_group_id",
    "The index of the running thread's SIMD group in its program instance "
    "(`thread_id / 32`)."> {
  let summary = "index of the running thread's SIMD group";
}

def Tile_SharedOp : Tile_Op<"shared", [Tile_ThreadLevel,
    MemoryEffects<[MemAlloc<DefaultResource>]>]> {
  let summary = "an array shared by the threads of a program instance";
  let description = [{
    A threadgroup array of the result's static size, one per program
    instance, read and written with `tile.thread_load` and
    `tile.thread_store`. It is not initialized: reading an element before a
    thread wrote it is an error in the interpreter. Threads see each
    other's writes only after a `tile.barrier`; two threads touching the
    same element between two barriers, one of them writing, is a race,
    reported by the interpreter and by the emulator.

    Example:

    ```mlir
    %partial = tile.shared : memref<8xf32>
    ```
  }];
  let results = (outs Tile_SharedArray:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Tile_ThreadLoadOp : Tile_Op<"thread_load", [Tile_ThreadLevel,
    TypesMatchWith<"result is the buffer's element type", "buffer", "result",
      "::llvm::cast<::mlir::MemRefType>($_self).getElementType()">]> {
  let summary = "the running thread reads one element of a buffer";
  let description = [{
    `buffer[index]`, read by the running thread alone: `buffer` is a kernel
    argument or a `tile.shared` array. There is no mask: an index outside
    the buffer is an error (the interpreter and the emulator report it);
    guard the load with `scf.if` where it may be.

    Example:

    ```mlir
    %x = tile.thread_load %X[%i] : memref<?xf32>
    ```
  }];
  let arguments = (ins Arg<Tile_Buffer, "the buffer to read", [MemRead]>:$buffer,
                       Index:$index);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$buffer `[` $index `]` attr-dict `:` type($buffer)";
}

def Tile_ThreadStoreOp : Tile_Op<"thread_store", [Tile_ThreadLevel,
    TypesMatchWith<"value is the buffer's element type", "buffer", "value",
      "::llvm::cast<::mlir::MemRefType>($_self).getElementType()">]> {
  let summary = "the running thread writes one element of a buffer";
  let description = [{
    `buffer[index] = value`, written by the running thread alone (unlike the
    scalar form of `tile.store`, which writes once per program instance).
    `buffer` is a kernel argument or a `tile.shared` array; an index outside
    it is an error.

    Example:

    ```mlir
    tile.thread_store %v, %Y[%i] : memref<?xf32>
    ```
  }];
  let arguments = (ins AnyType:$value,
                       Arg<Tile_Buffer, "the buffer to write", [MemWrite]>:$buffer,
                       Index:$index);
  let assemblyFormat = [{
    $value `,` $buffer `[` $index `]` attr-dict `:` type($buffer)
  }];
}

def Tile_BarrierOp : Tile_Op<"barrier", [Tile_ThreadLevel]> {
  let summary = "wait for every thread of the program instance";
  let description = [{
    Every thread of the program instance waits here until all have arrived;
    the `tile.shared` and buffer writes made before it are then visible to
    every thread. All threads must reach the same barrier (it must not sit
    under a condition or in a loop whose trip count differs between
    threads): the interpreter reports a barrier reached by some threads
    only. Lowered to `threadgroup_barrier(mem_flags::mem_device |
    mem_flags::mem_threadgroup)`.

    Example:

    ```mlir
    tile.barrier
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def Tile_SimdReduceOp : Tile_Op<"simd_reduce", [Tile_ThreadLevel,
    NoMemoryEffect, AllTypesMatch<["value", "result"]>]> {
  let summary = "combine a value over the 32 lanes of the SIMD group";
  let description = [{
    Every lane gets `value` combined over the 32 lanes of its SIMD group
    (meTile's `simd_sum`, `simd_max`, `simd_min`): the kind is `add`, `mul`,
    `maxnumf`/`minnumf` for floats, `maxsi`/`minsi`, `and`, `or`, `xor` for
    integers. The order of a float sum is unspecified. A collective: all 32
    lanes must reach it together (the interpreter reports one reached by
    some lanes only).

    Example:

    ```mlir
    %s = tile.simd_reduce add %x : f32
    ```
  }];
  let arguments = (ins Tile_CombiningKind:$kind, Tile_SimdScalar:$value);
  let results = (outs Tile_SimdScalar:$result);
  let assemblyFormat = "$kind $value attr-dict `:` type($value)";
  let hasVerifier = 1;
}

def Tile_SimdShuffleXorOp : Tile_Op<"simd_shuffle_xor", [Tile_ThreadLevel,
    NoMemoryEffect, AllTypesMatch<["value", "result"]>]> {
  let summary = "the value of the lane whose index differs by a bit mask";
  let description = [{
    Lane `l` gets `value` of lane `l ^ mask` of its SIMD group (`mask` from
    1 to 31): the butterfly step of a hand-written reduction. A collective:
    all 32 lanes must reach it together.

    Example:

    ```mlir
    %y = tile.simd_shuffle_xor %x mask 16 : f32
    ```
  }];
  let arguments = (ins Tile_SimdScalar:$value,
                       ConfinedAttr<I32Attr, [IntMinValue<1>, IntMaxValue<31>]>:$mask);
  let results = (outs Tile_SimdScalar:$result);
  let assemblyFormat = "$value `mask` $mask attr-dict `:` type($value)";
}

#endif // TILE_DIALECT_TILE_IR_TILETHREADOPS_TD
