//===- tile-run.cpp - run tile kernels and MSL on the Metal emulator ------===//
//
//   tile-run KERNEL.mlir [--kernel NAME] --grid X[,Y[,Z]] --arg ... [--compare]
//   tile-run FILE.metal --abi FILE.json --grid ... --arg ...
//
// Compiles a tile kernel to MSL (the tile-to-applegpu pipeline), runs it on
// the Metal emulator and, with --compare, checks every buffer it writes
// against the tile interpreter. Exit codes: 0 success, 1 mismatch or fault
// found, 2 bad command line.
//
//===----------------------------------------------------------------------===//

#include "Arguments.h"
#include "Compare.h"
#include "Driver.h"
#include "Emulate.h"
#include "Npy.h"
#include "Stats.h"

#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"
#include "tile/InitTile.h"
#include "tile/Interpreter/TileInterpreter.h"
#include "tile/Runtime/MetalEmulator.h"
#include "tile/Support/BFloat16.h"
#include "tile/Support/ToolOptions.h"
#include "tile/Target/MSL/MSLEmitter.h"
#include "tile/Version.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Format.h"

#include <cmath>
#include <cstdlib>
#include <cstring>

using namespace mlir;
using namespace tile;
using namespace tile::run;
namespace cl = llvm::cl;

// Only tile-run's own options appear in --help; libLLVM registers hundreds.
cl::OptionCategory tile::run::runOptions("tile-run options");

static cl::opt<std::string> inputFile(cl::Positional, cl::cat(runOptions),
                                      cl::Required,
                                      cl::desc("<kernel.mlir | kernel.metal>"));
static cl::opt<std::string> kernelName("kernel", cl::cat(runOptions),
                                       cl::desc("The kernel to run (default: "
                                                "the only one)"));
static cl::opt<std::string> gridText(
    "grid", cl::cat(runOptions),
    cl::desc("Threadgroups (program instances) per grid: X[,Y[,Z]]; "
             "default: the grid the ABI computes from the scalar arguments"));
static cl::opt<std::string>
    target("target", cl::cat(runOptions), cl::init(""),
           cl::desc("apple7, apple8, apple9 or apple10"));
static cl::opt<std::string> backend("backend", cl::cat(runOptions),
                                    cl::init("auto"),
                                    cl::desc("auto, simdgroup or tensorops"));
static cl::opt<bool> fuseEpilogue(
    "fuse-epilogue", cl::cat(runOptions), cl::init(true),
    cl::desc("Fuse elementwise work on dot accumulators (the pipeline's "
             "tile-fuse-epilogue; =false compiles it unfused)"));
static cl::opt<bool> mergeOnlineLoops(
    "merge-online-loops", cl::cat(runOptions), cl::init(true),
    cl::desc("Merge a running-maximum loop and the sum-of-exp loop after it "
             "into one online loop (the pipeline's tile-merge-online-loops; "
             "=false keeps them apart)"));
static cl::list<std::string> argSpecs(
    "arg", cl::cat(runOptions),
    cl::desc("A kernel argument by parameter name: NAME=VALUE (scalar) or "
             "NAME=TYPE:COUNT:random[:SEED] | TYPE:COUNT:zeros | "
             "TYPE:COUNT:ones (buffer; TYPE f32, f16, bf16, i8, u8, i16, u16, "
             "i32, u32, i64 or u64) | @FILE.npy (buffer: a NumPy file of "
             "one of those types but bf16) | "
             "@OTHER (MSL: the same buffer as parameter OTHER, e.g. an "
             "in-place kernel's input and output)"));
static cl::list<std::string> outSpecs(
    "out", cl::cat(runOptions),
    cl::desc("NAME=FILE.npy: after the run, write buffer NAME (what the "
             "emulated kernel left in it) to FILE.npy; bf16 is written as f32"),
    cl::value_desc("NAME=FILE.npy"));
static cl::opt<bool>
    compare("compare", cl::cat(runOptions),
            cl::desc("Also run the tile interpreter and "
                     "compare every buffer the kernel writes"));
static cl::opt<double> rtolOption(
    "rtol", cl::cat(runOptions), cl::init(-1.0),
    cl::desc("A fixed relative tolerance for --compare, instead of the error "
             "bound the interpreter computes per element (see docs/tools.md)"));
static cl::opt<double> atolOption(
    "atol", cl::cat(runOptions), cl::init(-1.0),
    cl::desc("A fixed absolute tolerance for --compare (with --rtol, or "
             "alone: the other is then 0)"));
static cl::opt<unsigned> schedules(
    "schedules", cl::cat(runOptions), cl::init(3),
    cl::desc("Thread orders each run is repeated under (at least 3: forward, "
             "reverse, shuffled); results must agree bit for bit. 1: a "
             "quick single run, without race detection"));
static cl::opt<ProgressMode> progressOption(
    "progress", cl::cat(runOptions), cl::init(ProgressMode::Auto),
    cl::desc("Count threadgroups done on stderr while the emulator runs"),
    cl::values(clEnumValN(ProgressMode::Auto, "auto",
                          "after 2 s, when stderr is a terminal"),
               clEnumValN(ProgressMode::Always, "always",
                          "from the start, wherever stderr goes"),
               clEnumValN(ProgressMode::Never, "never", "never")));
// `--stats` is LLVM's own option (libLLVM registers it); tile-run reads it
// through AreStatisticsEnabled() and prints the emulator's counters.
static bool printStats = false;
static cl::opt<std::string> emitMSL("emit-msl", cl::cat(runOptions),
                                    cl::init(""),
                                    cl::desc("Write the generated MSL here"),
                                    cl::value_desc("file"));
static cl::opt<bool> allowExitedThreads(
    "allow-exited-threads-at-barrier", cl::cat(runOptions),
    cl::desc("Let threads that returned from the kernel drop out of barriers "
             "(what Apple GPUs do) instead of reporting a divergent barrier "
             "(the Metal specification leaves it undefined)"));
unsigned tile::run::launchFlags() {
  return allowExitedThreads ? TME_ALLOW_EXITED_THREADS_AT_BARRIER : 0u;
}
static cl::opt<std::string> replacementMSL(
    "run-msl", cl::cat(runOptions), cl::init(""),
    cl::desc("Run this MSL instead of the kernel's compiled code (e.g. a "
             "hand-edited copy of --emit-msl's output); the kernel still gives "
             "the ABI and, with --compare, the reference"),
    cl::value_desc("file"));
static cl::opt<std::string> abiFile(
    "abi", cl::cat(runOptions), cl::init(""),
    cl::desc("The ABI JSON of an MSL input (from tile-translate --msl-abi)"),
    cl::value_desc("file"));
static cl::opt<std::string> cacheDir(
    "cache-dir", cl::cat(runOptions), cl::init(""),
    cl::desc("Where compiled kernels are cached (default: $TILE_RUN_CACHE, "
             "else ~/.cache/tile-mlir)"));

/// The options RunMSL.cpp reads.
bool tile::run::statsRequested() { return printStats; }
unsigned tile::run::scheduleCount() { return schedules; }
const std::string &tile::run::kernelNameOption() { return kernelName; }
const std::string &tile::run::inputPath() { return inputFile; }
const std::string &tile::run::abiPath() { return abiFile; }
bool tile::run::compareRequested() { return compare; }

namespace tile::run {

/// Bad usage: message and exit code 2.
[[noreturn]] void usageError(const llvm::Twine &message) {
  llvm::errs() << "tile-run: " << message << "\n";
  std::exit(2);
}

[[noreturn]] void fail(const llvm::Twine &message) {
  llvm::errs() << "tile-run: " << message << "\n";
  std::exit(1);
}

/// The --grid option, if given.
static std::optional<std::array<int64_t, 3>> parseGrid() {
  if (gridText.getNumOccurrences() == 0)
    return std::nullopt;
  std::array<int64_t, 3> grid = {1, 1, 1};
  llvm::SmallVector<llvm::StringRef, 3> parts;
  llvm::StringRef(gridText).split(parts, ',');
  if (parts.size() > 3)
    usageError("--grid takes at most 3 sizes, got '" + gridText + "'");
  for (auto [i, part] : llvm::enumerate(parts))
    if (part.trim().getAsInteger(10, grid[i]) || grid[i] <= 0)
      usageError("--grid needs positive integers, got '" + gridText + "'");
  return grid;
}

std::string defaultCacheDir() {
  if (!cacheDir.empty())
    return cacheDir;
  if (const char *env = std::getenv("TILE_RUN_CACHE"))
    return env;
  llvm::SmallString<128> path;
  if (const char *home = std::getenv("HOME"))
    path = home;
  else
    path = "/tmp";
  llvm::sys::path::append(path, ".cache", "tile-mlir");
  return std::string(path);
}

/// The kernel's parameter names: a `tile.name` attribute, else as written
/// in the source (%A, %B, ...), or argN where the parser recorded none.
static std::vector<std::string> parameterNames(func::FuncOp kernel,
                                               const AsmParserState &state) {
  std::vector<std::string> names;
  Block &entry = kernel.getBody().front();
  const AsmParserState::BlockDefinition *def = state.getBlockDef(&entry);
  for (unsigned i = 0, e = entry.getNumArguments(); i < e; ++i) {
    std::string name = "arg" + std::to_string(i);
    if (auto given = kernel.getArgAttrOfType<StringAttr>(
            i, tile::TileDialect::getArgNameAttrName())) {
      names.push_back(given.str());
      continue;
    }
    if (def && i < def->arguments.size()) {
      llvm::SMRange range = def->arguments[i].loc;
      llvm::StringRef text(range.Start.getPointer(),
                           range.End.getPointer() - range.Start.getPointer());
      if (text.consume_front("%") && !text.empty())
        name = text.str();
    }
    names.push_back(name);
  }
  return names;
}

static std::optional<ElementType> elementTypeOf(Type type) {
  if (type.isF32())
    return ElementType::F32;
  if (type.isF16())
    return ElementType::F16;
  if (type.isBF16())
    return ElementType::BF16;
  if (type.isInteger(32))
    return ElementType::I32;
  if (type.isInteger(8))
    return ElementType::I8;
  if (type.isInteger(16))
    return ElementType::I16;
  if (type.isInteger(64))
    return ElementType::I64;
  return std::nullopt;
}

/// The --arg specs by name; bad or repeated specs are usage errors.
llvm::StringMap<ArgSpec> collectSpecs() {
  llvm::StringMap<ArgSpec> specs;
  for (const std::string &text : argSpecs) {
    std::string error;
    std::optional<ArgSpec> spec = parseArgSpec(text, error);
    if (!spec)
      usageError("--arg " + text + ": " + error);
    if (!specs.try_emplace(spec->name, *spec).second)
      usageError("--arg " + spec->name + " is given twice");
  }
  return specs;
}

/// The --out requests as (position in `bindings`, file), checked before the
/// run: each names a buffer parameter, once.
std::vector<std::pair<size_t, std::string>>
outputsOf(const std::vector<Binding> &bindings) {
  std::vector<std::pair<size_t, std::string>> outputs;
  for (const std::string &text : outSpecs) {
    llvm::StringRef name, file;
    std::tie(name, file) = llvm::StringRef(text).split('=');
    if (name.empty() || file.empty())
      usageError("--out " + text + ": expected NAME=FILE.npy or NAME=FILE.bin");
    auto it = llvm::find_if(bindings,
                            [&](const Binding &b) { return b.name == name; });
    if (it == bindings.end())
      usageError("--out " + text + ": the kernel has no parameter '" + name +
                 "'");
    if (!it->isBuffer)
      usageError("--out " + text + ": '" + name +
                 "' is a scalar, not a buffer");
    size_t index = it - bindings.begin();
    if (llvm::any_of(outputs, [&](auto &o) { return o.first == index; }))
      usageError("--out " + name + " is given twice");
    outputs.emplace_back(index, file.str());
  }
  return outputs;
}

/// Checks that every spec names a parameter; lists the parameters if not.
void checkSpecNames(const llvm::StringMap<ArgSpec> &specs,
                    llvm::ArrayRef<std::string> names) {
  for (const auto &entry : specs)
    if (!llvm::is_contained(names, entry.getKey().str())) {
      std::string list;
      for (const std::string &n : names)
        list += (list.empty() ? "" : ", ") + n;
      usageError("unknown parameter '" + entry.getKey() +
                 "' (the kernel's parameters are " + list + ")");
    }
}

} // namespace tile::run

/// Parses the input file into a module (the operations of a file without
/// one are wrapped in one) and verifies it; null after a diagnostic. The
/// parser's state is kept in `state`, for the parameters' source names.
static OwningOpRef<ModuleOp> parseInput(MLIRContext &context,
                                        llvm::SourceMgr &sourceMgr,
                                        AsmParserState &state) {
  auto file = llvm::MemoryBuffer::getFile(inputFile);
  if (!file)
    usageError("cannot read '" + inputFile + "'");
  sourceMgr.AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  ParserConfig config(&context);
  Block parsed;
  if (failed(parseAsmSourceFile(sourceMgr, &parsed, config, &state)))
    return nullptr;
  OwningOpRef<ModuleOp> module;
  if (llvm::hasSingleElement(parsed) && isa<ModuleOp>(parsed.front())) {
    module = cast<ModuleOp>(parsed.front());
    module.get()->remove();
  } else {
    module = ModuleOp::create(UnknownLoc::get(&context));
    module->getBody()->getOperations().splice(module->getBody()->begin(),
                                              parsed.getOperations());
  }
  if (failed(verify(*module)))
    return nullptr;
  return module;
}

/// The tile kernel --kernel names (default: the first one); a diagnostic
/// (failure) if the function named lacks the kernel attribute, a usage
/// error if there is none.
static FailureOr<func::FuncOp> findTileKernel(ModuleOp module) {
  func::FuncOp kernel;
  module->walk([&](func::FuncOp f) {
    if (!f->hasAttr("tile.kernel"))
      return;
    if ((kernelName.empty() && !kernel) || f.getSymName() == kernelName)
      kernel = f;
  });
  if (!kernel) {
    // The function the user meant, if it only lacks the attribute.
    func::FuncOp unmarked;
    module->walk([&](func::FuncOp f) {
      if (!f.isExternal() &&
          (kernelName.empty() || f.getSymName() == kernelName))
        unmarked = unmarked ? unmarked : f;
    });
    if (unmarked) {
      unmarked.emitError() << "function '" << unmarked.getSymName()
                           << "' is not a tile kernel: it lacks the '"
                           << tile::TileDialect::getKernelAttrName()
                           << "' attribute (`attributes {tile.kernel}`)";
      return failure();
    }
  }
  if (!kernel)
    usageError("no tile kernel" +
               (kernelName.empty() ? std::string() : " '" + kernelName + "'") +
               " in '" + inputFile + "'");
  return kernel;
}

/// The MSL spelling of a scalar parameter's type, as an ABI would give it.
static std::string mslScalarType(Type type) {
  return type.isIndex()       ? "uint"
         : type.isF32()       ? "float"
         : type.isF16()       ? "half"
         : type.isBF16()      ? "bfloat"
         : type.isInteger(1)  ? "bool"
         : type.isInteger(8)  ? "char"
         : type.isInteger(16) ? "short"
         : type.isInteger(32) ? "int"
         : type.isInteger(64) ? "long"
                              : "unsupported";
}

/// Bindings in parameter order from the --arg specs, checked against the
/// kernel's signature.
static std::vector<Binding>
bindingsFromKernel(func::FuncOp kernel, llvm::ArrayRef<std::string> names,
                   const llvm::StringMap<ArgSpec> &specs) {
  std::vector<Binding> bindings;
  for (auto [i, type] : llvm::enumerate(kernel.getArgumentTypes())) {
    auto memref = dyn_cast<MemRefType>(type);
    std::string scalarType = mslScalarType(type);
    // The limits the generated code's 32-bit indices set (the ABI's
    // max_elements and max_value).
    ParamLimit limit;
    if (memref)
      limit.maxElements = tile::msl::kMaxIndexValue;
    else if (type.isIndex())
      limit.maxValue = tile::msl::kMaxIndexValue;
    bindings.push_back(makeBinding(
        specs, names[i], static_cast<bool>(memref),
        memref ? elementTypeOf(memref.getElementType()) : std::nullopt,
        scalarType, limit));
    // The compiled kernel's [[buffer(n)]] is its argument's position
    // (convert-tile-to-applegpu).
    bindings.back().index = static_cast<int64_t>(i);
    if (specs.find(names[i])->second.fill == ArgSpec::Fill::Alias)
      usageError("--arg " + names[i] + "=@" +
                 specs.find(names[i])->second.aliasOf +
                 ": binding one buffer twice is for MSL inputs");
    // A static size is a promise the kernel may index up to: a shorter
    // buffer would be read or written out of bounds.
    int64_t count = specs.find(names[i])->second.count;
    if (memref && memref.hasStaticShape() && count < memref.getNumElements())
      usageError("buffer '" + names[i] + "' has " + llvm::Twine(count) +
                 " elements, but the kernel declares " +
                 llvm::Twine(memref.getNumElements()));
  }
  return bindings;
}

/// Runs the tile-to-applegpu pipeline with the command line's options.
/// Scoped: MLIR's timing report, if asked for, is printed when the pass
/// manager goes, before the kernel runs.
static void runPipeline(MLIRContext &context, ModuleOp module) {
  PassManager pm(&context);
  std::string pipeline = "tile-to-applegpu{backend=" + backend +
                         (target.empty() ? "" : " target=" + target) +
                         (fuseEpilogue ? "" : " fuse-epilogue=false") +
                         (mergeOnlineLoops ? "" : " merge-online-loops=false") +
                         "}";
  std::string pipelineError;
  llvm::raw_string_ostream pipelineErrors(pipelineError);
  if (failed(parsePassPipeline(pipeline, pm, pipelineErrors)))
    usageError(pipelineError);
  // MLIR's debugging flags (--mlir-print-ir-after-all, --mlir-timing, ...).
  if (failed(applyPassManagerCLOptions(pm)))
    usageError("bad pass manager options (see above)");
  auto timing = std::make_unique<DefaultTimingManager>();
  applyDefaultTimingManagerCLOptions(*timing);
  pm.enableTiming(std::move(timing));
  if (failed(pm.run(module)))
    fail("compiling the kernel failed (see above)");
}

/// What compiling the kernel gives: the MSL to run (--run-msl's, if
/// given), its ABI, and how the reference must round to match it.
struct CompiledKernel {
  std::string msl, abiText;
  interp::RunOptions referenceOptions;
};

/// Compiles `kernel` (which it replaces) alone to MSL and its ABI: the
/// parameters keep their source names in both. Writes --emit-msl.
static CompiledKernel compileKernel(MLIRContext &context, ModuleOp module,
                                    func::FuncOp kernel,
                                    llvm::ArrayRef<std::string> names) {
  // Only the kernel that runs is compiled: another kernel of the file may
  // not fit this target.
  SmallVector<func::FuncOp> others;
  module->walk([&](func::FuncOp f) {
    if (f != kernel && f->hasAttr("tile.kernel"))
      others.push_back(f);
  });
  for (func::FuncOp f : others)
    f.erase();
  for (auto [i, name] : llvm::enumerate(names))
    kernel.setArgAttr(i, tile::TileDialect::getArgNameAttrName(),
                      StringAttr::get(&context, name));
  runPipeline(context, module);
  // Tensor-ops dots on f32 operands may round them to a 10-bit mantissa
  // (relaxed_precision, as M5 may; the emulator truncates): the reference
  // does the same, so that the comparison stays as tight as elsewhere.
  CompiledKernel compiled;
  module->walk([&](tile::applegpu::Matmul2dOp op) {
    if (op.getOp().getRelaxedPrecision())
      compiled.referenceOptions.relaxedF32Dots = true;
  });
  llvm::raw_string_ostream mslStream(compiled.msl), abiStream(compiled.abiText);
  if (failed(msl::translateToMSL(module, mslStream, &abiStream)))
    fail("translating the kernel to MSL failed (see above)");
  if (!emitMSL.empty()) {
    std::error_code ec;
    llvm::raw_fd_ostream out(emitMSL, ec);
    if (ec)
      usageError("cannot write '" + emitMSL + "': " + ec.message());
    out << compiled.msl;
  }
  if (!replacementMSL.empty()) {
    auto replacement = llvm::MemoryBuffer::getFile(replacementMSL);
    if (!replacement)
      usageError("cannot read '" + replacementMSL +
                 "': " + replacement.getError().message());
    compiled.msl = (*replacement)->getBuffer().str();
  }
  return compiled;
}

/// Marks the buffers the kernel writes, as the ABI says (by each buffer's
/// [[buffer(index)]]).
static void markWrittenBuffers(const llvm::json::Object &abiKernel,
                               std::vector<Binding> &bindings) {
  if (const llvm::json::Array *buffers = abiKernel.getArray("buffers"))
    for (const llvm::json::Value &v : *buffers) {
      const llvm::json::Object *o = v.getAsObject();
      int64_t index = o->getInteger("index").value_or(-1);
      llvm::StringRef access = o->getString("access").value_or("");
      for (Binding &b : bindings)
        if (b.index == index)
          b.written = access == "write" || access == "read_write";
    }
}

/// Runs the source kernel in the tile interpreter on `reference` (copies
/// of the inputs); `bounds` receives, beside each reference buffer, the
/// bound on each element's distance from the reference that a correct
/// implementation keeps.
static void runReference(func::FuncOp sourceKernel,
                         std::vector<Binding> &reference,
                         std::vector<std::vector<double>> &bounds,
                         std::array<int64_t, 3> grid,
                         const interp::RunOptions &options) {
  std::vector<interp::Argument> args;
  for (auto [binding, bound] : llvm::zip(reference, bounds)) {
    interp::Argument a;
    if (binding.isBuffer) {
      a.data = binding.data.data();
      a.numElements = binding.data.size() / elementBytes(binding.element);
      bound.assign(a.numElements, 0.0);
      a.errorBound = bound.data();
    } else {
      a.floatValue = binding.scalarFloat;
      a.intValue = binding.scalarInt;
    }
    args.push_back(a);
  }
  if (failed(interp::runKernel(sourceKernel, args, grid, options)))
    fail("the tile interpreter failed (see above)");
}

/// Compares every buffer the kernel writes with the reference and prints
/// the result; 1 if one differs beyond its tolerance, else 0.
static int compareWithReference(llvm::ArrayRef<Binding> bindings,
                                llvm::ArrayRef<Binding> reference,
                                llvm::ArrayRef<std::vector<double>> bounds) {
  int status = 0;
  std::optional<Tolerance> fixed;
  if (rtolOption >= 0 || atolOption >= 0)
    fixed = Tolerance{std::max(0.0, double(rtolOption)),
                      std::max(0.0, double(atolOption))};
  for (auto [emulated, ref, bound] : llvm::zip(bindings, reference, bounds)) {
    if (!emulated.isBuffer || !emulated.written)
      continue;
    int64_t count = emulated.data.size() / elementBytes(emulated.element);
    Comparison c = compareBuffers(emulated.element, emulated.data.data(),
                                  ref.data.data(), count, bound.data(), fixed);
    printComparison(llvm::outs(), emulated.name, c, fixed);
    if (c.mismatches != 0)
      status = 1;
  }
  return status;
}

/// tile-run KERNEL.mlir: compile, emulate, and compare with the interpreter.
static int runTileKernel(std::optional<std::array<int64_t, 3>> requestedGrid) {
  DialectRegistry registry;
  registerTileDialects(registry);
  registerAllTilePasses();
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  AsmParserState state;
  OwningOpRef<ModuleOp> module = parseInput(context, sourceMgr, state);
  if (!module)
    return 1;
  FailureOr<func::FuncOp> kernel = findTileKernel(*module);
  if (failed(kernel))
    return 1;

  std::vector<std::string> names = parameterNames(*kernel, state);
  llvm::StringMap<ArgSpec> specs = collectSpecs();
  checkSpecNames(specs, names);
  std::vector<Binding> bindings = bindingsFromKernel(*kernel, names, specs);
  auto outputs = outputsOf(bindings);
  checkPrintRequests(bindings);

  // The reference runs after compiling (it needs to know what the backend
  // chose), on a copy of the source kernel.
  OwningOpRef<ModuleOp> source = module->clone();
  func::FuncOp sourceKernel =
      source->lookupSymbol<func::FuncOp>(kernel->getSymName());
  std::string name = kernel->getSymName().str();
  CompiledKernel compiled = compileKernel(context, *module, *kernel, names);
  llvm::Expected<llvm::json::Value> abi = llvm::json::parse(compiled.abiText);
  if (!abi)
    fail("internal error: bad ABI JSON");
  const llvm::json::Object *abiKernel = findKernel(*abi);
  if (!abiKernel)
    fail("internal error: the kernel is missing from the ABI");
  markWrittenBuffers(*abiKernel, bindings);
  std::array<int64_t, 3> grid = launchGrid(requestedGrid, *abiKernel, bindings);

  std::vector<Binding> reference = bindings;
  std::vector<std::vector<double>> bounds(reference.size());
  if (compare)
    runReference(sourceKernel, reference, bounds, grid,
                 compiled.referenceOptions);

  TmeStats stats = {};
  std::string error;
  LaunchExtras extras;
  extras.sourceName = replacementMSL; // errors in --run-msl name its file
  if (!emulate(compiled.msl, *abiKernel, bindings, grid, schedules,
               launchFlags(), defaultCacheDir(), stats, error, extras))
    fail(error);
  if (std::optional<std::string> message = uninitializedReads(stats, name))
    fail(*message);
  llvm::outs() << "ran " << name << " on the emulator: ok\n";

  int status = compare ? compareWithReference(bindings, reference, bounds) : 0;
  if (printStats)
    printStatsTable(stats, bindings);
  printRequestedBuffers(bindings);
  writeOutputs(bindings, outputs);
  return status;
}

int main(int argc, char **argv) {
  if (cl::Option *stats = cl::getRegisteredOptions().lookup("stats")) {
    stats->setDescription("Print the emulator's counters (threadgroups, "
                          "threads, barriers, MMAs, bytes moved)");
    // LLVM registers it hidden; for tile-run it is a main output.
    stats->addCategory(runOptions);
    stats->setHiddenFlag(cl::NotHidden);
  }
  // MLIR's debugging flags work as in tile-opt (not listed by --help); the
  // passes are registered first, for --mlir-print-ir-after=<pass>.
  registerAllTilePasses();
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  // A failing pass: one located line, not the kernel in generic form.
  tile::quietDiagnosticsByDefault();
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  tile::addVersionPrinter();
  cl::HideUnrelatedOptions(runOptions);
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "tile-run: run a tile kernel (or MSL with its ABI) on the Metal "
          "emulator\n",
          &errorStream)) {
    llvm::errs() << errors;
    return 2;
  }
  printStats = llvm::AreStatisticsEnabled();
  std::optional<std::array<int64_t, 3>> grid = parseGrid();
  if (schedules == 0 || schedules == 2)
    usageError("--schedules must be 1 (a single run, no race detection) or "
               "at least 3 (forward, reverse, shuffled)");
  setProgressMode(progressOption);
  if (llvm::StringRef(inputFile).ends_with(".metal")) {
    if (!replacementMSL.empty())
      usageError("--run-msl replaces a tile kernel's code; the input is "
                 "already MSL");
    return runMSL(grid);
  }
  refuseMSLOptions();
  return runTileKernel(grid);
}
