//===- MSLEmitter.cpp - applegpu kernels to Metal Shading Language --------===//

#include "tile/Target/MSL/MSLEmitter.h"
#include "MSLPrinter.h"
#include "MSLTypes.h"
#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"
#include "tile/InitTile.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/ToolOutputFile.h"

#include <cstring>

using namespace mlir;
using namespace tile;
using namespace tile::msl;

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

void IndentedText::write_impl(const char *data, size_t size) {
  while (size) {
    // A line is indented when something is written on it.
    if (atLineStart && *data != '\n')
      text.append(level, ' ');
    const char *newline =
        static_cast<const char *>(std::memchr(data, '\n', size));
    size_t length = newline ? newline - data + 1 : size;
    text.append(data, length);
    atLineStart = newline != nullptr;
    data += length;
    size -= length;
  }
}

StringRef MSLPrinter::name(Value value) const {
  auto it = names.find(value);
  assert(it != names.end() && "value printed before its definition");
  return it->second;
}

StringRef MSLPrinter::assignName(Value value, StringRef prefix) {
  std::string &slot = names[value];
  slot.assign(prefix.data(), prefix.size());
  slot += std::to_string(nextId++);
  return slot;
}

void MSLPrinter::bindName(Value value, std::string name) {
  names[value] = std::move(name);
}

LogicalResult MSLPrinter::declare(Value value) {
  // Kernels declare hundreds of values of a handful of types.
  std::string &type = typeNames[value.getType()];
  if (type.empty()) {
    FailureOr<std::string> name =
        valueTypeName(value.getType(), value.getLoc());
    if (failed(name))
      return failure();
    type = std::move(*name);
  }
  os << type << " " << assignName(value);
  return success();
}

//===----------------------------------------------------------------------===//
// Blocks and ops
//===----------------------------------------------------------------------===//

LogicalResult MSLPrinter::printBlockBody(Block &block) {
  for (Operation &op : block.without_terminator())
    if (failed(printOperation(op)))
      return failure();
  return success();
}

/// The one place that chooses how an op is printed: a case per op type
/// (the most frequent first). To print a new op, add its case here and
/// its function to MSLPrinter.h.
LogicalResult MSLPrinter::printOperation(Operation &op) {
  MSLPrinter &p = *this;
  auto binary = [&](StringRef symbol) {
    return [&p, symbol](Operation *o) { return printBinary(p, *o, symbol); };
  };
  auto unsignedBinary = [&](StringRef symbol) {
    return [&p, symbol](Operation *o) {
      return printUnsignedBinary(p, *o, symbol);
    };
  };
  auto wrapping = [&](StringRef symbol) {
    return [&p, symbol](Operation *o) {
      return printWrappingBinary(p, *o, symbol);
    };
  };
  auto function = [&](StringRef name) {
    return [&p, name](Operation *o) { return printCall(p, *o, name); };
  };
  auto math = [&](StringRef name) {
    return [&p, name](Operation *o) { return printMath(p, *o, name); };
  };
  return llvm::TypeSwitch<Operation *, LogicalResult>(&op)
      // arith (MSLEmitArith.cpp).
      .Case([&](arith::ConstantOp o) { return printConstant(p, o); })
      .Case<arith::AddFOp>(binary("+"))
      .Case<arith::SubFOp>(binary("-"))
      .Case<arith::MulFOp>(binary("*"))
      .Case<arith::AddIOp>(wrapping("+"))
      .Case<arith::SubIOp>(wrapping("-"))
      .Case<arith::MulIOp>(wrapping("*"))
      .Case<arith::DivSIOp, arith::DivFOp>(binary("/"))
      .Case<arith::RemSIOp>(binary("%"))
      .Case<arith::RemFOp>(function("fmod"))
      .Case<arith::AndIOp>(
          [&](Operation *o) { return printLogicalOrBitwise(p, *o, "&&", "&"); })
      .Case<arith::OrIOp>(
          [&](Operation *o) { return printLogicalOrBitwise(p, *o, "||", "|"); })
      .Case<arith::XOrIOp>(binary("^"))
      .Case<arith::ShLIOp>(wrapping("<<"))
      .Case<arith::ShRSIOp>(binary(">>"))
      .Case<arith::DivUIOp>(unsignedBinary("/"))
      .Case<arith::RemUIOp>(unsignedBinary("%"))
      .Case<arith::ShRUIOp>(unsignedBinary(">>"))
      .Case<arith::MaxUIOp, arith::MinUIOp>(
          [&](Operation *o) { return printUnsignedMinMax(p, *o); })
      .Case<arith::MaxSIOp, arith::MaxNumFOp>(function("max"))
      .Case<arith::MinSIOp, arith::MinNumFOp>(function("min"))
      .Case<arith::MaximumFOp>(
          [&](Operation *o) { return printNaNPropagating(p, *o, "max"); })
      .Case<arith::MinimumFOp>(
          [&](Operation *o) { return printNaNPropagating(p, *o, "min"); })
      .Case([&](arith::NegFOp o) { return printNegF(p, o); })
      .Case([&](arith::CmpIOp o) { return printCmpI(p, o); })
      .Case([&](arith::CmpFOp o) { return printCmpF(p, o); })
      .Case([&](arith::SelectOp o) { return printSelect(p, o); })
      .Case<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
            arith::ExtUIOp, arith::TruncIOp, arith::SIToFPOp, arith::UIToFPOp,
            arith::FPToSIOp, arith::FPToUIOp, arith::ExtFOp, arith::TruncFOp,
            arith::BitcastOp>([&](Operation *o) { return printCast(p, *o); })
      // Memory (MSLEmitOps.cpp).
      .Case([&](memref::LoadOp o) { return printMemRefLoad(p, o); })
      .Case([&](memref::StoreOp o) { return printMemRefStore(p, o); })
      .Case([&](memref::AllocaOp o) { return printPrivateArray(p, o); })
      .Case([&](vector::LoadOp o) { return printVectorLoad(p, o); })
      .Case([&](vector::ExtractOp o) { return printVectorExtract(p, o); })
      .Case([&](vector::BroadcastOp o) { return printVectorBroadcast(p, o); })
      // Control flow (MSLEmitOps.cpp).
      .Case([&](scf::ForOp o) { return printFor(p, o); })
      .Case([&](scf::IfOp o) { return printIf(p, o); })
      .Case([&](func::ReturnOp o) { return printReturn(p, o); })
      // math (MSLEmitArith.cpp).
      .Case<math::ExpOp>(math("exp"))
      .Case<math::Exp2Op>(math("exp2"))
      .Case<math::LogOp>(math("log"))
      .Case<math::Log2Op>(math("log2"))
      .Case<math::SqrtOp>(math("sqrt"))
      .Case<math::RsqrtOp>(math("rsqrt"))
      .Case<math::AbsFOp>(math("fabs"))
      .Case<math::TanhOp>(math("tanh"))
      .Case<math::SinOp>(math("sin"))
      .Case<math::CosOp>(math("cos"))
      .Case<math::FloorOp>(math("floor"))
      .Case<math::CeilOp>(math("ceil"))
      .Case<math::RoundOp>(math("round"))
      .Case<math::RoundEvenOp>(math("rint"))
      .Case<math::TruncOp>(math("trunc"))
      .Case<math::PowFOp>(math("pow"))
      .Case<math::FmaOp>(math("fma"))
      .Case([&](math::AbsIOp o) { return printAbsI(p, o); })
      // Atomics (MSLEmitAtomics.cpp).
      .Case([&](memref::AtomicRMWOp o) { return printAtomicRMW(p, o); })
      .Case([&](applegpu::AtomicCompareExchangeOp o) {
        return printCompareExchange(p, o);
      })
      // applegpu (MSLEmitOps.cpp).
      .Case<applegpu::ThreadIndexInThreadgroupOp,
            applegpu::SimdgroupIndexInThreadgroupOp,
            applegpu::ThreadIndexInSimdgroupOp>(
          [&](Operation *o) { return printThreadBuiltin(p, *o); })
      .Case<applegpu::ThreadgroupPositionInGridOp,
            applegpu::ThreadgroupsPerGridOp>(
          [&](auto o) { return printGridBuiltin(p, *o, o.getDim()); })
      .Case([&](applegpu::AllocThreadgroupOp o) { return printAlloc(p, o); })
      .Case([&](applegpu::ThreadgroupViewOp o) {
        return printThreadgroupView(p, o);
      })
      .Case([&](applegpu::ThreadgroupBarrierOp o) {
        return printThreadgroupBarrier(p, o);
      })
      .Case([&](applegpu::SimdgroupBarrierOp o) {
        return printSimdgroupBarrier(p, o);
      })
      .Case(
          [&](applegpu::SimdgroupFillOp o) { return printSimdgroupFill(p, o); })
      .Case(
          [&](applegpu::SimdgroupLoadOp o) { return printSimdgroupLoad(p, o); })
      .Case([&](applegpu::SimdgroupStoreOp o) {
        return printSimdgroupStore(p, o);
      })
      .Case([&](applegpu::SimdgroupMmaOp o) { return printSimdgroupMma(p, o); })
      .Case([&](applegpu::SimdgroupGetElementOp o) {
        return printSimdgroupGetElement(p, o);
      })
      .Case([&](applegpu::SimdgroupSetElementOp o) {
        return printSimdgroupSetElement(p, o);
      })
      .Case([&](applegpu::SimdReduceOp o) { return printSimdReduce(p, o); })
      .Case([&](applegpu::SimdShuffleXorOp o) {
        return printSimdShuffleXor(p, o);
      })
      // Metal 4 tensor ops (MSLEmitTensorOps.cpp).
      .Case([&](applegpu::MakeTensorOp o) { return printMakeTensor(p, o); })
      .Case([&](applegpu::TensorSliceOp o) { return printTensorSlice(p, o); })
      .Case([&](applegpu::CooperativeDestinationOp o) {
        return printCooperativeDestination(p, o);
      })
      .Case([&](applegpu::CooperativeFillOp o) {
        return printCooperativeFill(p, o);
      })
      .Case([&](applegpu::Matmul2dOp o) { return printMatmul2d(p, o); })
      .Case([&](applegpu::CooperativeCapacityOp o) {
        return printCooperativeCapacity(p, o);
      })
      .Case([&](applegpu::CooperativeIsValidOp o) {
        return printCooperativeIsValid(p, o);
      })
      .Case([&](applegpu::CooperativePositionOp o) {
        return printCooperativePosition(p, o);
      })
      .Case([&](applegpu::CooperativeGetOp o) {
        return printCooperativeGet(p, o);
      })
      .Case([&](applegpu::CooperativeSetOp o) {
        return printCooperativeSet(p, o);
      })
      .Case([&](applegpu::CooperativeLoadOp o) {
        return printCooperativeLoad(p, o);
      })
      .Case([&](applegpu::CooperativeStoreOp o) {
        return printCooperativeStore(p, o);
      })
      .Default([](Operation *o) {
        return o->emitOpError() << "cannot be translated to MSL";
      });
}

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

namespace {
/// A builtin kernel input: its MSL attribute, parameter name and type.
struct Builtin {
  StringRef attribute, parameter, type;
};
} // namespace

/// The builtin inputs a kernel body uses, in signature order (the order of
/// KernelABI::builtins).
static SmallVector<Builtin> builtinsOf(const KernelABI &abi) {
  static const Builtin all[] = {
      {"thread_index_in_threadgroup", "tid", "uint"},
      {"simdgroup_index_in_threadgroup", "sgid", "uint"},
      {"thread_index_in_simdgroup", "lane", "uint"},
      {"threadgroup_position_in_grid", "tgpos", "uint3"},
      {"threadgroups_per_grid", "tgcount", "uint3"},
  };
  SmallVector<Builtin> used;
  for (const Builtin &b : all)
    if (llvm::is_contained(abi.builtins, b.attribute))
      used.push_back(b);
  return used;
}

LogicalResult MSLPrinter::printKernel(func::FuncOp kernel,
                                      const KernelABI &abi) {
  if (kernel.getBody().getBlocks().size() != 1)
    return kernel.emitError() << "a kernel body must be a single block "
                                 "(structured control flow only)";
  printABIComment(abi, os);

  // Parameters: the bindings of the ABI, then the builtins the body reads.
  SmallVector<std::string> params;
  Block &entry = kernel.getBody().front();
  for (auto [arg, info] : llvm::zip(entry.getArguments(), abi.arguments)) {
    params.push_back(info.mslType + " " + info.name + " [[buffer(" +
                     std::to_string(info.index) + ")]]");
    // Index scalars arrive as uint and are used as int: bound below.
    if (!arg.getType().isIndex())
      bindName(arg, info.name);
  }
  for (const Builtin &b : builtinsOf(abi)) {
    params.push_back(
        (b.type + " " + b.parameter + " [[" + b.attribute + "]]").str());
    builtins[b.attribute.str()] = b.parameter.str();
  }
  os << "[[kernel]] void " << kernel.getSymName() << "(";
  llvm::interleave(
      params, [&](const std::string &param) { os << "\n    " << param; },
      [&] { os << ","; });
  os << ") {\n";
  os.indent();
  for (BlockArgument arg : entry.getArguments()) {
    if (!arg.getType().isIndex() || arg.use_empty())
      continue;
    os << "const int " << assignName(arg) << " = int("
       << abi.arguments[arg.getArgNumber()].name << ");\n";
  }
  // Only a file with tensor ops has matmul2d descriptors to alias.
  if ((abi.mslVersion == "4.0" &&
       failed(printTensorOpsPrologue(*this, kernel))) ||
      failed(printBlockBody(entry)))
    return failure();
  if (failed(printOperation(*entry.getTerminator())))
    return failure();
  os.unindent();
  os << "}\n";
  return success();
}

//===----------------------------------------------------------------------===//
// Translation entry points
//===----------------------------------------------------------------------===//

/// Stops a compile under a language version older than the file needs with
/// a message that says which one, instead of errors deep in the kernel (or,
/// for tensor ops, headers that compile to nothing). Versions are "X.Y";
/// __METAL_VERSION__ is XY0.
static void printVersionCheck(ArrayRef<KernelABI> abis, raw_ostream &os) {
  std::string needed = "0.0";
  for (const KernelABI &abi : abis)
    needed = std::max(needed, abi.mslVersion);
  std::string number = needed.substr(0, 1) + needed.substr(2, 1) + "0";
  os << "#if defined(__METAL_VERSION__) && __METAL_VERSION__ < " << number
     << "\n#error \"this file needs Metal Shading Language " << needed
     << " or later (-std=metal" << needed << ")\"\n#endif\n";
}

LogicalResult tile::msl::translateToMSL(Operation *op, raw_ostream &os,
                                        raw_ostream *abiJson) {
  SmallVector<func::FuncOp> kernels;
  auto collect = [&](func::FuncOp func) {
    if (func->hasAttr(applegpu::AppleGPUDialect::getKernelAttrName()))
      kernels.push_back(func);
  };
  if (auto func = dyn_cast<func::FuncOp>(op))
    collect(func);
  else
    op->walk(collect);
  if (kernels.empty())
    return op->emitError() << "no 'applegpu.kernel' function to translate "
                              "(run the tile-to-applegpu pipeline first)";

  // Each kernel's ABI, computed once: the version check, the kernel's
  // signature and the ABI JSON all read it.
  SmallVector<KernelABI> abis;
  for (func::FuncOp kernel : kernels) {
    FailureOr<KernelABI> abi = getKernelABI(kernel);
    if (failed(abi))
      return failure();
    abis.push_back(std::move(*abi));
  }

  // Print into a buffer: on any failure nothing reaches `os`.
  std::string text;
  IndentedText buffer(text);
  buffer << "// Generated by tile-mlir. Metal Shading Language.\n";
  printVersionCheck(abis, buffer);
  buffer << "#include <metal_stdlib>\n"
         << "#include <metal_simdgroup_matrix>\n";
  // Every kernel of a file with tensor ops needs 4.0 (see getKernelABI).
  if (llvm::any_of(
          abis, [](const KernelABI &abi) { return abi.mslVersion == "4.0"; }))
    buffer << "#include <metal_tensor>\n"
           << "#include <MetalPerformancePrimitives/"
              "MetalPerformancePrimitives.h>\n";
  buffer << "using namespace metal;\n";
  for (auto [kernel, abi] : llvm::zip(kernels, abis)) {
    buffer << "\n";
    MSLPrinter printer(buffer);
    if (failed(printer.printKernel(kernel, abi)))
      return failure();
  }
  os << text;
  if (abiJson) {
    llvm::json::Array json;
    for (const KernelABI &abi : abis)
      json.push_back(toJSON(abi));
    *abiJson << llvm::formatv("{0:2}", llvm::json::Value(llvm::json::Object{
                                           {"kernels", std::move(json)}}))
             << "\n";
  }
  return success();
}

static llvm::cl::opt<std::string> mslAbiFile(
    "msl-abi",
    llvm::cl::desc("With --mlir-to-msl, also write each kernel's ABI "
                   "(bindings, threads, threadgroup memory, grid) as JSON "
                   "to this file"),
    llvm::cl::value_desc("file"), llvm::cl::init(""));

void tile::msl::registerToMSLTranslation() {
  static TranslateFromMLIRRegistration registration(
      "mlir-to-msl", "Translate applegpu kernels to Metal Shading Language",
      [](Operation *op, raw_ostream &os) -> LogicalResult {
        if (mslAbiFile.empty())
          return translateToMSL(op, os);
        // Both outputs are produced, and the ABI file opened, before anything
        // is written: a failure leaves neither.
        std::string msl, json;
        llvm::raw_string_ostream mslStream(msl), jsonStream(json);
        if (failed(translateToMSL(op, mslStream, &jsonStream)))
          return failure();
        std::error_code error;
        llvm::ToolOutputFile file(mslAbiFile, error, llvm::sys::fs::OF_Text);
        if (error)
          return emitError(UnknownLoc::get(op->getContext()))
                 << "cannot write the ABI file '" << mslAbiFile
                 << "': " << error.message();
        file.os() << json;
        file.keep();
        os << msl;
        return success();
      },
      [](DialectRegistry &registry) { registerTileDialects(registry); });
  (void)registration;
}
