//===- StructFields.cpp - struct arguments from their fields --------------===//
//
// `--arg params={M=3,N=4,scale=0.5}`: a `constant Params&` parameter made
// from its fields by name. The compiled kernel reports the struct's layout
// (tme_module_param_fields), so offsets, padding and field types are the
// compiler's, not a guess from the source text.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <cstring>

using namespace tile::run;

namespace {
struct Field {
  std::string name, type;
  unsigned long offset, size;
  int kind;
};
} // namespace

static void collectField(void *ctx, const char *name, const char *type,
                         unsigned long offset, unsigned long size, int kind) {
  static_cast<std::vector<Field> *>(ctx)->push_back(
      {name, type, offset, size, kind});
}

/// The scalar type tile-run's scalar parsing takes for a field, or "" for
/// one it cannot write.
static llvm::StringRef scalarTypeOf(const Field &f) {
  switch (f.kind) {
  case TME_FIELD_SIGNED:
    return f.size == 1   ? "char"
           : f.size == 2 ? "short"
           : f.size == 4 ? "int"
           : f.size == 8 ? "long"
                         : "";
  case TME_FIELD_UNSIGNED:
    return f.size == 1   ? "uchar"
           : f.size == 2 ? "ushort"
           : f.size == 4 ? "uint"
           : f.size == 8 ? "ulong"
                         : "";
  case TME_FIELD_FLOAT:
    return f.size == 2 ? "half" : f.size == 4 ? "float" : "";
  case TME_FIELD_BFLOAT:
    return "bfloat";
  case TME_FIELD_BOOL:
    return "bool";
  default:
    return "";
  }
}

void tile::run::fillStructFields(const TmeModule *module,
                                 std::vector<Binding> &bindings) {
  for (auto [i, b] : llvm::enumerate(bindings)) {
    if (!b.fromFields)
      continue;
    std::vector<Field> fields;
    unsigned long size =
        tme_module_param_fields(module, i, collectField, &fields);
    if (size == 0)
      usageError("parameter '" + b.name +
                 "' is not a struct: "
                 "{FIELD=VALUE,...} is for a `constant T&` struct");
    b.data.assign(size, 0); // fields not given are zero
    for (const auto &given : b.fields) {
      const std::string &fieldName = given.first, &valueText = given.second;
      auto f = llvm::find_if(
          fields, [&](const Field &x) { return x.name == fieldName; });
      if (f == fields.end()) {
        std::vector<std::string> names;
        for (const Field &x : fields)
          names.push_back(x.name);
        usageError("parameter '" + b.name + "' has no field '" + fieldName +
                   "'; its fields are: " + llvm::join(names, ", "));
      }
      llvm::StringRef type = scalarTypeOf(*f);
      if (type.empty())
        usageError("field '" + fieldName + "' of parameter '" + b.name + "' (" +
                   f->type +
                   ") cannot be given by name: only whole scalar fields can, "
                   "not nested structs, bit-fields, arrays or vectors (pass "
                   "the struct's bytes with @FILE.bin)");
      std::string value = valueText;
      if (type == "bool" && (value == "true" || value == "false"))
        value = value == "true" ? "1" : "0";
      ArgSpec spec;
      spec.scalarText = value;
      llvm::StringMap<ArgSpec> one;
      std::string qualified = b.name + "." + fieldName;
      one[qualified] = spec;
      Binding scalar = makeBinding(one, qualified, /*isBuffer=*/false,
                                   std::nullopt, type, ParamLimit{});
      std::memcpy(b.data.data() + f->offset, scalar.data.data(),
                  std::min<size_t>(scalar.data.size(), f->size));
    }
  }
}
