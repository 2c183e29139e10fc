//===- AppleGPUAttrs.td - applegpu enums and attributes ----*- tablegen -*-===//

#ifndef TILE_DIALECT_APPLEGPU_IR_APPLEGPUATTRS_TD
#define TILE_DIALECT_APPLEGPU_IR_APPLEGPUATTRS_TD

include "tile/Dialect/AppleGPU/IR/AppleGPUDialect.td"
include "mlir/IR/EnumAttr.td"

def AppleGPU_AddressSpace : I32EnumAttr<"AddressSpace", "an MSL address space", [
    I32EnumAttrCase<"device", 1>,
    I32EnumAttrCase<"threadgroup", 3>,
    I32EnumAttrCase<"constant", 2>
  ]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::tile::applegpu";
}

def AppleGPU_AddressSpaceAttr
    : EnumAttr<AppleGPU_Dialect, AppleGPU_AddressSpace, "address_space"> {
  let summary = "MSL address space of a memref";
  let description = [{
    Used as the memory space of memrefs: `device` buffers are kernel
    arguments in GPU memory, `threadgroup` memory is shared by the threads of
    one threadgroup, `constant` is read-only argument memory.

    Example: `memref<2304xf32, #applegpu.address_space<threadgroup>>`
  }];
  let assemblyFormat = "`<` $value `>`";
}

def AppleGPU_MemFlags : I32BitEnumAttr<"MemFlags",
    "memory ordered by a barrier", [
    I32BitEnumAttrCaseNone<"mem_none">,
    I32BitEnumAttrCaseBit<"mem_device", 0>,
    I32BitEnumAttrCaseBit<"mem_threadgroup", 1>,
    I32BitEnumAttrCaseBit<"mem_texture", 2>
  ]> {
  let cppNamespace = "::tile::applegpu";
  let separator = " | ";
  let genSpecializedAttr = 0;
}

def AppleGPU_MemFlagsAttr
    : EnumAttr<AppleGPU_Dialect, AppleGPU_MemFlags, "mem_flags"> {
  let summary = "memory ordered by a barrier";
  let description = [{
    MSL's `mem_flags`: `mem_none`, or any of `mem_device`,
    `mem_threadgroup`, `mem_texture` joined by `|`.

    Example: `#applegpu.mem_flags<mem_device | mem_threadgroup>`
  }];
  let assemblyFormat = "`<` $value `>`";
}

def AppleGPU_Dim : I32EnumAttr<"Dim", "a dimension of the launch grid", [
    I32EnumAttrCase<"x", 0>,
    I32EnumAttrCase<"y", 1>,
    I32EnumAttrCase<"z", 2>
  ]> {
  let cppNamespace = "::tile::applegpu";
}

#endif // TILE_DIALECT_APPLEGPU_IR_APPLEGPUATTRS_TD
