//===- ABI.cpp - what tile-run reads from a kernel's ABI JSON -------------===//
//
// The ABI JSON (tile-translate --msl-abi, or the one tile-run's own
// compilation writes) describes a kernel's parameters and launch grid; both
// input kinds read it: the kernel's entry, the bindings in [[buffer]] order
// and the grid to launch. Kept apart from tile-run.cpp, which owns the
// command line and the tile-kernel path.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <string>

namespace tile::run {

/// The kernel --kernel names in the ABI (default: the only one), or null.
const llvm::json::Object *findKernel(const llvm::json::Value &abi) {
  const llvm::json::Object *root = abi.getAsObject();
  const llvm::json::Array *kernels = root ? root->getArray("kernels") : nullptr;
  if (!kernels || kernels->empty())
    return nullptr;
  for (const llvm::json::Value &k : *kernels) {
    const llvm::json::Object *obj = k.getAsObject();
    if (!obj)
      continue;
    if (kernelNameOption().empty() && kernels->size() == 1)
      return obj;
    if (std::optional<llvm::StringRef> name = obj->getString("name"))
      if (*name == kernelNameOption())
        return obj;
  }
  return nullptr;
}

/// Bindings in [[buffer]] order from the ABI and the --arg specs.
std::vector<Binding> bindingsFromABI(const llvm::json::Object &kernel,
                                     const llvm::StringMap<ArgSpec> &specs) {
  struct Param {
    int64_t index;
    std::string name, type;
    bool isBuffer, written;
    ParamLimit limit;
  };
  std::vector<Param> params;
  for (llvm::StringRef group : {"buffers", "scalars"})
    if (const llvm::json::Array *list = kernel.getArray(group))
      for (const llvm::json::Value &v : *list) {
        const llvm::json::Object *o = v.getAsObject();
        if (!o)
          continue;
        Param p;
        p.index = o->getInteger("index").value_or(0);
        p.name = o->getString("name").value_or("").str();
        p.type = o->getString("type").value_or("").str();
        p.isBuffer = group == "buffers";
        p.limit.maxValue = o->getInteger("max_value");
        p.limit.maxElements = o->getInteger("max_elements");
        llvm::StringRef access = o->getString("access").value_or("");
        p.written = access == "write" || access == "read_write";
        params.push_back(p);
      }
  llvm::sort(params,
             [](const Param &a, const Param &b) { return a.index < b.index; });
  std::vector<std::string> names;
  for (const Param &p : params)
    names.push_back(p.name);
  checkSpecNames(specs, names);
  std::vector<Binding> bindings;
  for (Param &p : params) {
    std::optional<MslElement> msl = mslElementType(p.type);
    std::optional<ElementType> element;
    if (msl) {
      element = msl->element;
      p.limit.lanes = msl->lanes;
      p.limit.anyElement = msl->lanes == 1 && isIntegerElement(msl->element) &&
                           elementBytes(msl->element) == 1;
    }
    Binding b =
        makeBinding(specs, p.name, p.isBuffer, element, p.type, p.limit);
    b.index = p.index;
    b.written = p.written;
    bindings.push_back(std::move(b));
  }
  return bindings;
}

/// The grid to launch: the one the ABI computes from the scalar arguments
/// (`grid_extents`), which --grid may enlarge but not shrink (the kernel
/// would leave part of its output unwritten and the reference would be
/// computed on the same wrong grid).
std::array<int64_t, 3>
launchGrid(std::optional<std::array<int64_t, 3>> requested,
           const llvm::json::Object &abi, llvm::ArrayRef<Binding> bindings) {
  std::optional<std::array<int64_t, 3>> computed;
  if (const llvm::json::Array *extents = abi.getArray("grid_extents");
      extents && extents->size() == 3) {
    computed = std::array<int64_t, 3>{1, 1, 1};
    for (auto [d, value] : llvm::enumerate(*extents)) {
      const llvm::json::Object *e = value.getAsObject();
      if (!e)
        usageError("the ABI's grid_extents are malformed");
      if (std::optional<int64_t> c = e->getInteger("constant")) {
        (*computed)[d] = *c;
        continue;
      }
      // The scalar is named by its [[buffer(index)]], not its position.
      std::optional<int64_t> index = e->getInteger("index");
      std::optional<int64_t> divisor = e->getInteger("divisor");
      if (!index || !divisor || *divisor <= 0)
        usageError("the ABI's grid_extents are malformed");
      const Binding *scalar = bindingAtIndex(bindings, *index);
      if (!scalar || scalar->isBuffer)
        usageError("the ABI's grid_extents take extent " + llvm::Twine(d) +
                   " from [[buffer(" + llvm::Twine(*index) +
                   ")]], which is not a scalar parameter of the kernel");
      int64_t n = scalar->scalarInt;
      (*computed)[d] = std::max<int64_t>(1, (n + *divisor - 1) / *divisor);
    }
  }
  auto text = [](const std::array<int64_t, 3> &g) {
    return std::to_string(g[0]) + "," + std::to_string(g[1]) + "," +
           std::to_string(g[2]);
  };
  if (!requested) {
    if (!computed)
      usageError(
          "the kernel's ABI gives no launch grid; pass --grid X[,Y[,Z]]");
    return *computed;
  }
  if (!computed)
    return *requested;
  for (int d = 0; d < 3; ++d)
    if ((*requested)[d] < (*computed)[d])
      usageError("--grid " + text(*requested) +
                 " does not cover the problem: "
                 "the ABI computes " +
                 text(*computed) +
                 " (from the scalar arguments); a smaller grid would leave "
                 "part of the output unwritten");
  if (*requested != *computed)
    llvm::errs() << "tile-run: note: --grid " << text(*requested)
                 << " is larger than the " << text(*computed)
                 << " the ABI computes; the extra threadgroups run too\n";
  return *requested;
}

} // namespace tile::run
