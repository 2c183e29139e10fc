//===- KernelLowering.h - one tile kernel to applegpu -----------*- C++ -*-===//
//
// Internal to convert-tile-to-applegpu. The lowering writes a new kernel
// op by op, keeping for each tile (tensor value) of the source the values
// that hold it in the new kernel, in one of a few forms; the op families
// (Lower*.cpp) read tiles in the form they need and define their results.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_CONVERSION_TILETOAPPLEGPU_KERNELLOWERING_H
#define TILE_LIB_CONVERSION_TILETOAPPLEGPU_KERNELLOWERING_H

#include "KernelConfig.h"
#include "KernelPlans.h"

#include "tile/Dialect/Tile/IR/TileOps.h"

#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseSet.h"

namespace tile::conversion {

/// How the threads hold a tile in the new kernel.
enum class TileForm {
  Uniform,      ///< one scalar, the same in every thread
  Slots,        ///< Distributed: slot j holds element j * T + tid
  Fragments,    ///< Accumulator as simdgroup_matrix values, fragment-major
  LaneElements, ///< Accumulator as the lane's 2 scalars per fragment
  // Tensor ops (LowerTensorOps.cpp, LowerCooperative.cpp):
  Cooperative, ///< Accumulator part in a cooperative tensor (one handle)
  PerElement,  ///< Cooperative layout, computed where it is used, per
               ///< cooperative element (values: none, or the threadgroup
               ///< buffer holding the tile row-major)
  View,        ///< A tile.load a tensor-ops dot reads through tensor views
};

/// A lowered tile: its form, and either the values that hold it or, for
/// the Slots, Fragments and LaneElements forms, a thread-private array
/// (`memref<count x T>`, simdgroup matrices for Fragments) that the code
/// working on it loops over, so that the kernel's size does not grow with
/// the tile's.
struct TileValue {
  TileForm form;
  llvm::SmallVector<mlir::Value> values;
  mlir::Value array = {};
};

/// The form a tile of `type` is produced in (from its layout encoding).
TileForm tileForm(mlir::RankedTensorType type);
/// The tile whose geometry holds `type`: the parent for a slice, `type`
/// itself otherwise.
mlir::RankedTensorType tileGeometry(mlir::RankedTensorType type);
/// The distributed layout whose slots hold `type` (its own or its slice
/// parent's, else the default one of `threads` threads).
tile::applegpu::DistributedLayoutAttr slotLayoutOf(mlir::RankedTensorType type,
                                                   int64_t threads);
/// Elements per group of a distributed tile (its layout's vector, else
/// defaultVectorWidth).
int64_t tileVectorWidth(mlir::RankedTensorType type);

/// The lowering's builder: an OpBuilder whose index and scalar constants
/// are made once each, at the top of the kernel, and whose ops fold away
/// when their operands allow (the pipeline runs no canonicalizer after the
/// conversion).
class LoweringBuilder {
public:
  explicit LoweringBuilder(mlir::Location kernelLoc)
      : builder(kernelLoc.getContext()), kernelLoc(kernelLoc) {}

  /// Starts the kernel in `entry`: constants and threadgroup memory go
  /// before a marker at its start, the body after it.
  void startKernel(mlir::Block *entry);
  mlir::OpBuilder &get() { return builder; }
  mlir::Block *entry() const { return entryBlock; }
  /// A builder before the marker (constants and threadgroup memory).
  mlir::OpBuilder atTop() const {
    return mlir::OpBuilder(entryBlock, mlir::Block::iterator(topInsertion));
  }

  /// An index constant at the top of the kernel (one per value).
  mlir::Value index(int64_t value);
  /// A scalar constant of `type` at the top of the kernel (one per value).
  mlir::Value scalar(mlir::Type type, mlir::TypedAttr value,
                     mlir::Location loc);
  /// Creates an op with one result at the insertion point, folded away
  /// when its operands allow (a constant made with index()/scalar(), or an
  /// operand).
  template <typename OpTy, typename... Args>
  mlir::Value fold(mlir::Location loc, Args &&...args) {
    auto op = OpTy::create(builder, loc, std::forward<Args>(args)...);
    return foldCreated(op.getOperation());
  }
  /// The same for an op just created (or copied) with one result.
  mlir::Value foldCreated(mlir::Operation *op);

private:
  mlir::OpBuilder builder;
  mlir::Location kernelLoc;
  mlir::Block *entryBlock = nullptr;
  mlir::Operation *topInsertion = nullptr;
  llvm::DenseMap<int64_t, mlir::Value> indexConstants;
  llvm::DenseMap<mlir::Attribute, mlir::Value> scalarConstants;
};

/// What the source kernel's values are in the new kernel: scalars map to
/// one value, tiles to a TileValue; and which tile each thread-private
/// array was made for (whose owner may update it in place).
class TileValueMap {
public:
  /// The new value of a scalar of the source kernel.
  mlir::Value mapped(mlir::Value scalar) const {
    return mapping.lookup(scalar);
  }
  void map(mlir::Value from, mlir::Value to) { mapping.map(from, to); }

  /// The source tile as it is held now, or null before it is lowered.
  const TileValue *find(mlir::Value tile) const {
    auto it = tiles.find(tile);
    return it == tiles.end() ? nullptr : &it->second;
  }
  const TileValue &current(mlir::Value tile) const {
    return tiles.find(tile)->second;
  }
  bool isLowered(mlir::Value tile) const { return tiles.count(tile); }
  void define(mlir::Value tile, TileValue value) {
    tiles[tile] = std::move(value);
  }
  /// Defines `tile` as held in `array`, which it then owns.
  void defineArray(mlir::Value tile, TileForm form, mlir::Value array) {
    tiles[tile] = TileValue{form, {}, array};
    arrayOwner[array] = tile;
  }
  /// Whether `array` was made for `tile`.
  bool owns(mlir::Value tile, mlir::Value array) const {
    return arrayOwner.lookup(array) == tile;
  }

private:
  mlir::IRMapping mapping;
  llvm::DenseMap<mlir::Value, TileValue> tiles;
  llvm::DenseMap<mlir::Value, mlir::Value> arrayOwner;
};

/// Lowers one kernel: composes the builder, the value map and the plans
/// (the threadgroup arena among them), and holds the thread's coordinates. The
/// members marked "forward" only pass a call on to one of the three, so
/// that the op families keep calling `k.index(...)`, `k.fold<...>(...)`,
/// `k.map(...)` and the like.
class KernelLowering {
public:
  KernelLowering(mlir::func::FuncOp source, const KernelConfig &config)
      : source(source), config(config), b(source.getLoc()) {}

  /// Writes the applegpu kernel next to the source (which the caller
  /// erases); a located diagnostic and no new kernel on failure.
  mlir::FailureOr<mlir::func::FuncOp> run(llvm::StringRef target);

  //===--- For the op families -----------------------------------------===//

  /// The builder (its insertion point is where the op families write).
  mlir::OpBuilder &builder() { return b.get(); }
  LoweringBuilder &folding() { return b; }
  TileValueMap &values() { return valueMap; }
  KernelPlans &plans() { return kernelPlans; }

  int64_t numThreads() const { return config.numThreads; }
  const KernelConfig &kernelConfig() const { return config; }
  int64_t simdgroupsM() const { return config.simdgroupsM; }
  int64_t simdgroupsN() const { return config.simdgroupsN; }

  /// The thread's coordinates (defined at the top of the kernel).
  const tile::applegpu::ThreadCoordinates &coordinates() const {
    return coords;
  }
  mlir::Value threadIndex() const { return coords.threadIndex; }
  /// The first row and column of this SIMD group's block of an accumulator
  /// tile of `type` (defined once, at the top of the kernel).
  std::pair<mlir::Value, mlir::Value>
  simdgroupOrigin(mlir::RankedTensorType type);
  /// The same for blocks of `rows` x `cols` elements.
  std::pair<mlir::Value, mlir::Value> simdgroupOrigin(int64_t rows,
                                                      int64_t cols);

  /// Forwards to LoweringBuilder (see there).
  mlir::Value index(int64_t value) { return b.index(value); }
  mlir::Value scalar(mlir::Type type, mlir::TypedAttr value,
                     mlir::Location loc) {
    return b.scalar(type, value, loc);
  }
  template <typename OpTy, typename... Args>
  mlir::Value fold(mlir::Location loc, Args &&...args) {
    return b.fold<OpTy>(loc, std::forward<Args>(args)...);
  }
  mlir::Value foldCreated(mlir::Operation *op) { return b.foldCreated(op); }

  /// Forwards to TileValueMap (see there).
  mlir::Value mapped(mlir::Value scalar) const {
    return valueMap.mapped(scalar);
  }
  void map(mlir::Value from, mlir::Value to) { valueMap.map(from, to); }

  /// A source tile in the form `want` (converting if needed), or a located
  /// error when the layouts do not allow it.
  mlir::FailureOr<TileValue> get(mlir::Value tile, TileForm want,
                                 mlir::Location loc);
  /// The form element-by-element work producing `tile` runs in: its own,
  /// with accumulator fragments taken apart into lane elements.
  TileForm elementForm(mlir::Value tile) const;
  /// An operand of element-by-element work in `form`: as is when uniform
  /// (one scalar for every element), else converted to `form`.
  mlir::FailureOr<TileValue>
  getElementwiseOperand(mlir::Value tile, TileForm form, mlir::Location loc) {
    return get(tile,
               formFor(tile) == TileForm::Uniform ? TileForm::Uniform : form,
               loc);
  }
  /// The source tile in a thread-private array in form `want` (Slots,
  /// Fragments or LaneElements): the array holding it, or a new one it is
  /// converted into. Readers must not write it.
  mlir::FailureOr<mlir::Value> getArray(mlir::Value tile, TileForm want,
                                        mlir::Location loc);
  /// An array holding `tile` in form `want` that `user` may overwrite: the
  /// tile's own when `user` is its only use and runs once per definition
  /// (same block), else a copy.
  mlir::FailureOr<mlir::Value> getArrayToUpdate(mlir::Value tile, TileForm want,
                                                mlir::Operation *user,
                                                mlir::Location loc);
  /// Whether `user` may overwrite the array that holds `tile` (see
  /// getArrayToUpdate).
  bool mayUpdateInPlace(mlir::Value tile, mlir::Operation *user) const;
  /// A new thread-private array of `n` elements of `element` (a scalar type
  /// or a simdgroup matrix type).
  mlir::Value newArray(mlir::Type element, int64_t n, mlir::Location loc);
  /// A new array for a tile of `type` in `form`.
  mlir::Value newTileArray(mlir::RankedTensorType type, TileForm form,
                           mlir::Location loc);
  /// Forwards to TileValueMap (see there).
  void defineArray(mlir::Value tile, TileForm form, mlir::Value array) {
    valueMap.defineArray(tile, form, array);
  }
  const TileValue &current(mlir::Value tile) const {
    return valueMap.current(tile);
  }
  bool isLowered(mlir::Value tile) const { return valueMap.isLowered(tile); }
  /// Whether `tile` is held as one scalar for every element (a splat), or
  /// is produced that way: readers then use the scalar, not an array.
  bool isUniform(mlir::Value tile) const {
    const TileValue *held = valueMap.find(tile);
    return held ? held->form == TileForm::Uniform
                : formFor(tile) == TileForm::Uniform;
  }
  void define(mlir::Value tile, TileValue value) {
    valueMap.define(tile, std::move(value));
  }

  /// The form a tile is produced in (from its layout encoding), and how
  /// many values it takes. A slice is held in the form of its parent, one
  /// value per element of the parent the thread holds, each the slice's
  /// element at that element's row (dim 1) or column (dim 0).
  TileForm formFor(mlir::Value tile) const {
    return tileForm(mlir::cast<mlir::RankedTensorType>(tile.getType()));
  }
  /// See tileGeometry.
  mlir::RankedTensorType geometry(mlir::RankedTensorType type) const {
    return tileGeometry(type);
  }
  int64_t count(mlir::RankedTensorType type, TileForm form) const;

  // The geometry of the forms, asked of the layouts (LayoutAttrInterface
  // and the distributed and fragments layouts' own questions).

  /// The distributed layout whose slots hold `type` in the Slots form:
  /// its own (or its slice parent's), else the one tile-assign-layouts
  /// would choose over the kernel's threads (a splat stored slot by slot).
  tile::applegpu::DistributedLayoutAttr
  slotLayout(mlir::RankedTensorType type) const;
  /// The fragments layout whose lanes hold `type` in the Fragments and
  /// LaneElements forms: its own (or its slice parent's), else the
  /// kernel's grid.
  tile::applegpu::FragmentsLayoutAttr
  fragmentsLayout(mlir::RankedTensorType type) const;
  /// Elements per group of the Slots form.
  int64_t vectorWidth(mlir::RankedTensorType type) const;
  /// Whether some thread holds fewer elements of the tile than others.
  bool hasPartialSlots(mlir::RankedTensorType type) const;
  /// Values per thread of a distributed tile (slots).
  int64_t numSlots(mlir::RankedTensorType type) const;
  /// The flattened position in the tile of slot `slot` of this thread:
  /// element (g * V + slot % V) with g = (slot / V) * T + tid; and an i1
  /// telling whether the thread holds it (null when it always does).
  std::pair<mlir::Value, mlir::Value>
  slotIndex(mlir::RankedTensorType type, int64_t slot, mlir::Location loc);
  /// The same for a slot number known only at run time (a loop over the
  /// slots); `held` is null when no thread holds fewer slots than others.
  std::pair<mlir::Value, mlir::Value>
  slotIndex(mlir::RankedTensorType type, mlir::Value slot, mlir::Location loc);
  /// The flattened position of the first element of this thread's group
  /// (of vectorWidth elements) in round `round` (slots round * V ...), and
  /// whether the thread holds it (null when every thread does).
  std::pair<mlir::Value, mlir::Value> groupIndex(mlir::RankedTensorType type,
                                                 mlir::Value round,
                                                 mlir::Location loc);
  /// Fragments per SIMD group of an accumulator tile (rows x cols).
  std::pair<int64_t, int64_t> fragmentGrid(mlir::RankedTensorType type) const;

  /// A threadgroup buffer of `elements` elements for the op being lowered:
  /// the next part of its planned region of the arena (its
  /// #applegpu.scratch); a located internal error when the plan has no
  /// room for it.
  mlir::FailureOr<mlir::Value>
  allocThreadgroup(mlir::Type element, int64_t elements, mlir::Location loc) {
    return scratchBuffer(currentOp, element, elements, loc);
  }
  /// The same for the region of `owner`.
  mlir::FailureOr<mlir::Value> scratchBuffer(mlir::Operation *owner,
                                             mlir::Type element,
                                             int64_t elements,
                                             mlir::Location loc);
  /// A threadgroup buffer for a row-major copy of the cooperative tile
  /// `tile` (another dot's accumulator read at this op's elements): the
  /// next 16-byte aligned part of the op's planned region for such copies
  /// (its applegpu.cooperative_spill); an internal error without room.
  mlir::FailureOr<mlir::Value> spillBuffer(mlir::RankedTensorType tile,
                                           mlir::Location loc);
  /// Makes `op` the source op being lowered (whose planned regions the
  /// buffers above come from); returns the previous one. For a terminator
  /// its parent's lowering lowers.
  mlir::Operation *setCurrentOp(mlir::Operation *op) {
    return std::exchange(currentOp, op);
  }
  /// A view of `elements` elements at byte `offset` of the kernel's
  /// threadgroup arena (one per offset and type).
  mlir::Value arenaView(int64_t offset, mlir::Type element, int64_t elements,
                        mlir::Location loc);

  /// Lowers the ops of a source block (not its terminator) at the current
  /// insertion point.
  mlir::LogicalResult lowerBlock(mlir::Block &block);
  mlir::LogicalResult lowerOp(mlir::Operation &op);

  /// Forwards to KernelPlans (see there).
  using Staging = KernelPlans::Staging;
  using Alternation = KernelPlans::Alternation;
  using Matmul = KernelPlans::Matmul;
  /// The first element of the halves of A's and B's staging buffers that
  /// the next staging step of an alternating dot uses; advances the step.
  mlir::FailureOr<std::pair<mlir::Value, mlir::Value>>
  nextStagingHalves(const Staging &plan, mlir::Location loc);
  /// The cooperative tensor type that holds the accumulator tile `tile`
  /// (that of the dot it comes from, else of the kernel's first dot).
  mlir::FailureOr<mlir::Type> cooperativeTypeOf(mlir::Value tile);

private:
  mlir::LogicalResult setUpThreadCoordinates(mlir::Location loc);
  mlir::LogicalResult unplannedScratch(mlir::Operation *owner, int64_t bytes,
                                       mlir::Location loc);
  mlir::LogicalResult setUpStaging();
  mlir::LogicalResult setUpTensorOps();
  void eraseDeadOps(mlir::func::FuncOp kernel);

  mlir::func::FuncOp source;
  const KernelConfig &config;
  LoweringBuilder b;
  TileValueMap valueMap;
  KernelPlans kernelPlans;
  tile::applegpu::ThreadCoordinates coords;

  /// The source op being lowered (whose #applegpu.scratch region
  /// allocThreadgroup carves buffers from, and whose
  /// applegpu.cooperative_spill region spillBuffer does).
  mlir::Operation *currentOp = nullptr;

  /// Where values computed once from the thread's coordinates go.
  mlir::Operation *lastCoordinate = nullptr;
  llvm::DenseMap<std::pair<int64_t, int64_t>,
                 std::pair<mlir::Value, mlir::Value>>
      origins;
};

/// The index arithmetic the layouts emit (LayoutAttrInterface), as the
/// lowering builds it: constants at the top of the kernel, operations
/// folded where their operands allow, SIMD-group origins computed once.
class LoweringIndexEmitter final : public tile::applegpu::LayoutIndexEmitter {
public:
  LoweringIndexEmitter(KernelLowering &k, mlir::Location loc);

  mlir::Value constant(int64_t value) override;
  mlir::Value add(mlir::Value a, mlir::Value b) override;
  mlir::Value mul(mlir::Value a, mlir::Value b) override;
  mlir::Value divUI(mlir::Value a, mlir::Value b) override;
  mlir::Value remUI(mlir::Value a, mlir::Value b) override;
  mlir::Value andI(mlir::Value a, mlir::Value b) override;
  mlir::Value lessThan(mlir::Value a, mlir::Value b) override;
  mlir::Value equal(mlir::Value a, mlir::Value b) override;
  std::pair<mlir::Value, mlir::Value> simdgroupOrigin(int64_t rows,
                                                      int64_t cols) override;

private:
  KernelLowering &k;
  mlir::Location loc;
};

//===--- Lowerings of single ops ------------------------------------===//
//
// KernelLowering::lowerOp (KernelLowering.cpp) is the one table that picks
// the function below for an op. Each defines the op's results in the new
// kernel, or returns failure() after a located diagnostic.

// LowerGrid.cpp
mlir::LogicalResult lowerProgramId(KernelLowering &k, ProgramIdOp op);
mlir::LogicalResult lowerNumPrograms(KernelLowering &k, NumProgramsOp op);
/// An error: tile-swizzle must have lowered it.
mlir::LogicalResult lowerSwizzle(KernelLowering &k, SwizzleOp op);

// LowerMemory.cpp
mlir::LogicalResult lowerLoad(KernelLowering &k, LoadOp op);
mlir::LogicalResult lowerStore(KernelLowering &k, StoreOp op);
/// The scalar forms of tile.load and tile.store.
mlir::LogicalResult lowerScalarLoad(KernelLowering &k, LoadOp op);
mlir::LogicalResult lowerScalarStore(KernelLowering &k, StoreOp op);

// LowerIndirect.cpp
mlir::LogicalResult lowerGather(KernelLowering &k, GatherOp op);
mlir::LogicalResult lowerScatter(KernelLowering &k, ScatterOp op);
mlir::LogicalResult lowerAtomicRMW(KernelLowering &k, AtomicRMWOp op);
mlir::LogicalResult lowerAtomicCAS(KernelLowering &k, AtomicCASOp op);

// LowerDot.cpp: tile.dot on simdgroup_matrix fragments.
mlir::LogicalResult lowerSimdgroupDot(KernelLowering &k, DotOp op);

// LowerMatvec.cpp: a tile.matvec dot (at most 8 rows) on lanes, without
// fragments or staging.
mlir::LogicalResult lowerMatvecDot(KernelLowering &k, DotOp op);
/// Threadgroup bytes a tile.matvec dot uses (A's copy, partial sums), from
/// the geometry its lowering uses.
int64_t matvecScratchBytes(DotOp op, const KernelConfig &config);

// LowerTensorOps.cpp: the tensor-ops backend's dots, the loads they read
// through tensor views, and stores of cooperative-layout tiles.
mlir::LogicalResult lowerTensorOpsDot(KernelLowering &k, DotOp op);
mlir::LogicalResult lowerViewLoad(KernelLowering &k, LoadOp op);
mlir::LogicalResult lowerCooperativeStore(KernelLowering &k, StoreOp op);

// LowerCooperative.cpp: the tensor-ops backend's other work on
// cooperative-layout tiles.
/// Whether the tensor-ops backend lowers `op` here (a conversion from or
/// to the cooperative layout, or to the view layout) rather than in
/// LowerLayout.cpp.
bool convertsThroughCooperative(ConvertLayoutOp op);
mlir::LogicalResult lowerCooperativeConvert(KernelLowering &k,
                                            ConvertLayoutOp op);
/// Whether the first result of `op` is a cooperative-layout tile.
bool producesCooperativeTile(mlir::Operation &op);
/// An op whose result is a cooperative-layout tile (other than a dot, a
/// splat, a constant, a loop or a branch): computed where it is used, per
/// cooperative element; an error for ops that cannot be.
mlir::LogicalResult lowerPerElement(KernelLowering &k, mlir::Operation &op);

// LowerElementwise.cpp
mlir::LogicalResult lowerSplat(KernelLowering &k, SplatOp op);
/// A splat arith.constant of tile type.
mlir::LogicalResult lowerConstant(KernelLowering &k,
                                  mlir::arith::ConstantOp op);
/// An op with the Elementwise trait (arith, math) and one tile result.
mlir::LogicalResult lowerElementwise(KernelLowering &k, mlir::Operation &op);

// LowerEpilogue.cpp
mlir::LogicalResult lowerEpilogue(KernelLowering &k, EpilogueOp op);

// LowerLayout.cpp
mlir::LogicalResult lowerConvert(KernelLowering &k, ConvertLayoutOp op);
mlir::LogicalResult lowerBroadcast(KernelLowering &k, BroadcastOp op);
mlir::LogicalResult lowerArange(KernelLowering &k, ArangeOp op);

// LowerReduce.cpp
mlir::LogicalResult lowerReduce(KernelLowering &k, ReduceOp op);

// LowerThread.cpp: thread-level ops, one applegpu op each.
mlir::LogicalResult lowerThreadId(KernelLowering &k, ThreadIdOp op);
mlir::LogicalResult lowerSimdLaneId(KernelLowering &k, SimdLaneIdOp op);
mlir::LogicalResult lowerSimdGroupId(KernelLowering &k, SimdGroupIdOp op);
mlir::LogicalResult lowerShared(KernelLowering &k, SharedOp op);
mlir::LogicalResult lowerThreadLoad(KernelLowering &k, ThreadLoadOp op);
mlir::LogicalResult lowerThreadStore(KernelLowering &k, ThreadStoreOp op);
mlir::LogicalResult lowerBarrier(KernelLowering &k, BarrierOp op);
mlir::LogicalResult lowerSimdReduce(KernelLowering &k, SimdReduceOp op);
mlir::LogicalResult lowerSimdShuffleXor(KernelLowering &k, SimdShuffleXorOp op);

// LowerControlFlow.cpp
mlir::LogicalResult lowerFor(KernelLowering &k, mlir::scf::ForOp op);
mlir::LogicalResult lowerIf(KernelLowering &k, mlir::scf::IfOp op);
/// An error: tile-for-range-to-scf must have lowered it.
mlir::LogicalResult lowerForRange(KernelLowering &k, ForRangeOp op);
/// Whether `op` is scalar arith or math code, copied as it is.
bool isCopyableScalarOp(mlir::Operation &op);
/// Copies a scalar op (isCopyableScalarOp) into the new kernel.
mlir::LogicalResult lowerScalarOp(KernelLowering &k, mlir::Operation &op);

/// The error for a tile needed in a form its layout cannot give.
mlir::InFlightDiagnostic layoutMismatch(mlir::RankedTensorType type,
                                        mlir::Location loc);

/// Whether `type` is a tile in the #applegpu.cooperative layout or a slice
/// of one.
bool isCooperative(mlir::Type type);

/// Runs `body(index, row, column)` for each valid element of a
/// cooperative tensor of the accumulator tile type `tile` (a loop over the
/// thread's elements; row and column are positions in the whole tile).
/// `handle` is a cooperative tensor of that type.
void forEachCooperativeElement(KernelLowering &k, mlir::Value handle,
                               mlir::RankedTensorType tile, mlir::Location loc,
                               llvm::function_ref<mlir::LogicalResult(
                                   mlir::Value, mlir::Value, mlir::Value)>
                                   body,
                               mlir::LogicalResult &status);
/// A cooperative tensor holding the accumulator-layout tile `tile` that the
/// caller may update in place: its own when it has no other use
/// (`inPlace`), else a copy; of type `type`.
mlir::FailureOr<mlir::Value>
materializeCooperative(KernelLowering &k, mlir::Value tile, mlir::Type type,
                       bool inPlace, mlir::Location loc);
/// Writes the values of cooperative-layout tiles `tiles` into the
/// cooperative tensors `into` (same type), element by element, all read
/// before any is written.
mlir::LogicalResult assignCooperative(KernelLowering &k,
                                      mlir::ArrayRef<mlir::Value> tiles,
                                      mlir::ArrayRef<mlir::Value> into,
                                      mlir::Location loc);
/// Stores the cooperative-layout tile `tile` with the tile.store `store`,
/// element by element at the positions of the cooperative tensor
/// `positions`.
mlir::LogicalResult assignCooperativeToMemory(KernelLowering &k,
                                              mlir::Value tile,
                                              mlir::Value positions,
                                              mlir::Operation *store,
                                              mlir::Location loc);
/// A cooperative tensor of `type` that the cooperative-layout tile `tile`
/// is computed from (its positions are the tile's), else a new one.
mlir::Value findCooperativeHandle(KernelLowering &k, mlir::Value tile,
                                  mlir::Type type);
/// A device-memory barrier before an access to a buffer the kernel both
/// loads and stores (see KernelLowering::storedAndLoaded); nothing for the
/// others.
void orderAccess(KernelLowering &k, mlir::Value buffer, mlir::Location loc);
/// Element (row, col) of a tile.load (bounds and padding honoured).
mlir::Value loadTileElement(KernelLowering &k, mlir::Operation *load,
                            mlir::Value row, mlir::Value col,
                            mlir::Location loc);
/// `tile.store` of a cooperative-layout tile element (row, col), under the
/// store's bounds.
void storeTileElement(KernelLowering &k, mlir::Operation *store,
                      mlir::Value value, mlir::Value row, mlir::Value col,
                      mlir::Location loc);

/// Bytes of threadgroup memory an op's lowering allocates for itself
/// (layout conversions and reductions; simdgroup dot staging is planned
/// apart), from the types, layouts and kernel configuration alone.
int64_t scratchBytes(const KernelConfig &config, mlir::Operation &op);

/// One element of a tile a thread touches: its position in the tile and
/// whether the thread really holds it (the last slot of a distributed tile
/// may not be full).
struct Element {
  mlir::Value row, col; ///< position in the tile (col unused for rank 1)
  mlir::Value held;     ///< i1, or null when always held
};
/// The element of slot `slot` of a distributed tile (see slotIndex).
Element slotElement(KernelLowering &k, mlir::RankedTensorType tile,
                    int64_t slot, mlir::Location loc);
/// The same for a slot number known at run time.
Element slotElement(KernelLowering &k, mlir::RankedTensorType tile,
                    mlir::Value slot, mlir::Location loc);
/// Element `e` (0 or 1) of fragment (fi, fj) held by this lane.
Element fragmentElement(KernelLowering &k, mlir::RankedTensorType tile,
                        int64_t fi, int64_t fj, int64_t e, mlir::Location loc);
/// The same for a fragment position known at run time.
Element fragmentElement(KernelLowering &k, mlir::RankedTensorType tile,
                        mlir::Value fi, mlir::Value fj, int64_t e,
                        mlir::Location loc);

//===--- Loops over arrays ----------------------------------------------===//

/// `for (i = 0; i < upper; i += step) body(i)` at the insertion point, as
/// an scf.for with constant bounds (the MSL marks it for unrolling); the
/// body is emitted once, with i = 0, when there is one iteration.
void forEachIndex(KernelLowering &k, int64_t upper, mlir::Location loc,
                  llvm::function_ref<void(mlir::Value)> body, int64_t step = 1);
/// Loops over the rows x cols fragments of a SIMD group: body(fi, fj, f)
/// with f = fi * cols + fj, the fragment's index in a Fragments array.
void forEachFragment(
    KernelLowering &k, int64_t rows, int64_t cols, mlir::Location loc,
    llvm::function_ref<void(mlir::Value, mlir::Value, mlir::Value)> body);
mlir::Value loadArray(KernelLowering &k, mlir::Value array, mlir::Value index,
                      mlir::Location loc);
void storeArray(KernelLowering &k, mlir::Value value, mlir::Value array,
                mlir::Value index, mlir::Location loc);
/// Element-by-element work on a tile held in `form` (Slots or
/// LaneElements): a loop over the thread's elements reading, for each
/// operand, its scalar (scalars and uniform tiles) or its array element.
struct ElementLoop {
  TileForm form;
  llvm::SmallVector<mlir::Value> sources; ///< the source operands
  llvm::SmallVector<mlir::Value> scalars; ///< per operand, or null
  llvm::SmallVector<mlir::Value> arrays;  ///< per operand, or null
  llvm::SmallVector<bool> reused;         ///< an array given to a result

  static mlir::FailureOr<ElementLoop> make(KernelLowering &k,
                                           mlir::ValueRange operands,
                                           TileForm form, mlir::Location loc);
  /// An array for a result of `user`: an operand's own array when `user`
  /// may update it in place (each element is read before it is written),
  /// else a new one.
  mlir::Value outputFor(KernelLowering &k, mlir::RankedTensorType type,
                        mlir::Operation *user, mlir::Location loc);
  /// Emits the loop: body(operand values at i, i).
  void
  run(KernelLowering &k, mlir::RankedTensorType type, mlir::Location loc,
      llvm::function_ref<void(llvm::ArrayRef<mlir::Value>, mlir::Value)> body);
};

/// `to[i] = from[i]` for every element.
void copyArray(KernelLowering &k, mlir::Value from, mlir::Value to,
               mlir::Location loc);

/// A held value of a tile, as forEachHeld sees it.
struct HeldElement {
  mlir::Value position; ///< flattened position in the tile itself
  mlir::Value held;     ///< i1, or null when always held
  mlir::Value writer;   ///< i1: this thread writes it to memory (null: yes)
};
/// The dimension a slice-layout tile removes from its parent.
std::optional<int64_t> sliceDim(mlir::RankedTensorType type);
/// Calls `fn` for each value a thread holds of a tile of `type` in `form`
/// (Slots or LaneElements): its index in the TileValue, a key equal for
/// values that are always the same element (the copies of a slice's
/// element), and where it is.
void forEachHeld(
    KernelLowering &k, mlir::RankedTensorType type, TileForm form,
    mlir::Location loc,
    llvm::function_ref<void(int64_t index, int64_t key, const HeldElement &)>
        fn);
/// Writes what the threads hold of `tile` to a new row-major threadgroup
/// buffer (each element once), between two barriers; returns the buffer.
mlir::FailureOr<mlir::Value> writeToMemory(KernelLowering &k, mlir::Value tile,
                                           mlir::Location loc);
/// Reads a tile of `to`'s type in `form` (Slots or LaneElements) from a
/// row-major threadgroup buffer, each distinct position once.
TileValue readFromMemory(KernelLowering &k, mlir::Value buffer,
                         mlir::RankedTensorType to, TileForm form,
                         mlir::Location loc);
/// `tile` in the layout of `to`, through threadgroup memory.
mlir::FailureOr<TileValue> moveThroughMemory(KernelLowering &k,
                                             mlir::Value tile,
                                             mlir::RankedTensorType to,
                                             mlir::Location loc);
/// Scratch bytes of a tile.reduce (see LowerReduce.cpp).
int64_t reduceScratchBytes(const KernelConfig &config, mlir::Operation &op);
void threadgroupBarrier(KernelLowering &k, mlir::Location loc);

/// `buffer[offset] = value`, only where `held` (an i1; null: always).
void storeIfHeld(KernelLowering &k, mlir::Value value, mlir::Value buffer,
                 mlir::Value offset, mlir::Value held, mlir::Location loc);

/// Index arithmetic helpers at the builder's insertion point.
mlir::Value addIndex(KernelLowering &k, mlir::Value a, mlir::Value b,
                     mlir::Location loc);
mlir::Value mulIndex(KernelLowering &k, mlir::Value a, mlir::Value b,
                     mlir::Location loc);

} // namespace tile::conversion

#endif // TILE_LIB_CONVERSION_TILETOAPPLEGPU_KERNELLOWERING_H
