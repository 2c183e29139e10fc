//===- Emulate.cpp - run MSL on the Metal emulator ------------------------===//

#include "Emulate.h"

#include "llvm/ADT/STLExtras.h"

using namespace tile::run;

static ProgressMode progressMode = ProgressMode::Auto;
void tile::run::setProgressMode(ProgressMode mode) { progressMode = mode; }

/// The strings of array `key` of the ABI's kernel object (none if absent).
static std::vector<std::string> stringList(const llvm::json::Object &kernel,
                                           llvm::StringRef key) {
  std::vector<std::string> strings;
  if (const llvm::json::Array *list = kernel.getArray(key))
    for (const llvm::json::Value &v : *list)
      if (std::optional<llvm::StringRef> s = v.getAsString())
        strings.push_back(s->str());
  return strings;
}

/// C views of `strings`, valid while they live.
static std::vector<const char *>
cStrings(const std::vector<std::string> &strings) {
  std::vector<const char *> views;
  for (const std::string &s : strings)
    views.push_back(s.c_str());
  return views;
}

bool tile::run::emulate(const std::string &msl,
                        const llvm::json::Object &kernel,
                        std::vector<Binding> &bindings,
                        std::array<int64_t, 3> grid, unsigned schedules,
                        unsigned flags, const std::string &cacheDir,
                        TmeStats &stats, std::string &error,
                        const LaunchExtras &extras) {
  // The signature: bound arguments in [[buffer]] order, then builtins.
  struct Param {
    int64_t index;
    std::string name, mslType;
  };
  std::vector<Param> params;
  for (llvm::StringRef group : {"buffers", "scalars"})
    if (const llvm::json::Array *list = kernel.getArray(group))
      for (const llvm::json::Value &v : *list)
        if (const llvm::json::Object *o = v.getAsObject())
          params.push_back({o->getInteger("index").value_or(0),
                            o->getString("name").value_or("").str(),
                            o->getString("msl_type").value_or("").str()});
  llvm::sort(params,
             [](const Param &a, const Param &b) { return a.index < b.index; });
  if (params.size() != bindings.size()) {
    error = "the ABI lists " + std::to_string(params.size()) +
            " arguments but " + std::to_string(bindings.size()) + " are bound";
    return false;
  }
  std::vector<TmeParam> tmeParams;
  for (const Param &p : params)
    tmeParams.push_back(
        {p.name.c_str(), p.mslType.c_str(), static_cast<unsigned>(p.index)});
  std::vector<std::string> builtinNames = stringList(kernel, "builtins");
  std::vector<const char *> builtins = cStrings(builtinNames);
  // The options the ABI asks the kernel to be compiled with (-fno-fast-math).
  std::vector<std::string> optionTexts = stringList(kernel, "compile_options");
  std::vector<const char *> options = cStrings(optionTexts);
  std::string name = kernel.getString("name").value_or("").str();
  TmeSignature signature = {};
  signature.kernel_name = name.c_str();
  signature.params = tmeParams.data();
  signature.num_params = tmeParams.size();
  signature.builtins = builtins.data();
  signature.num_builtins = builtins.size();
  signature.compile_options = options.data();
  signature.num_compile_options = options.size();
  std::vector<TmeFunctionConstant> constants;
  for (const auto &[constantName, value] : extras.functionConstants)
    constants.push_back({constantName.c_str(), value.c_str()});
  TmeKernelOptions kernelOptions = {};
  kernelOptions.function_constants = constants.data();
  kernelOptions.num_function_constants = constants.size();
  std::vector<TmeThreadgroupParam> threadgroupParams;
  for (const auto &[index, bytes] : extras.threadgroupBuffers)
    threadgroupParams.push_back({index, bytes});
  kernelOptions.threadgroup_params = threadgroupParams.data();
  kernelOptions.num_threadgroup_params = threadgroupParams.size();
  if (!extras.sourceName.empty())
    kernelOptions.source_name = extras.sourceName.c_str();

  char message[4096] = {0};
  TmeModule *module = nullptr;
  if (tme_module_load_ex(msl.c_str(), &signature, &kernelOptions,
                         cacheDir.c_str(), &module, message,
                         sizeof(message)) != 0) {
    error = message;
    return false;
  }
  fillStructFields(module, bindings);
  // A binding that aliases another passes the other's memory: the emulator
  // then gives both parameters one buffer.
  std::vector<TmeBinding> tmeBindings;
  for (auto [i, b] : llvm::enumerate(bindings)) {
    int other = i < extras.aliasOf.size() ? extras.aliasOf[i] : -1;
    Binding &owner = other >= 0 ? bindings[other] : b;
    tmeBindings.push_back({owner.data.data(), owner.data.size()});
  }
  TmeLaunch launch = {};
  for (int d = 0; d < 3; ++d)
    launch.grid[d] = static_cast<unsigned>(grid[d]);
  launch.threads[0] = launch.threads[1] = launch.threads[2] = 1;
  if (const llvm::json::Array *threads =
          kernel.getArray("threads_per_threadgroup"))
    for (auto [d, v] : llvm::enumerate(*threads))
      if (d < 3)
        launch.threads[d] = static_cast<unsigned>(v.getAsInteger().value_or(1));
  for (int d = 0; d < 3; ++d) {
    if (extras.threadsPerThreadgroup[d])
      launch.threads[d] = extras.threadsPerThreadgroup[d];
    launch.threads_per_grid[d] = extras.threadsPerGrid[d];
  }
  launch.schedules = schedules;
  launch.seed = 1;
  launch.flags = flags;
  int status;
  {
    ProgressLine progress(progressMode);
    launch.progress = &ProgressLine::update;
    launch.progress_user = progress.user();
    status = tme_run(module, tmeBindings.data(), tmeBindings.size(), &launch,
                     &stats, message, sizeof(message));
  }
  tme_module_free(module);
  if (status != 0) {
    error = message;
    return false;
  }
  for (auto [i, b] : llvm::enumerate(bindings))
    if (i < extras.aliasOf.size() && extras.aliasOf[i] >= 0)
      b.data = bindings[extras.aliasOf[i]].data;
  return true;
}
