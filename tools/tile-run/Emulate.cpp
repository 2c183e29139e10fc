//===- Emulate.cpp - run MSL on the Metal emulator ------------------------===//

#include "Emulate.h"

#include "llvm/ADT/STLExtras.h"

using namespace tile::run;

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
                        TmeStats &stats, std::string &error) {
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
            " arguments but " + std::to_string(bindings.size()) +
            " are bound";
    return false;
  }
  std::vector<TmeParam> tmeParams;
  for (const Param &p : params)
    tmeParams.push_back({p.name.c_str(), p.mslType.c_str(),
                         static_cast<unsigned>(p.index)});
  std::vector<std::string> builtinNames = stringList(kernel, "builtins");
  std::vector<const char *> builtins = cStrings(builtinNames);
  // The options the ABI asks the kernel to be compiled with (-fno-fast-math).
  std::vector<std::string> optionTexts = stringList(kernel, "compile_options");
  std::vector<const char *> options = cStrings(optionTexts);
  std::string name = kernel.getString("name").value_or("").str();
  TmeSignature signature = {name.c_str(),    tmeParams.data(), tmeParams.size(),
                            builtins.data(), builtins.size(),  options.data(),
                            options.size()};

  char message[4096] = {0};
  TmeModule *module = nullptr;
  if (tme_module_load(msl.c_str(), &signature, cacheDir.c_str(), &module,
                      message, sizeof(message)) != 0) {
    error = message;
    return false;
  }
  std::vector<TmeBinding> tmeBindings;
  for (Binding &b : bindings)
    tmeBindings.push_back({b.data.data(), b.data.size()});
  TmeLaunch launch = {};
  for (int d = 0; d < 3; ++d)
    launch.grid[d] = static_cast<unsigned>(grid[d]);
  launch.threads[0] = launch.threads[1] = launch.threads[2] = 1;
  if (const llvm::json::Array *threads = kernel.getArray("threads_per_threadgroup"))
    for (auto [d, v] : llvm::enumerate(*threads))
      if (d < 3)
        launch.threads[d] = static_cast<unsigned>(v.getAsInteger().value_or(1));
  launch.schedules = schedules;
  launch.seed = 1;
  launch.flags = flags;
  int status = tme_run(module, tmeBindings.data(), tmeBindings.size(), &launch,
                       &stats, message, sizeof(message));
  tme_module_free(module);
  if (status != 0) {
    error = message;
    return false;
  }
  return true;
}
