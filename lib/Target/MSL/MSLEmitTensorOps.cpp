//===- MSLEmitTensorOps.cpp - Metal 4 tensor ops as MSL -------------------===//
//
// Tensor views, matmul2d and cooperative tensors (docs/tensorops.md has the
// table of ops and the MSL each prints). Cooperative tensors are objects the
// ops update in place, declared once with `auto`; views of threadgroup
// memory are declared with class template argument deduction, because the
// type of one cannot be written without spelling `threadgroup` in a type,
// and are later named as `decltype` of their first view.
//
//===----------------------------------------------------------------------===//

#include "MSLPrinter.h"
#include "MSLTypes.h"
#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"

using namespace mlir;
using namespace tile;
using namespace tile::msl;

bool tile::msl::usesTensorOps(func::FuncOp kernel) {
  auto isTensorOpsType = [](Type t) {
    return isa<applegpu::TensorViewType, applegpu::CooperativeTensorType>(t);
  };
  return kernel
      .walk([&](Operation *op) {
        return llvm::any_of(op->getResultTypes(), isTensorOpsType) ||
                       llvm::any_of(op->getOperandTypes(), isTensorOpsType)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// `mpp::tensor_ops::matmul2d<descriptor, scope>`.
static std::string matmulTypeName(applegpu::Matmul2dAttr op) {
  std::string s;
  llvm::raw_string_ostream os(s);
  auto flag = [](bool b) { return b ? "true" : "false"; };
  os << "mpp::tensor_ops::matmul2d<mpp::tensor_ops::matmul2d_descriptor("
     << op.getM() << ", " << op.getN() << ", ";
  // Qualified: Apple declares dynamic_length_v in mpp::tensor_ops only, and
  // the kernel has `using namespace metal;` alone.
  if (op.isDynamicK())
    os << "mpp::tensor_ops::dynamic_length_v<int>";
  else
    os << op.getK();
  os << ", " << flag(op.getTransposeLeft()) << ", "
     << flag(op.getTransposeRight()) << ", " << flag(op.getRelaxedPrecision())
     << ", mpp::tensor_ops::matmul2d_descriptor::mode::"
     << applegpu::stringifyMatmul2dMode(op.getMode()) << "), ";
  if (op.getSimdgroups() == 1)
    os << "execution_simdgroup>";
  else
    os << "execution_simdgroups<" << op.getSimdgroups() << ">>";
  return s;
}

LogicalResult tile::msl::printTensorOpsPrologue(MSLPrinter &p,
                                                func::FuncOp kernel) {
  // One alias per matmul2d of the kernel, in order of first use.
  kernel.walk([&](Operation *op) {
    auto note = [&](applegpu::Matmul2dAttr attr) {
      if (!attr || p.matmulAliases.count(attr))
        return;
      std::string alias = "matmul2d_" + std::to_string(p.matmulAliases.size());
      p.matmulAliases[attr] = alias;
      p.os << "using " << alias << " = " << matmulTypeName(attr) << ";\n";
    };
    if (auto run = dyn_cast<applegpu::Matmul2dOp>(op))
      note(run.getOp());
    for (Type t : op->getResultTypes())
      if (auto c = dyn_cast<applegpu::CooperativeTensorType>(t))
        note(c.getOp());
  });
  return success();
}

/// The MSL type of a tensor view: spelled out for device memory, the
/// `decltype` of its first declared view for threadgroup memory.
static FailureOr<std::string>
tensorTypeName(MSLPrinter &p, applegpu::TensorViewType type, Location loc) {
  if (type.getAddressSpace() == applegpu::AddressSpace::threadgroup) {
    auto it = p.firstViewOfType.find(type);
    if (it == p.firstViewOfType.end())
      return emitError(loc) << "a view type of threadgroup memory (" << type
                            << ") is named before any view of it is made; "
                               "MSL can only name it as decltype of one";
    return "decltype(" + it->second + ")";
  }
  FailureOr<std::string> element = scalarTypeName(type.getElementType(), loc);
  if (failed(element))
    return failure();
  std::string extents = type.hasStaticShape()
                            ? "extents<int32_t, " +
                                  std::to_string(type.getShape()[0]) + ", " +
                                  std::to_string(type.getShape()[1]) + ">"
                            : std::string("dextents<int32_t, 2>");
  return "tensor<device " + *element + ", " + extents + ", tensor_inline>";
}

static void noteView(MSLPrinter &p, Value view) {
  p.firstViewOfType.try_emplace(view.getType(), p.name(view).str());
}

LogicalResult tile::msl::printMakeTensor(MSLPrinter &p,
                                         applegpu::MakeTensorOp op) {
  applegpu::TensorViewType type = op.getType();
  if (isPrivateArray(op.getBuffer()))
    return op.emitOpError() << "cannot view a thread-private array: MSL's "
                               "tensors view device or threadgroup memory";
  std::string args =
      (", dextents<int32_t, 2>(" + p.name(op.getExtent0()) + ", " +
       p.name(op.getExtent1()) + "), array<int32_t, 2>({" +
       p.name(op.getStride0()) + ", " + p.name(op.getStride1()) + "}))")
          .str();
  if (type.getAddressSpace() == applegpu::AddressSpace::threadgroup) {
    StringRef name = p.assignName(op.getResult(), "tv");
    p.os << "auto " << name << " = tensor(" << p.name(op.getBuffer()) << " + "
         << p.name(op.getOffset()) << args << ";\n";
    noteView(p, op.getResult());
    return success();
  }
  FailureOr<std::string> typeName = tensorTypeName(p, type, op.getLoc());
  FailureOr<std::string> element =
      scalarTypeName(type.getElementType(), op.getLoc());
  if (failed(typeName) || failed(element))
    return failure();
  // Read-only buffers are `device const T*`; Apple's views take `device T`.
  p.os << *typeName << " " << p.assignName(op.getResult(), "tv") << "((device "
       << *element << "*)" << p.name(op.getBuffer()) << " + "
       << p.name(op.getOffset()) << args << ";\n";
  noteView(p, op.getResult());
  return success();
}

LogicalResult tile::msl::printTensorSlice(MSLPrinter &p,
                                          applegpu::TensorSliceOp op) {
  std::string sizes;
  if (auto s = op.getSizes())
    sizes =
        "<" + std::to_string((*s)[0]) + ", " + std::to_string((*s)[1]) + ">";
  p.os << "auto " << p.assignName(op.getResult(), "tv") << " = "
       << p.name(op.getSource()) << ".slice" << sizes << "("
       << p.name(op.getOrigin0()) << ", " << p.name(op.getOrigin1()) << ");\n";
  noteView(p, op.getResult());
  return success();
}

LogicalResult
tile::msl::printCooperativeDestination(MSLPrinter &p,
                                       applegpu::CooperativeDestinationOp op) {
  applegpu::CooperativeTensorType type = op.getType();
  FailureOr<std::string> left = tensorTypeName(p, type.getLeft(), op.getLoc());
  FailureOr<std::string> right =
      tensorTypeName(p, type.getRight(), op.getLoc());
  FailureOr<std::string> element =
      scalarTypeName(type.getElementType(), op.getLoc());
  if (failed(left) || failed(right) || failed(element))
    return failure();
  p.os << "auto " << p.assignName(op.getResult(), "ct") << " = "
       << p.matmulAliases.lookup(type.getOp())
       << "().get_destination_cooperative_tensor<" << *left << ", " << *right
       << ", " << *element << ">();\n";
  return success();
}

/// Declares an int for `v` and leaves the stream after `= `.
static raw_ostream &declareIndex(MSLPrinter &p, Value v) {
  return p.os << "const int " << p.assignName(v) << " = ";
}

LogicalResult tile::msl::printCooperativeFill(MSLPrinter &p,
                                              applegpu::CooperativeFillOp o) {
  std::string i = p.freshName("i");
  StringRef t = p.name(o.getTensor());
  // Only valid elements, as Apple's examples do: the others may not
  // be backed by storage on every GPU.
  p.os << "for (int " << i << " = 0; " << i << " < " << t
       << ".get_capacity(); ++" << i << ")\n";
  p.os << "  if (" << t << ".is_valid_element(" << i << "))\n";
  p.os << "    " << t << "[" << i << "] = " << p.name(o.getValue()) << ";\n";
  return success();
}

LogicalResult tile::msl::printMatmul2d(MSLPrinter &p, applegpu::Matmul2dOp o) {
  p.os << p.matmulAliases.lookup(o.getOp()) << "().run(" << p.name(o.getLeft())
       << ", " << p.name(o.getRight()) << ", " << p.name(o.getDestination())
       << ");\n";
  return success();
}

LogicalResult
tile::msl::printCooperativeCapacity(MSLPrinter &p,
                                    applegpu::CooperativeCapacityOp o) {
  declareIndex(p, o.getResult())
      << "int(" << p.name(o.getTensor()) << ".get_capacity());\n";
  return success();
}

LogicalResult
tile::msl::printCooperativeIsValid(MSLPrinter &p,
                                   applegpu::CooperativeIsValidOp o) {
  p.os << "const bool " << p.assignName(o.getResult()) << " = "
       << p.name(o.getTensor()) << ".is_valid_element(" << p.name(o.getIndex())
       << ");\n";
  return success();
}

LogicalResult
tile::msl::printCooperativePosition(MSLPrinter &p,
                                    applegpu::CooperativePositionOp o) {
  std::string position = p.freshName("p");
  p.os << "const auto " << position << " = " << p.name(o.getTensor())
       << ".get_multidimensional_index(" << p.name(o.getIndex()) << ");\n";
  declareIndex(p, o.getRow()) << "int(" << position << "[1]);\n";
  declareIndex(p, o.getColumn()) << "int(" << position << "[0]);\n";
  return success();
}

LogicalResult tile::msl::printCooperativeGet(MSLPrinter &p,
                                             applegpu::CooperativeGetOp o) {
  FailureOr<std::string> type = scalarTypeName(o.getType(), o.getLoc());
  if (failed(type))
    return failure();
  p.os << "const " << *type << " " << p.assignName(o.getResult()) << " = "
       << p.name(o.getTensor()) << "[" << p.name(o.getIndex()) << "];\n";
  return success();
}

LogicalResult tile::msl::printCooperativeSet(MSLPrinter &p,
                                             applegpu::CooperativeSetOp o) {
  p.os << p.name(o.getTensor()) << "[" << p.name(o.getIndex())
       << "] = " << p.name(o.getValue()) << ";\n";
  return success();
}

LogicalResult tile::msl::printCooperativeLoad(MSLPrinter &p,
                                              applegpu::CooperativeLoadOp o) {
  p.os << p.name(o.getTensor()) << ".load(" << p.name(o.getSource()) << ");\n";
  return success();
}

LogicalResult tile::msl::printCooperativeStore(MSLPrinter &p,
                                               applegpu::CooperativeStoreOp o) {
  p.os << p.name(o.getTensor()) << ".store(" << p.name(o.getDest()) << ");\n";
  return success();
}
