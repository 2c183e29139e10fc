//===- RunMSL.cpp - tile-run on Metal source ------------------------------===//
//
//   tile-run FILE.metal [--abi FILE.json] [--kernel NAME] --grid X[,Y[,Z]]
//            | --threads-per-grid X[,Y[,Z]]  --arg ...
//
// Runs a .metal file's kernel on the emulator. Its parameters come from the
// ABI JSON (tile-translate --msl-abi) or, without one, from the kernel's
// declaration in the source ([[buffer(n)]], [[threadgroup(n)]] and builtin
// attributes); the threadgroup size then comes from
// --threads-per-threadgroup. Also what hand-written kernels need and the
// compiler never emits: function constants (--constant), host-sized
// threadgroup memory (--threadgroup-memory), dispatchThreads-style launches
// with partial threadgroups (--threads-per-grid), a buffer bound twice
// (--arg b=@a), and --print to see a buffer's values.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"
#include "Stats.h"

#include "tile/Runtime/MetalEmulator.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

using namespace tile::run;
namespace cl = llvm::cl;

static cl::list<std::string>
    printSpecs("print", cl::cat(runOptions),
               cl::desc("NAME: after the run, print the values of buffer NAME"),
               cl::value_desc("NAME"));
static cl::list<std::string> constantSpecs(
    "constant", cl::cat(runOptions),
    cl::desc("NAME=VALUE: the value of function constant NAME (or of index "
             "NAME); constants not given are undefined, as when a pipeline "
             "sets none (MSL inputs)"),
    cl::value_desc("NAME=VALUE"));
static cl::list<std::string> threadgroupMemorySpecs(
    "threadgroup-memory", cl::cat(runOptions),
    cl::desc("N=BYTES: the size of the [[threadgroup(N)]] parameter's "
             "memory, a multiple of 16 (setThreadgroupMemoryLength; MSL "
             "inputs)"),
    cl::value_desc("N=BYTES"));
static cl::list<std::string> includeDirs(
    "I", cl::Prefix, cl::cat(runOptions),
    cl::desc("DIR: also look for the kernel's #include files in DIR (after "
             "the including file's directory; MSL inputs)"),
    cl::value_desc("DIR"));
static cl::list<std::string> macroDefinitions(
    "D", cl::Prefix, cl::cat(runOptions),
    cl::desc("NAME[=VALUE]: define a macro before the kernel's source, as "
             "Metal's preprocessorMacros do (MSL inputs)"),
    cl::value_desc("NAME[=VALUE]"));
static cl::opt<std::string> threadsPerGridText(
    "threads-per-grid", cl::cat(runOptions),
    cl::desc("X[,Y[,Z]]: launch this many threads (dispatchThreads): the "
             "last threadgroups are partial, instead of --grid whole "
             "threadgroups (MSL inputs)"));
static cl::opt<std::string> threadsPerThreadgroupText(
    "threads-per-threadgroup", cl::cat(runOptions),
    cl::desc("X[,Y[,Z]]: threads per threadgroup (MSL inputs; needed "
             "without --abi, overrides the ABI's)"));

/// "X[,Y[,Z]]" of positive integers, or usage error naming `option`.
static std::array<unsigned, 3> parseExtents(llvm::StringRef text,
                                            llvm::StringRef option) {
  std::array<unsigned, 3> extents = {1, 1, 1};
  llvm::SmallVector<llvm::StringRef, 3> parts;
  text.split(parts, ',');
  if (parts.size() > 3)
    usageError("--" + option + " takes at most 3 sizes, got '" + text + "'");
  for (auto [i, part] : llvm::enumerate(parts))
    if (part.trim().getAsInteger(10, extents[i]) || extents[i] == 0)
      usageError("--" + option + " needs positive integers, got '" + text +
                 "'");
  return extents;
}

/// The element type name of an MSL parameter type: "device const float*"
/// -> "float".
static std::string elementTypeName(llvm::StringRef mslType) {
  llvm::SmallVector<llvm::StringRef, 4> words;
  mslType.split(words, ' ', -1, false);
  std::string name;
  for (llvm::StringRef w : words) {
    w = w.trim("*& ");
    if (w.empty() || llvm::is_contained({"device", "constant", "const",
                                         "thread", "volatile", "restrict"},
                                        w))
      continue;
    name = w.str();
  }
  return name;
}

/// Without --abi: an ABI-like kernel object built from the declaration,
/// so that the rest is the same as with an ABI.
static llvm::json::Object kernelFromSource(const std::string &msl,
                                           LaunchExtras &extras) {
  char message[1024] = {0};
  TmeMslKernel *raw = nullptr;
  const std::string &wanted = kernelNameOption();
  if (tme_msl_kernel_read(msl.c_str(),
                          wanted.empty() ? nullptr : wanted.c_str(), &raw,
                          message, sizeof(message)) != 0)
    usageError(inputPath() + ": " + message);
  std::unique_ptr<TmeMslKernel, void (*)(TmeMslKernel *)> kernel(
      raw, tme_msl_kernel_free);
  llvm::json::Array buffers, scalars, builtins;
  for (size_t i = 0, e = tme_msl_kernel_num_params(kernel.get()); i < e; ++i) {
    const TmeDeclaredParam *p = tme_msl_kernel_param(kernel.get(), i);
    llvm::StringRef type = p->msl_type;
    if (p->kind == TME_PARAM_BUILTIN) {
      builtins.push_back(std::string(p->builtin));
    } else if (p->kind == TME_PARAM_THREADGROUP) {
      if (!llvm::any_of(extras.threadgroupBuffers,
                        [&](auto &t) { return t.first == p->index; }))
        usageError("parameter '" + llvm::Twine(p->name) +
                   "' is threadgroup memory [[threadgroup(" +
                   llvm::Twine(p->index) +
                   ")]]: give its size with "
                   "--threadgroup-memory " +
                   llvm::Twine(p->index) + "=BYTES");
    } else {
      // std::string: a json::Value made from a char* only refers to it.
      llvm::json::Object o{{"index", p->index},
                           {"name", std::string(p->name)},
                           {"type", elementTypeName(type)},
                           {"msl_type", std::string(p->msl_type)}};
      if (type.contains('*')) {
        o["access"] = type.contains("const") ? "read" : "read_write";
        buffers.push_back(std::move(o));
      } else {
        scalars.push_back(std::move(o));
      }
    }
  }
  if (threadsPerThreadgroupText.empty())
    usageError("without --abi, give the threadgroup size: "
               "--threads-per-threadgroup X[,Y[,Z]]");
  return llvm::json::Object{
      {"name", std::string(tme_msl_kernel_name(kernel.get()))},
      {"buffers", std::move(buffers)},
      {"scalars", std::move(scalars)},
      {"builtins", std::move(builtins)}};
}

/// `--arg b=@a`: binding b shares a's buffer (emulate() passes a's memory
/// for both and gives b a's contents after the run).
static std::vector<int> aliasesOf(const std::vector<Binding> &bindings,
                                  const llvm::StringMap<ArgSpec> &specs) {
  std::vector<int> aliasOf(bindings.size(), -1);
  for (auto [i, b] : llvm::enumerate(bindings)) {
    const ArgSpec &spec = specs.find(b.name)->second;
    if (spec.fill != ArgSpec::Fill::Alias)
      continue;
    auto other = llvm::find_if(
        bindings, [&](const Binding &o) { return o.name == spec.aliasOf; });
    if (other == bindings.end())
      usageError("--arg " + b.name + "=@" + spec.aliasOf +
                 ": the kernel has no parameter '" + spec.aliasOf +
                 "' (a NumPy file must end in .npy)");
    const ArgSpec &otherSpec = specs.find(other->name)->second;
    if (!other->isBuffer || otherSpec.fill == ArgSpec::Fill::Alias)
      usageError("--arg " + b.name + "=@" + spec.aliasOf + ": '" +
                 spec.aliasOf + "' must be a buffer with its own data");
    if (other->element != b.element)
      usageError("--arg " + b.name + "=@" + spec.aliasOf + ": '" + b.name +
                 "' holds " + elementName(b.element) + " elements but '" +
                 spec.aliasOf + "' " + elementName(other->element));
    aliasOf[i] = static_cast<int>(other - bindings.begin());
  }
  return aliasOf;
}

void tile::run::checkPrintRequests(const std::vector<Binding> &bindings) {
  for (const std::string &p : printSpecs)
    if (!llvm::any_of(bindings, [&](const Binding &b) {
          return b.name == p && b.isBuffer;
        }))
      usageError("--print " + p + ": the kernel has no buffer '" + p + "'");
}

void tile::run::refuseMSLOptions() {
  // Each fixes what a compiled kernel decides itself, or is MSL-only.
  for (const cl::Option *option :
       {static_cast<const cl::Option *>(std::addressof(constantSpecs)),
        static_cast<const cl::Option *>(std::addressof(threadgroupMemorySpecs)),
        static_cast<const cl::Option *>(std::addressof(threadsPerGridText)),
        static_cast<const cl::Option *>(
            std::addressof(threadsPerThreadgroupText))})
    if (option->getNumOccurrences() != 0)
      usageError("--" + option->ArgStr +
                 " is for MSL inputs (.metal); a tile kernel's compiled code "
                 "sets it");
}

static void printBuffer(const Binding &b) {
  llvm::outs() << b.name << ":";
  if (b.untyped) { // a struct's bytes
    for (unsigned char byte : b.data)
      llvm::outs() << " " << llvm::format_hex_no_prefix(byte, 2);
    llvm::outs() << "\n";
    return;
  }
  int64_t count = b.data.size() / elementBytes(b.element);
  bool integer = isIntegerElement(b.element);
  for (int64_t i = 0; i < count; ++i) {
    double v = readElement(b.element, b.data.data(), i);
    if (integer)
      llvm::outs() << " " << static_cast<int64_t>(v);
    else
      llvm::outs() << " " << llvm::format("%.9g", v);
  }
  llvm::outs() << "\n";
}

void tile::run::printRequestedBuffers(const std::vector<Binding> &bindings) {
  for (const std::string &p : printSpecs)
    for (const Binding &b : bindings)
      if (b.name == p)
        printBuffer(b);
}

/// The input with its own headers in place and the -D macros first
/// (tme_msl_read_source).
static std::string readSource() {
  std::vector<const char *> dirs, defines;
  for (const std::string &d : includeDirs)
    dirs.push_back(d.c_str());
  for (const std::string &d : macroDefinitions)
    defines.push_back(d.c_str());
  char *text = nullptr;
  char message[1024] = {0};
  if (tme_msl_read_source(inputPath().c_str(), dirs.data(), dirs.size(),
                          defines.data(), defines.size(), &text, message,
                          sizeof(message)) != 0)
    usageError(message);
  std::string msl(text);
  free(text);
  return msl;
}

int tile::run::runMSL(std::optional<std::array<int64_t, 3>> requestedGrid) {
  if (compareRequested())
    usageError("--compare needs a tile kernel (.mlir) input");
  std::string msl = readSource();

  LaunchExtras extras;
  extras.sourceName = inputPath();
  for (const std::string &text : constantSpecs) {
    auto [name, value] = llvm::StringRef(text).split('=');
    if (name.empty() || value.empty())
      usageError("--constant " + text + ": expected NAME=VALUE");
    extras.functionConstants.emplace_back(name.str(), value.str());
  }
  for (const std::string &text : threadgroupMemorySpecs) {
    auto [index, bytes] = llvm::StringRef(text).split('=');
    unsigned n;
    size_t size;
    if (index.getAsInteger(10, n) || bytes.getAsInteger(10, size))
      usageError("--threadgroup-memory " + text + ": expected N=BYTES");
    extras.threadgroupBuffers.emplace_back(n, size);
  }
  if (!threadsPerThreadgroupText.empty())
    extras.threadsPerThreadgroup =
        parseExtents(threadsPerThreadgroupText, "threads-per-threadgroup");

  llvm::json::Object kernel;
  if (!abiPath().empty()) {
    auto abiText = llvm::MemoryBuffer::getFile(abiPath());
    if (!abiText)
      usageError("cannot read '" + abiPath() + "'");
    llvm::Expected<llvm::json::Value> abi =
        llvm::json::parse((*abiText)->getBuffer());
    if (!abi)
      usageError("'" + abiPath() +
                 "' is not JSON: " + llvm::toString(abi.takeError()));
    const llvm::json::Object *found = findKernel(*abi);
    if (!found)
      usageError(
          "no kernel" +
          (kernelNameOption().empty() ? std::string()
                                      : " '" + kernelNameOption() + "'") +
          " in '" + abiPath() + "' (use --kernel NAME when there are several)");
    kernel = *found;
  } else {
    kernel = kernelFromSource(msl, extras);
  }
  std::string name = kernel.getString("name").value_or("kernel").str();

  llvm::StringMap<ArgSpec> specs = collectSpecs();
  std::vector<Binding> bindings = bindingsFromABI(kernel, specs);
  extras.aliasOf = aliasesOf(bindings, specs);
  auto outputs = outputsOf(bindings);
  checkPrintRequests(bindings);

  std::array<int64_t, 3> grid = {1, 1, 1};
  if (!threadsPerGridText.empty()) {
    if (requestedGrid)
      usageError("give either --grid (threadgroups) or --threads-per-grid "
                 "(threads), not both");
    extras.threadsPerGrid =
        parseExtents(threadsPerGridText, "threads-per-grid");
  } else {
    grid = launchGrid(requestedGrid, kernel, bindings);
  }

  TmeStats stats = {};
  std::string error;
  if (!emulate(msl, kernel, bindings, grid, scheduleCount(), launchFlags(),
               defaultCacheDir(), stats, error, extras))
    fail(error);
  if (std::optional<std::string> message = uninitializedReads(stats, name))
    fail(*message);
  for (auto [i, b] : llvm::enumerate(bindings))
    if (i < 64 && (stats.float_atomic_buffers >> i) & 1)
      llvm::errs() << "tile-run: note: buffer '" << b.name
                   << "' is updated with float atomics, whose result depends "
                      "on the order of the threads; it was not compared "
                      "across schedules\n";
  llvm::outs() << "ran " << name << " on the emulator: ok\n";
  if (statsRequested())
    printStatsTable(stats, bindings);
  printRequestedBuffers(bindings);
  writeOutputs(bindings, outputs);
  return 0;
}
