//===- Passes.td - applegpu passes -------------------------*- tablegen -*-===//

#ifndef TILE_DIALECT_APPLEGPU_TRANSFORMS_PASSES_TD
#define TILE_DIALECT_APPLEGPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def AppleGPUPrepareForEmission
    : Pass<"applegpu-prepare-for-emission", "::mlir::ModuleOp"> {
  let summary = "Legalize applegpu kernels for the MSL translation";
  let description = [{
    Makes applegpu kernels printable as MSL without changing what they
    compute, so that `tile-translate --mlir-to-msl` only has to print:

    * parameter names (`applegpu.name`) that are not valid MSL identifiers,
      collide with MSL keywords, the `metal::` functions the emitter calls
      or the emitter's own names, or repeat another parameter's name, are
      replaced by a legal name close to them (`max` becomes `max_`,
      `a-b` becomes `a_b`);
    * `applegpu.alloc_threadgroup` ops are moved to the top of the kernel,
      where MSL declares threadgroup arrays.

    A kernel whose own name cannot be printed is reported (renaming it would
    change the ABI the host calls).
  }];
}

#endif // TILE_DIALECT_APPLEGPU_TRANSFORMS_PASSES_TD
