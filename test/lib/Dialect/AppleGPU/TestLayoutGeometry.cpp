//===- TestLayoutGeometry.cpp - ask layouts their geometry ----------------===//
//
// test-layout-geometry: for every tile value whose layout implements
// LayoutAttrInterface, a remark with what the layout answers (threads,
// values per thread and their shape, vector width, SIMD-group grid) and,
// with `thread=N`, where thread N's values lie: the layout's index
// arithmetic emitted with that thread's coordinates as constants and
// folded. Tests the interface directly, without a kernel to lower.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace tile::applegpu;

namespace {
struct TestLayoutGeometryPass
    : PassWrapper<TestLayoutGeometryPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestLayoutGeometryPass)

  TestLayoutGeometryPass() = default;
  TestLayoutGeometryPass(const TestLayoutGeometryPass &other)
      : PassWrapper(other) {}

  StringRef getArgument() const final { return "test-layout-geometry"; }
  StringRef getDescription() const final {
    return "Remarks with what each tile's layout answers through "
           "LayoutAttrInterface";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect>();
  }

  Option<int64_t> thread{
      *this, "thread",
      llvm::cl::desc("Also report where this thread's values of each tile "
                     "lie (-1: do not)"),
      llvm::cl::init(-1)};
  Option<int64_t> maxValues{
      *this, "max-values",
      llvm::cl::desc("Positions reported per tile with thread=N; the rest "
                     "are elided"),
      llvm::cl::init(8)};

  void runOnOperation() override {
    getOperation()->walk([&](Operation *op) {
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            report(arg);
      for (Value result : op->getResults())
        report(result);
    });
  }

  void report(Value value) {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type)
      return;
    auto layout = dyn_cast_if_present<LayoutAttrInterface>(type.getEncoding());
    if (!layout)
      return;
    ArrayRef<int64_t> shape = type.getShape();
    InFlightDiagnostic remark = emitRemark(value.getLoc());
    if (auto arg = dyn_cast<BlockArgument>(value))
      remark << "argument #" << arg.getArgNumber();
    else
      remark << "result #" << cast<OpResult>(value).getResultNumber();
    remark << ": threads ";
    if (int64_t threads = layout.getThreadCount())
      remark << threads;
    else
      remark << "any";
    if (auto grid = layout.getSimdgroupGrid())
      remark << " (" << grid->first << "x" << grid->second << " SIMD-groups)";
    std::optional<SmallVector<int64_t, 3>> valueShape =
        layout.getValueShape(shape);
    remark << ", values per thread ";
    if (valueShape) {
      remark << *layout.getValuesPerThread(shape) << " [";
      llvm::interleaveComma(*valueShape, remark);
      remark << "]";
    } else {
      remark << "known at run time";
    }
    remark << ", vector width " << layout.getVectorWidth(shape);
    if (thread >= 0 && valueShape)
      remark << positionsOf(layout, shape, *valueShape);
  }

  /// Where thread `thread` holds each of its values: the layout's index
  /// arithmetic on constant coordinates, folded to constants.
  std::string positionsOf(LayoutAttrInterface layout, ArrayRef<int64_t> shape,
                          ArrayRef<int64_t> valueShape) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "; thread " << thread << ":";
    // A scratch block for the constants, dropped at the end.
    Block scratch;
    OpBuilder b(&getContext());
    b.setInsertionPointToEnd(&scratch);
    Location loc = b.getUnknownLoc();
    auto constant = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, loc, v);
    };
    ThreadCoordinates at;
    at.threadIndex = constant(thread);
    auto [wm, wn] =
        layout.getSimdgroupGrid().value_or(std::pair<int64_t, int64_t>{1, 1});
    (void)wm;
    int64_t simdgroup = thread / AppleGPUDialect::kSimdWidth;
    at.simdgroupRow = constant(simdgroup / wn);
    at.simdgroupCol = constant(simdgroup % wn);
    FoldingIndexEmitter emitter(b, loc, at);
    std::tie(at.laneRow, at.laneCol) = FragmentsLayoutAttr::emitLanePosition(
        emitter, constant(thread % AppleGPUDialect::kSimdWidth));
    FoldingIndexEmitter withLanes(b, loc, at);

    int64_t total = 1;
    for (int64_t d : valueShape)
      total *= d;
    if (total == 0)
      os << " none";
    for (int64_t flat = 0; flat < total; ++flat) {
      if (flat == maxValues) {
        os << " ...";
        break;
      }
      // The value index of `flat` in row-major order.
      SmallVector<OpFoldResult> index(valueShape.size());
      for (int64_t d = valueShape.size() - 1, rest = flat; d >= 0; --d) {
        index[d] = b.getIndexAttr(rest % valueShape[d]);
        rest /= valueShape[d];
      }
      os << " [";
      llvm::interleaveComma(index, os, [&](OpFoldResult i) {
        os << cast<IntegerAttr>(cast<Attribute>(i)).getInt();
      });
      os << "]";
      FailureOr<ElementPosition> p =
          layout.emitPosition(withLanes, shape, index);
      if (failed(p)) {
        os << " no position";
        continue;
      }
      auto known = [](Value v) -> std::string {
        std::optional<int64_t> c = v ? getConstantIntValue(v) : std::nullopt;
        return c ? std::to_string(*c) : std::string("?");
      };
      auto isFalse = [](Value v) {
        std::optional<int64_t> c = v ? getConstantIntValue(v) : std::nullopt;
        return c && *c == 0;
      };
      if (isFalse(p->held)) {
        os << " not held";
        continue;
      }
      os << " (" << known(p->row);
      if (p->col)
        os << ", " << known(p->col);
      os << ")";
      if (isFalse(p->owner))
        os << " copy";
    }
    return text;
  }
};
} // namespace

namespace tile::test {
void registerTestLayoutGeometryPass() {
  PassRegistration<TestLayoutGeometryPass>();
}
} // namespace tile::test
