//===- Stats.h - the emulator's counters as tile-run reports them -*- C++
//-*-===//

#ifndef TILE_TOOLS_TILE_RUN_STATS_H
#define TILE_TOOLS_TILE_RUN_STATS_H

#include "Emulate.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>

namespace tile::run {

/// The `stats:` lines of --stats: launch counters, then bytes moved per
/// buffer, in global memory and in threadgroup memory.
void printStatsTable(const TmeStats &stats, llvm::ArrayRef<Binding> bindings);

/// Reads of threadgroup memory no thread wrote are errors (on a GPU they
/// return garbage): the message naming the first, or nullopt when none.
std::optional<std::string> uninitializedReads(const TmeStats &stats,
                                              llvm::StringRef kernel);

} // namespace tile::run

#endif // TILE_TOOLS_TILE_RUN_STATS_H
