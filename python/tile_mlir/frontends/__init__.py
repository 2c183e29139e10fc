"""The public names of the front ends, as stubs registered with the
semantic layer's handlers: meTile's (metile, metile_memory,
metile_threads, re-exported by tile_mlir) and Triton's beyond
tile_mlir.language itself (triton, triton_random). TileLang's are in
tile_mlir.tilelang. docs/python.md, "Architecture of the package"."""
