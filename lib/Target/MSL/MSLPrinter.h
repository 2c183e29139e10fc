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

#include "mlir/Dialect/Func/IR/FuncOps.h"
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

/// Op printers, by family (MSLEmitOps.cpp).
mlir::LogicalResult printArithOp(MSLPrinter &p, mlir::Operation &op,
                                 bool &handled);
mlir::LogicalResult printMathOp(MSLPrinter &p, mlir::Operation &op,
                                bool &handled);
mlir::LogicalResult printControlFlowOp(MSLPrinter &p, mlir::Operation &op,
                                       bool &handled);
mlir::LogicalResult printMemoryOp(MSLPrinter &p, mlir::Operation &op,
                                  bool &handled);
mlir::LogicalResult printAppleGPUOp(MSLPrinter &p, mlir::Operation &op,
                                    bool &handled);
mlir::LogicalResult printTensorOp(MSLPrinter &p, mlir::Operation &op,
                                  bool &handled);
/// memref.atomic_rmw and applegpu.atomic_compare_exchange
/// (MSLEmitAtomics.cpp).
mlir::LogicalResult printAtomicOp(MSLPrinter &p, mlir::Operation &op,
                                  bool &handled);

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
