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

#include "Layouts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
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

struct TileValue {
  TileForm form;
  llvm::SmallVector<mlir::Value> values;
};

class KernelLowering {
public:
  KernelLowering(mlir::func::FuncOp source, const KernelConfig &config)
      : source(source), config(config), builder(source.getContext()) {}

  /// Writes the applegpu kernel next to the source (which the caller
  /// erases); a located diagnostic and no new kernel on failure.
  mlir::FailureOr<mlir::func::FuncOp> run(llvm::StringRef target);

  //===--- For the op families -----------------------------------------===//

  mlir::func::FuncOp source;
  const KernelConfig &config;
  mlir::OpBuilder builder;

  int64_t numThreads() const { return config.numThreads; }
  int64_t simdgroupsM() const { return config.simdgroupsM; }
  int64_t simdgroupsN() const { return config.simdgroupsN; }

  /// The thread's coordinates (defined at the top of the kernel).
  mlir::Value tid, simdgroupRow, simdgroupCol, laneRow, laneCol;

  /// An index constant at the top of the kernel (one per value).
  mlir::Value index(int64_t value);
  /// A scalar constant of `type` at the current insertion point.
  mlir::Value scalar(mlir::Type type, mlir::TypedAttr value,
                     mlir::Location loc);

  /// The new value of a scalar of the source kernel.
  mlir::Value mapped(mlir::Value scalar) { return mapping.lookup(scalar); }
  void map(mlir::Value from, mlir::Value to) { mapping.map(from, to); }

  /// A source tile in the form `want` (converting if needed), or a located
  /// error when the layouts do not allow it.
  mlir::FailureOr<TileValue> get(mlir::Value tile, TileForm want,
                                 mlir::Location loc);
  /// The form element-by-element work producing `tile` runs in: its own,
  /// with accumulator fragments taken apart into lane elements.
  TileForm elementForm(mlir::Value tile) const;
  /// An operand of element-by-element work in `form`: as is when uniform
  /// (one scalar for every element), else converted to `form`.
  mlir::FailureOr<TileValue> getElementwiseOperand(mlir::Value tile,
                                                   TileForm form,
                                                   mlir::Location loc) {
    return get(tile, formFor(tile) == TileForm::Uniform ? TileForm::Uniform
                                                        : form,
               loc);
  }
  /// The source tile as it is held now.
  const TileValue &current(mlir::Value tile) { return tiles.find(tile)->second; }
  bool isLowered(mlir::Value tile) const { return tiles.count(tile); }
  void define(mlir::Value tile, TileValue value) {
    tiles[tile] = std::move(value);
  }

  /// The form a tile is produced in (from its layout encoding), and how
  /// many values it takes. A slice is held in the form of its parent, one
  /// value per element of the parent the thread holds, each the slice's
  /// element at that element's row (dim 1) or column (dim 0).
  TileForm formFor(mlir::Value tile) const;
  /// The tile whose geometry holds `type`: the parent for a slice, `type`
  /// itself otherwise.
  mlir::RankedTensorType geometry(mlir::RankedTensorType type) const;
  int64_t count(mlir::RankedTensorType type, TileForm form) const;
  /// See distributedVectorWidth.
  int64_t vectorWidth(mlir::RankedTensorType type) const;
  /// Whether some thread holds fewer elements of the tile than others.
  bool hasPartialSlots(mlir::RankedTensorType type) const {
    type = geometry(type);
    return (type.getNumElements() / vectorWidth(type)) % numThreads() != 0;
  }
  /// Values per thread of a distributed tile (slots).
  int64_t numSlots(mlir::RankedTensorType type) const;
  /// The flattened position in the tile of slot `slot` of this thread:
  /// element (g * V + slot % V) with g = (slot / V) * T + tid; and an i1
  /// telling whether the thread holds it (null when it always does).
  std::pair<mlir::Value, mlir::Value>
  slotIndex(mlir::RankedTensorType type, int64_t slot, mlir::Location loc);
  /// Fragments per SIMD group of an accumulator tile (rows x cols).
  std::pair<int64_t, int64_t> fragmentGrid(mlir::RankedTensorType type) const;

  /// Threadgroup memory allocated at the top of the kernel.
  mlir::Value allocThreadgroup(mlir::Type element, int64_t elements,
                               mlir::Location loc);

  /// Lowers the ops of a source block (not its terminator) at the current
  /// insertion point.
  mlir::LogicalResult lowerBlock(mlir::Block &block);
  mlir::LogicalResult lowerOp(mlir::Operation &op);

  /// Staging buffers of each dot (set up by the pass before lowering;
  /// DotStaging.cpp). A simdgroup dot stages `kStep` columns of A and rows
  /// of B at a time: all of K when they fit in threadgroup memory, else in
  /// K sub-steps (each: stage, barrier, multiply, barrier).
  struct Staging {
    mlir::Value a, b;
    int64_t lda, ldb;
    int64_t kStep = 0;
    /// The dot is in a software-pipelined loop (tile.num_stages >= 2) and
    /// its buffers hold two halves, of `aHalf` and `bHalf` elements, that
    /// successive staging steps use in turn: a step writes the half that
    /// the step before last read, and every thread has passed the previous
    /// step's barrier after that read, so the trailing barrier is not
    /// needed (see nextStagingHalves).
    bool alternating = false;
    int64_t aHalf = 0, bHalf = 0;
  };
  llvm::DenseMap<mlir::Operation *, Staging> staging;

  /// Pipelined loops (scf.for with tile.num_stages >= 2) whose dots
  /// alternate between two staging halves, with the number of staging
  /// steps one iteration takes.
  llvm::DenseMap<mlir::Operation *, int64_t> alternatingLoops;
  /// While the body of an alternating loop is lowered: how many staging
  /// steps of this iteration were emitted, and the iteration's parity (an
  /// index, 0 or 1, carried by the loop) when a step's half depends on it
  /// (an odd number of steps per iteration); null otherwise.
  struct Alternation {
    mlir::Value parity;
    int64_t step = 0;
  };
  std::optional<Alternation> alternation;
  /// The first element of the halves of A's and B's staging buffers that
  /// the next staging step of an alternating dot uses; advances the step.
  mlir::FailureOr<std::pair<mlir::Value, mlir::Value>>
  nextStagingHalves(const Staging &plan, mlir::Location loc);

  /// How a tensor-ops dot runs (set up before lowering): its matmul2d and
  /// cooperative tensor type, and for staged operands the threadgroup
  /// buffers and each SIMD group's views of them.
  struct Matmul {
    mlir::Type cooperative; ///< applegpu::CooperativeTensorType
    bool staged = false;
    Staging buffers;
    mlir::Value viewA, viewB;
  };
  llvm::DenseMap<mlir::Operation *, Matmul> matmuls;
  /// The SIMD group's first row and column of an accumulator of `type`.
  std::pair<mlir::Value, mlir::Value> partOrigin(mlir::RankedTensorType type,
                                                 mlir::Location loc);
  /// The cooperative tensor type that holds the accumulator tile `tile`
  /// (that of the dot it comes from, else of the kernel's first dot).
  mlir::FailureOr<mlir::Type> cooperativeTypeOf(mlir::Value tile);

  /// Buffers the kernel both stores to and loads from: every load and
  /// store of one is preceded by a device-memory barrier, so that a load
  /// sees what the other threads of the program stored before it and a
  /// store does not overwrite what they have yet to load (the tile
  /// semantics is sequential within a program).
  llvm::DenseSet<mlir::Value> storedAndLoaded;

private:
  mlir::LogicalResult setUpThreadCoordinates(mlir::Location loc);
  mlir::LogicalResult setUpStaging();
  mlir::LogicalResult setUpTensorOps();

  mlir::IRMapping mapping;
  llvm::DenseMap<mlir::Value, TileValue> tiles;
  llvm::DenseMap<int64_t, mlir::Value> indexConstants;
  mlir::Block *entry = nullptr;
  mlir::Operation *topInsertion = nullptr;
};

/// Op families (one file each). Each returns failure() with a diagnostic,
/// or sets `handled` false when the op is not one of its own.
mlir::LogicalResult lowerGridQuery(KernelLowering &k, mlir::Operation &op,
                                   bool &handled);
mlir::LogicalResult lowerMemory(KernelLowering &k, mlir::Operation &op,
                                bool &handled);
mlir::LogicalResult lowerDot(KernelLowering &k, mlir::Operation &op,
                             bool &handled);
mlir::LogicalResult lowerElementwise(KernelLowering &k, mlir::Operation &op,
                                     bool &handled);
mlir::LogicalResult lowerControlFlow(KernelLowering &k, mlir::Operation &op,
                                     bool &handled);

mlir::LogicalResult lowerEpilogue(KernelLowering &k, mlir::Operation &op,
                                  bool &handled);
mlir::LogicalResult lowerLayout(KernelLowering &k, mlir::Operation &op,
                                bool &handled);
mlir::LogicalResult lowerReduce(KernelLowering &k, mlir::Operation &op,
                                bool &handled);
/// Tensor ops: dots, and the ops on cooperative-layout tiles.
mlir::LogicalResult lowerTensorOps(KernelLowering &k, mlir::Operation &op,
                                   bool &handled);
mlir::LogicalResult lowerCooperative(KernelLowering &k, mlir::Operation &op,
                                     bool &handled);

/// Whether `type` is a tile in the #applegpu.cooperative layout or a slice
/// of one.
bool isCooperative(mlir::Type type);

/// Runs `body(index, row, column)` for each valid element of a
/// cooperative tensor of the accumulator tile type `tile` (a loop over the
/// thread's elements; row and column are positions in the whole tile).
/// `handle` is a cooperative tensor of that type.
void forEachCooperativeElement(
    KernelLowering &k, mlir::Value handle, mlir::RankedTensorType tile,
    mlir::Location loc,
    llvm::function_ref<mlir::LogicalResult(mlir::Value, mlir::Value,
                                           mlir::Value)>
        body,
    mlir::LogicalResult &status);
/// A cooperative tensor holding the accumulator-layout tile `tile` that the
/// caller may update in place: its own when it has no other use
/// (`inPlace`), else a copy; of type `type`.
mlir::FailureOr<mlir::Value> materializeCooperative(KernelLowering &k,
                                                    mlir::Value tile,
                                                    mlir::Type type,
                                                    bool inPlace,
                                                    mlir::Location loc);
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

/// Bytes of threadgroup memory an op's lowering allocates besides dot
/// staging (layout conversions and reductions), counted in the budget.
int64_t scratchBytes(KernelLowering &k, mlir::Operation &op);

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
/// Element `e` (0 or 1) of fragment (fi, fj) held by this lane.
Element fragmentElement(KernelLowering &k, mlir::RankedTensorType tile,
                        int64_t fi, int64_t fj, int64_t e, mlir::Location loc);

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
int64_t reduceScratchBytes(KernelLowering &k, mlir::Operation &op);
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
