//===- Progress.h - a progress line for long emulator runs ------*- C++ -*-===//
//
// A large kernel can run for tens of seconds on the emulator. While it runs,
// a line on stderr counts the threadgroup runs done, redrawn in place, once
// the run has taken a couple of seconds and when stderr is a terminal
// (--progress=auto); --progress=always prints it from the start, wherever
// stderr goes, and the final count on its own line.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TOOLS_TILE_RUN_PROGRESS_H
#define TILE_TOOLS_TILE_RUN_PROGRESS_H

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace tile::run {

enum class ProgressMode { Auto, Always, Never };

/// Shows progress for one launch, from construction to destruction.
class ProgressLine {
public:
  explicit ProgressLine(ProgressMode mode);
  ~ProgressLine();
  ProgressLine(const ProgressLine &) = delete;
  ProgressLine &operator=(const ProgressLine &) = delete;

  /// TmeLaunch::progress, with `self` the ProgressLine (or null: nothing).
  static void update(unsigned long long done, unsigned long long total,
                     void *self);
  /// What TmeLaunch::progress_user should be: null when nothing is shown.
  void *user() { return enabled ? this : nullptr; }

private:
  void watch();
  void draw(bool final);

  bool enabled = false, always = false, drawn = false;
  std::atomic<unsigned long long> done{0}, total{0};
  std::chrono::steady_clock::time_point start;
  std::mutex mutex;
  std::condition_variable wake;
  bool stopping = false;
  std::thread watcher;
};

} // namespace tile::run

#endif // TILE_TOOLS_TILE_RUN_PROGRESS_H
