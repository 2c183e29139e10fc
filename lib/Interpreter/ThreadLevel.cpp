//===- ThreadLevel.cpp - thread-level kernels, thread by thread -----------===//
//
// A kernel with thread-level ops (TileThreadOps.td) is run by all threads of
// a program instance in lockstep, as a GPU runs a SIMD group: every scalar
// SSA value is either uniform (an RValue with an empty shape) or one value
// per thread (a rank-1 RValue of the thread count), and a mask says which
// threads execute the current op. Conditions and loop bounds that differ
// between threads narrow the mask. This makes the sync points exact: a
// barrier is reached by every thread at once or it is an error (some
// threads skipped it), and a SIMD-group collective sees all 32 lanes'
// values. Shared arrays record, per element, who wrote and read it since
// the last barrier, so a missing barrier is reported as a race instead of
// being hidden by the lockstep order.
//
//===----------------------------------------------------------------------===//

#include "Indirect.h"
#include "Values.h"
#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tile;
using namespace tile::interp;

namespace {
/// A tile.shared array and what each element saw since the last barrier.
struct SharedArray {
  Type element;
  RValue data;                 ///< rank 1, with an error bound per element
  std::vector<bool> written;   ///< ever written (reads need a value)
  std::vector<int64_t> writer; ///< thread that wrote it in this epoch, or -1
  std::vector<int64_t> reader; ///< thread that read it in this epoch, -1
                               ///< none, -2 several
};

class ThreadProgram {
public:
  ThreadProgram(func::FuncOp kernel, MutableArrayRef<Argument> arguments,
                std::array<int64_t, 3> grid, std::array<int64_t, 3> id,
                int64_t threads)
      : kernel(kernel), arguments(arguments), grid(grid), id(id),
        threads(threads), active(threads, true) {}

  LogicalResult run() {
    Block &entry = kernel.getBody().front();
    bindScalarArguments(entry, arguments, env);
    return runBlock(entry);
  }

private:
  LogicalResult runBlock(Block &block) {
    return runBlockWith(block, env, yielded,
                        [&](Operation &op) { return runOp(op); });
  }

  LogicalResult runOp(Operation &op);
  LogicalResult runElementwise(Operation &op);
  LogicalResult runLoop(Operation &op, Value lb, Value ub, Value step,
                        ValueRange inits, Block &body, ResultRange results);
  LogicalResult runIf(scf::IfOp branch);
  using AccessFn = llvm::function_ref<LogicalResult(
      int64_t thread, int64_t element, SharedArray *array,
      const Argument *buffer)>;
  /// Checks the element each active thread accesses in `buffer` (a
  /// tile.shared array or a kernel argument) and calls `access` for it.
  LogicalResult forEachAccess(Operation &op, Value buffer, Value index,
                              StringRef verb, AccessFn access);
  LogicalResult runLoad(ThreadLoadOp load);
  LogicalResult runStore(ThreadStoreOp store);
  LogicalResult runCollective(Operation &op, const RValue &value,
                              llvm::function_ref<RValue(const RValue &)> f);
  /// Fails unless the SIMD groups that run `op` run it with all lanes.
  LogicalResult checkConverged(Operation &op, int64_t width, StringRef what);
  InFlightDiagnostic error(Operation &op, int64_t thread) {
    return op.emitOpError() << "program (" << id[0] << ", " << id[1] << ", "
                            << id[2] << "), thread " << thread << ": ";
  }

  /// Element `t` of `v` as a scalar (a uniform value's for every `t`).
  static RValue laneOf(const RValue &v, int64_t t) {
    size_t k = v.shape.empty() ? 0 : t;
    RValue r =
        v.isFloat ? RValue::scalarFloat(v.f[k]) : RValue::scalarInt(v.i[k]);
    if (double e = v.errAt(k))
      r.err = {e};
    return r;
  }
  /// `v` as one value per thread.
  RValue perThread(const RValue &v) const {
    if (!v.shape.empty())
      return v;
    RValue r;
    r.shape = {threads};
    r.isFloat = v.isFloat;
    if (v.isFloat)
      r.f.assign(threads, v.f[0]);
    else
      r.i.assign(threads, v.i[0]);
    if (!v.err.empty())
      r.err.assign(threads, v.err[0]);
    return r;
  }
  /// `update` where the mask is set, `old` elsewhere.
  RValue merge(const RValue &old, const RValue &update,
               const std::vector<bool> &mask) const {
    RValue r = perThread(old), u = perThread(update);
    if (!u.err.empty() && r.err.empty())
      r.err.assign(threads, 0);
    for (int64_t t = 0; t < threads; ++t) {
      if (!mask[t])
        continue;
      if (r.isFloat)
        r.f[t] = u.f[t];
      else
        r.i[t] = u.i[t];
      if (!r.err.empty())
        r.err[t] = u.errAt(t);
    }
    r.normalizeErr();
    return r;
  }
  bool allActive() const {
    return llvm::all_of(active, [](bool b) { return b; });
  }

  func::FuncOp kernel;
  MutableArrayRef<Argument> arguments;
  std::array<int64_t, 3> grid, id;
  int64_t threads;
  std::vector<bool> active;
  DenseMap<Value, RValue> env;
  DenseMap<Value, SharedArray> shared;
  SmallVector<RValue> yielded;
};
} // namespace

LogicalResult ThreadProgram::runElementwise(Operation &op) {
  if (!op.hasTrait<OpTrait::Elementwise>() || op.getNumResults() != 1 ||
      op.getNumRegions() != 0)
    return op.emitOpError() << "cannot be evaluated in a thread-level kernel "
                               "by the tile interpreter";
  // Threads outside the mask compute on the first active thread's operands,
  // so they cannot fail (a division by zero) on values they never had.
  int64_t first = llvm::find(active, true) - active.begin();
  std::vector<bool> inactive(threads);
  for (int64_t t = 0; t < threads; ++t)
    inactive[t] = !active[t];
  SmallVector<RValue> patched;
  patched.reserve(op.getNumOperands()); // stable addresses for `operands`
  SmallVector<const RValue *> operands;
  for (Value v : op.getOperands()) {
    const RValue &value = env[v];
    if (value.shape.empty() || allActive()) {
      operands.push_back(&value);
      continue;
    }
    patched.push_back(merge(value, laneOf(value, first), inactive));
    operands.push_back(&patched.back());
  }
  RValue result;
  if (failed(evalElementwise(&op, operands, result)))
    return failure();
  env[op.getResult(0)] = std::move(result);
  return success();
}

LogicalResult ThreadProgram::runLoop(Operation &op, Value lbV, Value ubV,
                                     Value stepV, ValueRange inits, Block &body,
                                     ResultRange results) {
  RValue lb = perThread(env[lbV]), ub = perThread(env[ubV]),
         step = perThread(env[stepV]);
  for (int64_t t = 0; t < threads; ++t)
    if (active[t] && step.i[t] <= 0)
      return error(op, t) << "step must be positive at run time, got "
                          << step.i[t];
  SmallVector<RValue> carried;
  for (Value v : inits)
    carried.push_back(env[v]);
  std::vector<bool> outer = active;
  RValue iv = lb;
  while (true) {
    // The threads still in the loop: a thread whose range ended waits, as
    // on the GPU, until the others leave.
    bool any = false;
    for (int64_t t = 0; t < threads; ++t) {
      active[t] = outer[t] && iv.i[t] < ub.i[t];
      any |= active[t];
    }
    if (!any)
      break;
    env[body.getArgument(0)] = iv;
    for (auto [arg, value] :
         llvm::zip(body.getArguments().drop_front(), carried))
      env[arg] = value;
    if (failed(runBlock(body)))
      return failure();
    for (auto [value, update] : llvm::zip(carried, yielded))
      value = active == outer ? update : merge(value, update, active);
    for (int64_t t = 0; t < threads; ++t)
      if (active[t])
        iv.i[t] += step.i[t];
  }
  active = outer;
  for (auto [result, value] : llvm::zip(results, carried))
    env[result] = value;
  return success();
}

LogicalResult ThreadProgram::runIf(scf::IfOp branch) {
  RValue condition = perThread(env[branch.getCondition()]);
  std::vector<bool> outer = active, taken(threads), skipped(threads);
  for (int64_t t = 0; t < threads; ++t) {
    taken[t] = outer[t] && condition.i[t] != 0;
    skipped[t] = outer[t] && condition.i[t] == 0;
    if (outer[t] && condition.errAt(t) != 0)
      return error(*branch, t)
             << "the condition depends on rounding (it compares floats that "
                "a correct GPU may compute differently); the interpreter "
                "cannot tell which branch the thread takes";
  }
  SmallVector<RValue> results(branch.getNumResults());
  for (auto [region, mask] : {std::pair(&branch.getThenRegion(), &taken),
                              std::pair(&branch.getElseRegion(), &skipped)}) {
    if (region->empty() || llvm::none_of(*mask, [](bool b) { return b; }))
      continue;
    active = *mask;
    if (failed(runBlock(region->front())))
      return failure();
    for (auto [result, value] : llvm::zip(results, yielded))
      result =
          result.size() == 0 ? perThread(value) : merge(result, value, *mask);
  }
  active = outer;
  for (auto [result, value] : llvm::zip(branch.getResults(), results))
    env[result] = value;
  return success();
}

LogicalResult ThreadProgram::forEachAccess(Operation &op, Value bufferValue,
                                           Value indexValue, StringRef verb,
                                           AccessFn access) {
  const RValue index = perThread(env[indexValue]);
  SharedArray *array = nullptr;
  const Argument *buffer = nullptr;
  int64_t size = 0;
  std::string what;
  if (auto it = shared.find(bufferValue); it != shared.end()) {
    array = &it->second;
    size = array->written.size();
    what = "a " + std::to_string(size) + "-element tile.shared array";
  } else {
    auto arg = dyn_cast<BlockArgument>(bufferValue);
    if (!arg || arg.getOwner() != &kernel.getBody().front())
      return op.emitOpError() << verb
                              << " a buffer that is neither a kernel "
                                 "argument nor a tile.shared array";
    buffer = &arguments[arg.getArgNumber()];
    size = buffer->numElements;
    what = "buffer argument #" + std::to_string(arg.getArgNumber()) +
           ", which has " + std::to_string(size) + " elements";
  }
  for (int64_t t = 0; t < threads; ++t) {
    if (!active[t])
      continue;
    int64_t k = index.i[t];
    if (k < 0 || k >= size)
      return error(op, t) << verb << " element " << k << " of " << what;
    if (failed(access(t, k, array, buffer)))
      return failure();
  }
  return success();
}

LogicalResult ThreadProgram::runLoad(ThreadLoadOp load) {
  Type element = load.getType();
  RValue r;
  r.shape = {threads};
  r.isFloat = isa<FloatType>(element);
  r.f.assign(r.isFloat ? threads : 0, 0);
  r.i.assign(r.isFloat ? 0 : threads, 0);
  r.err.assign(threads, 0);
  auto read = [&](int64_t t, int64_t k, SharedArray *a,
                  const Argument *buffer) -> LogicalResult {
    if (buffer) {
      double v = readBufferElement(*buffer, element, k);
      if (r.isFloat)
        r.f[t] = v;
      else
        r.i[t] = static_cast<int64_t>(v);
      if (buffer->errorBound)
        r.err[t] = buffer->errorBound[k];
      return success();
    }
    if (!a->written[k])
      return error(*load, t) << "reads element " << k
                             << " of a tile.shared array before any thread "
                                "wrote it";
    if (a->writer[k] >= 0 && a->writer[k] != t)
      return error(*load, t)
             << "reads element " << k << " of a tile.shared array that thread "
             << a->writer[k]
             << " wrote since the last tile.barrier: a race (add a "
                "tile.barrier between the write and the read)";
    a->reader[k] = a->reader[k] == -1 || a->reader[k] == t ? t : -2;
    if (r.isFloat)
      r.f[t] = a->data.f[k];
    else
      r.i[t] = a->data.i[k];
    r.err[t] = a->data.errAt(k);
    return success();
  };
  if (failed(forEachAccess(*load, load.getBuffer(), load.getIndex(), "reads",
                           read)))
    return failure();
  r.normalizeErr();
  env[load.getResult()] = std::move(r);
  return success();
}

LogicalResult ThreadProgram::runStore(ThreadStoreOp store) {
  Type element = store.getValue().getType();
  const RValue value = perThread(env[store.getValue()]);
  auto write = [&](int64_t t, int64_t k, SharedArray *a,
                   const Argument *buffer) -> LogicalResult {
    if (buffer) {
      writeBufferElement(*buffer, element, k, value.isFloat ? value.f[t] : 0,
                         value.isFloat ? 0 : value.i[t]);
      if (buffer->errorBound)
        buffer->errorBound[k] = value.errAt(t);
      return success();
    }
    int64_t other =
        a->writer[k] >= 0 && a->writer[k] != t ? a->writer[k]
        : a->reader[k] == -2 || (a->reader[k] >= 0 && a->reader[k] != t)
            ? a->reader[k]
            : -1;
    if (other != -1)
      return error(*store, t)
             << "writes element " << k << " of a tile.shared array that "
             << (other == -2 ? std::string("other threads")
                             : "thread " + std::to_string(other))
             << (a->writer[k] == other ? " wrote" : " read")
             << " since the last tile.barrier: a race (add a tile.barrier "
                "between the two accesses)";
    a->written[k] = true;
    a->writer[k] = t;
    if (value.isFloat)
      a->data.f[k] = value.f[t];
    else
      a->data.i[k] = value.i[t];
    a->data.err[k] = value.errAt(t);
    return success();
  };
  return forEachAccess(*store, store.getBuffer(), store.getIndex(), "writes",
                       write);
}

LogicalResult ThreadProgram::checkConverged(Operation &op, int64_t width,
                                            StringRef what) {
  for (int64_t g = 0; g < threads; g += width) {
    int64_t n =
        std::count(active.begin() + g, active.begin() + g + width, true);
    if (n != 0 && n != width)
      return op.emitOpError()
             << "program (" << id[0] << ", " << id[1] << ", " << id[2]
             << "): reached by " << n << " of the " << width << " threads of "
             << what << " " << g / width
             << "; all must reach it together (it sits under a condition or "
                "in a loop whose trip count differs between them)";
  }
  return success();
}

LogicalResult ThreadProgram::runCollective(
    Operation &op, const RValue &value,
    llvm::function_ref<RValue(const RValue &)> combine) {
  if (failed(checkConverged(op, 32, "SIMD group")))
    return failure();
  env[op.getResult(0)] = combine(perThread(value));
  return success();
}

LogicalResult ThreadProgram::runOp(Operation &op) {
  auto perThreadIndex = [&](auto f) {
    RValue r;
    r.shape = {threads};
    for (int64_t t = 0; t < threads; ++t)
      r.i.push_back(f(t));
    return r;
  };
  return llvm::TypeSwitch<Operation *, LogicalResult>(&op)
      .Case([&](arith::ConstantOp c) -> LogicalResult {
        auto attr = dyn_cast<TypedAttr>(c.getValue());
        if (auto f = dyn_cast<FloatAttr>(attr))
          env[c.getResult()] = RValue::scalarFloat(f.getValueAsDouble());
        else if (auto i = dyn_cast<IntegerAttr>(attr))
          env[c.getResult()] = RValue::scalarInt(
              i.getType().isInteger(1) ? i.getValue().getZExtValue()
                                       : i.getValue().getSExtValue());
        else
          return c.emitOpError() << "cannot be evaluated in a thread-level "
                                    "kernel by the tile interpreter";
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
      .Case([&](ThreadIdOp o) {
        env[o.getResult()] = perThreadIndex([](int64_t t) { return t; });
        return success();
      })
      .Case([&](SimdLaneIdOp o) {
        env[o.getResult()] = perThreadIndex([](int64_t t) { return t % 32; });
        return success();
      })
      .Case([&](SimdGroupIdOp o) {
        env[o.getResult()] = perThreadIndex([](int64_t t) { return t / 32; });
        return success();
      })
      .Case([&](SharedOp o) -> LogicalResult {
        if (shared.count(o.getResult()))
          return o.emitOpError()
                 << "is run a second time; the interpreter "
                    "needs tile.shared at the kernel's top level";
        int64_t n = o.getType().getNumElements();
        SharedArray &a = shared[o.getResult()];
        a.element = o.getType().getElementType();
        a.data.shape = {n};
        a.data.isFloat = isa<FloatType>(a.element);
        (a.data.isFloat ? a.data.f.resize(n) : a.data.i.resize(n));
        a.data.err.assign(n, 0);
        a.written.assign(n, false);
        a.writer.assign(n, -1);
        a.reader.assign(n, -1);
        return success();
      })
      .Case([&](ThreadLoadOp o) { return runLoad(o); })
      .Case([&](ThreadStoreOp o) { return runStore(o); })
      .Case([&](BarrierOp o) -> LogicalResult {
        if (failed(checkConverged(op, threads, "program instance")))
          return failure();
        for (auto &entry : shared) {
          std::fill(entry.second.writer.begin(), entry.second.writer.end(), -1);
          std::fill(entry.second.reader.begin(), entry.second.reader.end(), -1);
        }
        return success();
      })
      .Case([&](SimdReduceOp o) {
        Type element = o.getType();
        return runCollective(op, env[o.getValue()], [&](const RValue &v) {
          // The lanes as rows of 32: one reduction per SIMD group, then
          // every lane gets its group's.
          auto type = RankedTensorType::get({threads / 32, 32}, element);
          RValue grouped = v;
          grouped.shape = {threads / 32, 32};
          RValue sums = reduceTile(o.getKind(), type, 1, grouped);
          RValue r;
          r.shape = {threads};
          r.isFloat = v.isFloat;
          for (int64_t t = 0; t < threads; ++t) {
            if (v.isFloat)
              r.f.push_back(sums.f[t / 32]);
            else
              r.i.push_back(sums.i[t / 32]);
            r.err.push_back(sums.errAt(t / 32));
          }
          r.normalizeErr();
          return r;
        });
      })
      .Case([&](SimdShuffleXorOp o) {
        int64_t mask = o.getMask();
        return runCollective(op, env[o.getValue()], [&](const RValue &v) {
          RValue r = v;
          for (int64_t t = 0; t < threads; ++t) {
            int64_t from = (t & ~int64_t(31)) | ((t & 31) ^ mask);
            if (v.isFloat)
              r.f[t] = v.f[from];
            else
              r.i[t] = v.i[from];
            if (!v.err.empty())
              r.err[t] = v.err[from];
          }
          return r;
        });
      })
      .Case([&](scf::ForOp loop) {
        return runLoop(op, loop.getLowerBound(), loop.getUpperBound(),
                       loop.getStep(), loop.getInitArgs(), *loop.getBody(),
                       loop.getResults());
      })
      .Case([&](ForRangeOp loop) {
        return runLoop(op, loop.getLowerBound(), loop.getUpperBound(),
                       loop.getStep(), loop.getInitArgs(), *loop.getBody(),
                       loop.getResults());
      })
      .Case([&](scf::IfOp branch) { return runIf(branch); })
      .Default([&](Operation *other) { return runElementwise(*other); });
}

LogicalResult tile::interp::runThreadLevelProgram(
    func::FuncOp kernel, MutableArrayRef<Argument> arguments,
    std::array<int64_t, 3> grid, std::array<int64_t, 3> id) {
  // The verifier makes a thread-level kernel carry tile.simdgroups.
  auto simdgroups = kernel->getAttrOfType<DenseI64ArrayAttr>(
      TileDialect::getSimdgroupsAttrName());
  if (!simdgroups)
    return kernel.emitOpError()
           << "a thread-level kernel needs 'tile.simdgroups'";
  ThreadProgram program(kernel, arguments, grid, id,
                        simdgroups[0] * simdgroups[1] * 32);
  return program.run();
}
