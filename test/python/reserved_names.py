# A kernel parameter named like a C++ keyword is renamed in the MSL
# (`register` becomes `register_`); the ABI keeps the source's name
# (source_name), so the launcher still binds the argument by the Python
# name. It used to fail with "the compiled kernel expects an argument
# 'register_'".
# RUN: %python %s | FileCheck %s

import numpy as np

import tile_mlir as tm


@tm.kernel
def copy(X, Y, register, BLOCK: tm.constexpr):
    i = tm.program_id(0) * BLOCK
    x = tm.tile_load(X, i, shape=(BLOCK,), bounds=(register,))
    tm.tile_store(Y, i, value=x, shape=(BLOCK,), bounds=(register,))


x = np.arange(100, dtype=np.float32)
y = np.zeros(100, dtype=np.float32)
copy[(2,)](x, y, 100, BLOCK=64)
print("copied:", np.array_equal(x, y))
# CHECK: copied: True
