// Member functions overloaded on the address space of their object run the
// overload Metal runs: a threadgroup object the `threadgroup` one, a device
// object the `device` one, a thread object the unqualified one (each
// returns a different value here). The emulator compiles them as C++23
// explicit object parameters (member_spaces.c); a threadgroup array of a
// struct without initializers still compiles in that mode.
// RUN: %python -c "import struct,sys; open(sys.argv[1],'wb').write(struct.pack('<ff', 1.5, 2.5))" %t.pairs.bin
// RUN: tile-run %s --kernel use_members --threads-per-threadgroup 1 --grid 1 --arg pairs=@%t.pairs.bin --arg out=f32:5:zeros --print out | FileCheck %s
// CHECK: ran use_members on the emulator: ok
// CHECK-NEXT: out: 6 30 400 31 7

#include <metal_stdlib>
using namespace metal;

template <typename T> struct pair_t {
  T a;
  T b;
  T sum() const { return a + b; }
  T sum() const threadgroup { return 10 * (a + b); }
  T sum() const device { return 100 * (a + b); }
  // Scales by k on a threadgroup object, by 2 * k on a thread one.
  void scale(T k) threadgroup {
    a *= k;
    b *= k;
  }
  void scale(T k) {
    a *= 2 * k;
    b *= 2 * k;
  }
  T plus(T x, thread const T* y) const threadgroup { return a + b + x + *y; }
};

kernel void use_members(device const pair_t<float>* pairs [[buffer(0)]],
                        device float* out [[buffer(1)]]) {
  threadgroup pair_t<float> shared[1];
  pair_t<float> local = {1.0f, 2.0f};
  shared[0] = local;
  shared[0].scale(1.0f);
  local.scale(1.0f);
  float one = 1.0f;
  out[0] = local.sum();     // thread: 2 + 4
  out[1] = shared[0].sum(); // threadgroup: 10 * (1 + 2)
  out[2] = pairs[0].sum();  // device: 100 * (1.5 + 2.5)
  out[3] = shared[0].plus(27.0f, &one); // 1 + 2 + 27 + 1
  pair_t<float> copy = shared[0]; // a thread copy: 1 + 2, and 2 * 2
  out[4] = copy.sum() + 2.0f * 2.0f;
}
