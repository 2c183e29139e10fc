// -*- C++ -*-
//===- MetalPerformancePrimitives.h - matmul2d for the host shim ----------===//
//
// The part of Metal 4's MetalPerformancePrimitives that tile-mlir's
// tensor-ops backend emits (docs/tensorops.md), for host C++20:
//
//   using Op = mpp::tensor_ops::matmul2d<
//       mpp::tensor_ops::matmul2d_descriptor(m, n, k, transpose_left,
//           transpose_right, relaxed_precision,
//           mpp::tensor_ops::matmul2d_descriptor::mode::multiply_accumulate),
//       execution_simdgroup>;             // or execution_simdgroups<N>
//   auto c = Op().get_destination_cooperative_tensor<Left, Right, float>();
//   Op().run(left, right, c);             // or a tensor view as destination
//
// Shapes (dimension 0 of a tensor is the contiguous one): the left operand
// is M x K, a tensor of extents (K, M), or (M, K) with transpose_left; the
// right operand is K x N, extents (N, K), or (K, N) with transpose_right; the
// destination is M x N, extents (N, M). k = mpp::tensor_ops::
// dynamic_length_v<int> (or the default, int(metal::dynamic_extent)) takes K
// from the operands' K extents (which must agree); a number k reads exactly
// k along K, and an operand whose K extent is smaller is reported (the read
// would go past the tensor). Rows and columns past the operands' M / N
// extents read as 0; elements past a destination tensor's extents are not
// written.
//
// Numerics (the reference the emulator computes): D(r, c) = C(r, c) (0 in
// multiply mode) followed by a float fma chain over kk = 0 .. K-1 in order
// with float(A(r, kk)) * float(B(kk, c)), rounded once to the destination
// type. relaxed_precision truncates float operands toward zero to 10
// mantissa bits first (what M5's neural accelerators may do).
//
// run() is a collective of the execution scope: every thread of the
// SIMD-group (execution_simdgroup) or of the threadgroup
// (execution_simdgroups<N>, N = the threadgroup's SIMD-group count) calls it
// at the same call with the same operands; the emulator reports anything
// else. It goes through the generic tile_msl_rendezvous hook: the threads
// meet, one of them computes the product for all (__run_all below), and all
// continue.
//
// The destination cooperative tensor spreads the m x n elements over the
// scope's L threads: capacity C = ceil(m*n / L) + 1 per thread, element i of
// thread t is slot i*L + t, and a fixed bijection of the C*L slots (x ->
// (a*x + b) mod C*L, a odd and coprime to C*L, both derived from the type)
// gives its row-major position; positions >= m*n are invalid elements. The
// order is scrambled on purpose: Apple's layout is unspecified and differs
// between GPUs, so code that assumes one must fail here.
//
// Apple's static checks are reproduced: at least one of m, n a multiple of
// 16; m and n each 1, 2, 4 or a multiple of 8; run()'s operand types equal
// to the types the cooperative destination was made for; half x half ->
// float or half, bfloat x bfloat -> float or bfloat, float x float -> float
// (no half and bfloat mix); no const element types.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_MSL_METALPERFORMANCEPRIMITIVES_H
#define TILE_RUNTIME_MSL_METALPERFORMANCEPRIMITIVES_H

#pragma clang system_header // see tile_msl_shim.h

#include "../metal_limits"
#include "../metal_tensor"

#if !defined(__HAVE_TENSOR__)
#error                                                                         \
    "<MetalPerformancePrimitives/MetalPerformancePrimitives.h> needs Metal Shading Language 4.0: compile with -std=metal4.0 (a Metal emulator compile option; the ABI's msl_version \"4.0\"), or for the host shim with -std=c++20 -D__METAL_VERSION__=400"
#elif __cplusplus < 202002L
// (tile_msl_shim.h has stopped with the reason: MSL 4.0 needs C++20.)
#else

namespace mpp {
namespace tensor_ops {

namespace __detail {
template <bool B> struct enable_if {};
template <> struct enable_if<true> {
  using type = void;
};
template <class T>
using enable_if_integral_t = typename enable_if<__is_integral(T)>::type;
} // namespace __detail

// "Not known at compile time" for a length of integer type T (matmul2d's k):
// T's largest value. Declared here and only here, as in Apple's
// MetalPerformancePrimitives: MSL that writes it unqualified needs
// `using namespace mpp::tensor_ops;` (`using namespace metal;` is not
// enough).
template <class T, class U = __detail::enable_if_integral_t<T>>
struct dynamic_length {
  static constexpr T value = metal::numeric_limits<T>::max();
};
template <class T, class U = __detail::enable_if_integral_t<T>>
inline constexpr T dynamic_length_v = dynamic_length<T>::value;

namespace __detail {
// A k that makes matmul2d read K from its operands: dynamic_length_v<int>,
// or the descriptor's default (dynamic_extent as an int, what Apple's
// header documents).
constexpr bool dynamic_k(int k) {
  return k == dynamic_length_v<int> ||
         k == static_cast<int>(metal::dynamic_extent);
}
} // namespace __detail

struct matmul2d_descriptor {
  enum class mode { multiply, multiply_accumulate };

  int m, n, k;
  bool transpose_left, transpose_right, relaxed_precision;
  mode matmul_mode;

  constexpr matmul2d_descriptor(
      int m_, int n_, int k_ = static_cast<int>(metal::dynamic_extent),
      bool transpose_left_ = false, bool transpose_right_ = false,
      bool relaxed_precision_ = false, mode matmul_mode_ = mode::multiply)
      : m(m_), n(n_), k(k_), transpose_left(transpose_left_),
        transpose_right(transpose_right_),
        relaxed_precision(relaxed_precision_), matmul_mode(matmul_mode_) {}
};

namespace __detail {

// 0 float, 1 half, 2 bfloat, -1 anything else (cv ignored).
template <class T> struct float_code {
  static constexpr int value = -1;
};
template <> struct float_code<float> {
  static constexpr int value = 0;
};
template <> struct float_code<half> {
  static constexpr int value = 1;
};
template <> struct float_code<bfloat> {
  static constexpr int value = 2;
};
template <class T>
inline constexpr int code_v = float_code<__remove_cv(T)>::value;

template <class T> struct element_of {
  using type = void;
  static constexpr int rank = 0;
};
template <class E, class X>
struct element_of<metal::tensor<E, X, metal::tensor_inline>> {
  using type = tile_msl::remove_address_space_t<E>;
  static constexpr int rank = X::rank();
};

// Apple's checks of a matmul2d's operand and destination types.
template <class Left, class Right, class Dest> struct operand_checks {
  static_assert(tile_msl::is_tensor<Left>::value,
                "matmul2d: the left operand must be a tensor<T, extents, "
                "tensor_inline>");
  static_assert(tile_msl::is_tensor<Right>::value,
                "matmul2d: the right operand must be a tensor<T, extents, "
                "tensor_inline>");
  static_assert(element_of<Left>::rank == 2 && element_of<Right>::rank == 2,
                "matmul2d: the operands must be tensors of rank 2");
  using A = typename element_of<Left>::type;
  using B = typename element_of<Right>::type;
  static_assert(!__is_const(A) && !__is_const(B) && !__is_const(Dest),
                "matmul2d: tensor element types must not be const (make the "
                "view of a `device T*`; cast a `device const T*` buffer)");
  static_assert(!((code_v<A> == 1 && code_v<B> == 2) ||
                  (code_v<A> == 2 && code_v<B> == 1)),
                "matmul2d: Input types must match (half and bfloat operands "
                "cannot be mixed)");
  static_assert((code_v<A> == 0 && code_v<B> == 0 && code_v<Dest> == 0) ||
                    (code_v<A> == 1 && code_v<B> == 1 &&
                     (code_v<Dest> == 0 || code_v<Dest> == 1)) ||
                    (code_v<A> == 2 && code_v<B> == 2 &&
                     (code_v<Dest> == 0 || code_v<Dest> == 2)) ||
                    (code_v<A> == 1 && code_v<B> == 2) ||
                    (code_v<A> == 2 && code_v<B> == 1),
                "matmul2d: unsupported element types (supported: half x half "
                "-> float or half, bfloat x bfloat -> float or bfloat, float "
                "x float -> float)");
  static constexpr bool ok = true;
};

constexpr bool shape_ok(int x) {
  return x == 1 || x == 2 || x == 4 || (x >= 8 && x % 8 == 0);
}

constexpr unsigned long long gcd(unsigned long long a, unsigned long long b) {
  while (b) {
    unsigned long long t = a % b;
    a = b;
    b = t;
  }
  return a;
}

// A multiplier for the slot bijection: odd, coprime to `slots` (which is
// even), not 1, chosen by `h`.
constexpr unsigned long long multiplier(unsigned long long slots,
                                        unsigned long long h) {
  unsigned long long a = (h % slots) | 1;
  while (a == 1 || gcd(a, slots) != 1)
    a = (a + 2) % slots;
  return a;
}

constexpr unsigned long long mix(unsigned long long h, long long v) {
  for (int i = 0; i < 8; ++i) {
    h ^= static_cast<unsigned long long>(v >> (8 * i)) & 0xff;
    h *= 0x100000001b3ull;
  }
  return h;
}

// The element layout of a matmul2d destination cooperative tensor (see the
// file comment), fixed for a type.
template <matmul2d_descriptor D, class Scope, class Left, class Right, class T>
struct destination_layout {
  static_assert(operand_checks<Left, Right, T>::ok);
  using left_type = Left;
  using right_type = Right;
  using scope_type = Scope;
  static constexpr matmul2d_descriptor descriptor = D;

  static constexpr int rows = D.m, cols = D.n;
  static constexpr int threads =
      static_cast<int>(tile_msl::scope_traits<Scope>::threads);
  static constexpr int capacity = (rows * cols + threads - 1) / threads + 1;
  static constexpr unsigned long long slots =
      static_cast<unsigned long long>(capacity) * threads;
  static constexpr unsigned long long hash =
      mix(mix(mix(mix(mix(0xcbf29ce484222325ull, rows), cols), threads),
              code_v<T> * 16 + code_v<typename element_of<Left>::type> * 4 +
                  code_v<typename element_of<Right>::type>),
          D.transpose_left * 2 + D.transpose_right);
  static constexpr unsigned long long a = multiplier(slots, hash);
  static constexpr unsigned long long b = (hash >> 24) % slots;

  static constexpr int position(int i, unsigned t) {
    unsigned long long slot = static_cast<unsigned long long>(i) * threads + t;
    return static_cast<int>((a * slot + b) % slots);
  }
  static unsigned scope_thread() {
    return tile_msl::scope_traits<Scope>::scope_thread();
  }
};

template <class L> struct is_destination_layout {
  static constexpr bool value = false;
};
template <matmul2d_descriptor D, class S, class L, class R, class T>
struct is_destination_layout<destination_layout<D, S, L, R, T>> {
  static constexpr bool value = true;
};

constexpr bool same_descriptor(const matmul2d_descriptor &x,
                               const matmul2d_descriptor &y) {
  return x.m == y.m && x.n == y.n && x.k == y.k &&
         x.transpose_left == y.transpose_left &&
         x.transpose_right == y.transpose_right &&
         x.relaxed_precision == y.relaxed_precision &&
         x.matmul_mode == y.matmul_mode;
}

// What the threads of a run must agree on (no padding: compared bytewise).
struct operand_key {
  const void *data;
  long long extent[2], stride[2];
};
struct run_key {
  operand_key left, right, destination; // destination: zero if cooperative
};
struct run_arg {
  run_key key;
  void *destination; // the thread's cooperative tensor, or null
  unsigned owner;    // its owner's index in the scope
};

template <class V> inline operand_key key_of(const V &v) {
  operand_key k;
  k.data = v.__data;
  for (int d = 0; d < 2; ++d) {
    k.extent[d] = static_cast<long long>(v.__ext.extent(d));
    k.stride[d] = static_cast<long long>(v.__str[d]);
  }
  return k;
}

template <class T>
__attribute__((no_sanitize("coverage"))) inline float to_float(T x,
                                                               bool relaxed) {
  float f = static_cast<float>(x);
  if constexpr (code_v<T> == 0) {
    // Truncation toward zero to 10 explicit mantissa bits (NaN kept).
    if (relaxed && f == f)
      f = __builtin_bit_cast(float,
                             __builtin_bit_cast(unsigned, f) & 0xffffe000u);
  }
  return f;
}

// One element of a product: acc, then a float fma chain over K (reads
// outside the operands' M / N extents give 0). Not instrumented: run()
// counts the operands' traffic once per operation instead of once per
// product term (noinline: instrumentation happens after inlining).
template <class A, class B> struct dot_operands {
  const A *a;
  const B *b;
  long long as[2], bs[2];
  long long rows, cols, K; // the M / N extents in use, the K of the run
};
template <bool tl, bool tr, bool relaxed, class A, class B>
__attribute__((no_sanitize("coverage"), noinline)) float
dot(const dot_operands<A, B> &o, long long r, long long c, float acc) {
  for (long long kk = 0; kk < o.K; ++kk) {
    float x = 0.0f, y = 0.0f;
    if (r < o.rows)
      x = to_float(
          o.a[tl ? r * o.as[0] + kk * o.as[1] : kk * o.as[0] + r * o.as[1]],
          relaxed);
    if (c < o.cols)
      y = to_float(
          o.b[tr ? kk * o.bs[0] + c * o.bs[1] : c * o.bs[0] + kk * o.bs[1]],
          relaxed);
    acc = __builtin_fmaf(x, y, acc);
  }
  return acc;
}

// Apple's checks of the descriptor and scope. In a function, not in the
// class, so that a failing one is the only error (a class with a failed
// static_assert loses its members, which would add misleading errors).
template <matmul2d_descriptor Descriptor, class Scope, class... Reserved>
constexpr bool check_matmul2d() {
  static_assert(sizeof...(Reserved) == 0,
                "matmul2d: only matmul2d<descriptor, scope> is supported");
  static_assert(tile_msl::scope_traits<Scope>::supported,
                "matmul2d: the execution scope must be execution_simdgroup "
                "or execution_simdgroups<N>");
  static_assert(Descriptor.m >= 1 && Descriptor.n >= 1,
                "matmul2d: m and n must be positive");
  static_assert(Descriptor.m % 16 == 0 || Descriptor.n % 16 == 0,
                "matmul2d: at least one of m and n must be a multiple of 16");
  static_assert(shape_ok(Descriptor.m),
                "matmul2d: m must be 1, 2, 4 or a multiple of 8");
  static_assert(shape_ok(Descriptor.n),
                "matmul2d: n must be 1, 2, 4 or a multiple of 8");
  static_assert(dynamic_k(Descriptor.k) || Descriptor.k >= 1,
                "matmul2d: k must be positive or dynamic_length_v<int>");
  return true;
}

} // namespace __detail

template <matmul2d_descriptor Descriptor, class Scope, class... Reserved>
struct matmul2d {
  static constexpr matmul2d_descriptor descriptor = Descriptor;
  using scope = Scope;

  // Apple's name and parameters (CoordType: the index type of the
  // destination's extents).
  template <class Left, class Right, class ElementType, class CoordType = int>
  using cooperative_tensor_destination_t = metal::cooperative_tensor<
      ElementType, metal::dextents<CoordType, 2>,
      __detail::destination_layout<Descriptor, Scope, Left, Right,
                                   ElementType>>;

  // An uninitialised (poisoned) cooperative tensor for the m x n result of
  // run(Left, Right, it), elements of type ElementType.
  template <class Left, class Right, class ElementType, class CoordType = int,
            class = __detail::enable_if_integral_t<CoordType>>
  cooperative_tensor_destination_t<Left, Right, ElementType, CoordType>
  get_destination_cooperative_tensor() const {
    static_assert(__detail::check_matmul2d<Descriptor, Scope, Reserved...>());
    return {};
  }

  // destination = left x right (+ destination): see the file comment.
  // always_inline so that the collective's call site is the kernel's.
  template <class Left, class Right, class Destination>
  __attribute__((always_inline)) void run(Left &left, Right &right,
                                          Destination &destination) const {
    static_assert(__detail::check_matmul2d<Descriptor, Scope, Reserved...>());
    using D = tile_msl::remove_cvref_t<Destination>;
    __detail::run_arg arg = {};
    arg.key.left = __detail::key_of(left);
    arg.key.right = __detail::key_of(right);
    if constexpr (tile_msl::is_cooperative_tensor<D>::value) {
      using L = typename D::layout_type;
      static_assert(__detail::is_destination_layout<L>::value,
                    "matmul2d::run: the destination cooperative tensor must "
                    "come from get_destination_cooperative_tensor");
      if constexpr (__detail::is_destination_layout<L>::value) {
        static_assert(
            __detail::same_descriptor(L::descriptor, Descriptor) &&
                tile_msl::same_v<typename L::scope_type, Scope>,
            "matmul2d::run: the destination cooperative tensor was made by "
            "another matmul2d (other descriptor or execution scope)");
        static_assert(
            tile_msl::same_v<tile_msl::remove_cvref_t<Left>,
                             typename L::left_type>,
            "matmul2d::run: the left operand's type is not the Left type of "
            "the get_destination_cooperative_tensor<Left, Right, T> that "
            "made the destination");
        static_assert(
            tile_msl::same_v<tile_msl::remove_cvref_t<Right>,
                             typename L::right_type>,
            "matmul2d::run: the right operand's type is not the Right type "
            "of the get_destination_cooperative_tensor<Left, Right, T> that "
            "made the destination");
      }
      arg.destination = &destination;
      arg.owner = destination.__owner;
    } else {
      static_assert(tile_msl::is_tensor<D>::value,
                    "matmul2d::run: the destination must be a tensor or a "
                    "cooperative tensor");
      static_assert(
          __detail::operand_checks<Left, Right,
                                   typename __detail::element_of<D>::type>::ok);
      static_assert(__detail::element_of<D>::rank == 2,
                    "matmul2d::run: the destination must be a tensor of "
                    "rank 2");
      arg.key.destination = __detail::key_of(destination);
    }
    tile_msl_rendezvous(tile_msl::scope_traits<Scope>::simdgroups,
                        "mpp::tensor_ops::matmul2d::run",
                        &__run_all<Left, Right, D>, &arg, &arg.key,
                        sizeof arg.key);
  }

  // Runs once per collective, on the scope's first thread, with every
  // thread's run_arg.
  template <class Left, class Right, class D>
  static void __run_all(void *const *args, unsigned count) {
    constexpr unsigned threads = tile_msl::scope_traits<Scope>::threads;
    if (count != threads)
      tile_msl::report(TILE_MSL_REPORT_DIVERGENCE,
                       "mpp::tensor_ops::matmul2d::run: %u threads took "
                       "part, but its execution scope has %u (run outside "
                       "the Metal emulator?)",
                       count, threads);
    using A = typename __detail::element_of<Left>::type;
    using B = typename __detail::element_of<Right>::type;
    const __detail::run_key &key =
        static_cast<const __detail::run_arg *>(args[0])->key;
    const A *a = static_cast<const A *>(key.left.data);
    const B *b = static_cast<const B *>(key.right.data);
    const long long *ae = key.left.extent, *as = key.left.stride;
    const long long *be = key.right.extent, *bs = key.right.stride;
    constexpr bool tl = Descriptor.transpose_left;
    constexpr bool tr = Descriptor.transpose_right;
    constexpr bool relaxed = Descriptor.relaxed_precision;
    constexpr bool accumulate = Descriptor.matmul_mode ==
                                matmul2d_descriptor::mode::multiply_accumulate;
    const long long left_k = tl ? ae[1] : ae[0], left_m = tl ? ae[0] : ae[1];
    const long long right_k = tr ? be[0] : be[1], right_n = tr ? be[1] : be[0];
    long long K;
    if constexpr (__detail::dynamic_k(Descriptor.k)) {
      if (left_k != right_k)
        tile_msl::report(TILE_MSL_REPORT_INVALID,
                         "mpp::tensor_ops::matmul2d::run with a dynamic k: "
                         "the left operand's K extent (%lld) differs from "
                         "the right operand's (%lld)",
                         left_k, right_k);
      K = left_k;
    } else {
      K = Descriptor.k;
      if (left_k < K || right_k < K)
        tile_msl::report(TILE_MSL_REPORT_OUT_OF_BOUNDS,
                         "mpp::tensor_ops::matmul2d::run with k = %lld reads "
                         "past the %s operand, whose K extent (dimension %d) "
                         "is %lld",
                         K, left_k < K ? "left" : "right",
                         left_k < K ? (tl ? 1 : 0) : (tr ? 0 : 1),
                         left_k < K ? left_k : right_k);
    }
    constexpr int M = Descriptor.m, N = Descriptor.n;
    const long long rows = left_m < M ? left_m : M;
    const long long cols = right_n < N ? right_n : N;
    // The memory traffic of the operation: every operand element it uses
    // read once, by instrumented loads (the emulator's byte counters and
    // its check for reads of unwritten threadgroup memory see them, and an
    // out-of-bounds element faults here). The arithmetic below reads them
    // again without instrumentation.
    for (long long kk = 0; kk < K; ++kk) {
      for (long long r = 0; r < rows; ++r)
        (void)*static_cast<const volatile A *>(
            a + (tl ? r * as[0] + kk * as[1] : kk * as[0] + r * as[1]));
      for (long long c = 0; c < cols; ++c)
        (void)*static_cast<const volatile B *>(
            b + (tr ? kk * bs[0] + c * bs[1] : c * bs[0] + kk * bs[1]));
    }
    const __detail::dot_operands<A, B> ops = {
        a, b, {as[0], as[1]}, {bs[0], bs[1]}, rows, cols, K};
    if constexpr (tile_msl::is_cooperative_tensor<D>::value) {
      using L = typename D::layout_type;
      using T = typename D::element_type;
      for (unsigned t = 0; t < count; ++t) {
        const __detail::run_arg *r =
            static_cast<const __detail::run_arg *>(args[t]);
        D *dst = static_cast<D *>(r->destination);
        if (r->owner != t)
          tile_msl::report(TILE_MSL_REPORT_INVALID,
                           "mpp::tensor_ops::matmul2d::run: thread %u of "
                           "the scope passes the cooperative tensor of "
                           "thread %u",
                           t, r->owner);
        for (int i = 0; i < L::capacity; ++i) {
          int p = L::position(i, t);
          if (p >= M * N)
            continue;
          float init = accumulate ? static_cast<float>(dst->__elems[i]) : 0.0f;
          dst->__elems[i] = static_cast<T>(
              __detail::dot<tl, tr, relaxed>(ops, p / N, p % N, init));
        }
      }
    } else {
      using T = typename __detail::element_of<D>::type;
      T *d = static_cast<T *>(const_cast<void *>(key.destination.data));
      const long long *de = key.destination.extent,
                      *ds = key.destination.stride;
      for (long long r = 0; r < M && r < de[1]; ++r)
        for (long long c = 0; c < N && c < de[0]; ++c) {
          T *p = d + c * ds[0] + r * ds[1];
          float init = accumulate ? static_cast<float>(*p) : 0.0f;
          *p = static_cast<T>(__detail::dot<tl, tr, relaxed>(ops, r, c, init));
        }
    }
  }
};

} // namespace tensor_ops
} // namespace mpp

#endif // __HAVE_TENSOR__
#endif // TILE_RUNTIME_MSL_METALPERFORMANCEPRIMITIVES_H
