//===- KernelABI.cpp - the launch interface of an emitted kernel ----------===//

#include "MSLPrinter.h"
#include "MSLTypes.h"
#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"
#include "tile/Dialect/AppleGPU/IR/MSLNames.h"
#include "tile/Target/MSL/MSLEmitter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace tile;
using namespace tile::msl;

LogicalResult tile::msl::checkIdentifier(StringRef name, Operation *op,
                                         StringRef what) {
  std::string problem = applegpu::checkMSLIdentifier(name);
  if (problem.empty())
    return success();
  return op->emitError() << what << " '" << name << "' " << problem;
}

/// A kernel argument's name: `applegpu.name` if the front end kept one,
/// else its position.
static FailureOr<std::string> argumentName(func::FuncOp kernel, unsigned i) {
  auto name = kernel.getArgAttrOfType<StringAttr>(
      i, applegpu::AppleGPUDialect::getNameAttrName());
  if (!name)
    return "arg" + std::to_string(i);
  if (failed(checkIdentifier(name.getValue(), kernel, "argument name")))
    return failure();
  return name.str();
}

/// One entry of `applegpu.grid`: an integer, or `ceildiv(NAME, DIVISOR)`
/// with NAME a scalar argument of the kernel.
static FailureOr<ABIGridExtent>
parseGridExtent(func::FuncOp kernel, const KernelABI &abi, StringRef text) {
  ABIGridExtent extent;
  StringRef rest = text.trim();
  if (!rest.getAsInteger(10, extent.constant) && extent.constant > 0)
    return extent;
  StringRef name, divisor;
  if (rest.consume_front("ceildiv(") && rest.consume_back(")")) {
    std::tie(name, divisor) = rest.split(',');
    name = name.trim();
    divisor = divisor.trim();
    for (const ABIArgument &arg : abi.arguments)
      if (arg.name == name && !arg.isBuffer &&
          !divisor.getAsInteger(10, extent.divisor) && extent.divisor > 0) {
        extent.argument = arg.index;
        extent.name = arg.name;
        return extent;
      }
  }
  return kernel.emitError()
         << "'" << applegpu::AppleGPUDialect::getGridAttrName() << "' entry '"
         << text
         << "' is neither a positive integer nor ceildiv(<scalar argument>, "
            "<positive divisor>)";
}

namespace {
/// What the kernel's body uses, gathered in one walk.
struct BodyFacts {
  bool tensorOps = false, bfloat = false, threadElements = false;
  int64_t threadgroupBytes = 0;
  llvm::SmallDenseSet<llvm::StringRef, 8> builtins;
};
} // namespace

static bool isTensorOpsType(Type t) {
  return isa<applegpu::TensorViewType, applegpu::CooperativeTensorType>(t);
}

static BodyFacts gatherBodyFacts(func::FuncOp kernel) {
  BodyFacts facts;
  llvm::SmallDenseSet<Type, 16> seen;
  kernel.walk([&](Operation *op) {
    if (isa<applegpu::AppleGPUDialect>(op->getDialect())) {
      facts.threadElements |=
          isa<applegpu::SimdgroupGetElementOp, applegpu::SimdgroupSetElementOp>(
              op);
      if (auto alloc = dyn_cast<applegpu::AllocThreadgroupOp>(op))
        facts.threadgroupBytes += alloc.getSizeInBytes();
      if (op->getNumOperands() == 0 && op->getNumResults() == 1)
        facts.builtins.insert(op->getName().stripDialect());
    }
    // Shaped types first: a thread-private array may hold fragments.
    // Each type once: a kernel has a handful, on hundreds of values.
    auto check = [&](Type t) {
      if (!seen.insert(t).second)
        return;
      facts.tensorOps |= isTensorOpsType(t);
      if (auto shaped = dyn_cast<ShapedType>(t))
        t = shaped.getElementType();
      if (auto m = dyn_cast<applegpu::SimdgroupMatrixType>(t))
        t = m.getElementType();
      facts.bfloat |= t.isBF16();
    };
    for (Type t : op->getResultTypes())
      check(t);
    for (Type t : op->getOperandTypes())
      check(t);
  });
  return facts;
}

/// The language version the kernel's types and ops need: simdgroup_matrix
/// needs 2.3, its per-lane elements (`thread_elements()`) 3.0, bfloat 3.1,
/// Metal 4 tensor ops 4.0. `thread_elements()` is not in the MSL
/// specification; the oldest version it is known to compile under on
/// Apple's compiler is 3.0 (MLX's GEMM kernels use it and build with
/// -std=metal3.0 for macOS 13), so that is what kernels using it declare.
static std::string requiredVersion(func::FuncOp kernel,
                                   const BodyFacts &facts) {
  // The tensor headers are included once for the whole file, which then
  // needs 4.0 for every kernel in it.
  bool fileUsesTensorOps = facts.tensorOps;
  if (Operation *parent = kernel->getParentOp())
    for (Region &region : parent->getRegions())
      for (func::FuncOp other : region.getOps<func::FuncOp>())
        if (other != kernel && !fileUsesTensorOps)
          fileUsesTensorOps = usesTensorOps(other);
  if (fileUsesTensorOps)
    return "4.0";
  if (facts.bfloat)
    return "3.1";
  return facts.threadElements ? "3.0" : "2.3";
}

/// The alignment a buffer argument's start needs: its element size, or
/// the widest vector the kernel loads from or stores to it in one access.
static int64_t bufferAlignment(func::FuncOp kernel, unsigned argument,
                               MemRefType type) {
  // A bool (i1) is one byte in MSL.
  int64_t alignment = std::max<int64_t>(type.getElementTypeBitWidth() / 8, 1);
  Value buffer = kernel.getArgument(argument);
  for (Operation *user : buffer.getUsers()) {
    VectorType vector;
    if (auto load = dyn_cast<vector::LoadOp>(user))
      vector = load.getVectorType();
    else if (auto store = dyn_cast<vector::StoreOp>(user))
      vector = store.getVectorType();
    if (vector)
      alignment =
          std::max<int64_t>(alignment, vector.getNumElements() *
                                           vector.getElementTypeBitWidth() / 8);
  }
  return alignment;
}

FailureOr<KernelABI> tile::msl::getKernelABI(func::FuncOp kernel) {
  KernelABI abi;
  abi.name = kernel.getSymName().str();
  if (std::string problem = applegpu::checkMSLKernelName(abi.name);
      !problem.empty())
    return kernel.emitError() << "kernel name '" << abi.name << "' " << problem;
  for (unsigned i = 0, e = kernel.getNumArguments(); i < e; ++i) {
    Type type = kernel.getArgumentTypes()[i];
    auto binding = kernel.getArgAttrOfType<IntegerAttr>(
        i, applegpu::AppleGPUDialect::getBufferAttrName());
    if (!binding)
      return kernel.emitError()
             << "kernel argument #" << i << " has no [[buffer]] binding";
    ABIArgument arg;
    arg.index = binding.getInt();
    FailureOr<std::string> name = argumentName(kernel, i);
    if (failed(name))
      return failure();
    arg.name = *name;
    if (auto source = kernel.getArgAttrOfType<StringAttr>(
            i, applegpu::AppleGPUDialect::getSourceNameAttrName());
        source && source.getValue() != arg.name)
      arg.sourceName = source.str();
    if (auto memref = dyn_cast<MemRefType>(type)) {
      FailureOr<std::string> element =
          scalarTypeName(memref.getElementType(), kernel.getLoc());
      if (failed(element))
        return failure();
      auto access = kernel.getArgAttrOfType<StringAttr>(
          i, applegpu::AppleGPUDialect::getAccessAttrName());
      arg.isBuffer = true;
      arg.elementType = *element;
      arg.access = access ? access.str() : "read_write";
      arg.mslType = std::string("device ") +
                    (arg.access == "read" ? "const " : "") + *element + "*";
      arg.alignment = bufferAlignment(kernel, i, memref);
    } else {
      FailureOr<std::string> scalar = abiScalarTypeName(type, kernel.getLoc());
      if (failed(scalar))
        return failure();
      arg.elementType = *scalar;
      arg.mslType = "constant " + *scalar + "&";
      arg.isIndex = type.isIndex();
    }
    for (const ABIArgument &other : abi.arguments)
      if (other.name == arg.name)
        return kernel.emitError()
               << "kernel arguments #" << other.index << " and #" << arg.index
               << " are both named '" << arg.name << "'";
    abi.arguments.push_back(std::move(arg));
  }
  if (auto threads = kernel->getAttrOfType<DenseI32ArrayAttr>(
          applegpu::AppleGPUDialect::getThreadsPerThreadgroupAttrName()))
    for (auto [i, t] : llvm::enumerate(threads.asArrayRef()))
      abi.threadsPerThreadgroup[i] = t;
  BodyFacts facts = gatherBodyFacts(kernel);
  abi.threadgroupMemoryBytes = facts.threadgroupBytes;
  if (auto grid = kernel->getAttrOfType<ArrayAttr>(
          applegpu::AppleGPUDialect::getGridAttrName()))
    for (Attribute g : grid) {
      abi.grid.push_back(cast<StringAttr>(g).str());
      FailureOr<ABIGridExtent> extent =
          parseGridExtent(kernel, abi, cast<StringAttr>(g).getValue());
      if (failed(extent))
        return failure();
      abi.gridExtents.push_back(*extent);
    }
  if (auto target = kernel->getAttrOfType<StringAttr>(
          applegpu::AppleGPUDialect::getTargetAttrName()))
    abi.target = target.str();
  abi.mslVersion = requiredVersion(kernel, facts);
  // In the order the MSL signature lists them.
  for (StringRef builtin :
       {"thread_index_in_threadgroup", "simdgroup_index_in_threadgroup",
        "thread_index_in_simdgroup", "threadgroup_position_in_grid",
        "threadgroups_per_grid"}) {
    if (facts.builtins.contains(builtin))
      abi.builtins.push_back(builtin.str());
  }
  return abi;
}

llvm::json::Value tile::msl::toJSON(const KernelABI &abi) {
  llvm::json::Array buffers, scalars;
  for (const ABIArgument &arg : abi.arguments) {
    llvm::json::Object entry{{"index", arg.index},
                             {"name", arg.name},
                             {"type", arg.elementType},
                             {"msl_type", arg.mslType}};
    if (!arg.sourceName.empty())
      entry["source_name"] = arg.sourceName;
    if (arg.isBuffer) {
      entry["access"] = arg.access;
      entry["alignment"] = arg.alignment;
      entry["max_elements"] = kMaxIndexValue;
      buffers.push_back(std::move(entry));
    } else {
      // Index arguments are passed as uint and used as 32-bit int.
      if (arg.isIndex)
        entry["max_value"] = kMaxIndexValue;
      scalars.push_back(std::move(entry));
    }
  }
  llvm::json::Object kernel{
      {"name", abi.name},
      {"buffers", std::move(buffers)},
      {"scalars", std::move(scalars)},
      {"threads_per_threadgroup",
       llvm::json::Array{abi.threadsPerThreadgroup[0],
                         abi.threadsPerThreadgroup[1],
                         abi.threadsPerThreadgroup[2]}},
      {"threadgroup_memory_bytes", abi.threadgroupMemoryBytes},
      {"msl_version", abi.mslVersion},
      // Written for IEEE math: Metal compiles with fast math unless told
      // otherwise (-fno-fast-math, MTLCompileOptions.mathMode = .safe, or
      // fastMathEnabled = NO on older SDKs).
      {"fast_math", false},
      {"compile_options",
       abi.mslVersion == "4.0"
           ? llvm::json::Array{"-fno-fast-math", "-std=metal4.0"}
           : llvm::json::Array{"-fno-fast-math"}},
  };
  if (!abi.grid.empty()) {
    llvm::json::Array grid, extents;
    for (const std::string &g : abi.grid)
      grid.push_back(g);
    kernel["grid"] = std::move(grid);
    for (const ABIGridExtent &e : abi.gridExtents)
      extents.push_back(e.argument < 0
                            ? llvm::json::Object{{"constant", e.constant}}
                            : llvm::json::Object{{"argument", e.name},
                                                 {"index", e.argument},
                                                 {"divisor", e.divisor}});
    kernel["grid_extents"] = std::move(extents);
  }
  if (!abi.target.empty())
    kernel["target"] = abi.target;
  llvm::json::Array builtins;
  for (const std::string &b : abi.builtins)
    builtins.push_back(b);
  kernel["builtins"] = std::move(builtins);
  return kernel;
}

void tile::msl::printABIComment(const KernelABI &abi, llvm::raw_ostream &os) {
  os << "// kernel " << abi.name << " ABI:\n";
  for (const ABIArgument &arg : abi.arguments) {
    os << "//   [[buffer(" << arg.index << ")]] " << arg.name << ": "
       << arg.mslType;
    if (arg.isBuffer)
      os << " (" << arg.access << ", " << arg.alignment << "-byte aligned)";
    if (!arg.sourceName.empty())
      os << " (source name: " << arg.sourceName << ")";
    os << "\n";
  }
  os << "//   threads per threadgroup: " << abi.threadsPerThreadgroup[0]
     << " x " << abi.threadsPerThreadgroup[1] << " x "
     << abi.threadsPerThreadgroup[2] << "\n";
  os << "//   threadgroup memory: " << abi.threadgroupMemoryBytes << " bytes\n";
  if (!abi.grid.empty())
    os << "//   threadgroups per grid: " << abi.grid[0] << " x " << abi.grid[1]
       << " x " << abi.grid[2] << "\n";
  if (!abi.target.empty())
    os << "//   target: " << abi.target << "\n";
  os << "//   MSL " << abi.mslVersion;
  if (abi.mslVersion == "4.0")
    os << " (-std=metal4.0, or languageVersion 4.0: Metal 4 tensor ops)";
  os << "; written for -fno-fast-math (correct with fast math off)\n";
  os << "//   32-bit indices: at most " << kMaxIndexValue
     << " elements per buffer and per index argument\n";
}
