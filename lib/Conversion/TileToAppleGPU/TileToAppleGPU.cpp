//===- TileToAppleGPU.cpp - the convert-tile-to-applegpu pass -------------===//

#include "KernelConfig.h"
#include "KernelLowering.h"

#include "tile/Conversion/Passes.h"
#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"
#include "tile/Dialect/AppleGPU/Transforms/Passes.h"
#include "tile/Dialect/Tile/IR/LaunchGrid.h"
#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Support/EraseInnermostFirst.h"
#include "tile/Support/Identifier.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"

namespace tile {
#define GEN_PASS_DEF_CONVERTTILETOAPPLEGPU
#include "tile/Conversion/Passes.h.inc"
} // namespace tile

using namespace mlir;
using namespace tile;
using namespace tile::conversion;

/// The name the source gives kernel parameter `i`: its `tile.name` (set by
/// frontends), an `applegpu.name` (set by hand), or the name of a NameLoc
/// on the argument (tile-opt and tile-run give each argument the name
/// written in the source, `%A`), if that is an identifier.
static std::optional<std::string> sourceName(func::FuncOp kernel, unsigned i) {
  for (StringRef attr : {TileDialect::getArgNameAttrName(),
                         applegpu::AppleGPUDialect::getNameAttrName()})
    if (auto name = kernel.getArgAttrOfType<StringAttr>(i, attr))
      return name.str();
  if (kernel.isExternal())
    return std::nullopt;
  auto loc = dyn_cast<NameLoc>(kernel.getArgument(i).getLoc());
  if (!loc)
    return std::nullopt;
  StringRef name = loc.getName().getValue();
  if (!isIdentifier(name))
    return std::nullopt;
  return name.str();
}

/// The kernel's parameter name as the ABI will print it.
static std::string parameterName(func::FuncOp kernel, unsigned i) {
  return sourceName(kernel, i).value_or("arg" + std::to_string(i));
}

/// Threadgroups per grid as ABI expressions of the parameter names, when
/// the kernel tells (see tile/Dialect/Tile/IR/LaunchGrid.h).
static SmallVector<std::string> deriveGrid(func::FuncOp kernel) {
  std::optional<std::array<GridExtent, 3>> extents = getLaunchGrid(kernel);
  if (!extents)
    return {};
  SmallVector<std::string> grid;
  for (const GridExtent &extent : *extents)
    grid.push_back(extent.argument < 0
                       ? std::string("1")
                       : "ceildiv(" + parameterName(kernel, extent.argument) +
                             ", " + std::to_string(extent.divisor) + ")");
  return grid;
}

/// Scalar types a Metal kernel can take as `constant T&` and hold in
/// buffers.
static bool isMetalScalar(Type type) {
  if (type.isIndex() || type.isF32() || type.isF16() || type.isBF16())
    return true;
  auto integer = dyn_cast<IntegerType>(type);
  return integer &&
         llvm::is_contained({1u, 8u, 16u, 32u, 64u}, integer.getWidth());
}

/// Checked before anything is lowered: what a Metal kernel cannot take.
static LogicalResult checkSignature(func::FuncOp kernel) {
  for (auto [i, type] : llvm::enumerate(kernel.getArgumentTypes())) {
    auto memref = dyn_cast<MemRefType>(type);
    bool ok = memref ? memref.getRank() == 1 &&
                           isMetalScalar(memref.getElementType()) &&
                           !memref.getElementType().isIndex()
                     : isMetalScalar(type);
    if (!ok)
      return kernel.emitError()
             << "kernel argument #" << i << " of type " << type
             << " cannot be passed to a Metal kernel (buffers are 1-D "
                "memrefs of f32, f16, bf16 or integers; scalars are index, "
                "integers, f32, f16 or bf16)";
  }
  return success();
}

/// The ABI attributes: bindings in argument order, access from use.
static LogicalResult setABI(func::FuncOp source, func::FuncOp kernel,
                            const KernelConfig &config, StringRef target) {
  MLIRContext *ctx = kernel.getContext();
  if (kernel.getNumArguments() > applegpu::AppleGPUDialect::kMaxBufferBindings)
    return source.emitError() << "kernel has " << kernel.getNumArguments()
                              << " arguments; Metal binds at most "
                              << applegpu::AppleGPUDialect::kMaxBufferBindings;
  SmallVector<unsigned> access(kernel.getNumArguments(), 0); // 1 read, 2 write
  auto note = [&](Value buffer, unsigned bit) {
    if (auto arg = dyn_cast<BlockArgument>(buffer))
      access[arg.getArgNumber()] |= bit;
  };
  for (auto [buffer, use] : bufferUses(source))
    note(buffer, (use.read ? 1 : 0) | (use.written ? 2 : 0));
  Builder b(ctx);
  for (unsigned i = 0, e = kernel.getNumArguments(); i < e; ++i) {
    Type type = kernel.getArgumentTypes()[i];
    kernel.setArgAttr(i, applegpu::AppleGPUDialect::getBufferAttrName(),
                      b.getI32IntegerAttr(i));
    if (isa<MemRefType>(type)) {
      static constexpr const char *names[] = {"read", "read", "write",
                                              "read_write"};
      kernel.setArgAttr(i, applegpu::AppleGPUDialect::getAccessAttrName(),
                        b.getStringAttr(names[access[i]]));
    }
    if (std::optional<std::string> name = sourceName(source, i))
      kernel.setArgAttr(i, applegpu::AppleGPUDialect::getNameAttrName(),
                        b.getStringAttr(*name));
  }
  kernel->setAttr(applegpu::AppleGPUDialect::getKernelAttrName(),
                  UnitAttr::get(ctx));
  kernel->setAttr(
      applegpu::AppleGPUDialect::getThreadsPerThreadgroupAttrName(),
      b.getDenseI32ArrayAttr({static_cast<int32_t>(config.numThreads), 1, 1}));
  kernel->setAttr(applegpu::AppleGPUDialect::getTargetAttrName(),
                  b.getStringAttr(target));
  SmallVector<std::string> grid = deriveGrid(source);
  if (!grid.empty())
    kernel->setAttr(
        applegpu::AppleGPUDialect::getGridAttrName(),
        b.getStrArrayAttr(SmallVector<StringRef>(grid.begin(), grid.end())));
  return success();
}

namespace {
struct ConvertTileToAppleGPUPass
    : tile::impl::ConvertTileToAppleGPUBase<ConvertTileToAppleGPUPass> {
  using ConvertTileToAppleGPUBase::ConvertTileToAppleGPUBase;

  std::string targetOf(func::FuncOp kernel) {
    return kernelTarget(kernel, target);
  }

  /// The layouts decide how dots are lowered; they must have been chosen
  /// for the backend this pass is asked for.
  LogicalResult checkBackend(func::FuncOp kernel, StringRef chosenTarget,
                             const KernelConfig &config) {
    bool tensorOps = choosesTensorOps(chosenTarget, backend);
    // backend=auto's fallback (tile-assign-layouts): simdgroup_matrix
    // layouts for accumulators that matmul2d cannot take over the grid.
    if (tensorOps && backend == "auto" && !config.tensorOps &&
        autoFallbackDot(kernel, config.simdgroupsM, config.simdgroupsN))
      tensorOps = false;
    if (config.hasDot && config.tensorOps != tensorOps)
      return kernel.emitError()
             << "the kernel's layouts are for the "
             << (config.tensorOps ? "tensor-ops" : "simdgroup_matrix")
             << " backend, but backend=" << backend << " on " << chosenTarget
             << " means the " << (tensorOps ? "tensor-ops" : "simdgroup_matrix")
             << " backend; run tile-assign-layouts with the same target and "
                "backend";
    if (!tensorOps || relaxedF32)
      return success();
    WalkResult walk = kernel.walk([&](DotOp dot) {
      if (dot->hasAttr(TileDialect::getMatvecAttrName()))
        return WalkResult::advance(); // no matmul2d
      if (!cast<RankedTensorType>(dot.getA().getType())
               .getElementType()
               .isF32())
        return WalkResult::advance();
      dot.emitOpError()
          << "has f32 operands, which the tensor-ops backend multiplies with "
             "relaxed_precision (M5 rounds them to a 10-bit mantissa); "
             "relaxed-f32=false forbids that: use f16/bf16 operands or "
             "backend=simdgroup";
      return WalkResult::interrupt();
    });
    return failure(walk.wasInterrupted());
  }

  void runOnOperation() override {
    if (failed(checkTargetOption(getOperation(), target)))
      return signalPassFailure();
    // The options are checked once, for all kernels; a kernel's own
    // tile.target was checked by the tile dialect's verifier.
    if (failed(checkBackendOption(getOperation(), backend)))
      return signalPassFailure();
    if (failed(checkUnmarkedKernels(getOperation())))
      return signalPassFailure();
    for (func::FuncOp source : tileKernels(getOperation())) {
      std::string chosen = targetOf(source);
      if (failed(checkSignature(source)))
        return signalPassFailure();
      FailureOr<KernelConfig> config = readKernelConfig(source);
      if (failed(config) || failed(checkBackend(source, chosen, *config)))
        return signalPassFailure();
      KernelLowering lowering(source, *config);
      FailureOr<func::FuncOp> kernel = lowering.run(chosen);
      if (failed(kernel))
        return signalPassFailure();
      if (failed(setABI(source, *kernel, *config, chosen))) {
        kernel->erase();
        return signalPassFailure();
      }
      eraseInnermostFirst(source);
    }
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// The tile-to-applegpu pipeline
//===----------------------------------------------------------------------===//

namespace {
struct PipelineOptions : PassPipelineOptions<PipelineOptions> {
  Option<std::string> target{
      *this, "target",
      llvm::cl::desc("apple7, apple8, apple9 or apple10 (default: the "
                     "kernel's or module's tile.target, else apple9)"),
      llvm::cl::init("")};
  Option<std::string> backend{
      *this, "backend",
      llvm::cl::desc("auto (tensor ops for apple10, simdgroup_matrix "
                     "otherwise), simdgroup or tensorops"),
      llvm::cl::init("auto")};
  Option<bool> relaxedF32{
      *this, "relaxed-f32",
      llvm::cl::desc("Let tensor-ops dots on f32 operands use "
                     "relaxed_precision (TF32-like on M5); false makes them "
                     "an error"),
      llvm::cl::init(true)};
  Option<std::string> swizzle{
      *this, "swizzle",
      llvm::cl::desc("Swizzle pattern for 2-D kernels without a tile.swizzle "
                     "(see tile-swizzle's default-pattern), or none"),
      llvm::cl::init("morton")};
  Option<bool> fuseEpilogue{
      *this, "fuse-epilogue",
      llvm::cl::desc("Run tile-fuse-epilogue (elementwise work on dot "
                     "accumulators into tile.epilogue ops)"),
      llvm::cl::init(true)};
  Option<bool> mergeOnlineLoops{
      *this, "merge-online-loops",
      llvm::cl::desc("Run tile-merge-online-loops (a running-maximum loop "
                     "and the sum-of-exp loop after it become one online "
                     "loop: one read of the input less, slightly different "
                     "rounding)"),
      llvm::cl::init(true)};
  Option<bool> gatherToLoad{
      *this, "gather-to-load",
      llvm::cl::desc("Run tile-gather-to-load (gathers and scatters whose "
                     "offsets are a rectangle into tile.load and tile.store)"),
      llvm::cl::init(true)};
  Option<int64_t> unrollMaxOps{
      *this, "unroll-max-ops",
      llvm::cl::desc("Run tile-unroll first with this size budget: loops with "
                     "a constant trip count whose copies have at most this "
                     "many ops are unrolled fully (0: no tile-unroll; loops "
                     "stay loops)"),
      llvm::cl::init(0)};
};
} // namespace

/// The pipeline's passes for valid `options`.
static void buildPipeline(OpPassManager &pm, const PipelineOptions &options) {
  // Kernels have structured control flow only, so the CFG region
  // simplification of the canonicalizer has nothing to do but costs
  // a walk of the kernel each time.
  auto canonicalize = [] {
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    return createCanonicalizerPass(config);
  };
  // Opt-in: Metal's compiler unrolls small constant loops itself, and
  // unrolling here would undo tile-pipeline-loads' K loops and lengthen
  // the MSL.
  if (options.unrollMaxOps > 0) {
    TileUnrollOptions unroll;
    unroll.maxUnrolledOps = options.unrollMaxOps;
    pm.addPass(createTileUnroll(unroll));
  }
  // First: a gather that becomes a tile.load is also a residual the
  // epilogue fusion can read.
  if (options.gatherToLoad)
    pm.addPass(createTileGatherToLoad());
  if (options.fuseEpilogue)
    pm.addPass(createTileFuseEpilogue());
  // Before canonicalize and cse, which fold the index arithmetic and
  // constants the merge leaves twice.
  if (options.mergeOnlineLoops)
    pm.addPass(createTileMergeOnlineLoops());
  // Once, on the kernel as written (before the launch math and the
  // layouts make it several times larger): the later passes fold
  // what they build.
  pm.addPass(canonicalize());
  pm.addPass(createCSEPass());
  TileSwizzleOptions swizzle;
  swizzle.defaultPattern = options.swizzle;
  pm.addPass(createTileSwizzle(swizzle));
  pm.addPass(createTileForRangeToSCF());
  TileAssignLayoutsOptions layouts;
  layouts.target = options.target;
  layouts.backend = options.backend;
  pm.addPass(createTileAssignLayouts(layouts));
  pm.addPass(createTilePipelineLoads());
  pm.addPass(createTilePlanThreadgroupMemory());
  ConvertTileToAppleGPUOptions convert;
  convert.target = options.target;
  convert.backend = options.backend;
  convert.relaxedF32 = options.relaxedF32;
  pm.addPass(createConvertTileToAppleGPU(convert));
  pm.addPass(applegpu::createAppleGPUPrepareForEmission());
}

/// Checks the values of the options, which the passes would only check
/// when they run: a bad value is an error of the pipeline text, reported
/// where the pipeline is parsed (tile-opt's command line, the C API's
/// tileCompilerCreate), with no IR involved.
static LogicalResult
checkPipelineOptions(const PipelineOptions &options,
                     function_ref<LogicalResult(const Twine &)> errorHandler) {
  auto bad = [&](StringRef name, StringRef value,
                 StringRef expected) -> LogicalResult {
    std::string hint;
    // `target=apple9,backend=auto` reads as one value of target.
    if (value.contains(',') || value.contains('='))
      hint = "; options are separated by spaces, not commas: "
             "tile-to-applegpu{target=apple9 backend=auto}";
    return errorHandler("tile-to-applegpu option " + name + "=" + value +
                        ": expected " + expected + hint);
  };
  if (!options.target.empty() && !TileDialect::isKnownTarget(options.target))
    return bad("target", options.target, "apple7, apple8, apple9 or apple10");
  if (!llvm::is_contained({"auto", "simdgroup", "tensorops"},
                          StringRef(options.backend)))
    return bad("backend", options.backend, "auto, simdgroup or tensorops");
  if (!llvm::is_contained(
          {"linear", "diagonal", "morton", "grouped", "hilbert", "none"},
          StringRef(options.swizzle)))
    return bad("swizzle", options.swizzle,
               "linear, diagonal, morton, grouped, hilbert or none");
  if (options.unrollMaxOps < 0)
    return bad("unroll-max-ops", std::to_string(options.unrollMaxOps),
               "a number of ops >= 0");
  return success();
}

void tile::registerTileToAppleGPUPipeline(
    std::function<void(OpPassManager &)> prologue) {
  registerPassPipeline(
      "tile-to-applegpu",
      "Lower tile kernels to applegpu, ready for tile-translate --mlir-to-msl: "
      "(tile-unroll with unroll-max-ops), tile-gather-to-load, "
      "tile-fuse-epilogue, "
      "tile-merge-online-loops, canonicalize, cse, tile-swizzle, "
      "tile-for-range-to-scf, tile-assign-layouts, tile-pipeline-loads, "
      "tile-plan-threadgroup-memory, convert-tile-to-applegpu, "
      "applegpu-prepare-for-emission",
      [prologue](OpPassManager &pm, StringRef text,
                 function_ref<LogicalResult(const Twine &)> errorHandler) {
        PipelineOptions options;
        // Option syntax errors go to the caller's error stream too (the C
        // API's diagnostics callback), not to stderr.
        std::string message;
        llvm::raw_string_ostream errors(message);
        if (failed(options.parseFromString(text, errors)))
          return errorHandler(StringRef(message).trim());
        if (failed(checkPipelineOptions(options, errorHandler)))
          return failure();
        if (prologue)
          prologue(pm);
        buildPipeline(pm, options);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> printOptions) {
        printOptions(PipelineOptions());
      });
}
