"""The semantic layer: what each construct of the front ends means, once,
as typed and validated handlers `handler(tracer, ...)` that emit through the
emitter. The meTile (tile_mlir), Triton (tile_mlir.language) and TileLang
(tile_mlir.tilelang) front ends are thin wrappers over it.
docs/python.md, "Architecture of the package"."""
