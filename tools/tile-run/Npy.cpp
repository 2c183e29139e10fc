//===- Npy.cpp - NumPy .npy files for tile-run buffers --------------------===//
//
// The format: the magic "\x93NUMPY", a major and minor version byte, the
// header length (2 bytes little-endian in version 1, 4 bytes in 2 and 3),
// then a Python dict literal {'descr': '<f4', 'fortran_order': False,
// 'shape': (3, 4), } padded with spaces to a multiple of 64 bytes and ended
// by '\n', then the elements.
//
//===----------------------------------------------------------------------===//

#include "Npy.h"

#include "tile/Support/BFloat16.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace tile::run;

/// The NumPy dtype of each element type a .npy file may hold (bf16 has
/// none).
static constexpr std::pair<ElementType, llvm::StringLiteral> dtypes[] = {
    {ElementType::F32, "<f4"}, {ElementType::F16, "<f2"},
    {ElementType::I32, "<i4"}, {ElementType::U32, "<u4"},
    {ElementType::I64, "<i8"}, {ElementType::U64, "<u8"},
    {ElementType::I8, "|i1"},  {ElementType::U8, "|u1"},
    {ElementType::I16, "<i2"}, {ElementType::U16, "<u2"},
};

static llvm::Error fail(llvm::StringRef path, const llvm::Twine &why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "'" + path + "': " + why);
}

/// The value text of `key` in the header dict (up to the next top-level
/// comma), or "" when absent.
static llvm::StringRef dictValue(llvm::StringRef header, llvm::StringRef key) {
  for (char quote : {'\'', '"'}) {
    std::string pattern = std::string(1, quote) + key.str() + quote;
    size_t at = header.find(pattern);
    if (at == llvm::StringRef::npos)
      continue;
    llvm::StringRef rest = header.drop_front(at + pattern.size()).ltrim();
    if (!rest.consume_front(":"))
      return "";
    rest = rest.ltrim();
    int depth = 0;
    size_t end = 0;
    for (; end < rest.size(); ++end) {
      char c = rest[end];
      if (c == '(')
        ++depth;
      else if (c == ')')
        --depth;
      else if ((c == ',' || c == '}') && depth == 0)
        break;
    }
    return rest.take_front(end).trim();
  }
  return "";
}

llvm::Expected<NpyArray> tile::run::readNpy(llvm::StringRef path) {
  auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                          /*RequiresNullTerminator=*/false);
  if (!file)
    return fail(path, "cannot read it: " + file.getError().message());
  llvm::StringRef bytes = (*file)->getBuffer();
  if (!bytes.consume_front("\x93NUMPY") || bytes.size() < 4)
    return fail(path, "not a .npy file (no \\x93NUMPY magic)");
  unsigned major = static_cast<unsigned char>(bytes[0]);
  size_t headerLength;
  if (major == 1) {
    headerLength = static_cast<unsigned char>(bytes[2]) |
                   static_cast<unsigned char>(bytes[3]) << 8;
    bytes = bytes.drop_front(4);
  } else if (major == 2 || major == 3) {
    if (bytes.size() < 6)
      return fail(path, "truncated header");
    headerLength = 0;
    for (int i = 3; i >= 0; --i)
      headerLength =
          headerLength << 8 | static_cast<unsigned char>(bytes[2 + i]);
    bytes = bytes.drop_front(6);
  } else {
    return fail(path, "unsupported .npy version " + llvm::Twine(major));
  }
  if (bytes.size() < headerLength)
    return fail(path, "truncated header");
  llvm::StringRef header = bytes.take_front(headerLength);
  llvm::StringRef payload = bytes.drop_front(headerLength);

  NpyArray array;
  llvm::StringRef descr = dictValue(header, "descr").trim("'\"");
  const auto *dtype = llvm::find_if(
      dtypes, [&](const auto &entry) { return entry.second == descr; });
  if (dtype == std::end(dtypes))
    return fail(path,
                "dtype '" + descr +
                    "' is not one tile-run passes (f32 '<f4', f16 "
                    "'<f2', i8 '|i1', u8 '|u1', i16 '<i2', u16 '<u2', "
                    "i32 '<i4', u32 '<u4', i64 '<i8', u64 '<u8'; convert with "
                    "array.astype(numpy.float32))");
  array.element = dtype->first;
  if (dictValue(header, "fortran_order") != "False")
    return fail(path, "the array is in Fortran order; save a C-ordered copy "
                      "(numpy.ascontiguousarray)");
  llvm::StringRef shape = dictValue(header, "shape");
  if (!shape.consume_front("(") || !shape.consume_back(")"))
    return fail(path, "no shape in the header");
  array.count = 1;
  llvm::SmallVector<llvm::StringRef, 4> dims;
  shape.split(dims, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef dim : dims) {
    int64_t n;
    if (dim.trim().getAsInteger(10, n) || n < 0)
      return fail(path, "bad shape '(" + shape + ")'");
    array.count *= n;
  }
  if (array.count == 0)
    return fail(path, "the array is empty");
  size_t size = static_cast<size_t>(array.count) * elementBytes(array.element);
  if (payload.size() < size)
    return fail(path, "holds " + llvm::Twine(payload.size()) +
                          " bytes of data, its shape needs " +
                          llvm::Twine(size));
  array.data.assign(payload.bytes_begin(), payload.bytes_begin() + size);
  return array;
}

llvm::Error tile::run::writeNpy(llvm::StringRef path, ElementType element,
                                const unsigned char *data, int64_t count) {
  // bf16 has no NumPy dtype: its values are written as f32 (exactly).
  std::vector<unsigned char> widened;
  if (element == ElementType::BF16) {
    widened.resize(static_cast<size_t>(count) * 4);
    for (int64_t i = 0; i < count; ++i) {
      float f = static_cast<float>(readElement(element, data, i));
      std::memcpy(&widened[i * 4], &f, 4);
    }
    data = widened.data();
    element = ElementType::F32;
  }
  llvm::StringRef descr = llvm::find_if(dtypes, [&](const auto &entry) {
                            return entry.first == element;
                          })->second;
  std::string header = "{'descr': '" + descr.str() +
                       "', 'fortran_order': False, 'shape': (" +
                       std::to_string(count) + ",), }";
  // Magic (6) + version (2) + length (2) + header + '\n', a multiple of 64.
  size_t unpadded = 10 + header.size() + 1;
  header.append((64 - unpadded % 64) % 64, ' ');
  header += '\n';

  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec)
    return fail(path, "cannot write it: " + ec.message());
  os << "\x93NUMPY" << '\x01' << '\x00';
  os << static_cast<char>(header.size() & 0xff)
     << static_cast<char>(header.size() >> 8) << header;
  os.write(reinterpret_cast<const char *>(data),
           static_cast<size_t>(count) * elementBytes(element));
  if (os.has_error())
    return fail(path, "cannot write it: " + os.error().message());
  return llvm::Error::success();
}
