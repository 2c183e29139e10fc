func.func private @k(memref<?xf32> {applegpu.buffer = 0 : i32})
