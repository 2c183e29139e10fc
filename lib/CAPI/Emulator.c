/*===- Emulator.c - tileEmulatorRun over the Metal emulator ---------------===*\
|*                                                                            *|
|* The C API's door to lib/Runtime/MetalEmulator: parse the ABI, load (compile
*|
|* or reuse) the module, launch, translate the counters. Plain C like the *|
|* emulator itself.                                                           *|
\*===----------------------------------------------------------------------===*/

#include "tile-c/Emulator.h"

#include "tile/Runtime/MetalEmulator.h"

#include <stdio.h>
#include <string.h>

/* The public codes are the emulator's; a change there must show up here. */
_Static_assert(TILE_EMULATOR_ERR_SYSTEM == TME_ERR_SYSTEM &&
                   TILE_EMULATOR_ERR_ARGUMENT == TME_ERR_ARGUMENT &&
                   TILE_EMULATOR_ERR_OOB == TME_ERR_OOB,
               "tile-c/Emulator.h status codes differ from TME_ERR_*");
_Static_assert(TILE_EMULATOR_MAX_COUNTED_ARGS == TME_MAX_COUNTED_PARAMS,
               "per-argument counter arrays differ in size");

static void copyStats(const TmeStats *in, const TmeAbi *abi,
                      TileEmulatorStats *out) {
  memset(out, 0, sizeof *out);
  out->threadgroups = in->threadgroups;
  out->threads = in->threads;
  out->barriers = in->barriers;
  out->simdgroupBarriers = in->simdgroup_barriers;
  out->simdgroupMMAs = in->simdgroup_mmas;
  out->tensorOps = in->tensor_ops;
  out->simdCollectives = in->simd_collectives;
  for (size_t i = 0; i < TME_MAX_COUNTED_PARAMS; ++i) {
    out->argBytesRead[i] = in->buffer_bytes_read[i];
    out->argBytesWritten[i] = in->buffer_bytes_written[i];
    out->bytesRead += in->buffer_bytes_read[i];
    out->bytesWritten += in->buffer_bytes_written[i];
  }
  out->threadgroupBytesRead = in->threadgroup_bytes_read;
  out->threadgroupBytesWritten = in->threadgroup_bytes_written;
  out->threadgroupUninitReads = in->threadgroup_uninit_reads;
  out->threadgroupMemoryBytes = in->threadgroup_memory_bytes;
  tme_abi_threads_per_threadgroup(abi, out->threadsPerThreadgroup);
  out->instrumented = in->instrumented;
}

int tileEmulatorRun(const char *msl, const char *abiJson,
                    const char *kernelName, TileEmulatorArg *args,
                    size_t numArgs, const TileEmulatorLaunch *launch,
                    TileEmulatorStats *stats, char *message,
                    size_t messageSize) {
  char scratch[4096];
  char *error = message && messageSize ? message : scratch;
  size_t errorSize = message && messageSize ? messageSize : sizeof scratch;
  error[0] = '\0';
  if (!msl || !abiJson || !launch || (numArgs && !args)) {
    snprintf(error, errorSize,
             "tileEmulatorRun: msl, abiJson and launch are required, and "
             "args when numArgs > 0");
    return TILE_EMULATOR_ERR_ARGUMENT;
  }

  TmeAbi *abi = NULL;
  int status = tme_abi_parse(abiJson, kernelName, &abi, error, errorSize);
  if (status != TME_OK)
    return status;
  const TmeSignature *signature = tme_abi_signature(abi);
  if (signature->num_params != numArgs) {
    snprintf(error, errorSize,
             "kernel '%s' takes %zu arguments (buffers and scalars) but %zu "
             "were given",
             signature->kernel_name, signature->num_params, numArgs);
    tme_abi_free(abi);
    return TILE_EMULATOR_ERR_ARGUMENT;
  }

  TmeModule *module = NULL;
  status = tme_module_load(msl, signature, launch->cacheDir, &module, error,
                           errorSize);
  if (status != TME_OK) {
    tme_abi_free(abi);
    return status;
  }

  TmeLaunch tmeLaunch;
  memset(&tmeLaunch, 0, sizeof tmeLaunch);
  for (int d = 0; d < 3; ++d)
    tmeLaunch.grid[d] = launch->grid[d] ? launch->grid[d] : 1;
  tme_abi_threads_per_threadgroup(abi, tmeLaunch.threads);
  for (int d = 0; d < 3; ++d)
    if (!tmeLaunch.threads[d])
      tmeLaunch.threads[d] = 1;
  tmeLaunch.schedules = launch->schedules;
  tmeLaunch.seed = launch->seed;
  tmeLaunch.flags = launch->flags;

  /* TileEmulatorArg and TmeBinding are the same two fields; copy rather
   * than cast so that neither header depends on the other's layout. */
  TmeBinding bindings[64];
  if (numArgs > sizeof bindings / sizeof bindings[0]) {
    snprintf(error, errorSize, "too many arguments (%zu)", numArgs);
    tme_module_free(module);
    tme_abi_free(abi);
    return TILE_EMULATOR_ERR_ARGUMENT;
  }
  for (size_t i = 0; i < numArgs; ++i) {
    bindings[i].data = args[i].data;
    bindings[i].size = args[i].size;
  }
  TmeStats tmeStats;
  memset(&tmeStats, 0, sizeof tmeStats);
  status = tme_run(module, bindings, numArgs, &tmeLaunch, &tmeStats, error,
                   errorSize);
  if (status == TME_OK && stats)
    copyStats(&tmeStats, abi, stats);
  tme_module_free(module);
  tme_abi_free(abi);
  return status;
}
