// RUN: tile-run --help | FileCheck %s --implicit-check-not=amdgpu --implicit-check-not=aarch64
// tile-run --help shows its own options (and LLVM's --stats, which
// tile-run prints the emulator's counters with), not the hundreds of
// backend options libLLVM registers.

// CHECK:     tile-run options:
// CHECK:     --abi=<file>
// CHECK:     --arg=<string>
// CHECK:     --compare
// CHECK:     --fuse-epilogue
// CHECK:     --grid=<string>
// CHECK:     --rtol=<number>
// CHECK:     --schedules=<uint>
// CHECK:     --stats - Print the emulator's counters
