# -*- Python -*-
# lit configuration of the tile-mlir regression tests.

import os

import lit.formats
from lit.llvm import llvm_config

config.name = "TILE"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".c"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tile_obj_root, "test")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Inputs"]

llvm_config.use_default_substitutions()
config.substitutions.append(("%tile_src_root", config.tile_src_root))

tool_dirs = [config.tile_tools_dir, config.llvm_tools_dir]
llvm_config.add_tool_substitutions(["tile-opt", "tile-capi-test"], tool_dirs)
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
