# tile-mlir: the two commands of the README are `make run` and `make test`.
# Both install what they need (`make deps`) on a fresh Debian 12 machine as root.

LLVM_PREFIX ?= /usr/lib/llvm-22
BUILD_DIR   ?= build
BUILD_TYPE  ?= Release
APT_PACKAGES := cmake ninja-build clang-22 lld llvm-22-dev llvm-22-tools \
                libmlir-22-dev mlir-22-tools libclang-rt-22-dev python3 ccache

TILE_OPT := $(BUILD_DIR)/bin/tile-opt

.PHONY: all deps configure build run test check-lit check-asserts docs clean

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

# A build of our code with assertions on (Debian's MLIR is built without them),
# to catch misuse of MLIR APIs; run occasionally, not part of `make test`.
# Optimized (RelWithDebInfo): the swizzle bijection proofs take minutes at -O0.
check-asserts: deps
	$(MAKE) BUILD_DIR=build-asserts BUILD_TYPE=RelWithDebInfo \
	  CMAKE_EXTRA="-DTILE_ENABLE_ASSERTIONS=ON" test

docs: configure
	ninja -C $(BUILD_DIR) tile-docs

clean:
	rm -rf $(BUILD_DIR) build-asserts
