//===- Stats.cpp - the emulator's counters as tile-run reports them -------===//

#include "Stats.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

using namespace tile::run;

void tile::run::printStatsTable(const TmeStats &stats,
                                llvm::ArrayRef<Binding> bindings) {
  llvm::outs() << "stats: threadgroups " << stats.threadgroups << ", threads "
               << stats.threads << ", threadgroup barriers " << stats.barriers
               << ", simdgroup barriers " << stats.simdgroup_barriers
               << ", simdgroup MMAs " << stats.simdgroup_mmas
               << ", simd collectives " << stats.simd_collectives
               << ", tensor ops " << stats.tensor_ops << "\n";
  if (!stats.instrumented) {
    llvm::outs() << "stats: memory traffic not counted (kernel built without "
                    "instrumentation)\n";
    return;
  }
  unsigned long long read = 0, written = 0;
  for (auto [i, b] : llvm::enumerate(bindings)) {
    if (!b.isBuffer || i >= TME_MAX_COUNTED_PARAMS)
      continue;
    read += stats.buffer_bytes_read[i];
    written += stats.buffer_bytes_written[i];
    llvm::outs() << "stats: buffer " << b.name << ": "
                 << stats.buffer_bytes_read[i] << " bytes read, "
                 << stats.buffer_bytes_written[i] << " bytes written\n";
  }
  llvm::outs() << "stats: global memory: " << read << " bytes read, " << written
               << " bytes written\n";
  llvm::outs() << "stats: threadgroup memory: " << stats.threadgroup_bytes_read
               << " bytes read, " << stats.threadgroup_bytes_written
               << " bytes written, " << stats.threadgroup_memory_bytes
               << " bytes per threadgroup\n";
}

std::optional<std::string>
tile::run::uninitializedReads(const TmeStats &stats, llvm::StringRef kernel) {
  if (stats.threadgroup_uninit_reads == 0)
    return std::nullopt;
  return ("kernel " + kernel + ": " +
          llvm::Twine(stats.threadgroup_uninit_reads) +
          " reads of threadgroup memory no thread wrote; the first by thread " +
          llvm::Twine(stats.uninit_thread) + " of threadgroup (" +
          llvm::Twine(stats.uninit_threadgroup[0]) + ", " +
          llvm::Twine(stats.uninit_threadgroup[1]) + ", " +
          llvm::Twine(stats.uninit_threadgroup[2]) + ") at byte " +
          llvm::Twine(stats.uninit_offset))
      .str();
}
