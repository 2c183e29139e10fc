//===- MSLEmitOps.cpp - control flow, memory and applegpu ops as MSL ------===//

#include "MSLPrinter.h"
#include "MSLTypes.h"
#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace tile;
using namespace tile::msl;

//===----------------------------------------------------------------------===//
// Structured control flow
//===----------------------------------------------------------------------===//

/// Assigns the yielded values to the variables `targets`. When a yielded
/// value is itself one of the targets (e.g. two iter_args swapped), all
/// values are first copied to temporaries so no assignment reads a value
/// already overwritten.
static LogicalResult assignYield(MSLPrinter &p, scf::YieldOp yield,
                                 ArrayRef<std::string> targets) {
  ValueRange values = yield.getOperands();
  bool hazard = false;
  for (Value v : values)
    hazard |= llvm::is_contained(targets, p.name(v).str());
  SmallVector<std::string> sources;
  for (Value v : values) {
    if (!hazard) {
      sources.push_back(p.name(v).str());
      continue;
    }
    FailureOr<std::string> type = valueTypeName(v.getType(), yield.getLoc());
    if (failed(type))
      return failure();
    std::string temp = (p.name(v) + "_next").str();
    p.os << *type << " " << temp << " = " << p.name(v) << ";\n";
    sources.push_back(temp);
  }
  for (auto [target, source] : llvm::zip(targets, sources))
    if (target != source)
      p.os << target << " = " << source << ";\n";
  return success();
}

/// Declares one variable per result, initialized from `inits` if given.
static FailureOr<SmallVector<std::string>>
declareResults(MSLPrinter &p, Operation &op, ValueRange inits) {
  SmallVector<std::string> names;
  for (auto [i, result] : llvm::enumerate(op.getResults())) {
    if (failed(p.declare(result)))
      return failure();
    if (!inits.empty())
      p.os << " = " << p.name(inits[i]);
    p.os << ";\n";
    names.push_back(p.name(result).str());
  }
  return names;
}

/// Whether the MSL compiler is asked to unroll a loop: its bounds and step
/// are all constants (its trip count is known), and it is not a loop of
/// the program that nobody asked to unroll (`applegpu.unroll = false`).
/// The conversion's loops over thread-private arrays must be unrolled, so
/// that their indices become constants and the arrays registers (an array
/// indexed by a variable is spilled to memory).
static bool asksToUnroll(scf::ForOp loop) {
  auto requested = loop->getAttrOfType<BoolAttr>(
      applegpu::AppleGPUDialect::getUnrollAttrName());
  if (requested && !requested.getValue())
    return false;
  return llvm::all_of(
      ValueRange{loop.getLowerBound(), loop.getUpperBound(), loop.getStep()},
      [](Value v) { return matchPattern(v, m_Constant()); });
}

LogicalResult tile::msl::printFor(MSLPrinter &p, scf::ForOp loop) {
  if (!loop.getInductionVar().getType().isIndex())
    return loop.emitOpError() << "only index loops can be translated to MSL";
  if (loop.getUnsignedCmp())
    return loop.emitOpError() << "unsigned loop comparisons are not supported";
  FailureOr<SmallVector<std::string>> carried =
      declareResults(p, *loop, loop.getInitArgs());
  if (failed(carried))
    return failure();
  // The loop-carried values live in the result variables.
  for (auto [arg, name] : llvm::zip(loop.getRegionIterArgs(), *carried))
    p.bindName(arg, name);
  StringRef iv = p.assignName(loop.getInductionVar(), "i");
  if (asksToUnroll(loop))
    p.os << "#pragma unroll\n";
  p.os << "for (int " << iv << " = " << p.name(loop.getLowerBound()) << "; "
       << iv << " < " << p.name(loop.getUpperBound()) << "; " << iv
       << " += " << p.name(loop.getStep()) << ") {\n";
  p.os.indent();
  if (failed(p.printBlockBody(*loop.getBody())) ||
      failed(assignYield(p, cast<scf::YieldOp>(loop.getBody()->getTerminator()),
                         *carried)))
    return failure();
  p.os.unindent();
  p.os << "}\n";
  return success();
}

LogicalResult tile::msl::printIf(MSLPrinter &p, scf::IfOp branch) {
  FailureOr<SmallVector<std::string>> results = declareResults(p, *branch, {});
  if (failed(results))
    return failure();
  auto printRegion = [&](Region &region) -> LogicalResult {
    p.os.indent();
    Block &block = region.front();
    if (failed(p.printBlockBody(block)) ||
        failed(assignYield(p, cast<scf::YieldOp>(block.getTerminator()),
                           *results)))
      return failure();
    p.os.unindent();
    return success();
  };
  p.os << "if (" << p.name(branch.getCondition()) << ") {\n";
  if (failed(printRegion(branch.getThenRegion())))
    return failure();
  if (!branch.getElseRegion().empty()) {
    p.os << "} else {\n";
    if (failed(printRegion(branch.getElseRegion())))
      return failure();
  }
  p.os << "}\n";
  return success();
}

LogicalResult tile::msl::printReturn(MSLPrinter &p, func::ReturnOp op) {
  if (op.getNumOperands() != 0)
    return op.emitOpError() << "a kernel returns no values";
  p.os << "return;\n";
  return success();
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

bool tile::msl::isPrivateArray(Value memref) {
  return memref.getDefiningOp<memref::AllocaOp>() != nullptr;
}

/// A thread-private array (memref.alloca without a memory space), declared
/// where the op is: `float tile3[16];`, or with "frag" names for arrays of
/// fragments, `simdgroup_matrix<float, 8, 8> frag4[16];`.
LogicalResult tile::msl::printPrivateArray(MSLPrinter &p, memref::AllocaOp op) {
  MemRefType type = op.getType();
  if (type.getMemorySpace())
    return op.emitOpError() << "only thread-private arrays (memrefs without a "
                               "memory space) can be allocated in MSL, got "
                            << type;
  if (type.getRank() != 1 || !type.getLayout().isIdentity())
    return op.emitOpError() << "only 1-D identity-layout arrays can be "
                               "allocated in MSL, got "
                            << type;
  if (type.isDynamicDim(0) || type.getDimSize(0) == 0)
    return op.emitOpError()
           << "a thread-private array needs a static, non-zero size in MSL, "
              "got "
           << type;
  Type element = type.getElementType();
  bool fragments = isa<applegpu::SimdgroupMatrixType>(element);
  FailureOr<std::string> elementName =
      fragments ? valueTypeName(element, op.getLoc())
                : scalarTypeName(element, op.getLoc());
  if (failed(elementName))
    return failure();
  p.os << *elementName << " "
       << p.assignName(op.getResult(), fragments ? "frag" : "tile") << "["
       << type.getDimSize(0) << "];\n";
  return success();
}

static LogicalResult checkFlat(Operation &op, MemRefType type) {
  if (type.getRank() != 1 || !type.getLayout().isIdentity())
    return op.emitOpError() << "only 1-D identity-layout memrefs can be "
                               "translated to MSL, got "
                            << type;
  return success();
}

LogicalResult tile::msl::printMemRefLoad(MSLPrinter &p, memref::LoadOp load) {
  Operation &op = *load;
  if (failed(checkFlat(op, load.getMemRefType())))
    return failure();
  if (failed(p.declare(load.getResult())))
    return failure();
  p.os << " = " << p.name(load.getMemRef()) << "["
       << p.name(load.getIndices()[0]) << "];\n";
  return success();
}

LogicalResult tile::msl::printMemRefStore(MSLPrinter &p,
                                          memref::StoreOp store) {
  Operation &op = *store;
  if (failed(checkFlat(op, store.getMemRefType())))
    return failure();
  // A buffer the ABI declares read-only is `device const T*`.
  if (auto arg = dyn_cast<BlockArgument>(store.getMemRef()))
    if (auto kernel = dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp()))
      if (auto access = kernel.getArgAttrOfType<StringAttr>(
              arg.getArgNumber(),
              applegpu::AppleGPUDialect::getAccessAttrName());
          access && access.getValue() == "read")
        return op.emitOpError()
               << "writes kernel argument #" << arg.getArgNumber()
               << ", which its applegpu.access declares read-only";
  p.os << p.name(store.getMemRef()) << "[" << p.name(store.getIndices()[0])
       << "] = " << p.name(store.getValueToStore()) << ";\n";
  return success();
}

LogicalResult tile::msl::printVectorLoad(MSLPrinter &p, vector::LoadOp load) {
  Operation &op = *load;
  // A whole vector from device memory: the address must be aligned
  // to the vector (the conversion only emits it when it is).
  MemRefType memory = load.getMemRefType();
  if (failed(checkFlat(op, memory)))
    return failure();
  if (applegpu::getAddressSpace(memory) != applegpu::AddressSpace::device ||
      isPrivateArray(load.getBase()))
    return op.emitOpError()
           << "vector loads are only translated from device memory";
  FailureOr<std::string> type =
      valueTypeName(load.getVectorType(), op.getLoc());
  if (failed(type) || failed(p.declare(load.getResult())))
    return failure();
  p.os << " = *(device const " << *type << "*)(&" << p.name(load.getBase())
       << "[" << p.name(load.getIndices()[0]) << "]);\n";
  return success();
}

LogicalResult tile::msl::printVectorExtract(MSLPrinter &p,
                                            vector::ExtractOp extract) {
  Operation &op = *extract;
  ArrayRef<int64_t> position = extract.getStaticPosition();
  if (position.size() != 1 || position[0] < 0 ||
      !extract.getDynamicPosition().empty())
    return op.emitOpError()
           << "only extracting one lane at a constant position is "
              "translated to MSL";
  if (failed(p.declare(extract.getResult())))
    return failure();
  p.os << " = " << p.name(extract.getSource()) << "[" << position[0] << "];\n";
  return success();
}

LogicalResult tile::msl::printVectorBroadcast(MSLPrinter &p,
                                              vector::BroadcastOp broadcast) {
  Operation &op = *broadcast;
  if (isa<VectorType>(broadcast.getSource().getType()))
    return op.emitOpError()
           << "only broadcasts of a scalar are translated to MSL";
  FailureOr<std::string> type = valueTypeName(broadcast.getType(), op.getLoc());
  if (failed(type) || failed(p.declare(broadcast.getResult())))
    return failure();
  p.os << " = " << *type << "(" << p.name(broadcast.getSource()) << ");\n";
  return success();
}

//===----------------------------------------------------------------------===//
// applegpu
//===----------------------------------------------------------------------===//

static std::string memFlags(applegpu::MemFlags flags) {
  if (flags == applegpu::MemFlags::mem_none)
    return "mem_flags::mem_none";
  std::string text;
  auto add = [&](applegpu::MemFlags bit, StringRef name) {
    if (!applegpu::bitEnumContainsAll(flags, bit))
      return;
    if (!text.empty())
      text += " | ";
    text += ("mem_flags::" + name).str();
  };
  add(applegpu::MemFlags::mem_device, "mem_device");
  add(applegpu::MemFlags::mem_threadgroup, "mem_threadgroup");
  add(applegpu::MemFlags::mem_texture, "mem_texture");
  return text;
}

/// The views of a threadgroup arena, in program order (they are at the
/// top level of the kernel, like the arena).
static SmallVector<applegpu::ThreadgroupViewOp>
viewsOf(applegpu::AllocThreadgroupOp arena) {
  SmallVector<applegpu::ThreadgroupViewOp> views;
  for (Operation &op : *arena->getBlock())
    if (auto view = dyn_cast<applegpu::ThreadgroupViewOp>(op);
        view && view.getArena() == arena.getResult())
      views.push_back(view);
  return views;
}

/// The union member of an arena that views of `element` point into.
static std::string arenaMember(StringRef element) {
  std::string member = "as_";
  for (char c : element)
    member += llvm::isAlnum(c) ? c : '_';
  return member;
}

/// A byte arena (tile-plan-threadgroup-memory) is declared once, as an
/// array of its views' element type, or a union of one array per element
/// type when its views have several; each view is then a pointer into it.
static LogicalResult printArena(MSLPrinter &p, applegpu::AllocThreadgroupOp op,
                                ArrayRef<applegpu::ThreadgroupViewOp> views) {
  int64_t bytes = op.getResult().getType().getNumElements();
  llvm::SetVector<Type> elements;
  for (applegpu::ThreadgroupViewOp view : views)
    elements.insert(view.getResult().getType().getElementType());
  SmallVector<std::pair<std::string, int64_t>> members;
  for (Type element : elements) {
    FailureOr<std::string> name = scalarTypeName(element, op.getLoc());
    if (failed(name))
      return failure();
    // index and i32 are both `int`: one member serves both.
    if (llvm::any_of(members, [&](auto &m) { return m.first == *name; }))
      continue;
    // Whole elements: a view ends within the arena's bytes.
    members.push_back(
        {*name, llvm::divideCeil(bytes, applegpu::mslElementBytes(element))});
  }
  p.bindName(op.getResult(), "tg_arena");
  if (members.size() == 1) {
    p.os << "threadgroup " << members[0].first << " tg_arena["
         << members[0].second << "];\n";
    return success();
  }
  p.unionArenas.insert(op.getResult());
  p.os << "threadgroup union {\n";
  for (auto &[name, count] : members)
    p.os << "  " << name << " " << arenaMember(name) << "[" << count << "];\n";
  p.os << "} tg_arena;\n";
  return success();
}

LogicalResult tile::msl::printThreadgroupView(MSLPrinter &p,
                                              applegpu::ThreadgroupViewOp op) {
  if (!isa<func::FuncOp>(op->getParentOp()))
    return op.emitOpError() << "threadgroup views must be at the top level "
                               "of the kernel";
  auto arena = op.getArena().getDefiningOp<applegpu::AllocThreadgroupOp>();
  if (!arena)
    return op.emitOpError() << "views an arena that is not an "
                               "applegpu.alloc_threadgroup";
  Type element = op.getResult().getType().getElementType();
  FailureOr<std::string> name = scalarTypeName(element, op.getLoc());
  if (failed(name))
    return failure();
  p.os << "auto " << p.assignName(op.getResult(), "tg") << " = "
       << p.name(op.getArena());
  if (p.unionArenas.contains(arena.getResult()))
    p.os << "." << arenaMember(*name);
  int64_t offset = op.getByteOffset() / applegpu::mslElementBytes(element);
  if (offset != 0)
    p.os << " + " << offset;
  p.os << ";\n";
  return success();
}

/// Threadgroup arrays live at kernel scope in MSL.
LogicalResult tile::msl::printAlloc(MSLPrinter &p,
                                    applegpu::AllocThreadgroupOp op) {
  if (!isa<func::FuncOp>(op->getParentOp()))
    return op.emitOpError() << "threadgroup memory must be allocated at the "
                               "top level of the kernel";
  MemRefType type = op.getResult().getType();
  if (type.getElementType().isInteger(8)) {
    SmallVector<applegpu::ThreadgroupViewOp> views = viewsOf(op);
    if (!views.empty())
      return printArena(p, op, views);
  }
  FailureOr<std::string> element =
      scalarTypeName(type.getElementType(), op.getLoc());
  if (failed(element))
    return failure();
  p.os << "threadgroup " << *element << " "
       << p.assignName(op.getResult(), "tg") << "[" << type.getNumElements()
       << "];\n";
  return success();
}

/// MSL's simdgroup_load and simdgroup_store take device or threadgroup
/// memory, not a thread-private array (whose elements are 8x8 fragments,
/// or scalars a fragment is not loaded from).
static LogicalResult checkMatrixMemory(Operation *op, Value memory) {
  if (isPrivateArray(memory))
    return op->emitOpError()
           << "cannot access a thread-private array: MSL's simdgroup_load "
              "and simdgroup_store take device or threadgroup memory";
  return success();
}

/// The arguments simdgroup_load/store share after the matrix: the address
/// of element `offset` of `memory`, the row stride, the origin, transpose.
static std::string matrixAccess(MSLPrinter &p, Value memory, Value offset,
                                Value stride, bool transpose) {
  return ("&" + p.name(memory) + "[" + p.name(offset) + "], " + p.name(stride) +
          ", ulong2(0, 0), " + (transpose ? "true" : "false"))
      .str();
}

/// `const int vN = int(param component);` for a builtin kernel input.
static LogicalResult printBuiltin(MSLPrinter &p, Operation &op,
                                  StringRef component) {
  StringRef attribute = op.getName().stripDialect();
  std::string param = p.usedBuiltins()[attribute.str()];
  p.os << "const int " << p.assignName(op.getResult(0)) << " = int(" << param
       << component << ");\n";
  return success();
}

LogicalResult tile::msl::printThreadBuiltin(MSLPrinter &p, Operation &op) {
  return printBuiltin(p, op, "");
}

LogicalResult tile::msl::printGridBuiltin(MSLPrinter &p, Operation &op,
                                          applegpu::Dim dim) {
  return printBuiltin(p, op, (Twine(".") + applegpu::stringifyDim(dim)).str());
}

LogicalResult
tile::msl::printThreadgroupBarrier(MSLPrinter &p,
                                   applegpu::ThreadgroupBarrierOp b) {
  p.os << "threadgroup_barrier(" << memFlags(b.getFlags()) << ");\n";
  return success();
}

LogicalResult tile::msl::printSimdgroupBarrier(MSLPrinter &p,
                                               applegpu::SimdgroupBarrierOp b) {
  p.os << "simdgroup_barrier(" << memFlags(b.getFlags()) << ");\n";
  return success();
}

LogicalResult tile::msl::printSimdgroupFill(MSLPrinter &p,
                                            applegpu::SimdgroupFillOp f) {
  FailureOr<std::string> type = valueTypeName(f.getType(), f.getLoc());
  FailureOr<std::string> element =
      scalarTypeName(f.getValue().getType(), f.getLoc());
  if (failed(type) || failed(element) || failed(p.declare(f.getResult())))
    return failure();
  p.os << " = make_filled_simdgroup_matrix<" << *element << ", 8, 8>("
       << p.name(f.getValue()) << ");\n";
  return success();
}

LogicalResult tile::msl::printSimdgroupLoad(MSLPrinter &p,
                                            applegpu::SimdgroupLoadOp l) {
  if (failed(checkMatrixMemory(l, l.getSource())) ||
      failed(p.declare(l.getResult())))
    return failure();
  p.os << ";\nsimdgroup_load(" << p.name(l.getResult()) << ", "
       << matrixAccess(p, l.getSource(), l.getOffset(), l.getStride(),
                       l.getTranspose())
       << ");\n";
  return success();
}

LogicalResult tile::msl::printSimdgroupStore(MSLPrinter &p,
                                             applegpu::SimdgroupStoreOp s) {
  if (failed(checkMatrixMemory(s, s.getDest())))
    return failure();
  p.os << "simdgroup_store(" << p.name(s.getValue()) << ", "
       << matrixAccess(p, s.getDest(), s.getOffset(), s.getStride(),
                       s.getTranspose())
       << ");\n";
  return success();
}

LogicalResult tile::msl::printSimdgroupMma(MSLPrinter &p,
                                           applegpu::SimdgroupMmaOp m) {
  if (failed(p.declare(m.getResult())))
    return failure();
  p.os << ";\nsimdgroup_multiply_accumulate(" << p.name(m.getResult()) << ", "
       << p.name(m.getA()) << ", " << p.name(m.getB()) << ", "
       << p.name(m.getC()) << ");\n";
  return success();
}

LogicalResult
tile::msl::printSimdgroupGetElement(MSLPrinter &p,
                                    applegpu::SimdgroupGetElementOp g) {
  if (failed(p.declare(g.getResult())))
    return failure();
  p.os << " = " << p.name(g.getMatrix()) << ".thread_elements()["
       << g.getIndex() << "];\n";
  return success();
}

LogicalResult
tile::msl::printSimdgroupSetElement(MSLPrinter &p,
                                    applegpu::SimdgroupSetElementOp s) {
  if (failed(p.declare(s.getResult())))
    return failure();
  StringRef result = p.name(s.getResult());
  p.os << " = " << p.name(s.getMatrix()) << ";\n"
       << result << ".thread_elements()[" << s.getIndex()
       << "] = " << p.name(s.getValue()) << ";\n";
  return success();
}

LogicalResult tile::msl::printSimdReduce(MSLPrinter &p,
                                         applegpu::SimdReduceOp r) {
  if (failed(p.declare(r.getResult())))
    return failure();
  p.os << " = simd_" << applegpu::stringifySimdReduction(r.getKind()) << "("
       << p.name(r.getValue()) << ");\n";
  return success();
}

LogicalResult tile::msl::printSimdShuffleXor(MSLPrinter &p,
                                             applegpu::SimdShuffleXorOp s) {
  if (failed(p.declare(s.getResult())))
    return failure();
  p.os << " = simd_shuffle_xor(" << p.name(s.getValue()) << ", ushort("
       << s.getMask() << "));\n";
  return success();
}
