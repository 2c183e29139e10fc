# tile-mlir: the two commands of the README are `make run` and `make test`.
# Both install what they need (`make deps`) on a fresh Debian 12 machine as root.

LLVM_PREFIX ?= /usr/lib/llvm-22
BUILD_DIR   ?= build
BUILD_TYPE  ?= Release
APT_PACKAGES := cmake ninja-build clang-22 lld llvm-22-dev llvm-22-tools \
                libmlir-22-dev mlir-22-tools libclang-rt-22-dev python3 ccache \
                python3-numpy python3-pip python3-setuptools clang-format-22

TILE_OPT := $(BUILD_DIR)/bin/tile-opt

.PHONY: all deps configure build run test format-check format check-lit check-asserts check-sanitizers fuzz-build fuzz bench docs clean

all: build

# Installs the missing apt packages only; a no-op when all are present.
deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  if [ "$$(id -u)" != 0 ]; then echo "error: need root to install:$$missing" >&2; exit 1; fi; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get update -qq && apt-get install -y -qq $$missing; \
	fi

$(BUILD_DIR)/build.ninja: | deps
	cmake -S . -B $(BUILD_DIR) -G Ninja \
	  -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) \
	  -DCMAKE_C_COMPILER=$(LLVM_PREFIX)/bin/clang \
	  -DCMAKE_CXX_COMPILER=$(LLVM_PREFIX)/bin/clang++ \
	  -DLLVM_USE_LINKER=lld \
	  -DMLIR_DIR=$(LLVM_PREFIX)/lib/cmake/mlir \
	  -DLLVM_EXTERNAL_LIT=$(LLVM_PREFIX)/bin/lit \
	  $(CMAKE_EXTRA)

configure: deps $(BUILD_DIR)/build.ninja

build: configure
	ninja -C $(BUILD_DIR)

# The main job: the GEMM example (or EXAMPLE=examples/<name>.mlir) compiled
# to Metal Shading Language.
EXAMPLE ?= examples/gemm.mlir
run: build
	$(TILE_OPT) $(EXAMPLE) --tile-to-applegpu=target=apple9 \
	  | $(BUILD_DIR)/bin/tile-translate --mlir-to-msl

# Every test suite; fails on any failure.
test: build
	ninja -C $(BUILD_DIR) check-tile

# Whether every C and C++ file we own is formatted as clang-format-22 formats
# it (.clang-format: LLVM style); .ci/run runs it before the tests.
# `make format` formats them in place. utils/format/check-format.sh says
# which files are checked and which are not.
format-check: deps
	utils/format/check-format.sh

format: deps
	utils/format/check-format.sh --fix

# A build of our code with assertions on (Debian's MLIR is built without them),
# to catch misuse of MLIR APIs; run occasionally, not part of `make test`.
# Optimized (RelWithDebInfo): the swizzle bijection proofs take minutes at -O0.
check-asserts: deps
	$(MAKE) BUILD_DIR=build-asserts BUILD_TYPE=RelWithDebInfo \
	  CMAKE_EXTRA="-DTILE_ENABLE_ASSERTIONS=ON" test

# Benchmarks (benchmarks/bench.py): in-process compile time and MSL size per
# GEMM config, the emulator's traffic counters, emulator wall time, and the
# LLM table (benchmarks/llm.py). They measure, never fail on a number;
# BENCH_FLAGS=--quick for a short run, BENCH_ONLY=llm for the LLM table alone,
# BENCH_ONLY=python for the Python compile table alone.
bench: build
	python3 benchmarks/bench.py $(BUILD_DIR) $(BENCH_FLAGS) \
	  $(if $(BENCH_ONLY),--only $(BENCH_ONLY))

# The whole test suite, the emulator included, built with AddressSanitizer and
# UndefinedBehaviorSanitizer (and assertions): any report fails its test. The
# same build carries libFuzzer coverage, so `make fuzz` reuses it. Run
# occasionally, not part of `make test` (about three times slower). See
# test/lit.cfg.py for why ASan's manual poisoning is off.
SANITIZER_DIR := build-sanitizers
SANITIZER_CMAKE := -DLLVM_USE_SANITIZER="Address;Undefined" \
  -DLLVM_USE_SANITIZE_COVERAGE=ON -DTILE_ENABLE_ASSERTIONS=ON
check-sanitizers: deps
	$(MAKE) BUILD_DIR=$(SANITIZER_DIR) BUILD_TYPE=RelWithDebInfo \
	  CMAKE_EXTRA='$(SANITIZER_CMAKE)' test

# Fuzzes parse -> verify -> tile-to-applegpu -> MSL for FUZZ_SECONDS, seeded
# with every test input (split at `// -----`). The fuzzer runs in libFuzzer's
# fork mode with FUZZ_JOBS workers and goes on past crashes, timeouts and
# out-of-memory inputs, so one run collects every distinct crash in
# $(SANITIZER_DIR)/fuzz-crashes; each fixed one becomes a test in
# test/Fuzz/regressions. `fuzz-build` only builds the target (build it under
# the build lock, then fuzz outside it). docs/testing.md has the details.
FUZZ_SECONDS ?= 60
FUZZ_JOBS ?= 1
FUZZ_FLAGS ?= -fork=$(FUZZ_JOBS) -ignore_crashes=1 -ignore_timeouts=1 \
  -ignore_ooms=1
fuzz-build: deps
	$(MAKE) BUILD_DIR=$(SANITIZER_DIR) BUILD_TYPE=RelWithDebInfo \
	  CMAKE_EXTRA='$(SANITIZER_CMAKE)' configure
	ninja -C $(SANITIZER_DIR) tile-fuzz

fuzz: fuzz-build
	python3 utils/fuzz/seeds.py $(SANITIZER_DIR)/fuzz-seeds test examples
	mkdir -p $(SANITIZER_DIR)/fuzz-corpus $(SANITIZER_DIR)/fuzz-crashes
	ASAN_OPTIONS=allow_user_poisoning=0 \
	  $(SANITIZER_DIR)/bin/tile-fuzz $(SANITIZER_DIR)/fuzz-corpus \
	  $(SANITIZER_DIR)/fuzz-seeds -dict=utils/fuzz/tile.dict \
	  -max_total_time=$(FUZZ_SECONDS) -timeout=20 -rss_limit_mb=4096 \
	  $(FUZZ_FLAGS) \
	  -artifact_prefix=$(SANITIZER_DIR)/fuzz-crashes/ -print_final_stats=1

docs: configure
	ninja -C $(BUILD_DIR) tile-docs

clean:
	rm -rf $(BUILD_DIR) build-asserts $(SANITIZER_DIR)
