//===- Progress.cpp - a progress line for long emulator runs --------------===//

#include "Progress.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace tile::run;

/// How long a run goes before --progress=auto shows it.
static constexpr std::chrono::seconds kQuietTime{2};
/// How often the line is redrawn.
static constexpr std::chrono::milliseconds kRedraw{250};

ProgressLine::ProgressLine(ProgressMode mode)
    : enabled(mode == ProgressMode::Always ||
              (mode == ProgressMode::Auto && llvm::errs().is_displayed())),
      always(mode == ProgressMode::Always),
      start(std::chrono::steady_clock::now()) {
  if (enabled)
    watcher = std::thread([this] { watch(); });
}

ProgressLine::~ProgressLine() {
  if (!enabled)
    return;
  {
    std::lock_guard<std::mutex> lock(mutex);
    stopping = true;
  }
  wake.notify_all();
  watcher.join();
  if (always)
    draw(/*final=*/true);
  else if (drawn)
    llvm::errs() << "\r\033[K"; // the terminal line is cleared
}

void ProgressLine::update(unsigned long long done, unsigned long long total,
                          void *self) {
  if (!self)
    return;
  auto *line = static_cast<ProgressLine *>(self);
  line->total.store(total, std::memory_order_relaxed);
  // Runs finish out of order: keep the largest count seen.
  unsigned long long seen = line->done.load(std::memory_order_relaxed);
  while (seen < done && !line->done.compare_exchange_weak(
                            seen, done, std::memory_order_relaxed))
    ;
}

void ProgressLine::watch() {
  std::unique_lock<std::mutex> lock(mutex);
  while (!wake.wait_for(lock, kRedraw, [this] { return stopping; }))
    if (always || std::chrono::steady_clock::now() - start >= kQuietTime)
      draw(/*final=*/false);
}

void ProgressLine::draw(bool final) {
  unsigned long long n = done.load(), of = total.load();
  if (of == 0)
    return;
  llvm::errs() << (final ? "" : "\r") << "tile-run: " << n << " of " << of
               << " threadgroup runs done ("
               << llvm::format("%.0f", 100.0 * double(n) / double(of)) << "%)"
               << (final ? "\n" : "");
  llvm::errs().flush();
  drawn = true;
}
