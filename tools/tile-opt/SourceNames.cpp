//===- SourceNames.cpp - kernel arguments named as in the source ----------===//

#include "SourceNames.h"

#include "tile/Dialect/Tile/IR/TileDialect.h"
#include "tile/Support/Identifier.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

namespace {
struct SourceNamesPass
    : PassWrapper<SourceNamesPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SourceNamesPass)

  SourceNamesPass(std::string sourceName, const std::string &source)
      : sourceName(std::move(sourceName)), source(source) {
    // Where each line starts, for (line, column) -> offset.
    lineStarts.push_back(0);
    for (size_t i = 0; i < source.size(); ++i)
      if (source[i] == '\n')
        lineStarts.push_back(i + 1);
  }

  StringRef getArgument() const final { return "tile-source-names"; }
  StringRef getDescription() const final {
    return "Name kernel arguments (NameLoc) as the source text does";
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
    StringRef text = StringRef(source).drop_front(std::min(at, source.size()));
    if (!text.consume_front("%"))
      return std::nullopt;
    StringRef name = text.take_while(
        [](char c) { return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.'; });
    if (!tile::isIdentifier(name))
      return std::nullopt;
    return name;
  }

  void runOnOperation() override {
    getOperation().walk([&](func::FuncOp kernel) {
      if (kernel.isExternal() ||
          !kernel->hasAttr(tile::TileDialect::getKernelAttrName()))
        return;
      for (BlockArgument arg : kernel.getArguments())
        if (std::optional<StringRef> name = nameAt(arg.getLoc()))
          arg.setLoc(NameLoc::get(StringAttr::get(&getContext(), *name),
                                  arg.getLoc()));
    });
    markAllAnalysesPreserved();
  }

  std::string sourceName;
  const std::string &source;
  std::vector<size_t> lineStarts;
};
} // namespace

std::unique_ptr<Pass>
tile::tools::createSourceNamesPass(std::string sourceName,
                                   const std::string &source) {
  return std::make_unique<SourceNamesPass>(std::move(sourceName), source);
}
