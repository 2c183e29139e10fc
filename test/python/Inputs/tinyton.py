"""TinyTon's tiled_matmul as the seed documents write it (`import ... as
tt`, `@tt.jit`, unmasked loads where K is a multiple of TILE_K, B's column
read with stride N): shared by seeds_misc.py and loops.py. Not a test."""

import tile_mlir.language as tt


@tt.jit
def tiled_matmul_kernel(A_ptr, B_ptr, C_ptr,
                        K: tt.constexpr, N: tt.constexpr,
                        TILE_K: tt.constexpr):
    row = tt.program_id(0)
    tid = tt.arange(0, TILE_K)
    for col in range(N):
        acc = 0.0
        for k0 in range(0, K, TILE_K):
            a_tile = tt.load(A_ptr + row * K + k0 + tid)
            b_tile = tt.load(B_ptr + k0 * N + col + tid * N)  # strided B column
            acc = acc + tt.reduce_sum(a_tile * b_tile)
        tt.store(C_ptr + row * N + col, acc)
