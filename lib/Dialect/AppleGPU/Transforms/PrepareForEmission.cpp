//===- PrepareForEmission.cpp - legalize applegpu kernels for MSL ---------===//

#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"
#include "tile/Dialect/AppleGPU/IR/MSLNames.h"
#include "tile/Dialect/AppleGPU/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace tile::applegpu {
#define GEN_PASS_DEF_APPLEGPUPREPAREFOREMISSION
#include "tile/Dialect/AppleGPU/Transforms/Passes.h.inc"
} // namespace tile::applegpu

using namespace mlir;
using namespace tile::applegpu;

/// Rewrites the parameter names in `applegpu.grid` entries of the form
/// `ceildiv(NAME, DIVISOR)` after legalizeParameterNames renamed them: the
/// ABI resolves those names against the parameters' printed names.
static void renameGridParameters(func::FuncOp kernel,
                                 const llvm::StringMap<std::string> &renamed) {
  StringRef attr = AppleGPUDialect::getGridAttrName();
  auto grid = kernel->getAttrOfType<ArrayAttr>(attr);
  if (!grid || renamed.empty())
    return;
  SmallVector<Attribute> entries;
  for (Attribute entry : grid) {
    auto text = dyn_cast<StringAttr>(entry);
    StringRef rest = text ? text.getValue().trim() : StringRef();
    if (text && rest.consume_front("ceildiv(") && rest.consume_back(")")) {
      auto [name, divisor] = rest.split(',');
      auto it = renamed.find(name.trim());
      if (it != renamed.end())
        entry = StringAttr::get(kernel.getContext(), "ceildiv(" + it->second +
                                                         ", " + divisor.trim() +
                                                         ")");
    }
    entries.push_back(entry);
  }
  kernel->setAttr(attr, ArrayAttr::get(kernel.getContext(), entries));
}

/// Gives every named parameter a printable name, unique in the kernel
/// (also against the argN names of unnamed parameters), and carries the
/// new names into the launch grid.
static void legalizeParameterNames(func::FuncOp kernel) {
  StringRef attr = AppleGPUDialect::getNameAttrName();
  llvm::StringMap<std::string> renamed;
  llvm::StringSet<> used;
  for (unsigned i = 0, e = kernel.getNumArguments(); i < e; ++i)
    if (!kernel.getArgAttr(i, attr))
      used.insert("arg" + std::to_string(i));
  for (unsigned i = 0, e = kernel.getNumArguments(); i < e; ++i) {
    auto name = kernel.getArgAttrOfType<StringAttr>(i, attr);
    if (!name)
      continue;
    std::string legal = legalizeMSLIdentifier(name.getValue());
    std::string unique = legal;
    for (int n = 1; used.contains(unique); ++n)
      unique = legal + "_" + std::to_string(n);
    used.insert(unique);
    if (unique == name.getValue())
      continue;
    renamed[name.getValue()] = unique;
    // The name callers know the parameter by (the ABI reports it).
    if (!kernel.getArgAttr(i, AppleGPUDialect::getSourceNameAttrName()))
      kernel.setArgAttr(i, AppleGPUDialect::getSourceNameAttrName(), name);
    kernel.setArgAttr(i, attr, StringAttr::get(kernel.getContext(), unique));
  }
  renameGridParameters(kernel, renamed);
}

/// MSL declares threadgroup arrays at kernel scope; the views into an arena
/// follow it (in their order), so that they are declared before any code.
static void hoistThreadgroupMemory(func::FuncOp kernel) {
  Block &entry = kernel.getBody().front();
  SmallVector<Operation *> allocs;
  kernel.walk([&](Operation *op) {
    if (isa<AllocThreadgroupOp, ThreadgroupViewOp>(op))
      allocs.push_back(op);
  });
  for (Operation *alloc : llvm::reverse(allocs))
    alloc->moveBefore(&entry, entry.begin());
}

namespace {
struct PrepareForEmissionPass
    : tile::applegpu::impl::AppleGPUPrepareForEmissionBase<
          PrepareForEmissionPass> {
  void runOnOperation() override {
    bool failed = false;
    getOperation().walk([&](func::FuncOp kernel) {
      if (!kernel->hasAttr(AppleGPUDialect::getKernelAttrName()))
        return;
      std::string problem = checkMSLKernelName(kernel.getSymName());
      if (!problem.empty()) {
        kernel.emitError() << "kernel name '" << kernel.getSymName() << "' "
                           << problem << "; rename the kernel";
        failed = true;
        return;
      }
      legalizeParameterNames(kernel);
      hoistThreadgroupMemory(kernel);
    });
    if (failed)
      signalPassFailure();
  }
};
} // namespace
