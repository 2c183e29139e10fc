//===- AppleGPUDialect.td - the applegpu dialect -----------*- tablegen -*-===//
//
// An op-level mirror of the Metal Shading Language: the last IR before text.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_APPLEGPU_IR_APPLEGPUDIALECT_TD
#define TILE_DIALECT_APPLEGPU_IR_APPLEGPUDIALECT_TD

include "mlir/IR/OpBase.td"

def AppleGPU_Dialect : Dialect {
  let name = "applegpu";
  let cppNamespace = "::tile::applegpu";
  let summary = "Metal Shading Language constructs for Apple GPUs";
  let description = [{
    The `applegpu` dialect is the last IR before Metal Shading Language: each
    op maps to one MSL construct, so that what the MSL translation prints can
    be read off the IR and checked with FileCheck. Everything that is not
    Metal specific stays in upstream dialects (`scf`, `arith`, `math`,
    `memref`).

    * Kernel ABI: a kernel is a `func.func` with `applegpu.kernel` and
      `applegpu.threads_per_threadgroup = array<i32: X, Y, Z>`. Each argument
      carries its binding: `applegpu.buffer = N` (the `[[buffer(N)]]` index),
      and for buffers `applegpu.access = "read" | "write" | "read_write"`;
      `applegpu.name = "A"` optionally names the parameter in the MSL and
      the ABI (the default is `argN`); `applegpu.source_name = "register"`
      keeps the source's name of a parameter that
      `applegpu-prepare-for-emission` renamed (the ABI reports both).
      Buffers are 1-D memrefs in the `device` address space; scalars
      (`index` as `uint`, `i32`, `f32`, ...) are passed as `constant T&`.
    * Builtins: `applegpu.thread_index_in_threadgroup`,
      `applegpu.simdgroup_index_in_threadgroup`,
      `applegpu.thread_index_in_simdgroup`,
      `applegpu.threadgroup_position_in_grid`,
      `applegpu.threadgroups_per_grid`.
    * Threadgroup memory: `applegpu.alloc_threadgroup` gives a 1-D memref in
      `#applegpu.address_space<threadgroup>`; it is not initialized.
      `applegpu.threadgroup_view` gives a typed buffer at a byte offset of
      such an allocation of bytes (the arena of
      `tile-plan-threadgroup-memory`, whose plan the attributes
      `applegpu.threadgroup_memory`, `#applegpu.scratch` (as
      `applegpu.scratch` and `applegpu.cooperative_spill`) and
      `#applegpu.dot_staging` record).
    * Synchronization: `applegpu.threadgroup_barrier` and
      `applegpu.simdgroup_barrier` with memory flags.
    * SIMD-group matrices: `!applegpu.simdgroup_matrix<8x8xT>` (T = f32, f16,
      bf16) with fill, load, store, multiply-accumulate and access to the two
      elements each lane holds.

    Facts the verifiers enforce: at most 1024 threads per threadgroup, a
    multiple of the SIMD width 32; at most 32768 bytes of threadgroup memory;
    at most 31 buffer bindings.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let extraClassDeclaration = [{
    static constexpr ::llvm::StringLiteral getKernelAttrName() {
      return "applegpu.kernel";
    }
    static constexpr ::llvm::StringLiteral getThreadsPerThreadgroupAttrName() {
      return "applegpu.threads_per_threadgroup";
    }
    static constexpr ::llvm::StringLiteral getBufferAttrName() {
      return "applegpu.buffer";
    }
    static constexpr ::llvm::StringLiteral getAccessAttrName() {
      return "applegpu.access";
    }
    static constexpr ::llvm::StringLiteral getNameAttrName() {
      return "applegpu.name";
    }
    static constexpr ::llvm::StringLiteral getSourceNameAttrName() {
      return "applegpu.source_name";
    }
    static constexpr ::llvm::StringLiteral getGridAttrName() {
      return "applegpu.grid";
    }
    static constexpr ::llvm::StringLiteral getTargetAttrName() {
      return "applegpu.target";
    }
    /// The threadgroup memory plan (tile-plan-threadgroup-memory): the
    /// kernel's total bytes, an op's #applegpu.scratch (and the region of
    /// its copies of another dot's cooperative tiles, also an
    /// #applegpu.scratch) and a dot's #applegpu.dot_staging.
    static constexpr ::llvm::StringLiteral getThreadgroupMemoryAttrName() {
      return "applegpu.threadgroup_memory";
    }
    static constexpr ::llvm::StringLiteral getScratchAttrName() {
      return "applegpu.scratch";
    }
    /// A bool attribute on an `scf.for`: whether the MSL asks Metal's
    /// compiler to unroll it (`#pragma unroll`, only for constant bounds).
    /// Absent: yes (the conversion's own loops over thread-private arrays,
    /// whose indices must become constants); the conversion sets it on
    /// the program's loops, true only for those marked `tile.unroll`.
    static constexpr ::llvm::StringLiteral getUnrollAttrName() {
      return "applegpu.unroll";
    }
    static constexpr ::llvm::StringLiteral getSpillAttrName() {
      return "applegpu.cooperative_spill";
    }
    static constexpr ::llvm::StringLiteral getDotStagingAttrName() {
      return "applegpu.dot_staging";
    }

    /// Apple GPU limits the verifiers and the conversion enforce.
    static constexpr int64_t kSimdWidth = 32;
    static constexpr int64_t kMaxThreadsPerThreadgroup = 1024;
    static constexpr int64_t kMaxThreadgroupMemoryBytes = 32768;
    static constexpr int64_t kMaxBufferBindings = 31;
  }];
}

class AppleGPU_Op<string mnemonic, list<Trait> traits = []>
    : Op<AppleGPU_Dialect, mnemonic, traits>;

#endif // TILE_DIALECT_APPLEGPU_IR_APPLEGPUDIALECT_TD
