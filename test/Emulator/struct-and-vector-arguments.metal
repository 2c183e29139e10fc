// The buffers real kernels take, in llama.cpp's style: a `constant` struct
// of arguments (from a file's raw bytes, @FILE.bin), buffers of vectors
// (`device float4*` takes a scalar spec whose count is a multiple of 4;
// --out writes them), a u64 buffer, an element type named by a macro
// (-D TYPE=half), and --out NAME=FILE.bin for raw bytes.
// The struct: ne00 = 3 (int32), scale = 2.5 (float), offset = 1 (uint64).
// RUN: %python -c "import struct,sys; open(sys.argv[1],'wb').write(struct.pack('<ifQ', 3, 2.5, 1))" %t.args.bin
// RUN: tile-run %s --kernel kernel_scale --threads-per-threadgroup 4 --grid 1 --arg args=@%t.args.bin --arg src0=f32:16:ones --arg dst=f32:16:zeros --arg idx=u64:4:zeros --print dst --print idx --out dst=%t.dst.npy --out idx=%t.idx.bin | FileCheck %s
// CHECK:      ran kernel_scale on the emulator: ok
// CHECK-NEXT: dst: 2.5 2.5 2.5 2.5 2.5 2.5 2.5 2.5 2.5 2.5 2.5 2.5 0 0 0 0
// CHECK-NEXT: idx: 1 2 3 0
// RUN: %python -c "import sys; d=open(sys.argv[1],'rb').read(); print(d[10:80].decode().strip())" %t.dst.npy | FileCheck %s --check-prefix=NPY
// NPY: {'descr': '<f4', 'fortran_order': False, 'shape': (16,), }
// RUN: %python -c "import struct,sys; print(struct.unpack('<4Q', open(sys.argv[1],'rb').read()))" %t.idx.bin | FileCheck %s --check-prefix=RAW
// RAW: (1, 2, 3, 0)
// A struct shorter than the kernel's is refused (the compiler's sizeof).
// RUN: %python -c "import sys; open(sys.argv[1],'wb').write(b'abcd')" %t.short.bin
// RUN: not tile-run %s --kernel kernel_scale --threads-per-threadgroup 4 --grid 1 --arg args=@%t.short.bin --arg src0=f32:16:ones --arg dst=f32:16:zeros --arg idx=u64:4:zeros 2>&1 | FileCheck %s --check-prefix=SHORT
// SHORT: binding 0 ('args'): 4 bytes given for a value of 16
// RUN: not tile-run %s --kernel kernel_scale --threads-per-threadgroup 4 --grid 1 --arg args=@%t.args.bin --arg src0=f32:15:ones --arg dst=f32:16:zeros --arg idx=u64:4:zeros 2>&1 | FileCheck %s --check-prefix=WIDTH
// WIDTH: tile-run: buffer 'src0' holds vectors of 4 f32: give a multiple of 4 elements, not 15
// RUN: not tile-run %s --kernel kernel_scale --threads-per-threadgroup 4 --grid 1 --arg args=1 --arg src0=f32:16:ones --arg dst=f32:16:zeros --arg idx=u64:4:zeros 2>&1 | FileCheck %s --check-prefix=STRUCT
// STRUCT: tile-run: parameter 'args' has a scalar type tile-run cannot pass ('kargs_scale')
// RUN: tile-run %s --kernel copy_typed -D TYPE=half --threads-per-threadgroup 4 --grid 1 --arg src=f16:4:ones --arg dst=f16:4:zeros --print dst | FileCheck %s --check-prefix=MACRO
// MACRO: dst: 1 1 1 1

#include <metal_stdlib>
using namespace metal;

typedef struct {
  int32_t ne00;
  float scale;
  uint64_t offset;
} kargs_scale;

kernel void kernel_scale(constant kargs_scale& args,
                         device const float4* src0,
                         device float4* dst,
                         device ulong* idx,
                         uint tpig [[thread_position_in_grid]]) {
  if (tpig < uint(args.ne00))
    dst[tpig] = src0[tpig] * args.scale;
  if (tpig < 3)
    idx[tpig] = tpig + args.offset;
}

#ifdef TYPE
kernel void copy_typed(device const TYPE* src, device TYPE* dst,
                       uint i [[thread_position_in_grid]]) {
  dst[i] = src[i];
}
#endif
