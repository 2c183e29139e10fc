//===- Bindings.cpp - kernel arguments from --arg specs
//--------------------===//
//
// One parameter's binding from its --arg spec: a buffer's contents, or a
// scalar's bytes in the parameter's MSL type, range-checked.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "tile/Support/BFloat16.h"

#include "llvm/ADT/Twine.h"

#include <cmath>
#include <cstring>

namespace tile::run {

/// Makes the binding of parameter `name`: a buffer of `element` or a scalar
/// of MSL type `scalarType` ("uint", "int", "float", ...).
Binding makeBinding(const llvm::StringMap<ArgSpec> &specs, llvm::StringRef name,
                    bool isBuffer, std::optional<ElementType> element,
                    llvm::StringRef scalarType, ParamLimit limit) {
  auto it = specs.find(name);
  if (it == specs.end())
    usageError("missing --arg for parameter '" + name + "'");
  const ArgSpec &spec = it->second;
  Binding b;
  b.name = name.str();
  b.isBuffer = isBuffer;
  if (spec.fill == ArgSpec::Fill::Fields) {
    if (isBuffer)
      usageError("parameter '" + name +
                 "' is a buffer: {FIELD=VALUE,...} "
                 "is for a `constant T&` struct");
    b.fields = spec.fields;
    b.fromFields = true;
    b.untyped = true;
    return b;
  }
  if (spec.fill == ArgSpec::Fill::Raw) {
    b.data = spec.fileData;
    b.element = element.value_or(ElementType::U32);
    b.untyped = !element;
    return b;
  }
  if (isBuffer) {
    if (!spec.isBuffer)
      usageError("parameter '" + name +
                 "' is a buffer: give TYPE:COUNT:random|zeros|ones");
    if (spec.fill == ArgSpec::Fill::Alias) {
      // The other parameter's buffer (LaunchExtras::aliasOf, RunMSL.cpp).
      b.element = element.value_or(ElementType::F32);
      return b;
    }
    if (!element || !(limit.anyElement || bindsAs(spec.element, *element)))
      usageError("buffer '" + name + "' holds " +
                 (element ? elementName(*element).str() + " elements"
                          : std::string("elements of a type tile-run cannot "
                                        "make (pass its bytes: @FILE.bin)")) +
                 ", not " + elementName(spec.element));
    if (spec.count % limit.lanes != 0)
      usageError("buffer '" + name + "' holds vectors of " +
                 llvm::Twine(limit.lanes) + " " + elementName(*element) +
                 ": give a multiple of " + llvm::Twine(limit.lanes) +
                 " elements, not " + llvm::Twine(spec.count));
    b.element = spec.element;
    if (limit.maxElements && spec.count > *limit.maxElements)
      usageError("buffer '" + name + "' has " + llvm::Twine(spec.count) +
                 " elements, more than the " + llvm::Twine(*limit.maxElements) +
                 " the kernel's ABI allows (its indices are 32-bit ints)");
    b.data = makeBufferData(spec);
    return b;
  }
  if (spec.isBuffer)
    usageError("parameter '" + name + "' is a scalar: give NAME=VALUE");
  llvm::StringRef text = spec.scalarText;
  scalarType = canonicalScalarType(scalarType);
  auto put = [&](const void *bytes, size_t size) {
    b.data.resize(size);
    std::memcpy(b.data.data(), bytes, size);
  };
  if (scalarType == "float" || scalarType == "half" || scalarType == "bfloat") {
    double v;
    if (text.getAsDouble(v))
      usageError("parameter '" + name + "' needs a number, got '" + text + "'");
    float f = static_cast<float>(v);
    b.scalarFloat = f;
    if (scalarType == "half") {
      _Float16 h = static_cast<_Float16>(f);
      b.scalarFloat = static_cast<double>(h);
      put(&h, 2);
    } else if (scalarType == "bfloat") {
      uint16_t h = tile::floatToBFloat16Bits(f);
      b.scalarFloat = tile::bfloat16BitsToFloat(h);
      put(&h, 2);
    } else {
      put(&f, 4);
    }
    // A finite value that rounds to infinity would silently change the run.
    if (std::isfinite(v) && !std::isfinite(b.scalarFloat))
      usageError("parameter '" + name + "' (" + scalarType + ") cannot hold " +
                 text + ": it overflows to infinity");
    return b;
  }
  int64_t v;
  if (text.getAsInteger(10, v))
    usageError("parameter '" + name + "' needs an integer, got '" + text + "'");
  b.scalarInt = v;
  auto range = [&](int64_t lo, int64_t hi, llvm::StringRef what) {
    if (v < lo || v > hi)
      usageError("parameter '" + name + "' must be between " + llvm::Twine(lo) +
                 " and " + llvm::Twine(hi) + " (" + what + "), got " + text);
  };
  if (scalarType == "uint") {
    // An index is a uint in the ABI but a 32-bit int inside the generated
    // MSL, with headroom for tile coordinates (the ABI's max_value).
    if (limit.maxValue)
      range(0, *limit.maxValue,
            "the kernel's ABI limit: index values are 32-bit ints in the "
            "generated MSL");
    else
      range(0, UINT32_MAX, "a 32-bit uint");
    uint32_t x = static_cast<uint32_t>(v);
    put(&x, 4);
  } else if (scalarType == "int") {
    range(INT32_MIN, INT32_MAX, "a 32-bit int");
    int32_t x = static_cast<int32_t>(v);
    put(&x, 4);
  } else if (scalarType == "long" || scalarType == "ulong") {
    if (scalarType == "ulong")
      range(0, INT64_MAX, "a 64-bit ulong");
    put(&v, 8);
  } else if (scalarType == "ushort" || scalarType == "uchar") {
    bool isShort = scalarType == "ushort";
    range(0, isShort ? UINT16_MAX : UINT8_MAX, scalarType);
    put(&v, isShort ? 2 : 1); // little-endian: the low bytes
  } else if (scalarType == "short") {
    range(INT16_MIN, INT16_MAX, "a 16-bit short");
    int16_t x = static_cast<int16_t>(v);
    put(&x, 2);
  } else if (scalarType == "char" || scalarType == "bool") {
    if (scalarType == "bool")
      range(0, 1, "a bool");
    else
      range(INT8_MIN, INT8_MAX, "an 8-bit char");
    int8_t x = static_cast<int8_t>(v);
    put(&x, 1);
  } else {
    usageError("parameter '" + name +
               "' has a scalar type tile-run cannot "
               "pass ('" +
               scalarType + "')");
  }
  return b;
}

const Binding *bindingAtIndex(llvm::ArrayRef<Binding> bindings, int64_t index) {
  for (const Binding &b : bindings)
    if (b.index == index)
      return &b;
  return nullptr;
}

} // namespace tile::run
