// RUN: tile-opt %s -split-input-file -verify-diagnostics --applegpu-prepare-for-emission
// A kernel name the MSL cannot use is reported, not renamed: the host
// calls the kernel by name.

// expected-error @+1 {{kernel name 'kernel' is reserved in the generated MSL; rename the kernel}}
func.func @kernel() attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  return
}

// -----

// expected-error @+1 {{kernel name 'uint' is reserved in the generated MSL; rename the kernel}}
func.func @uint() attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  return
}
