//===- Arguments.cpp - kernel arguments from the tile-run command line ----===//

#include "Arguments.h"
#include "Npy.h"

#include "tile/Support/BFloat16.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstring>
#include <type_traits>

using namespace tile::run;

unsigned tile::run::elementBytes(ElementType type) {
  switch (type) {
  case ElementType::I8:
  case ElementType::U8:
    return 1;
  case ElementType::F16:
  case ElementType::BF16:
  case ElementType::I16:
  case ElementType::U16:
    return 2;
  case ElementType::I64:
  case ElementType::U64:
    return 8;
  default:
    return 4;
  }
}

bool tile::run::isIntegerElement(ElementType type) {
  return type != ElementType::F32 && type != ElementType::F16 &&
         type != ElementType::BF16;
}

bool tile::run::bindsAs(ElementType given, ElementType expected) {
  return given == expected ||
         (isIntegerElement(given) && isIntegerElement(expected) &&
          elementBytes(given) == elementBytes(expected));
}

llvm::StringRef tile::run::canonicalScalarType(llvm::StringRef type) {
  return llvm::StringSwitch<llvm::StringRef>(type)
      .Cases({"uint32_t", "unsigned", "unsigned int"}, "uint")
      .Case("int32_t", "int")
      .Cases({"int64_t", "ptrdiff_t"}, "long")
      .Cases({"uint64_t", "size_t"}, "ulong")
      .Case("int16_t", "short")
      .Case("uint16_t", "ushort")
      .Case("int8_t", "char")
      .Case("uint8_t", "uchar")
      .Default(type);
}

std::optional<MslElement> tile::run::mslElementType(llvm::StringRef type) {
  bool packed = type.consume_front("packed_");
  unsigned lanes = 1;
  if (type.size() > 1 && type.back() >= '2' && type.back() <= '4' &&
      !llvm::isDigit(type[type.size() - 2])) {
    lanes = type.back() - '0';
    type = type.drop_back();
  }
  // A float3 occupies 4 floats; a buffer of them is not a multiple of a
  // scalar spec's elements.
  if ((lanes == 3 && !packed) || (packed && lanes == 1))
    return std::nullopt;
  std::optional<ElementType> element =
      llvm::StringSwitch<std::optional<ElementType>>(canonicalScalarType(type))
          .Case("float", ElementType::F32)
          .Case("half", ElementType::F16)
          .Case("bfloat", ElementType::BF16)
          .Case("int", ElementType::I32)
          .Case("uint", ElementType::U32)
          .Case("long", ElementType::I64)
          .Case("ulong", ElementType::U64)
          .Case("char", ElementType::I8)
          .Case("uchar", ElementType::U8)
          .Case("short", ElementType::I16)
          .Case("ushort", ElementType::U16)
          .Case("atomic_int", ElementType::I32)
          .Case("atomic_uint", ElementType::U32)
          .Case("atomic_float", ElementType::F32)
          .Default(std::nullopt);
  if (!element || (lanes > 1 && type.starts_with("atomic_")))
    return std::nullopt;
  return MslElement{*element, lanes};
}

llvm::StringRef tile::run::elementName(ElementType type) {
  switch (type) {
  case ElementType::F32:
    return "f32";
  case ElementType::F16:
    return "f16";
  case ElementType::BF16:
    return "bf16";
  case ElementType::I32:
    return "i32";
  case ElementType::U32:
    return "u32";
  case ElementType::I64:
    return "i64";
  case ElementType::U64:
    return "u64";
  case ElementType::I8:
    return "i8";
  case ElementType::U8:
    return "u8";
  case ElementType::I16:
    return "i16";
  case ElementType::U16:
    return "u16";
  }
  return "";
}

std::optional<ElementType> tile::run::parseElementType(llvm::StringRef name) {
  for (ElementType type :
       {ElementType::F32, ElementType::F16, ElementType::BF16, ElementType::I32,
        ElementType::U32, ElementType::I64, ElementType::U64, ElementType::I8,
        ElementType::U8, ElementType::I16, ElementType::U16})
    if (elementName(type) == name)
      return type;
  return std::nullopt;
}

std::optional<ArgSpec> tile::run::parseArgSpec(llvm::StringRef text,
                                               std::string &error) {
  auto [name, value] = text.split('=');
  if (name.empty() || value.empty() || !text.contains('=')) {
    error =
        "expected NAME=VALUE or NAME=TYPE:COUNT:INIT, got '" + text.str() + "'";
    return std::nullopt;
  }
  ArgSpec spec;
  spec.name = name.str();
  if (value.starts_with("@") && value.ends_with(".bin")) {
    // Raw bytes: a buffer of any element type, or a `constant T&` struct.
    llvm::StringRef path = value.drop_front();
    auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
    if (!file || (*file)->getBufferSize() == 0) {
      error = "cannot read '" + path.str() + "'" +
              (file ? std::string(" (it is empty)") : std::string());
      return std::nullopt;
    }
    spec.fill = ArgSpec::Fill::Raw;
    llvm::StringRef bytes = (*file)->getBuffer();
    spec.fileData.assign(bytes.bytes_begin(), bytes.bytes_end());
    return spec;
  }
  if (value.starts_with("{")) {
    // A struct by field: {M=3,N=4,scale=0.5}; the types and layout come
    // from the compiled kernel (fillStructFields).
    if (!value.consume_back("}")) {
      error = "'" + text.str() + "': a struct's fields end with '}'";
      return std::nullopt;
    }
    spec.fill = ArgSpec::Fill::Fields;
    llvm::SmallVector<llvm::StringRef> items;
    value.drop_front().split(items, ',', -1, /*KeepEmpty=*/false);
    for (llvm::StringRef item : items) {
      llvm::StringRef field, fieldValue;
      std::tie(field, fieldValue) = item.split('=');
      field = field.trim();
      fieldValue = fieldValue.trim();
      if (field.empty() || fieldValue.empty()) {
        error = "'" + text.str() + "': expected FIELD=VALUE, got '" +
                item.str() + "'";
        return std::nullopt;
      }
      if (llvm::any_of(spec.fields,
                       [&](const auto &f) { return f.first == field; })) {
        error =
            "'" + text.str() + "': field '" + field.str() + "' is given twice";
        return std::nullopt;
      }
      spec.fields.emplace_back(field.str(), fieldValue.str());
    }
    return spec;
  }
  if (value.consume_front("@")) {
    // @FILE.npy reads a file; @OTHER (no .npy) binds parameter OTHER's
    // buffer again (checked once the parameters are known).
    if (!value.ends_with(".npy")) {
      spec.isBuffer = true;
      spec.fill = ArgSpec::Fill::Alias;
      spec.aliasOf = value.str();
      return spec;
    }
    llvm::Expected<NpyArray> array = readNpy(value);
    if (!array) {
      error = llvm::toString(array.takeError());
      return std::nullopt;
    }
    spec.isBuffer = true;
    spec.fill = ArgSpec::Fill::File;
    spec.element = array->element;
    spec.count = array->count;
    spec.fileData = std::move(array->data);
    return spec;
  }
  if (!value.contains(':')) {
    spec.scalarText = value.str();
    return spec;
  }
  llvm::SmallVector<llvm::StringRef, 4> parts;
  value.split(parts, ':');
  std::optional<ElementType> element = parseElementType(parts[0]);
  if (!element) {
    error =
        "unknown element type '" + parts[0].str() + "' for '" + spec.name +
        "' (expected f32, f16, bf16, i8, u8, i16, u16, i32, u32, i64 or u64)";
    return std::nullopt;
  }
  spec.isBuffer = true;
  spec.element = *element;
  if (parts.size() < 3 || parts[1].getAsInteger(10, spec.count) ||
      spec.count <= 0) {
    error = "buffer '" + spec.name +
            "' needs TYPE:COUNT:random[:SEED], TYPE:COUNT:zeros or "
            "TYPE:COUNT:ones with a positive COUNT";
    return std::nullopt;
  }
  if (parts[2] == "random") {
    spec.fill = ArgSpec::Fill::Random;
    if (parts.size() == 4 && parts[3].getAsInteger(10, spec.seed)) {
      error = "bad seed '" + parts[3].str() + "' for '" + spec.name + "'";
      return std::nullopt;
    }
    if (parts.size() > 4) {
      error = "too many fields in '" + value.str() + "'";
      return std::nullopt;
    }
  } else if (parts[2] == "zeros" || parts[2] == "ones") {
    spec.fill =
        parts[2] == "zeros" ? ArgSpec::Fill::Zeros : ArgSpec::Fill::Ones;
    if (parts.size() != 3) {
      error = "too many fields in '" + value.str() + "'";
      return std::nullopt;
    }
  } else {
    error = "unknown initializer '" + parts[2].str() + "' for '" + spec.name +
            "' (expected random, zeros or ones)";
    return std::nullopt;
  }
  return spec;
}

/// splitmix64: small, good enough, and the same everywhere.
static uint64_t nextRandom(uint64_t &state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/// One integer element: random ones in [-8, 8) (signed) or [0, 16)
/// (unsigned), exact in every float type; else the fill value.
template <class Int>
static void putInteger(unsigned char *p, const ArgSpec &spec, double v,
                       uint64_t &state) {
  Int x = static_cast<Int>(v);
  if (spec.fill == ArgSpec::Fill::Random)
    x = static_cast<Int>(static_cast<Int>(nextRandom(state) % 16) -
                         (std::is_signed_v<Int> ? 8 : 0));
  std::memcpy(p, &x, sizeof x);
}

std::vector<unsigned char> tile::run::makeBufferData(const ArgSpec &spec) {
  if (spec.fill == ArgSpec::Fill::File || spec.fill == ArgSpec::Fill::Raw)
    return spec.fileData;
  if (spec.fill == ArgSpec::Fill::Alias)
    return {}; // the other parameter's data, once bound
  unsigned bytes = elementBytes(spec.element);
  std::vector<unsigned char> data(spec.count * bytes);
  uint64_t state = spec.seed;
  for (int64_t i = 0; i < spec.count; ++i) {
    double v = spec.fill == ArgSpec::Fill::Ones ? 1.0 : 0.0;
    if (spec.fill == ArgSpec::Fill::Random)
      v = static_cast<double>(nextRandom(state) >> 11) * 0x1.0p-53 * 2.0 - 1.0;
    unsigned char *p = data.data() + i * bytes;
    switch (spec.element) {
    case ElementType::F32: {
      float f = static_cast<float>(v);
      std::memcpy(p, &f, 4);
      break;
    }
    case ElementType::F16: {
      _Float16 h = static_cast<_Float16>(v);
      std::memcpy(p, &h, 2);
      break;
    }
    case ElementType::BF16: {
      uint16_t h = tile::floatToBFloat16Bits(static_cast<float>(v));
      std::memcpy(p, &h, 2);
      break;
    }
    case ElementType::I32:
      putInteger<int32_t>(p, spec, v, state);
      break;
    case ElementType::U32:
      putInteger<uint32_t>(p, spec, v, state);
      break;
    case ElementType::I64:
      putInteger<int64_t>(p, spec, v, state);
      break;
    case ElementType::U64:
      putInteger<uint64_t>(p, spec, v, state);
      break;
    case ElementType::I8:
      putInteger<int8_t>(p, spec, v, state);
      break;
    case ElementType::U8:
      putInteger<uint8_t>(p, spec, v, state);
      break;
    case ElementType::I16:
      putInteger<int16_t>(p, spec, v, state);
      break;
    case ElementType::U16:
      putInteger<uint16_t>(p, spec, v, state);
      break;
    }
  }
  return data;
}

/// Element `i` of an array of T at `data` (unaligned).
template <class T> static T load(const unsigned char *data, int64_t i) {
  T x;
  std::memcpy(&x, data + sizeof(T) * i, sizeof(T));
  return x;
}

double tile::run::readElement(ElementType type, const unsigned char *data,
                              int64_t i) {
  switch (type) {
  case ElementType::F32:
    return load<float>(data, i);
  case ElementType::F16:
    return static_cast<double>(load<_Float16>(data, i));
  case ElementType::BF16:
    return tile::bfloat16BitsToFloat(load<uint16_t>(data, i));
  case ElementType::I32:
    return load<int32_t>(data, i);
  case ElementType::U32:
    return load<uint32_t>(data, i);
  case ElementType::I64:
    return static_cast<double>(load<int64_t>(data, i));
  case ElementType::U64:
    return static_cast<double>(load<uint64_t>(data, i));
  case ElementType::I8:
    return load<int8_t>(data, i);
  case ElementType::U8:
    return load<uint8_t>(data, i);
  case ElementType::I16:
    return load<int16_t>(data, i);
  case ElementType::U16:
    return load<uint16_t>(data, i);
  }
  return 0;
}
