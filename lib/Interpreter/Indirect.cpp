//===- Indirect.cpp - gathers, scatters and atomics in the interpreter ----===//
//
// Element e of these ops touches buffer[offsets[e]] where mask[e] holds.
// Offsets the mask lets through must lie inside the buffer (an error
// otherwise, as the emulator reports it); masked elements never touch it.
//
//===----------------------------------------------------------------------===//

#include "Indirect.h"

#include "ErrorBound.h"
#include "tile/Dialect/Tile/IR/TileOps.h"

#include "llvm/ADT/DenseSet.h"

#include <cmath>

using namespace mlir;
using namespace tile;
using namespace tile::interp;

/// Whether element `k` takes part: no mask, or its mask bit is set.
static bool active(const RValue *mask, int64_t k) {
  return !mask || mask->iAt(k) != 0;
}

/// Whether some element's offset or mask bit depends on float rounding (its
/// bound is not zero), so that which element is touched is not known.
static bool uncertainAddress(const RValue &offsets, const RValue *mask) {
  return !offsets.err.empty() || (mask && !mask->err.empty());
}

/// The offset of element `k`, or a located error when it is outside the
/// buffer.
static FailureOr<int64_t> offsetOf(Operation *op, const BufferRef &buffer,
                                   const RValue &offsets, int64_t k) {
  int64_t offset = offsets.iAt(k);
  if (offset >= 0 && offset < buffer.argument.numElements)
    return offset;
  return op->emitOpError()
         << "program (" << buffer.program[0] << ", " << buffer.program[1]
         << ", " << buffer.program[2] << ") touches element " << offset
         << " of buffer argument #" << buffer.number << ", which has "
         << buffer.argument.numElements << " elements, at tile element " << k
         << ": an offset the mask lets through must be inside the buffer";
}

static void startResult(RValue &result, const RValue &offsets, Type element) {
  result.shape = offsets.shape;
  result.isFloat = isa<FloatType>(element);
  result.f.clear();
  result.i.clear();
  result.err.clear();
}

static void push(RValue &result, double f, int64_t i, double err) {
  if (result.isFloat)
    result.f.push_back(f);
  else
    result.i.push_back(i);
  result.err.push_back(err);
}

bool tile::interp::hasAtomics(func::FuncOp kernel) {
  return kernel
      .walk([](Operation *op) {
        return isa<AtomicRMWOp, AtomicCASOp>(op) ? WalkResult::interrupt()
                                                 : WalkResult::advance();
      })
      .wasInterrupted();
}

LogicalResult tile::interp::evalGather(Operation *op, const BufferRef &buffer,
                                       const RValue &offsets,
                                       const RValue *mask, const RValue *other,
                                       RValue &result) {
  startResult(result, offsets, buffer.element);
  // An element whose address may be another one could read anything.
  double unknown = uncertainAddress(offsets, mask) ? INFINITY : 0;
  for (int64_t k = 0, n = offsets.size(); k < n; ++k) {
    if (!active(mask, k)) {
      double f = other && other->isFloat ? other->fAt(k) : 0;
      int64_t i = other && !other->isFloat ? other->iAt(k) : 0;
      push(result, f, i, std::max(unknown, other ? other->errAt(k) : 0));
      continue;
    }
    FailureOr<int64_t> offset = offsetOf(op, buffer, offsets, k);
    if (failed(offset))
      return failure();
    double v = readBufferElement(buffer.argument, buffer.element, *offset);
    double bound =
        buffer.argument.errorBound ? buffer.argument.errorBound[*offset] : 0;
    push(result, v, static_cast<int64_t>(v), std::max(unknown, bound));
  }
  result.normalizeErr();
  return success();
}

LogicalResult tile::interp::evalScatter(Operation *op, const BufferRef &buffer,
                                        const RValue &value,
                                        const RValue &offsets,
                                        const RValue *mask) {
  if (uncertainAddress(offsets, mask))
    return op->emitOpError()
           << "the interpreter cannot bound a scatter whose offsets or mask "
              "depend on float rounding";
  // The first element written at each offset, to catch two elements that
  // write different values to one address (unspecified which one wins).
  DenseMap<int64_t, int64_t> writer;
  for (int64_t k = 0, n = offsets.size(); k < n; ++k) {
    if (!active(mask, k))
      continue;
    FailureOr<int64_t> offset = offsetOf(op, buffer, offsets, k);
    if (failed(offset))
      return failure();
    auto [it, first] = writer.try_emplace(*offset, k);
    if (!first) {
      int64_t j = it->second;
      bool same = value.isFloat ? value.fAt(j) == value.fAt(k)
                                : value.iAt(j) == value.iAt(k);
      if (!same)
        return op->emitOpError()
               << "program (" << buffer.program[0] << ", " << buffer.program[1]
               << ", " << buffer.program[2]
               << ") writes different values to element " << *offset
               << " of buffer argument #" << buffer.number
               << " from tile elements " << j << " and " << k
               << ": which one is stored is not specified";
    }
    writeBufferElement(buffer.argument, buffer.element, *offset,
                       value.isFloat ? value.fAt(k) : 0,
                       value.isFloat ? 0 : value.iAt(k));
    if (buffer.argument.errorBound)
      buffer.argument.errorBound[*offset] = value.errAt(k);
  }
  return success();
}

/// `old kind v` for 32-bit integers (the unsigned kinds compare the bits as
/// unsigned), wrapped to i32.
static int64_t combineInt(AtomicKind kind, int64_t old, int64_t v) {
  auto u = [](int64_t x) { return static_cast<uint32_t>(x); };
  int64_t r = 0;
  switch (kind) {
  case AtomicKind::ADD:
    r = old + v;
    break;
  case AtomicKind::MAXSI:
    r = std::max(old, v);
    break;
  case AtomicKind::MINSI:
    r = std::min(old, v);
    break;
  case AtomicKind::MAXUI:
    r = std::max(u(old), u(v));
    break;
  case AtomicKind::MINUI:
    r = std::min(u(old), u(v));
    break;
  case AtomicKind::AND:
    r = old & v;
    break;
  case AtomicKind::OR:
    r = old | v;
    break;
  case AtomicKind::XOR:
    r = old ^ v;
    break;
  case AtomicKind::XCHG:
    r = v;
    break;
  }
  return static_cast<int32_t>(static_cast<uint32_t>(r));
}

LogicalResult tile::interp::evalAtomic(Operation *op, const BufferRef &buffer,
                                       const RValue &offsets,
                                       const RValue *compare,
                                       const RValue &value, const RValue *mask,
                                       AtomicLedger &ledger, RValue &result) {
  if (uncertainAddress(offsets, mask))
    return op->emitOpError()
           << "the interpreter cannot bound an atomic whose offsets or mask "
              "depend on float rounding";
  auto rmw = dyn_cast<AtomicRMWOp>(op);
  AtomicKind kind = rmw ? rmw.getKind() : AtomicKind::XCHG;
  bool isFloat = isa<FloatType>(buffer.element);
  double eps = isFloat ? machineEpsilon(buffer.element) : 0;
  double *bounds = buffer.argument.errorBound;
  startResult(result, offsets, buffer.element);
  for (int64_t k = 0, n = offsets.size(); k < n; ++k) {
    if (!active(mask, k)) {
      push(result, 0, 0, 0);
      continue;
    }
    FailureOr<int64_t> offset = offsetOf(op, buffer, offsets, k);
    if (failed(offset))
      return failure();
    double old = readBufferElement(buffer.argument, buffer.element, *offset);
    // Where other atomics touch the element too, the old value depends on
    // the order in which they reach it, which no implementation has to
    // follow: any value is correct.
    std::pair<unsigned, int64_t> key{buffer.number, *offset};
    if (ledger.counting)
      ledger.touches[key] += 1;
    bool alone = !ledger.counting && ledger.touches.lookup(key) == 1;
    push(result, old, static_cast<int64_t>(old), alone ? 0 : INFINITY);
    if (compare) {
      if (static_cast<int64_t>(old) != compare->iAt(k))
        continue;
      writeBufferElement(buffer.argument, buffer.element, *offset, 0,
                         value.iAt(k));
      if (bounds)
        bounds[*offset] = std::max(bounds[*offset], value.errAt(k));
      continue;
    }
    if (!isFloat) {
      writeBufferElement(
          buffer.argument, buffer.element, *offset, 0,
          combineInt(kind, static_cast<int64_t>(old), value.iAt(k)));
      continue;
    }
    if (kind == AtomicKind::XCHG) {
      writeBufferElement(buffer.argument, buffer.element, *offset, value.fAt(k),
                         0);
      if (bounds)
        bounds[*offset] = value.errAt(k);
      continue;
    }
    // A float sum of every term in some order: each of its roundings is at
    // most eps times a partial sum, itself at most the sum of magnitudes,
    // and the reference's order is one of many, hence twice that.
    float sum = static_cast<float>(old) + static_cast<float>(value.fAt(k));
    writeBufferElement(buffer.argument, buffer.element, *offset, sum, 0);
    AtomicLedger::Entry &entry = ledger.entries[{buffer.number, *offset}];
    if (entry.adds == 0) {
      entry.magnitude = std::fabs(old);
      entry.operandBounds = bounds ? bounds[*offset] : 0;
    }
    entry.adds += 1;
    entry.magnitude += std::fabs(value.fAt(k));
    entry.operandBounds += value.errAt(k);
    if (bounds)
      bounds[*offset] =
          entry.operandBounds +
          2.0 * static_cast<double>(entry.adds) * eps * entry.magnitude;
  }
  result.normalizeErr();
  return success();
}
