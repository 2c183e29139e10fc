//===- tile_msl_cast.h - MSL's static_cast between half, bfloat, vectors --===//
//
// MSL converts with static_cast between any two arithmetic types and,
// element by element, between vectors of the same length. Two of those
// conversions C++ on clang does not do the same way:
//  * half <-> bfloat: clang refuses any conversion between _Float16 and
//    __bf16 (the shim's half and bfloat), also an explicit one, while MLX
//    writes `static_cast<bfloat16_t>(this->operator float16_t())` (fp8.h)
//    and instantiates copies from half to bfloat;
//  * vector -> vector of another element type: for ext_vector_type, a cast
//    between vectors of the same size reinterprets the bits
//    (`static_cast<int4>(float4(1.5f))` would be 0x3fc00000), and one
//    between sizes is an error; Metal converts each element.
// So after the shim's own headers (which mean C++'s static_cast),
// `static_cast` names a function template that does MSL's conversion in
// those cases -- half <-> bfloat through float, which holds both exactly,
// so the result is rounded once -- and C++'s static_cast in every other
// one. It is a macro because static_cast is a keyword and the conversion
// has to be decided on the instantiated types (MLX's `static_cast<U>(x)`
// in templates), which no rewriting of the text could see.
//
// What a function cannot take that the keyword can: a bit-field operand
// (a reference cannot bind to it) and an overloaded function's name.
// Neither occurs in compute kernels; write `static_cast<int>(+s.bits)`.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_MSL_TILE_MSL_CAST_H
#define TILE_RUNTIME_MSL_TILE_MSL_CAST_H

#pragma clang system_header // see tile_msl_shim.h

#include "tile_msl_shim.h"

namespace tile_msl {

template <class X> struct is_half_or_bfloat {
  static constexpr bool value =
      std::is_same_v<X, half> || std::is_same_v<X, bfloat>;
};

// The element type of an MSL scalar or vector type.
template <class X> using element_of = typename component_of<X>::type;

// How MSL converts a U to a T where C++ would not: 1 a scalar half <->
// bfloat conversion, 2 a vector to a vector of another element type and
// the same length, 0 no difference.
template <class T, class U> constexpr int msl_conversion_kind() {
  using D = std::remove_cv_t<T>;
  using S =
      std::remove_cv_t<remove_address_space_t<std::remove_reference_t<U>>>;
  if constexpr (std::is_reference_v<T> || std::is_same_v<D, S>) {
    return 0;
  } else if constexpr (vec_info<D>::size > 1 && vec_info<S>::size > 1) {
    return vec_info<D>::size == vec_info<S>::size &&
                   !std::is_same_v<element_of<D>, element_of<S>>
               ? 2
               : 0;
  } else if constexpr (vec_info<D>::size == 1 && vec_info<S>::size == 1) {
    return is_half_or_bfloat<D>::value && is_half_or_bfloat<S>::value ? 1 : 0;
  } else {
    return 0;
  }
}

template <class T, class U>
__attribute__((always_inline)) constexpr T msl_static_cast(U &&u) {
  constexpr int kind = msl_conversion_kind<T, U>();
  if constexpr (kind == 1) {
    return static_cast<T>(static_cast<float>(u));
  } else if constexpr (kind == 2) {
    using D = std::remove_cv_t<T>;
    using S =
        std::remove_cv_t<remove_address_space_t<std::remove_reference_t<U>>>;
    if constexpr (is_half_or_bfloat<element_of<D>>::value &&
                  is_half_or_bfloat<element_of<S>>::value) {
      using Wide = metal::vec<float, vec_info<D>::size>;
      return __builtin_convertvector(__builtin_convertvector(u, Wide), D);
    } else {
      return __builtin_convertvector(u, D);
    }
  } else {
    return static_cast<T>(static_cast<U &&>(u));
  }
}

// A C-style cast `(T) x` whose T is a vector type or a template type
// parameter: the Metal emulator rewrites it to `msl_c_cast<T>(x)`
// (lib/Runtime/MetalEmulator/casts.c), because a C-style cast between
// clang's vectors reinterprets the bits where MSL converts each element
// (llama.cpp's `(float4) h` of a half4). Every other cast stays C's.
template <class T, class U>
__attribute__((always_inline)) constexpr T msl_c_cast(U u) {
  if constexpr (msl_conversion_kind<T, U>() != 0)
    return msl_static_cast<T>(u);
  else
    return (T)(u);
}

// A comparison (or `!`, `&&`, `||`) of MSL vectors is a bool vector, which
// converts to 1 and 0; clang's is an int vector of -1 (true) and 0, so
// `float4(x > 0)` would be -1.0 where Metal gives 1.0. The Metal emulator
// wraps such an expression where it is converted -- a vector constructor's
// argument, a static_cast's or C-style cast's operand -- in msl_bool
// (lib/Runtime/MetalEmulator/bool_vectors.c), which makes the int vector
// the bool vector MSL has. Anything else (a scalar comparison is already a
// bool) passes through unchanged.
template <class X> __attribute__((always_inline)) constexpr auto msl_bool(X x) {
  if constexpr (vec_info<X>::size > 1 && std::is_integral_v<element_of<X>> &&
                !std::is_same_v<element_of<X>, bool>)
    return __builtin_convertvector(x, metal::vec<bool, vec_info<X>::size>);
  else
    return x;
}

// A braced list passed as a call's argument: the Metal emulator rewrites
// `f({a, b, c})` to `f(::tile_msl::braced(a, b, c))` (lib/Runtime/
// MetalEmulator/adapt.c), because clang's overload resolution cannot
// convert a braced list to a vector parameter (MLX's
// `elem_to_loc<IdxT>({N * index.x, index.y, index.z}, ...)` for uint3).
// The object converts to every type T that `T{a, b, c}` can make -- a
// vector of that many elements, a struct -- so the overloads that
// cannot take the list drop out as they would in Metal. Each value
// converts to its element or field as static_cast does, without C++'s
// check for narrowing (MSL's `{0, 1.5}` for a float2 holds a float
// literal, the shim's a double).
template <class V> struct braced_value {
  V v;
  template <class F> constexpr operator F() const {
    return msl_static_cast<F>(v);
  }
};

template <class... V> struct braced_list;
template <> struct braced_list<> {
  template <class T, class... E> constexpr T make(E... e) const {
    return T{e...};
  }
};
template <class H, class... R> struct braced_list<H, R...> {
  H head;
  braced_list<R...> rest;
  constexpr braced_list(H h, R... r) : head(h), rest{r...} {}
  template <class T, class... E> constexpr T make(E... e) const {
    return rest.template make<T>(e..., braced_value<H>{head});
  }
};

// A vector takes exactly its number of values (clang's `uint3{x}` would
// splat one).
template <class T, class... V>
constexpr bool braced_fits =
    vec_info<T>::size == 1 || vec_info<T>::size == int(sizeof...(V));

template <class... V> struct braced_arguments : braced_list<V...> {
  using braced_list<V...>::braced_list;
  template <class T, class = std::enable_if_t<braced_fits<T, V...>>,
            class = decltype(T{std::declval<braced_value<V>>()...})>
  constexpr operator T() const {
    return this->template make<T>();
  }
};

template <class... V>
__attribute__((always_inline)) constexpr braced_arguments<V...> braced(V... v) {
  return braced_arguments<V...>(v...);
}

} // namespace tile_msl

#define static_cast ::tile_msl::msl_static_cast

#endif // TILE_RUNTIME_MSL_TILE_MSL_CAST_H
