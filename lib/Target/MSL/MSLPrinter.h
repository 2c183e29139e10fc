//===- MSLPrinter.h - state of one MSL translation --------------*- C++ -*-===//
//
// Internal to the MSL translation. Like upstream EmitC's C++ emitter, every
// SSA value gets a name once (a local variable of the kernel, or one of its
// parameters) and each use prints that name: no expression is printed twice.
// Names are numbered in print order, so the output is deterministic.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_TARGET_MSL_MSLPRINTER_H
#define TILE_LIB_TARGET_MSL_MSLPRINTER_H

#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <string>

namespace tile::msl {

struct KernelABI;

/// The text of a translation, indented two spaces per nesting level.
/// mlir::raw_indented_ostream does the same for any stream, but its
/// per-write line handling was ~5% of a warm compile; this one scans each
/// write for newlines once and appends straight to a string.
class IndentedText : public llvm::raw_ostream {
public:
  explicit IndentedText(std::string &text) : text(text) { SetUnbuffered(); }

  /// One level deeper, for the lines that follow.
  IndentedText &indent() {
    level += 2;
    return *this;
  }
  IndentedText &unindent() {
    level -= 2;
    return *this;
  }

private:
  void write_impl(const char *data, size_t size) override;
  uint64_t current_pos() const override { return text.size(); }

  std::string &text;
  unsigned level = 0;
  bool atLineStart = true;
};

class MSLPrinter {
public:
  explicit MSLPrinter(IndentedText &os) : os(os) {
    // About one name per op of a GEMM kernel: no rehash on the way.
    names.reserve(512);
  }

  /// Prints one kernel (signature, threadgroup memory, body); `abi` is
  /// getKernelABI(kernel).
  mlir::LogicalResult printKernel(mlir::func::FuncOp kernel,
                                  const KernelABI &abi);

  /// Prints the ops of `block` except its terminator.
  mlir::LogicalResult printBlockBody(mlir::Block &block);

  /// Prints one op; a located error for anything MSL cannot express.
  mlir::LogicalResult printOperation(mlir::Operation &op);

  /// The name of a value already declared.
  llvm::StringRef name(mlir::Value value) const;

  /// Declares `value` as a new local of its type: prints "T vN" (no ';').
  mlir::LogicalResult declare(mlir::Value value);

  /// Gives `value` a fresh name without printing anything.
  llvm::StringRef assignName(mlir::Value value, llvm::StringRef prefix = "v");

  /// Binds `value` to an existing name (e.g. a builtin parameter) or to
  /// the expression printed where it is used.
  void bindName(mlir::Value value, std::string name);

  /// The builtin kernel parameters the body uses, by attribute name, with
  /// the parameter's name: filled while the body is printed.
  std::map<std::string, std::string> &usedBuiltins() { return builtins; }

  /// A name no value has, for a local the printer introduces itself (a
  /// loop counter, a position).
  std::string freshName(llvm::StringRef prefix) {
    return (prefix + llvm::Twine(nextId++)).str();
  }

  IndentedText &os;

  /// Tensor ops (MSLEmitTensorOps.cpp): the alias of each matmul2d type,
  /// and the first view declared of each tensor view type.
  llvm::DenseMap<mlir::Attribute, std::string> matmulAliases;
  llvm::DenseMap<mlir::Type, std::string> firstViewOfType;
  /// Threadgroup arenas declared as a union of one array per element type
  /// of their views (see printAlloc): a view names its type's member.
  llvm::DenseSet<mlir::Value> unionArenas;

private:
  llvm::DenseMap<mlir::Value, std::string> names;
  llvm::DenseMap<mlir::Type, std::string> typeNames;
  std::map<std::string, std::string> builtins;
  unsigned nextId = 0;
};

//===--- Printers of single ops --------------------------------------===//
//
// MSLPrinter::printOperation (MSLEmitter.cpp) is the one table that picks
// the function below for an op. Each prints the op's MSL, or returns
// failure() after a located diagnostic for what MSL cannot express.

// MSLEmitArith.cpp: one local (or an expression printed where it is used,
// see printedAtUse) per result.
mlir::LogicalResult printConstant(MSLPrinter &p, mlir::arith::ConstantOp op);
/// `a symbol b`.
mlir::LogicalResult printBinary(MSLPrinter &p, mlir::Operation &op,
                                llvm::StringRef symbol);
/// `a logical b` on i1, `a bitwise b` on other integers.
mlir::LogicalResult printLogicalOrBitwise(MSLPrinter &p, mlir::Operation &op,
                                          llvm::StringRef logical,
                                          llvm::StringRef bitwise);
/// `a symbol b` on the unsigned reinterpretation of the operands.
mlir::LogicalResult printUnsignedBinary(MSLPrinter &p, mlir::Operation &op,
                                        llvm::StringRef symbol);
/// arith.addi/subi/muli/shli: `a symbol b`, on the unsigned
/// reinterpretation for 32- and 64-bit integers (they wrap in arith; signed
/// overflow is undefined in MSL).
mlir::LogicalResult printWrappingBinary(MSLPrinter &p, mlir::Operation &op,
                                        llvm::StringRef symbol);
/// `function(a, ...)` (through float on bfloat).
mlir::LogicalResult printCall(MSLPrinter &p, mlir::Operation &op,
                              llvm::StringRef function);
/// arith.maxui and arith.minui.
mlir::LogicalResult printUnsignedMinMax(MSLPrinter &p, mlir::Operation &op);
/// arith.maximumf and arith.minimumf: `function` unless an operand is NaN.
mlir::LogicalResult printNaNPropagating(MSLPrinter &p, mlir::Operation &op,
                                        llvm::StringRef function);
mlir::LogicalResult printNegF(MSLPrinter &p, mlir::arith::NegFOp op);
mlir::LogicalResult printCmpI(MSLPrinter &p, mlir::arith::CmpIOp op);
mlir::LogicalResult printCmpF(MSLPrinter &p, mlir::arith::CmpFOp op);
mlir::LogicalResult printSelect(MSLPrinter &p, mlir::arith::SelectOp op);
/// The casts and conversions between scalar types.
mlir::LogicalResult printCast(MSLPrinter &p, mlir::Operation &op);
/// A math op as MSL's `function` (scalars only).
mlir::LogicalResult printMath(MSLPrinter &p, mlir::Operation &op,
                              llvm::StringRef function);
mlir::LogicalResult printAbsI(MSLPrinter &p, mlir::math::AbsIOp op);

// MSLEmitOps.cpp: control flow.
mlir::LogicalResult printFor(MSLPrinter &p, mlir::scf::ForOp op);
mlir::LogicalResult printIf(MSLPrinter &p, mlir::scf::IfOp op);
mlir::LogicalResult printReturn(MSLPrinter &p, mlir::func::ReturnOp op);

// MSLEmitOps.cpp: memory.
mlir::LogicalResult printPrivateArray(MSLPrinter &p, mlir::memref::AllocaOp op);
mlir::LogicalResult printMemRefLoad(MSLPrinter &p, mlir::memref::LoadOp op);
mlir::LogicalResult printMemRefStore(MSLPrinter &p, mlir::memref::StoreOp op);
mlir::LogicalResult printVectorLoad(MSLPrinter &p, mlir::vector::LoadOp op);
mlir::LogicalResult printVectorExtract(MSLPrinter &p,
                                       mlir::vector::ExtractOp op);
mlir::LogicalResult printVectorBroadcast(MSLPrinter &p,
                                         mlir::vector::BroadcastOp op);

// MSLEmitOps.cpp: applegpu.
/// The thread's and SIMD group's indices (builtin kernel inputs).
mlir::LogicalResult printThreadBuiltin(MSLPrinter &p, mlir::Operation &op);
/// A component of the grid position or size (builtin kernel inputs).
mlir::LogicalResult printGridBuiltin(MSLPrinter &p, mlir::Operation &op,
                                     applegpu::Dim dim);
mlir::LogicalResult printAlloc(MSLPrinter &p, applegpu::AllocThreadgroupOp op);
/// A typed pointer into a threadgroup arena (applegpu.threadgroup_view).
mlir::LogicalResult printThreadgroupView(MSLPrinter &p,
                                         applegpu::ThreadgroupViewOp op);
mlir::LogicalResult printThreadgroupBarrier(MSLPrinter &p,
                                            applegpu::ThreadgroupBarrierOp op);
mlir::LogicalResult printSimdgroupBarrier(MSLPrinter &p,
                                          applegpu::SimdgroupBarrierOp op);
mlir::LogicalResult printSimdgroupFill(MSLPrinter &p,
                                       applegpu::SimdgroupFillOp op);
mlir::LogicalResult printSimdgroupLoad(MSLPrinter &p,
                                       applegpu::SimdgroupLoadOp op);
mlir::LogicalResult printSimdgroupStore(MSLPrinter &p,
                                        applegpu::SimdgroupStoreOp op);
mlir::LogicalResult printSimdgroupMma(MSLPrinter &p,
                                      applegpu::SimdgroupMmaOp op);
mlir::LogicalResult
printSimdgroupGetElement(MSLPrinter &p, applegpu::SimdgroupGetElementOp op);
mlir::LogicalResult
printSimdgroupSetElement(MSLPrinter &p, applegpu::SimdgroupSetElementOp op);
mlir::LogicalResult printSimdReduce(MSLPrinter &p, applegpu::SimdReduceOp op);
mlir::LogicalResult printSimdShuffleXor(MSLPrinter &p,
                                        applegpu::SimdShuffleXorOp op);

// MSLEmitAtomics.cpp.
mlir::LogicalResult printAtomicRMW(MSLPrinter &p, mlir::memref::AtomicRMWOp op);
mlir::LogicalResult printCompareExchange(MSLPrinter &p,
                                         applegpu::AtomicCompareExchangeOp op);

// MSLEmitTensorOps.cpp: Metal 4 tensor views, matmul2d and cooperative
// tensors.
mlir::LogicalResult printMakeTensor(MSLPrinter &p, applegpu::MakeTensorOp op);
mlir::LogicalResult printTensorSlice(MSLPrinter &p, applegpu::TensorSliceOp op);
mlir::LogicalResult
printCooperativeDestination(MSLPrinter &p,
                            applegpu::CooperativeDestinationOp op);
mlir::LogicalResult printCooperativeFill(MSLPrinter &p,
                                         applegpu::CooperativeFillOp op);
mlir::LogicalResult printMatmul2d(MSLPrinter &p, applegpu::Matmul2dOp op);
mlir::LogicalResult
printCooperativeCapacity(MSLPrinter &p, applegpu::CooperativeCapacityOp op);
mlir::LogicalResult printCooperativeIsValid(MSLPrinter &p,
                                            applegpu::CooperativeIsValidOp op);
mlir::LogicalResult
printCooperativePosition(MSLPrinter &p, applegpu::CooperativePositionOp op);
mlir::LogicalResult printCooperativeGet(MSLPrinter &p,
                                        applegpu::CooperativeGetOp op);
mlir::LogicalResult printCooperativeSet(MSLPrinter &p,
                                        applegpu::CooperativeSetOp op);
mlir::LogicalResult printCooperativeLoad(MSLPrinter &p,
                                         applegpu::CooperativeLoadOp op);
mlir::LogicalResult printCooperativeStore(MSLPrinter &p,
                                          applegpu::CooperativeStoreOp op);

/// Whether `memref` is a thread-private array (a memref.alloca, printed as
/// a local `T name[N]`). Such a memref has no memory space, like a device
/// buffer, but it lives in MSL's thread address space: simdgroup_load and
/// simdgroup_store, tensor views and the device-pointer casts of vector
/// loads cannot take it.
bool isPrivateArray(mlir::Value memref);

/// Whether a kernel uses Metal 4 tensor views or cooperative tensors (and
/// so needs MSL 4.0 and the tensor headers).
bool usesTensorOps(mlir::func::FuncOp kernel);
/// Prints a `using` alias for each matmul2d type of the kernel, at the top
/// of its body.
mlir::LogicalResult printTensorOpsPrologue(MSLPrinter &p,
                                           mlir::func::FuncOp kernel);

} // namespace tile::msl

#endif // TILE_LIB_TARGET_MSL_MSLPRINTER_H
