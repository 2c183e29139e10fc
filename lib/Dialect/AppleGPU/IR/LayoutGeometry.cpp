//===- LayoutGeometry.cpp - what each layout answers ----------------------===//
//
// LayoutAttrInterface for the applegpu layout encodings: values per thread,
// vector width and the index arithmetic that places a thread's values in
// its tile. The formulas are those of docs/layouts.md; the conversion's
// generated code depends on the order in which they create ops (its
// emitter hoists constants to the top of the kernel in creation order), so
// each formula keeps one order.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace tile::applegpu;

#include "tile/Dialect/AppleGPU/IR/LayoutAttrInterface.cpp.inc"

static constexpr int64_t kSimdWidth = AppleGPUDialect::kSimdWidth;

//===----------------------------------------------------------------------===//
// Emitters
//===----------------------------------------------------------------------===//

LayoutIndexEmitter::~LayoutIndexEmitter() = default;

std::pair<Value, Value> LayoutIndexEmitter::simdgroupOrigin(int64_t blockRows,
                                                            int64_t blockCols) {
  Value row = mul(coords.simdgroupRow, constant(blockRows));
  Value col = mul(coords.simdgroupCol, constant(blockCols));
  return {row, col};
}

Value LayoutIndexEmitter::valueOf(OpFoldResult index) {
  if (auto attr = dyn_cast<Attribute>(index))
    return constant(cast<IntegerAttr>(attr).getInt());
  return cast<Value>(index);
}

Value FoldingIndexEmitter::constant(int64_t value) {
  return arith::ConstantIndexOp::create(builder, loc, value);
}
Value FoldingIndexEmitter::add(Value a, Value b) {
  return builder.createOrFold<arith::AddIOp>(loc, a, b);
}
Value FoldingIndexEmitter::mul(Value a, Value b) {
  return builder.createOrFold<arith::MulIOp>(loc, a, b);
}
Value FoldingIndexEmitter::divUI(Value a, Value b) {
  return builder.createOrFold<arith::DivUIOp>(loc, a, b);
}
Value FoldingIndexEmitter::remUI(Value a, Value b) {
  return builder.createOrFold<arith::RemUIOp>(loc, a, b);
}
Value FoldingIndexEmitter::andI(Value a, Value b) {
  return builder.createOrFold<arith::AndIOp>(loc, a, b);
}
Value FoldingIndexEmitter::lessThan(Value a, Value b) {
  return builder.createOrFold<arith::CmpIOp>(loc, arith::CmpIPredicate::ult, a,
                                             b);
}
Value FoldingIndexEmitter::equal(Value a, Value b) {
  return builder.createOrFold<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, a,
                                             b);
}

//===----------------------------------------------------------------------===//
// uniform: one value for every element (no position: the defaults)
//===----------------------------------------------------------------------===//

std::optional<SmallVector<int64_t, 3>>
UniformLayoutAttr::getValueShape(ArrayRef<int64_t>) const {
  return SmallVector<int64_t, 3>{1};
}

//===----------------------------------------------------------------------===//
// distributed: groups of V dealt round by round
//===----------------------------------------------------------------------===//

int64_t DistributedLayoutAttr::getDefaultVector(ArrayRef<int64_t> shape) {
  return shape.back() % 4 == 0 ? 4 : 1;
}

int64_t DistributedLayoutAttr::getNumGroups(ArrayRef<int64_t> shape) const {
  return ShapedType::getNumElements(shape) / getVector();
}

bool DistributedLayoutAttr::hasPartialRound(ArrayRef<int64_t> shape) const {
  return getNumGroups(shape) % getThreads() != 0;
}

int64_t DistributedLayoutAttr::getThreadCount() const { return getThreads(); }

std::optional<SmallVector<int64_t, 3>>
DistributedLayoutAttr::getValueShape(ArrayRef<int64_t> shape) const {
  int64_t rounds = llvm::divideCeil(getNumGroups(shape), getThreads());
  return SmallVector<int64_t, 3>{rounds * getVector()};
}

int64_t DistributedLayoutAttr::getVectorWidth(ArrayRef<int64_t>) const {
  return getVector();
}

std::pair<Value, Value> DistributedLayoutAttr::emitGroupOffset(
    LayoutIndexEmitter &e, ArrayRef<int64_t> shape, Value round) const {
  Value group = e.add(e.mul(round, e.constant(getThreads())),
                      e.coordinates().threadIndex);
  Value held;
  if (hasPartialRound(shape))
    held = e.lessThan(group, e.constant(getNumGroups(shape)));
  Value first = e.mul(group, e.constant(getVector()));
  return {first, held};
}

std::pair<Value, Value> DistributedLayoutAttr::emitSlotOffset(
    LayoutIndexEmitter &e, ArrayRef<int64_t> shape, OpFoldResult slot) const {
  int64_t width = getVector(), threads = getThreads();
  if (auto known = dyn_cast<Attribute>(slot)) {
    // A static slot: only the last round can be partial.
    int64_t s = cast<IntegerAttr>(known).getInt(), round = s / width;
    Value group =
        e.add(e.constant(round * threads), e.coordinates().threadIndex);
    Value scaled = e.mul(group, e.constant(width));
    Value element = e.add(scaled, e.constant(s % width));
    Value held;
    if ((round + 1) * threads > getNumGroups(shape))
      held = e.lessThan(group, e.constant(getNumGroups(shape)));
    return {element, held};
  }
  Value dynamic = cast<Value>(slot);
  if (width == 1)
    return emitGroupOffset(e, shape, dynamic);
  Value round = e.divUI(dynamic, e.constant(width));
  auto [first, held] = emitGroupOffset(e, shape, round);
  Value lane = e.remUI(dynamic, e.constant(width));
  return {e.add(first, lane), held};
}

FailureOr<ElementPosition>
DistributedLayoutAttr::emitPosition(LayoutIndexEmitter &e,
                                    ArrayRef<int64_t> shape,
                                    ArrayRef<OpFoldResult> index) const {
  if (index.size() != 1)
    return failure();
  auto [element, held] = emitSlotOffset(e, shape, index[0]);
  ElementPosition position;
  position.held = held;
  if (shape.size() == 1) {
    position.row = element;
    return position;
  }
  Value cols = e.constant(shape[1]);
  position.row = e.divUI(element, cols);
  position.col = e.remUI(element, cols);
  return position;
}

//===----------------------------------------------------------------------===//
// fragments: 8x8 simdgroup_matrix fragments over a grid of SIMD-groups
//===----------------------------------------------------------------------===//

std::pair<int64_t, int64_t>
FragmentsLayoutAttr::getBlockShape(ArrayRef<int64_t> shape) const {
  return {shape[0] / getSimdgroupsM(), shape[1] / getSimdgroupsN()};
}

std::pair<int64_t, int64_t>
FragmentsLayoutAttr::getFragmentGrid(ArrayRef<int64_t> shape) const {
  auto [rows, cols] = getBlockShape(shape);
  return {rows / 8, cols / 8};
}

std::pair<Value, Value>
FragmentsLayoutAttr::emitLanePosition(LayoutIndexEmitter &e, Value lane) {
  // Lane l holds row (l/4 & 4) + (l/2) % 4 and columns c, c + 1 with
  // c = (l/4 & 2) * 2 + (l % 2) * 2.
  Value quad = e.divUI(lane, e.constant(4));
  Value pair = e.divUI(lane, e.constant(2));
  Value upperRows = e.andI(quad, e.constant(4));
  Value row = e.add(upperRows, e.remUI(pair, e.constant(4)));
  Value upperCols = e.mul(e.andI(quad, e.constant(2)), e.constant(2));
  Value col =
      e.add(upperCols, e.mul(e.remUI(lane, e.constant(2)), e.constant(2)));
  return {row, col};
}

int64_t FragmentsLayoutAttr::getThreadCount() const {
  return getSimdgroupsM() * getSimdgroupsN() * kSimdWidth;
}

std::optional<std::pair<int64_t, int64_t>>
FragmentsLayoutAttr::getSimdgroupGrid() const {
  return std::make_pair(getSimdgroupsM(), getSimdgroupsN());
}

std::optional<SmallVector<int64_t, 3>>
FragmentsLayoutAttr::getValueShape(ArrayRef<int64_t> shape) const {
  auto [rows, cols] = getFragmentGrid(shape);
  return SmallVector<int64_t, 3>{rows, cols, 2};
}

int64_t FragmentsLayoutAttr::getVectorWidth(ArrayRef<int64_t>) const {
  return 2;
}

FailureOr<ElementPosition>
FragmentsLayoutAttr::emitPosition(LayoutIndexEmitter &e,
                                  ArrayRef<int64_t> shape,
                                  ArrayRef<OpFoldResult> index) const {
  if (index.size() != 3 || shape.size() != 2)
    return failure();
  Value fi = e.valueOf(index[0]), fj = e.valueOf(index[1]);
  auto [blockRows, blockCols] = getBlockShape(shape);
  auto [rowBase, colBase] = e.simdgroupOrigin(blockRows, blockCols);
  Value fragRow = e.mul(fi, e.constant(8));
  Value fragCol = e.mul(fj, e.constant(8));
  fragCol = e.add(fragCol, e.valueOf(index[2]));
  const ThreadCoordinates &at = e.coordinates();
  ElementPosition position;
  position.row = e.add(e.add(rowBase, fragRow), at.laneRow);
  position.col = e.add(e.add(colBase, fragCol), at.laneCol);
  return position;
}

//===----------------------------------------------------------------------===//
// slice: held where the parent's rows (columns) are
//===----------------------------------------------------------------------===//

static LayoutAttrInterface parentOf(SliceLayoutAttr slice) {
  return cast<LayoutAttrInterface>(slice.getParent());
}

int64_t SliceLayoutAttr::getThreadCount() const {
  return parentOf(*this).getThreadCount();
}

std::optional<std::pair<int64_t, int64_t>>
SliceLayoutAttr::getSimdgroupGrid() const {
  return parentOf(*this).getSimdgroupGrid();
}

std::optional<SmallVector<int64_t, 3>>
SliceLayoutAttr::getValueShape(ArrayRef<int64_t> shape) const {
  // One value per element of the parent the thread holds.
  return parentOf(*this).getValueShape(getParentShape(shape));
}

int64_t SliceLayoutAttr::getVectorWidth(ArrayRef<int64_t> shape) const {
  return parentOf(*this).getVectorWidth(getParentShape(shape));
}

FailureOr<ElementPosition>
SliceLayoutAttr::emitPosition(LayoutIndexEmitter &e, ArrayRef<int64_t> shape,
                              ArrayRef<OpFoldResult> index) const {
  FailureOr<ElementPosition> parent =
      parentOf(*this).emitPosition(e, getParentShape(shape), index);
  if (failed(parent))
    return failure();
  // Element i is the parent's row i (dim 1) or column i (dim 0); of its
  // copies, the one in the parent's first column (row) owns it.
  bool rows = getDim() == 1;
  ElementPosition position;
  position.row = rows ? parent->row : parent->col;
  position.held = parent->held;
  Value other = rows ? parent->col : parent->row;
  position.owner = e.equal(other, e.constant(0));
  if (parent->held)
    position.owner = e.andI(parent->held, position.owner);
  return position;
}

//===----------------------------------------------------------------------===//
// cooperative and view: no position formula (the defaults)
//===----------------------------------------------------------------------===//

int64_t CooperativeLayoutAttr::getThreadCount() const {
  return getSimdgroupsM() * getSimdgroupsN() * kSimdWidth;
}

std::optional<std::pair<int64_t, int64_t>>
CooperativeLayoutAttr::getSimdgroupGrid() const {
  return std::make_pair(getSimdgroupsM(), getSimdgroupsN());
}

std::optional<SmallVector<int64_t, 3>>
CooperativeLayoutAttr::getValueShape(ArrayRef<int64_t>) const {
  // Apple's implementation decides how many elements of a cooperative
  // tensor each lane holds; code asks the tensor at run time.
  return std::nullopt;
}

std::optional<SmallVector<int64_t, 3>>
ViewLayoutAttr::getValueShape(ArrayRef<int64_t>) const {
  return SmallVector<int64_t, 3>{0};
}
