//===- TileInterpreter.cpp - reference semantics of tile kernels ----------===//

#include "tile/Interpreter/TileInterpreter.h"

#include "ErrorBound.h"
#include "Indirect.h"
#include "Values.h"
#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Support/BFloat16.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/ADT/bit.h"

#include <cmath>
#include <cstring>

using namespace mlir;
using namespace tile;
using namespace tile::interp;

/// An f32 value truncated toward zero to 10 explicit mantissa bits (NaN
/// and infinities kept): RunOptions::relaxedF32Dots.
static double truncateToTF32(double x) {
  float f = static_cast<float>(x);
  if (f != f)
    return x;
  return llvm::bit_cast<float>(llvm::bit_cast<uint32_t>(f) & 0xffffe000u);
}

namespace {
/// Evaluates one program instance.
class Program {
public:
  Program(func::FuncOp kernel, MutableArrayRef<Argument> arguments,
          std::array<int64_t, 3> grid, std::array<int64_t, 3> id,
          const RunOptions &options, AtomicLedger &ledger)
      : kernel(kernel), arguments(arguments), grid(grid), id(id),
        options(options), ledger(ledger) {}

  LogicalResult run() {
    Block &entry = kernel.getBody().front();
    bindScalarArguments(entry, arguments, env);
    return runBlock(entry);
  }

private:
  /// Runs the ops of `block`; the terminator's operands end up in `yielded`.
  LogicalResult runBlock(Block &block) {
    return runBlockWith(block, env, yielded,
                        [&](Operation &op) { return runOp(op); });
  }

  const RValue &get(Value v) { return env[v]; }

  LogicalResult runOp(Operation &op);
  LogicalResult runEpilogue(EpilogueOp epilogue);
  LogicalResult runLoop(Operation &op, Value lbV, Value ubV, Value stepV,
                        ValueRange inits, Block &body, ResultRange results);
  LogicalResult runAccess(Operation &op, Value buffer, ValueRange indices,
                          ValueRange strides, ValueRange bounds,
                          RankedTensorType tile, RValue *loaded,
                          const RValue *stored, const RValue *padding);
  /// The kernel argument buffer `buffer` is, for the accesses at offsets.
  FailureOr<BufferRef> bufferRef(Operation &op, Value buffer);

  func::FuncOp kernel;
  MutableArrayRef<Argument> arguments;
  std::array<int64_t, 3> grid, id;
  const RunOptions &options;
  AtomicLedger &ledger;
  DenseMap<Value, RValue> env;
  SmallVector<RValue> yielded;
};
} // namespace

void tile::interp::bindScalarArguments(Block &entry,
                                       ArrayRef<Argument> arguments,
                                       DenseMap<Value, RValue> &env) {
  for (auto [arg, value] : llvm::zip(entry.getArguments(), arguments)) {
    Type type = arg.getType();
    if (isa<MemRefType>(type))
      continue; // buffers are read through `arguments` directly
    env[arg] = isa<FloatType>(type) ? RValue::scalarFloat(value.floatValue)
                                    : RValue::scalarInt(value.intValue);
  }
}

LogicalResult
tile::interp::runBlockWith(Block &block, const DenseMap<Value, RValue> &env,
                           SmallVectorImpl<RValue> &yielded,
                           function_ref<LogicalResult(Operation &)> run) {
  for (Operation &op : block) {
    if (op.hasTrait<OpTrait::IsTerminator>()) {
      yielded.clear();
      for (Value v : op.getOperands())
        yielded.push_back(env.lookup(v));
      return success();
    }
    if (failed(run(op)))
      return failure();
  }
  return success();
}

double tile::interp::readBufferElement(const Argument &buffer, Type type,
                                       int64_t k) {
  const char *p = static_cast<const char *>(buffer.data);
  if (type.isF32())
    return reinterpret_cast<const float *>(p)[k];
  if (type.isF16())
    return static_cast<double>(reinterpret_cast<const _Float16 *>(p)[k]);
  if (type.isBF16())
    return bfloat16BitsToFloat(reinterpret_cast<const uint16_t *>(p)[k]);
  switch (type.getIntOrFloatBitWidth()) {
  case 8:
    return reinterpret_cast<const int8_t *>(p)[k];
  case 16:
    return reinterpret_cast<const int16_t *>(p)[k];
  case 32:
    return reinterpret_cast<const int32_t *>(p)[k];
  default:
    return static_cast<double>(reinterpret_cast<const int64_t *>(p)[k]);
  }
}

void tile::interp::writeBufferElement(const Argument &buffer, Type type,
                                      int64_t k, double f, int64_t i) {
  char *p = static_cast<char *>(buffer.data);
  if (type.isF32())
    reinterpret_cast<float *>(p)[k] = static_cast<float>(f);
  else if (type.isF16())
    reinterpret_cast<_Float16 *>(p)[k] = static_cast<_Float16>(f);
  else if (type.isBF16())
    reinterpret_cast<uint16_t *>(p)[k] =
        floatToBFloat16Bits(static_cast<float>(f));
  else if (type.getIntOrFloatBitWidth() == 8)
    reinterpret_cast<int8_t *>(p)[k] = static_cast<int8_t>(i);
  else if (type.getIntOrFloatBitWidth() == 16)
    reinterpret_cast<int16_t *>(p)[k] = static_cast<int16_t>(i);
  else if (type.getIntOrFloatBitWidth() == 32)
    reinterpret_cast<int32_t *>(p)[k] = static_cast<int32_t>(i);
  else
    reinterpret_cast<int64_t *>(p)[k] = i;
}

/// tile.load (`loaded`) or tile.store (`stored`): element (a, b) lives at
/// buffer[(i + a) * s0 + (j + b) * s1] and is touched iff i + a < r and
/// j + b < c; a masked load reads `padding`.
LogicalResult Program::runAccess(Operation &op, Value bufferValue,
                                 ValueRange indices, ValueRange strides,
                                 ValueRange bounds, RankedTensorType tile,
                                 RValue *loaded, const RValue *stored,
                                 const RValue *padding) {
  auto arg = dyn_cast<BlockArgument>(bufferValue);
  if (!arg || arg.getOwner() != &kernel.getBody().front())
    return op.emitOpError() << "the interpreter only reads and writes kernel "
                               "argument buffers";
  const Argument &buffer = arguments[arg.getArgNumber()];
  Type element = tile.getElementType();
  bool isFloat = isa<FloatType>(element);
  int64_t rank = tile.getRank();
  int64_t rows = tile.getDimSize(0), cols = rank == 2 ? tile.getDimSize(1) : 1;
  auto scalar = [&](Value v) { return get(v).i[0]; };
  int64_t i0 = scalar(indices[0]), j0 = rank == 2 ? scalar(indices[1]) : 0;
  int64_t s0 = strides.empty() ? 1 : scalar(strides[0]);
  int64_t s1 = rank == 2 ? scalar(strides[1]) : 0;
  if (loaded) {
    loaded->shape.assign(tile.getShape().begin(), tile.getShape().end());
    loaded->isFloat = isFloat;
  }
  for (int64_t a = 0; a < rows; ++a)
    for (int64_t b = 0; b < cols; ++b) {
      int64_t row = i0 + a, col = j0 + b;
      bool valid = bounds.empty() || (row < scalar(bounds[0]) &&
                                      (rank == 1 || col < scalar(bounds[1])));
      int64_t k = a * cols + b;
      if (!valid) {
        if (loaded) {
          if (isFloat)
            loaded->f.push_back(padding ? padding->f[0] : 0.0);
          else
            loaded->i.push_back(padding ? padding->i[0] : 0);
          if (buffer.errorBound)
            loaded->err.push_back(0); // the padding is exact
        }
        continue;
      }
      int64_t offset = row * s0 + (rank == 2 ? col * s1 : 0);
      if (offset < 0 || offset >= buffer.numElements)
        return op.emitOpError()
               << "program (" << id[0] << ", " << id[1] << ", " << id[2]
               << ") touches element " << offset << " of buffer argument #"
               << arg.getArgNumber() << ", which has " << buffer.numElements
               << " elements: the buffer is smaller than the indices, "
                  "strides and bounds need (every element the bounds let "
                  "through must be inside the buffer)";
      if (loaded) {
        double v = readBufferElement(buffer, element, offset);
        if (isFloat)
          loaded->f.push_back(v);
        else
          loaded->i.push_back(static_cast<int64_t>(v));
        // What an earlier store left there may be inexact.
        if (buffer.errorBound)
          loaded->err.push_back(buffer.errorBound[offset]);
      } else {
        writeBufferElement(buffer, element, offset, isFloat ? stored->f[k] : 0,
                           isFloat ? 0 : stored->i[k]);
        if (buffer.errorBound)
          buffer.errorBound[offset] = stored->errAt(k);
      }
    }
  if (loaded)
    loaded->normalizeErr();
  return success();
}

FailureOr<BufferRef> Program::bufferRef(Operation &op, Value bufferValue) {
  auto arg = dyn_cast<BlockArgument>(bufferValue);
  if (!arg || arg.getOwner() != &kernel.getBody().front())
    return op.emitOpError() << "the interpreter only reads and writes kernel "
                               "argument buffers";
  return BufferRef{arguments[arg.getArgNumber()], arg.getArgNumber(),
                   cast<MemRefType>(bufferValue.getType()).getElementType(),
                   id};
}

LogicalResult Program::runLoop(Operation &op, Value lbV, Value ubV, Value stepV,
                               ValueRange inits, Block &body,
                               ResultRange results) {
  int64_t lb = get(lbV).i[0], ub = get(ubV).i[0], step = get(stepV).i[0];
  if (step <= 0)
    return op.emitOpError()
           << "step must be positive at run time, got " << step;
  SmallVector<RValue> carried;
  for (Value v : inits)
    carried.push_back(get(v));
  for (int64_t iv = lb; iv < ub; iv += step) {
    env[body.getArgument(0)] = RValue::scalarInt(iv);
    for (auto [arg, value] :
         llvm::zip(body.getArguments().drop_front(), carried))
      env[arg] = value;
    if (failed(runBlock(body)))
      return failure();
    carried = yielded;
  }
  for (auto [result, value] : llvm::zip(results, carried))
    env[result] = value;
  return success();
}

/// Element `k` of `t` as a scalar, with its bound.
static RValue elementOf(const RValue &t, int64_t k) {
  RValue r =
      t.isFloat ? RValue::scalarFloat(t.f[k]) : RValue::scalarInt(t.i[k]);
  if (double e = t.errAt(k))
    r.err = {e};
  return r;
}

/// Runs the body once per element position, on the inputs' elements.
LogicalResult Program::runEpilogue(EpilogueOp epilogue) {
  Block &body = epilogue.getBody().front();
  auto shape = cast<RankedTensorType>(epilogue.getResult(0).getType());
  SmallVector<RValue> results(epilogue.getNumResults());
  for (auto [r, value] : llvm::zip(results, epilogue.getResults())) {
    r.shape.assign(shape.getShape().begin(), shape.getShape().end());
    r.isFloat = isa<FloatType>(
        cast<RankedTensorType>(value.getType()).getElementType());
  }
  for (int64_t k = 0, n = shape.getNumElements(); k < n; ++k) {
    for (auto [arg, input] :
         llvm::zip(body.getArguments(), epilogue.getInputs()))
      env[arg] = elementOf(get(input), k);
    if (failed(runBlock(body)))
      return failure();
    for (auto [r, value] : llvm::zip(results, yielded)) {
      if (r.isFloat)
        r.f.push_back(value.f[0]);
      else
        r.i.push_back(value.i[0]);
      r.err.push_back(value.errAt(0));
    }
  }
  for (auto [value, r] : llvm::zip(epilogue.getResults(), results)) {
    r.normalizeErr();
    env[value] = std::move(r);
  }
  return success();
}

static RValue constantValue(Attribute attr, Type type) {
  RValue r;
  auto fill = [&](Attribute a) {
    if (auto f = dyn_cast<FloatAttr>(a)) {
      r.isFloat = true;
      r.f.push_back(f.getValueAsDouble());
    } else if (auto i = dyn_cast<IntegerAttr>(a)) {
      r.i.push_back(i.getType().isInteger(1) ? i.getValue().getZExtValue()
                                             : i.getValue().getSExtValue());
    }
  };
  if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
    auto shaped = cast<ShapedType>(type);
    r.shape.assign(shaped.getShape().begin(), shaped.getShape().end());
    r.isFloat = isa<FloatType>(shaped.getElementType());
    for (Attribute a : dense.getValues<Attribute>())
      fill(a);
    return r;
  }
  fill(attr);
  return r;
}

/// tile.swizzle's mapping as documented on the op, written independently
/// of the tile-swizzle pass so that each checks the other.
static std::pair<int64_t, int64_t> swizzleTile(StringRef pattern, int64_t b,
                                               int64_t pm, int64_t pn,
                                               int64_t gm, int64_t gn) {
  // Ids outside the grid are returned unchanged.
  if (pm < 0 || pm >= gm || pn < 0 || pn >= gn || pattern == "linear")
    return {pm, pn};
  if (pattern == "diagonal")
    return {pm, (pn + pm) % gn};
  int64_t launch = pm + gm * pn;
  if (pattern == "grouped") {
    int64_t first = launch / (b * gn) * b;
    int64_t rows = std::min(gm - first, b);
    int64_t r = launch % (b * gn);
    return {first + r % rows, r / rows};
  }
  int64_t gm2 = gm / b * b, gn2 = gn / b * b;
  if (launch < gm2 * gn2) {
    int64_t q = launch / (b * b), t = launch % (b * b);
    int64_t i = 0, j = 0;
    if (pattern == "hilbert") {
      static const int cells[16][2] = {
          {0, 0}, {0, 1}, {1, 1}, {1, 0}, {2, 0}, {3, 0}, {3, 1}, {2, 1},
          {2, 2}, {3, 2}, {3, 3}, {2, 3}, {1, 3}, {1, 2}, {0, 2}, {0, 3}};
      i = cells[t][0];
      j = cells[t][1];
    } else {
      for (int64_t k = 0; (int64_t(1) << k) < b; ++k) {
        i |= ((t >> (2 * k)) & 1) << k;
        j |= ((t >> (2 * k + 1)) & 1) << k;
      }
    }
    int64_t perColumn = gm2 / b;
    return {q % perColumn * b + i, q / perColumn * b + j};
  }
  int64_t r = launch - gm2 * gn2;
  if (r < gm * (gn - gn2))
    return {r % gm, gn2 + r / gm};
  r -= gm * (gn - gn2);
  return {gm2 + r % (gm - gm2), r / (gm - gm2)};
}

LogicalResult Program::runOp(Operation &op) {
  return llvm::TypeSwitch<Operation *, LogicalResult>(&op)
      .Case([&](arith::ConstantOp c) {
        env[c.getResult()] = constantValue(c.getValue(), c.getType());
        return success();
      })
      .Case([&](ProgramIdOp p) {
        env[p.getResult()] =
            RValue::scalarInt(id[static_cast<int>(p.getDim())]);
        return success();
      })
      .Case([&](NumProgramsOp p) {
        env[p.getResult()] =
            RValue::scalarInt(grid[static_cast<int>(p.getDim())]);
        return success();
      })
      .Case([&](SwizzleOp swizzle) {
        auto [m, n] =
            swizzleTile(swizzle.getPattern(), swizzle.getEffectiveBlock(),
                        get(swizzle.getPidM()).i[0],
                        get(swizzle.getPidN()).i[0], grid[0], grid[1]);
        env[swizzle.getM()] = RValue::scalarInt(m);
        env[swizzle.getN()] = RValue::scalarInt(n);
        return success();
      })
      .Case([&](SplatOp s) {
        RValue r = get(s.getInput());
        auto type = cast<RankedTensorType>(s.getType());
        r.shape.assign(type.getShape().begin(), type.getShape().end());
        if (r.isFloat)
          r.f.assign(type.getNumElements(), r.f[0]);
        else
          r.i.assign(type.getNumElements(), r.i[0]);
        if (!r.err.empty())
          r.err.assign(type.getNumElements(), r.err[0]);
        env[s.getResult()] = std::move(r);
        return success();
      })
      .Case([&](LoadOp load) {
        // A scalar is read as a tile of one element.
        auto tile = dyn_cast<RankedTensorType>(load.getType());
        if (!tile)
          tile = RankedTensorType::get({1}, load.getType());
        RValue result, padding;
        if (auto pad = load.getPaddingAttr())
          padding = constantValue(pad, pad.getType());
        if (failed(runAccess(op, load.getBuffer(), load.getIndices(),
                             load.getStrides(), load.getBounds(), tile, &result,
                             nullptr,
                             load.getPaddingAttr() ? &padding : nullptr)))
          return failure();
        if (result.isFloat)
          for (double &v : result.f)
            v = roundTo(tile.getElementType(), v);
        if (!isa<RankedTensorType>(load.getType()))
          result.shape.clear();
        env[load.getResult()] = std::move(result);
        return success();
      })
      .Case([&](StoreOp store) {
        auto tile = dyn_cast<RankedTensorType>(store.getValue().getType());
        if (!tile)
          tile = RankedTensorType::get({1}, store.getValue().getType());
        return runAccess(op, store.getBuffer(), store.getIndices(),
                         store.getStrides(), store.getBounds(), tile, nullptr,
                         &get(store.getValue()), nullptr);
      })
      .Case([&](GatherOp gather) -> LogicalResult {
        FailureOr<BufferRef> buffer = bufferRef(op, gather.getBuffer());
        if (failed(buffer))
          return failure();
        RValue result;
        if (failed(evalGather(
                &op, *buffer, get(gather.getOffsets()),
                gather.getMask() ? &get(gather.getMask()) : nullptr,
                gather.getOther() ? &get(gather.getOther()) : nullptr, result)))
          return failure();
        env[gather.getResult()] = std::move(result);
        return success();
      })
      .Case([&](ScatterOp scatter) -> LogicalResult {
        FailureOr<BufferRef> buffer = bufferRef(op, scatter.getBuffer());
        if (failed(buffer))
          return failure();
        return evalScatter(
            &op, *buffer, get(scatter.getValue()), get(scatter.getOffsets()),
            scatter.getMask() ? &get(scatter.getMask()) : nullptr);
      })
      .Case<AtomicRMWOp, AtomicCASOp>([&](auto atomic) -> LogicalResult {
        FailureOr<BufferRef> buffer = bufferRef(op, atomic.getBuffer());
        if (failed(buffer))
          return failure();
        const RValue *compare = nullptr;
        if constexpr (std::is_same_v<decltype(atomic), AtomicCASOp>)
          compare = &get(atomic.getCompare());
        RValue result;
        if (failed(
                evalAtomic(&op, *buffer, get(atomic.getOffsets()), compare,
                           get(atomic.getValue()),
                           atomic.getMask() ? &get(atomic.getMask()) : nullptr,
                           ledger, result)))
          return failure();
        env[atomic.getResult()] = std::move(result);
        return success();
      })
      .Case([&](ReduceOp reduce) {
        env[reduce.getResult()] = evalReduce(reduce, get(reduce.getInput()));
        return success();
      })
      .Case([&](ArangeOp arange) {
        RankedTensorType type = arange.getType();
        RValue r;
        r.shape.assign(type.getShape().begin(), type.getShape().end());
        for (int64_t k = 0, n = type.getNumElements(); k < n; ++k)
          r.i.push_back(wrapTo(type.getElementType(), k));
        env[arange.getResult()] = std::move(r);
        return success();
      })
      .Case([&](ConvertLayoutOp convert) {
        env[convert.getResult()] = get(convert.getInput());
        return success();
      })
      .Case([&](BroadcastOp broadcast) {
        const RValue &v = get(broadcast.getInput());
        auto type = cast<RankedTensorType>(broadcast.getType());
        RValue r;
        r.isFloat = v.isFloat;
        r.shape.assign(type.getShape().begin(), type.getShape().end());
        int64_t rows = type.getDimSize(0), cols = type.getDimSize(1);
        for (int64_t a = 0; a < rows; ++a)
          for (int64_t b = 0; b < cols; ++b) {
            int64_t k = broadcast.getDim() == 0 ? a : b;
            if (v.isFloat)
              r.f.push_back(v.f[k]);
            else
              r.i.push_back(v.i[k]);
            if (!v.err.empty())
              r.err.push_back(v.errAt(k));
          }
        env[broadcast.getResult()] = std::move(r);
        return success();
      })
      .Case([&](EpilogueOp epilogue) { return runEpilogue(epilogue); })
      .Case([&](DotOp dot) {
        const RValue &a = get(dot.getA()), &b = get(dot.getB());
        RValue r = get(dot.getAcc());
        int64_t m = a.shape[0], k = a.shape[1], n = b.shape[1];
        Type accType = cast<RankedTensorType>(dot.getType()).getElementType();
        bool relaxed = options.relaxedF32Dots &&
                       getElementTypeOrSelf(dot.getA().getType()).isF32() &&
                       getElementTypeOrSelf(dot.getB().getType()).isF32();
        auto operand = [&](double x) {
          return relaxed ? truncateToTF32(x) : x;
        };
        // The bound (ErrorBound.h): what the operands' bounds move the sum
        // by, plus (k + 2) * eps * (|acc| + sum |a * b|) for two sums in any
        // order, each rounding to the accumulator type. An operand that
        // relaxed_precision truncates may land on another 10-bit value: its
        // bound grows by that step; one a GPU may flush reaches 0. Where
        // subnormal products and partial sums may be flushed, each of them
        // may lose up to the smallest normal value. A sum that may overflow
        // in some order, or an infinite one, is not bounded.
        Type aType = getElementTypeOrSelf(dot.getA().getType());
        Type bType = getElementTypeOrSelf(dot.getB().getType());
        double eps = machineEpsilon(accType);
        double flushed =
            mayFlushSubnormals(accType)
                ? static_cast<double>(2 * k + 2) * smallestNormal(accType)
                : 0;
        auto mayFlushAny = [](const RValue &v, Type type) {
          return llvm::any_of(
              v.f, [&](double x) { return flushAllowance(type, x) != 0; });
        };
        bool exactOperands = a.err.empty() && b.err.empty() &&
                             !mayFlushAny(a, aType) && !mayFlushAny(b, bType);
        auto operandErr = [&](const RValue &v, Type type, int64_t at) {
          double e = std::max(v.errAt(at), flushAllowance(type, v.f[at]));
          return relaxed && e != 0 ? e + 0x1.0p-10 * std::fabs(v.f[at]) : e;
        };
        std::vector<double> err(m * n);
        for (int64_t i = 0; i < m; ++i)
          for (int64_t j = 0; j < n; ++j) {
            double sum = r.f[i * n + j];
            double magnitude = std::fabs(sum), moved = r.errAt(i * n + j);
            for (int64_t x = 0; x < k; ++x) {
              double pa = operand(a.f[i * k + x]), pb = operand(b.f[x * n + j]);
              sum += pa * pb;
              magnitude += std::fabs(pa * pb);
              if (exactOperands)
                continue;
              double ea = operandErr(a, aType, i * k + x);
              double eb = operandErr(b, bType, x * n + j);
              moved += std::fabs(pa) * eb + std::fabs(pb) * ea + ea * eb;
            }
            r.f[i * n + j] = roundTo(accType, sum);
            double bound =
                moved + static_cast<double>(k + 2) * eps * magnitude + flushed;
            bool mayOverflow = (magnitude + moved) * (1 + (k + 2) * eps) >=
                               overflowThreshold(accType);
            err[i * n + j] = mayOverflow ? INFINITY : bound;
          }
        r.err = std::move(err);
        r.normalizeErr();
        env[dot.getResult()] = std::move(r);
        return success();
      })
      .Case([&](ForRangeOp loop) {
        return runLoop(op, loop.getLowerBound(), loop.getUpperBound(),
                       loop.getStep(), loop.getInitArgs(), *loop.getBody(),
                       loop.getResults());
      })
      .Case([&](scf::ForOp loop) {
        return runLoop(op, loop.getLowerBound(), loop.getUpperBound(),
                       loop.getStep(), loop.getInitArgs(), *loop.getBody(),
                       loop.getResults());
      })
      .Case([&](scf::IfOp branch) -> LogicalResult {
        const RValue &condition = get(branch.getCondition());
        bool take = condition.i[0] != 0;
        Region &region = take ? branch.getThenRegion() : branch.getElseRegion();
        if (region.empty())
          return success();
        if (failed(runBlock(region.front())))
          return failure();
        // On an uncertain condition a correct implementation may take the
        // other branch: nothing is known about the results.
        bool uncertain = condition.errAt(0) != 0;
        for (auto [result, value] : llvm::zip(branch.getResults(), yielded)) {
          env[result] = value;
          if (uncertain)
            env[result].err.assign(value.size(), INFINITY);
        }
        return success();
      })
      .Case([&](tensor::ExtractOp extract) {
        const RValue &t = get(extract.getTensor());
        int64_t k = 0;
        for (auto [d, index] : llvm::enumerate(extract.getIndices()))
          k = k * t.shape[d] + get(index).i[0];
        env[extract.getResult()] = elementOf(t, k);
        return success();
      })
      .Default([&](Operation *other) -> LogicalResult {
        if (!other->hasTrait<OpTrait::Elementwise>() ||
            other->getNumResults() != 1)
          return other->emitOpError()
                 << "cannot be evaluated by the tile interpreter";
        SmallVector<const RValue *> operands;
        for (Value v : other->getOperands())
          operands.push_back(&get(v));
        RValue result;
        if (failed(evalElementwise(other, operands, result)))
          return failure();
        env[other->getResult(0)] = std::move(result);
        return success();
      });
}

LogicalResult tile::interp::runKernel(func::FuncOp kernel,
                                      MutableArrayRef<Argument> arguments,
                                      std::array<int64_t, 3> grid,
                                      const RunOptions &options) {
  if (arguments.size() != kernel.getNumArguments())
    return kernel.emitError() << "the kernel takes " << kernel.getNumArguments()
                              << " arguments, got " << arguments.size();
  AtomicLedger ledger;
  bool threadLevel = findThreadLevelOp(kernel) != nullptr;
  auto runGrid = [&](MutableArrayRef<Argument> args) -> LogicalResult {
    for (int64_t z = 0; z < grid[2]; ++z)
      for (int64_t y = 0; y < grid[1]; ++y)
        for (int64_t x = 0; x < grid[0]; ++x) {
          if (threadLevel) {
            if (failed(runThreadLevelProgram(kernel, args, grid, {x, y, z})))
              return failure();
            continue;
          }
          Program program(kernel, args, grid, {x, y, z}, options, ledger);
          if (failed(program.run()))
            return failure();
        }
    return success();
  };
  // Atomics: a first run on copies of the buffers counts how many touch
  // each element (see AtomicLedger::touches).
  if (hasAtomics(kernel)) {
    SmallVector<Argument> copies(arguments.begin(), arguments.end());
    std::vector<std::vector<char>> storage;
    for (auto [copy, type] : llvm::zip(copies, kernel.getArgumentTypes())) {
      auto memref = dyn_cast<MemRefType>(type);
      if (!memref || !copy.data)
        continue;
      size_t bytes = copy.numElements *
                     llvm::divideCeil(memref.getElementTypeBitWidth(), 8);
      const char *data = static_cast<const char *>(copy.data);
      storage.emplace_back(data, data + bytes);
      copy.data = storage.back().data();
      copy.errorBound = nullptr;
    }
    ledger.counting = true;
    if (failed(runGrid(copies)))
      return failure();
    ledger.counting = false;
    ledger.entries.clear();
  }
  return runGrid(arguments);
}
