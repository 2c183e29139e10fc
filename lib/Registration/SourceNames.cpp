//===- SourceNames.cpp - kernel arguments named as in the source ----------===//

#include "tile/Support/SourceNames.h"

#include "tile/Dialect/Tile/IR/TileDialect.h"
#include "tile/Support/Identifier.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace mlir;

namespace {
/// Finds `%name` at (line, column) locations of one source buffer.
class SourceText {
public:
  SourceText(StringRef sourceName, StringRef source)
      : sourceName(sourceName), source(source) {
    lineStarts.push_back(0);
    for (size_t i = 0; i < source.size(); ++i)
      if (source[i] == '\n')
        lineStarts.push_back(i + 1);
  }

  /// `%name` at `loc` in the source, if `loc` points into it.
  std::optional<StringRef> nameAt(Location loc) const {
    auto file = dyn_cast<FileLineColLoc>(loc);
    if (!file || file.getFilename().getValue() != sourceName)
      return std::nullopt;
    unsigned line = file.getLine(), column = file.getColumn();
    if (line == 0 || column == 0 || line > lineStarts.size())
      return std::nullopt;
    size_t at = lineStarts[line - 1] + column - 1;
    StringRef text = source.drop_front(std::min(at, source.size()));
    if (!text.consume_front("%"))
      return std::nullopt;
    StringRef name = text.take_while([](char c) {
      return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.';
    });
    if (!tile::isIdentifier(name))
      return std::nullopt;
    return name;
  }

private:
  StringRef sourceName, source;
  std::vector<size_t> lineStarts; // offset of each line's first character
};

struct SourceNamesPass : PassWrapper<SourceNamesPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SourceNamesPass)

  SourceNamesPass(std::string sourceName, const std::string &source)
      : sourceName(std::move(sourceName)), source(source) {}

  StringRef getArgument() const final { return "tile-source-names"; }
  StringRef getDescription() const final {
    return "Name kernel arguments (NameLoc) as the source text does";
  }

  void runOnOperation() override {
    tile::nameArgumentsFromSource(getOperation(), sourceName, source);
    markAllAnalysesPreserved();
  }

  std::string sourceName;
  const std::string &source;
};
} // namespace

void tile::nameArgumentsFromSource(ModuleOp module, StringRef sourceName,
                                   StringRef source) {
  SourceText text(sourceName, source);
  module.walk([&](func::FuncOp kernel) {
    if (kernel.isExternal() ||
        !kernel->hasAttr(tile::TileDialect::getKernelAttrName()))
      return;
    for (BlockArgument arg : kernel.getArguments())
      if (std::optional<StringRef> name = text.nameAt(arg.getLoc()))
        arg.setLoc(NameLoc::get(StringAttr::get(module.getContext(), *name),
                                arg.getLoc()));
  });
}

void tile::nameArgumentsFromFiles(ModuleOp module) {
  llvm::StringSet<> files;
  module.walk([&](func::FuncOp kernel) {
    if (kernel.isExternal() ||
        !kernel->hasAttr(tile::TileDialect::getKernelAttrName()))
      return;
    for (BlockArgument arg : kernel.getArguments())
      if (auto file = dyn_cast<FileLineColLoc>(arg.getLoc()))
        files.insert(file.getFilename().getValue());
  });
  for (const auto &file : files) {
    // A file that is gone or unreadable just leaves the names alone.
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> text =
        llvm::MemoryBuffer::getFile(file.getKey(), /*IsText=*/true);
    if (text)
      nameArgumentsFromSource(module, file.getKey(), (*text)->getBuffer());
  }
}

std::unique_ptr<Pass> tile::createSourceNamesPass(std::string sourceName,
                                                  const std::string &source) {
  return std::make_unique<SourceNamesPass>(std::move(sourceName), source);
}
