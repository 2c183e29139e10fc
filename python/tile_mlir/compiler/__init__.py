"""The compiler of the Python front ends: traces a kernel's Python source
(tracer, loops, lists) into tile IR text (emitter, ir, poly, extents),
dispatches the calls a kernel makes (registry), and compiles and launches
kernels (kernel). docs/python.md, "Architecture of the package"."""
