# -*- Python -*-
# lit configuration of the tile-mlir regression tests.

import os

import lit.formats
from lit.llvm import llvm_config

config.name = "TILE"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".c", ".metal", ".cpp", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tile_obj_root, "test")
# test/lib holds the sources of passes for tests (built into tile-opt).
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Inputs",
                   "SwizzleBijection.cpp", "lib"]

llvm_config.use_default_substitutions()
config.substitutions.append(("%tile_src_root", config.tile_src_root))

# A sanitized build (`make check-sanitizers`): programs the tests compile
# against our libraries carry the same sanitizers, and tests that load our
# libraries into programs we do not build (Debian's mlir-opt) do not run.
sanitizer_flags = []
if config.llvm_use_sanitizer:
    config.available_features.add("sanitizers")
    kinds = [k.strip().lower() for k in config.llvm_use_sanitizer.split(";")]
    sanitizer_flags = ["-fsanitize=" + ",".join(kinds), "-fno-sanitize-recover=all"]
    # LLVM's headers poison allocator memory by hand when compiled with ASan;
    # Debian's MLIR libraries, built without it, do not unpoison what they
    # allocate from the same allocators, so that bookkeeping gives false
    # reports: only the sanitizer's own poisoning counts here.
    config.environment["ASAN_OPTIONS"] = "allow_user_poisoning=0"
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1"

# %tile_cc compiles and links a C11 program against the C API, the way a user
# of libTileCAPI.so would (strict C: no C++ compiler involved).
config.substitutions.append((
    "%tile_cc",
    " ".join([
        config.c_compiler, "-std=c11", "-Wall", "-Wextra", "-pedantic",
        "-Werror"] + sanitizer_flags + [
        "-I" + os.path.join(config.tile_src_root, "include"),
        "-I" + config.mlir_include_dir, "-L" + config.tile_lib_dir,
        "-Wl,-rpath," + config.tile_lib_dir,
    ]),
))
config.substitutions.append(("%tile_capi_lib", "-lTileCAPI"))
# The pieces a reader's own compile line names (docs/c-api.md): the C
# compiler, our library directory and MLIR's headers, without %tile_cc's
# rpath, so a test can check that the documented flags are enough.
config.substitutions.append(("%c_compiler", config.c_compiler))
config.substitutions.append(("%tile_lib_dir", config.tile_lib_dir))
config.substitutions.append(("%mlir_include_dir", config.mlir_include_dir))
# The mlir-opt plugin and Debian's mlir-opt, which loads it.
config.substitutions.append(
    ("%tile_plugin", os.path.join(config.tile_lib_dir, "libTilePlugin.so")))
config.substitutions.append(
    ("%system_mlir_opt", os.path.join(config.llvm_tools_dir, "mlir-opt")))
# Programs using the Metal emulator export its hooks to the kernels it loads.
config.substitutions.append(
    ("%tme_lib", "-lTileMetalEmulator -rdynamic -ldl -lpthread -lm"))
# Compiled kernels are cached per test run, not in the user's home.
config.environment["TILE_RUN_CACHE"] = os.path.join(config.tile_obj_root,
                                                    "msl-cache")
config.environment["TILE_MSL_CACHE_DIR"] = os.path.join(config.tile_obj_root,
                                                        "msl-cache")

# %host_cxx is the host C++ compiler; %msl_check compiles Metal Shading
# Language unchanged as C++17 against our shim headers (the check every MSL
# a test emits must pass). Pass the .metal file last.
config.substitutions.append(("%host_cxx", config.cxx_compiler))
config.substitutions.append((
    "%msl_check",
    " ".join([
        config.cxx_compiler, "-std=c++17", "-fsyntax-only", "-Wall", "-Wextra",
        "-Werror",
        # A kernel may ignore some of its parameters; that is not an error.
        "-Wno-unused-parameter", "-Wno-unused-variable",
        "-I" + os.path.join(config.tile_src_root, "include", "tile",
                                       "Runtime", "msl"),
        "-x", "c++",
    ]),
))

# %msl4_check: the same check for MSL 4.0 (tensor ops, docs/tensorops.md):
# what -std=metal4.0 means to the shim (C++20, __METAL_VERSION__ 400, which
# makes it define __HAVE_TENSOR__). The Metal emulator translates
# -std=metal4.0 the same way.
config.substitutions.append((
    "%msl4_check",
    " ".join([
        config.cxx_compiler, "-std=c++20", "-D__METAL_VERSION__=400",
        "-fsyntax-only", "-Wall", "-Wextra", "-Werror",
        "-Wno-unused-parameter", "-Wno-unused-variable",
        "-I" + os.path.join(config.tile_src_root, "include", "tile",
                                       "Runtime", "msl"),
        "-x", "c++",
    ]),
))

# %python runs the Python package's tests (test/python): a Python that can
# import numpy (Debian's /usr/bin/python3 with python3-numpy, which `make deps`
# installs), the package from the source tree and libTileCAPI.so of this
# build. Without numpy the tests fail on their import rather than being
# skipped: the feature `numpy` is there for information, not to hide them.
def _python_with_numpy():
    import shutil
    import subprocess
    import sys
    for candidate in ["/usr/bin/python3", sys.executable, shutil.which("python3")]:
        if candidate and os.path.exists(candidate) and subprocess.call(
                [candidate, "-c", "import numpy"], stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL) == 0:
            return candidate, True
    return "/usr/bin/python3", False


python_exe, has_numpy = _python_with_numpy()
if has_numpy:
    config.available_features.add("numpy")
config.substitutions.append(("%python", python_exe))
config.environment["PYTHONPATH"] = os.path.join(config.tile_src_root, "python")
config.environment["TILE_MLIR_LIB"] = config.tile_lib_dir
config.environment["PYTHONDONTWRITEBYTECODE"] = "1"

# test/Downstream installs this build tree and builds a project against the
# installation with the same CMake, generator, compilers and linker.
config.substitutions.append(("%tile_obj_root", config.tile_obj_root))
config.substitutions.append(("%cmake", config.cmake_command))
downstream_cmake_flags = [
    '-G "%s"' % config.cmake_generator,
    "-DCMAKE_MAKE_PROGRAM=" + config.cmake_make_program,
    "-DCMAKE_C_COMPILER=" + config.c_compiler,
    "-DCMAKE_CXX_COMPILER=" + config.cxx_compiler,
]
if config.llvm_use_linker:
    downstream_cmake_flags.append("-DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=" +
                                  config.llvm_use_linker)
config.substitutions.append(
    ("%downstream_cmake_flags", " ".join(downstream_cmake_flags)))

tool_dirs = [config.tile_tools_dir, config.llvm_tools_dir]
llvm_config.add_tool_substitutions(
    ["tile-opt", "tile-translate", "tile-run", "tile-capi-test",
     "tile-swizzle-bijection", "tile-lsp-server", "tile-reduce", "tile-fuzz"], tool_dirs)
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
