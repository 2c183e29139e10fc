/*===- tile-c/Emulator.h - run generated MSL on the Metal emulator -*- C
-*-===*\
|*                                                                            *|
|* Plain C. One call that runs a kernel of tileCompileToMSL's output (MSL     *|
|* text + ABI JSON) on the project's Metal emulator with buffers the caller   *|
|* owns, so that hosts of libTileCAPI.so (the Python package, a test) can    *|
|* check kernels without a Mac and without linking the emulator themselves.  *|
\*===----------------------------------------------------------------------===*/

/* Symbols and loading
 * -------------------
 * libTileCAPI.so carries the whole emulator (libTileMetalEmulator). The
 * kernel modules it compiles call back into it (tile_msl_* hooks, see
 * tile/Runtime/MetalEmulator.h "Linking"), so the library must be in the
 * global symbol scope: linking against it does that; a program that
 * dlopen()s it must pass RTLD_GLOBAL (Python: ctypes.CDLL(path,
 * mode=ctypes.RTLD_GLOBAL)). Otherwise the run fails with a message saying
 * so; nothing crashes.
 *
 * Shim headers: without TILE_MSL_SHIM_DIR, the emulator looks for
 * ../include/tile/Runtime/msl next to libTileCAPI.so, which exists in the
 * build tree (a link to the sources) and in an installation.
 *
 * Copies: the emulator runs every schedule on its own copies of the buffers,
 * each in a mapping with guard pages (that is how out-of-bounds accesses are
 * caught), and copies the results of schedule 0 back into the caller's
 * buffers on success. The caller's memory is never touched by kernel code. */

#ifndef TILE_C_EMULATOR_H
#define TILE_C_EMULATOR_H

#include <stddef.h>

#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Status of tileEmulatorRun: 0 is success; the others are the emulator's
 * TME_ERR_* codes (tile/Runtime/MetalEmulator.h), repeated here so that C
 * hosts need only this header. */
enum {
  TILE_EMULATOR_OK = 0,
  TILE_EMULATOR_ERR_ARGUMENT = 1,   /* bad ABI, kernel name, arguments     */
  TILE_EMULATOR_ERR_COMPILE = 2,    /* clang++ rejected the MSL            */
  TILE_EMULATOR_ERR_LOAD = 3,       /* dlopen, hooks, limits exceeded      */
  TILE_EMULATOR_ERR_DIVERGENCE = 4, /* barrier reached by some threads     */
  TILE_EMULATOR_ERR_RACE = 5,       /* schedules disagree                  */
  TILE_EMULATOR_ERR_OOB = 6,        /* out-of-bounds buffer access         */
  TILE_EMULATOR_ERR_FAULT = 7,      /* other memory fault                  */
  TILE_EMULATOR_ERR_TIMEOUT = 8,    /* the launch did not finish in time   */
  TILE_EMULATOR_ERR_SYSTEM = 9      /* mmap, fork, threads failed          */
};

/* One kernel argument, in the ABI's [[buffer(i)]] order (buffers and scalars
 * merged, as tme_abi_signature orders them): a device buffer's bytes, or a
 * pointer to a scalar's value (uint and int: 4 bytes, float: 4 bytes). */
typedef struct TileEmulatorArg {
  void *data;
  size_t size;
} TileEmulatorArg;

/* How to launch. Zero-initialise and set `grid`; the threads per
 * threadgroup come from the ABI. */
typedef struct TileEmulatorLaunch {
  unsigned grid[3];     /* threadgroups per grid; 0 counts as 1               */
  unsigned schedules;   /* thread orders to run and compare; 0: 3             */
  unsigned seed;        /* of the shuffled schedules                          */
  unsigned flags;       /* 1: threads that returned leave barriers (Apple GPUs
                           do; the Metal specification leaves it undefined)   */
  const char *cacheDir; /* compiled-module cache; NULL: TILE_MSL_CACHE_DIR,
                           else ~/.cache/tile-mlir/msl                       */
} TileEmulatorLaunch;

/* Bytes per argument are counted for this many arguments. */
#define TILE_EMULATOR_MAX_COUNTED_ARGS 32

/* Counters of one execution of the grid (schedule 0); what the Python
 * package's performance estimate reads. Byte counters are zero unless
 * `instrumented`. MMAs and barriers count once per SIMD-group or
 * threadgroup, as in TmeStats. */
typedef struct TileEmulatorStats {
  unsigned long long threadgroups, threads;
  unsigned long long barriers, simdgroupBarriers;
  unsigned long long simdgroupMMAs, tensorOps, simdCollectives;
  unsigned long long bytesRead, bytesWritten; /* all device buffers */
  unsigned long long argBytesRead[TILE_EMULATOR_MAX_COUNTED_ARGS];
  unsigned long long argBytesWritten[TILE_EMULATOR_MAX_COUNTED_ARGS];
  unsigned long long threadgroupBytesRead, threadgroupBytesWritten;
  unsigned long long threadgroupUninitReads;
  unsigned long long threadgroupMemoryBytes;
  unsigned threadsPerThreadgroup[3];
  int instrumented;
} TileEmulatorStats;

/* Runs kernel `kernelName` (NULL: the first of the ABI) of `msl` (the MSL
 * text of tileCompileToMSL) described by `abiJson` (its ABI JSON) on the
 * emulator with `args` (`numArgs` must equal the kernel's bound arguments).
 * Compiles the MSL with clang++ against the shim headers (cached by content
 * hash), runs the grid under `launch->schedules` thread orders and compares
 * the results. Returns TILE_EMULATOR_OK and fills `stats` (may be NULL), or
 * a TILE_EMULATOR_ERR_* code with the buffers unchanged and a message in
 * `message` (always NUL-terminated when messageSize > 0; may be NULL).
 * Never aborts on bad input. Thread-safe. */
MLIR_CAPI_EXPORTED int tileEmulatorRun(const char *msl, const char *abiJson,
                                       const char *kernelName,
                                       TileEmulatorArg *args, size_t numArgs,
                                       const TileEmulatorLaunch *launch,
                                       TileEmulatorStats *stats, char *message,
                                       size_t messageSize);

#ifdef __cplusplus
}
#endif

#endif /* TILE_C_EMULATOR_H */
