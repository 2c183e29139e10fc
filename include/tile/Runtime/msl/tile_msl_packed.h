// -*- C++ -*-
//===- tile_msl_packed.h - MSL packed vector types for the host shim ------===//
//
// packed_float3, packed_half4, ... : N scalars with the alignment of one
// (packed_float3 is 12 bytes, float3 is 16), as structs of buffers declare
// them. Members .x .y .z .w and [i]; conversions to and from the aligned
// vector type (float3 v = p; p = v;), construction from N scalars or a
// vector, and arithmetic through the vector type.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_MSL_TILE_MSL_PACKED_H
#define TILE_RUNTIME_MSL_TILE_MSL_PACKED_H

#pragma clang system_header // see tile_msl_shim.h

#include "tile_msl_shim.h"

namespace tile_msl {

template <class T, int N> struct packed_members;
template <class T> struct packed_members<T, 2> {
  T x{}, y{};
};
template <class T> struct packed_members<T, 3> {
  T x{}, y{}, z{};
};
template <class T> struct packed_members<T, 4> {
  T x{}, y{}, z{}, w{};
};

template <class T, int N> struct packed_vec : packed_members<T, N> {
  using vector_type = metal::vec<T, N>;
  // constexpr, for threadgroup arrays of packed vectors (see `threadgroup`).
  constexpr packed_vec() = default;
  packed_vec(vector_type v) { *this = v; }
  template <class... S, class = std::enable_if_t<sizeof...(S) == N>>
  packed_vec(S... s) {
    T values[N] = {static_cast<T>(s)...};
    __builtin_memcpy(this, values, sizeof values);
  }
  packed_vec &operator=(vector_type v) {
    for (int i = 0; i < N; ++i)
      (*this)[i] = v[i];
    return *this;
  }
  operator vector_type() const {
    vector_type v;
    for (int i = 0; i < N; ++i)
      v[i] = (*this)[i];
    return v;
  }
  T &operator[](int i) { return reinterpret_cast<T *>(this)[i]; }
  const T &operator[](int i) const {
    return reinterpret_cast<const T *>(this)[i];
  }
};

// A packed vector supplies its N components to a vector constructor
// (ggml's float4(qs[i]) of a packed_char4).
template <class T, int N> struct vec_info<packed_vec<T, N>> {
  static constexpr int size = N;
};

template <class X> struct is_packed : std::false_type {};
template <class T, int N>
struct is_packed<packed_vec<T, N>> : std::true_type {};

// The aligned vector a packed operand stands for, anything else unchanged.
template <class T, int N> metal::vec<T, N> unpack(packed_vec<T, N> p) {
  return p;
}
template <class X> X unpack(X x) { return x; }

} // namespace tile_msl

// Arithmetic with at least one packed operand: done on the vector type.
#define TILE_MSL_PACKED_OP(OP)                                                 \
  template <class A, class B,                                                  \
            class = std::enable_if_t<tile_msl::is_packed<A>::value ||          \
                                     tile_msl::is_packed<B>::value>>           \
  inline auto operator OP(A a, B b) {                                          \
    return tile_msl::unpack(a) OP tile_msl::unpack(b);                         \
  }
TILE_MSL_PACKED_OP(+)
TILE_MSL_PACKED_OP(-)
TILE_MSL_PACKED_OP(*)
TILE_MSL_PACKED_OP(/)
#undef TILE_MSL_PACKED_OP

#define TILE_MSL_PACKED_TYPES(S)                                               \
  typedef tile_msl::packed_vec<S, 2> packed_##S##2;                            \
  typedef tile_msl::packed_vec<S, 3> packed_##S##3;                            \
  typedef tile_msl::packed_vec<S, 4> packed_##S##4;                            \
  static_assert(sizeof(packed_##S##3) == 3 * sizeof(S), "packed");
TILE_MSL_PACKED_TYPES(char)
TILE_MSL_PACKED_TYPES(uchar)
TILE_MSL_PACKED_TYPES(short)
TILE_MSL_PACKED_TYPES(ushort)
TILE_MSL_PACKED_TYPES(int)
TILE_MSL_PACKED_TYPES(uint)
TILE_MSL_PACKED_TYPES(long)
TILE_MSL_PACKED_TYPES(ulong)
TILE_MSL_PACKED_TYPES(half)
TILE_MSL_PACKED_TYPES(bfloat)
TILE_MSL_PACKED_TYPES(float)
#undef TILE_MSL_PACKED_TYPES

#endif // TILE_RUNTIME_MSL_TILE_MSL_PACKED_H
