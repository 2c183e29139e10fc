//===- LowerThread.cpp - thread-level ops to applegpu ---------------------===//
//
// Per-thread code (TileThreadOps.td) is already what a GPU thread runs: each
// op becomes the applegpu builtin, barrier or SIMD-group function of the
// same meaning, and the scalar code around it is copied as it is.
//
//===----------------------------------------------------------------------===//

#include "KernelLowering.h"

#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"
#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace tile;
using namespace tile::conversion;

LogicalResult tile::conversion::lowerThreadId(KernelLowering &k,
                                              ThreadIdOp op) {
  k.map(op.getResult(), k.threadIndex());
  return success();
}

LogicalResult tile::conversion::lowerSimdLaneId(KernelLowering &k,
                                                SimdLaneIdOp op) {
  k.map(op.getResult(),
        applegpu::ThreadIndexInSimdgroupOp::create(k.builder(), op.getLoc(),
                                                   k.builder().getIndexType()));
  return success();
}

LogicalResult tile::conversion::lowerSimdGroupId(KernelLowering &k,
                                                 SimdGroupIdOp op) {
  k.map(op.getResult(),
        applegpu::SimdgroupIndexInThreadgroupOp::create(
            k.builder(), op.getLoc(), k.builder().getIndexType()));
  return success();
}

LogicalResult tile::conversion::lowerShared(KernelLowering &k, SharedOp op) {
  // A view of the region tile-plan-threadgroup-memory gave the array in the
  // kernel's arena (live for the whole kernel): one plan decides the
  // kernel's threadgroup memory.
  FailureOr<Value> array =
      k.allocThreadgroup(op.getType().getElementType(),
                         op.getType().getNumElements(), op.getLoc());
  if (failed(array))
    return failure();
  k.map(op.getResult(), *array);
  return success();
}

LogicalResult tile::conversion::lowerThreadLoad(KernelLowering &k,
                                                ThreadLoadOp op) {
  k.map(op.getResult(), memref::LoadOp::create(
                            k.builder(), op.getLoc(), k.mapped(op.getBuffer()),
                            ValueRange{k.mapped(op.getIndex())}));
  return success();
}

LogicalResult tile::conversion::lowerThreadStore(KernelLowering &k,
                                                 ThreadStoreOp op) {
  memref::StoreOp::create(k.builder(), op.getLoc(), k.mapped(op.getValue()),
                          k.mapped(op.getBuffer()),
                          ValueRange{k.mapped(op.getIndex())});
  return success();
}

LogicalResult tile::conversion::lowerBarrier(KernelLowering &k, BarrierOp op) {
  // Both memories: threads exchange data through tile.shared arrays and
  // through the kernel's buffers alike.
  applegpu::ThreadgroupBarrierOp::create(
      k.builder(), op.getLoc(),
      applegpu::MemFlagsAttr::get(k.builder().getContext(),
                                  applegpu::MemFlags::mem_device |
                                      applegpu::MemFlags::mem_threadgroup));
  return success();
}

/// The SIMD-group function of a combining kind (the verifier leaves only
/// kinds that have one).
static applegpu::SimdReduction simdReductionOf(CombiningKind kind) {
  switch (kind) {
  case CombiningKind::ADD:
    return applegpu::SimdReduction::sum;
  case CombiningKind::MUL:
    return applegpu::SimdReduction::product;
  case CombiningKind::MAXNUMF:
  case CombiningKind::MAXSI:
    return applegpu::SimdReduction::max;
  case CombiningKind::MINNUMF:
  case CombiningKind::MINSI:
    return applegpu::SimdReduction::min;
  case CombiningKind::AND:
    return applegpu::SimdReduction::AND;
  case CombiningKind::OR:
    return applegpu::SimdReduction::OR;
  default:
    return applegpu::SimdReduction::XOR;
  }
}

LogicalResult tile::conversion::lowerSimdReduce(KernelLowering &k,
                                                SimdReduceOp op) {
  k.map(op.getResult(),
        applegpu::SimdReduceOp::create(
            k.builder(), op.getLoc(), op.getType(),
            applegpu::SimdReductionAttr::get(k.builder().getContext(),
                                             simdReductionOf(op.getKind())),
            k.mapped(op.getValue())));
  return success();
}

LogicalResult tile::conversion::lowerSimdShuffleXor(KernelLowering &k,
                                                    SimdShuffleXorOp op) {
  k.map(op.getResult(), applegpu::SimdShuffleXorOp::create(
                            k.builder(), op.getLoc(), op.getType(),
                            k.mapped(op.getValue()), op.getMask()));
  return success();
}
