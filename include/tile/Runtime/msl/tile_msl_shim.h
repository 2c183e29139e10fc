//===- tile_msl_shim.h - Plumbing that lets MSL compile as host C++17 -----===//
//
// tile-mlir emits Metal Shading Language. No Metal compiler exists for Linux,
// so every emitted .metal file is also compiled, unchanged, as C++17 by the
// host clang against the headers of this directory (see docs/architecture.md,
// "Shim headers"):
//
//   clang++ -std=c++17 -fsyntax-only -I include/tile/Runtime/msl -x c++ f.metal
//
// The same text will later be built into a shared object and run by the Metal
// emulator: each GPU thread is a fiber, the fibers of one threadgroup share one
// OS thread, and SIMD-group collectives are 32-lane rendezvous. Nothing here
// may keep per-GPU-thread state in globals, so everything a thread needs to
// know about the others goes through the hooks of tile_msl_hooks.h.
//
// This header is the internal plumbing: types, address-space words, lane
// layout, default hooks. The Apple-named headers (metal_stdlib, metal_math,
// metal_compute, metal_simdgroup, metal_simdgroup_matrix, and for MSL 4.0
// metal_tensor and MetalPerformancePrimitives/MetalPerformancePrimitives.h)
// build the public API on top of it.
//
// What MSL must avoid, because host C++ cannot express it (compile errors
// here):
//  * `vec<float, 2>(a, b)` construction: write `float2(a, b)`;
//  * `.x`/`.xy` on bool vectors (clang allows only `[i]` there);
//  * `threadgroup` on anything but a block-scope threadgroup variable --
//    unless the Metal emulator compiles the kernel: it makes the word an
//    address space where it qualifies a pointer or reference (see the
//    address-space qualifiers below), and it gives function constants their
//    values (see `function_constant`).
// Accepted like Metal: `kernel void f()` as well as `[[kernel]] void f()`,
// half literals `1.0h`, `METAL_FUNC`, `as_type<T>(x)`, int32_t & co.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_MSL_TILE_MSL_SHIM_H
#define TILE_RUNTIME_MSL_TILE_MSL_SHIM_H

// Treated like a system header (as Apple's own headers are): warnings a user
// enables with -Wall/-Weverything concern the generated kernel, not the shim's
// implementation. The pragmas below still apply to the including .metal file.
#pragma clang system_header

#if !defined(__clang__)
// ext_vector_type (vectors with .x/.xy members), _Float16 and __bf16 are what
// make MSL's types expressible; GCC has none of the first.
#error "the tile-mlir MSL shim needs clang"
#endif
#if __cplusplus < 201703L
#error "the tile-mlir MSL shim needs C++17 (-std=c++17)"
#endif

// Metal Shading Language version. Apple's compiler takes -std=metal4.0 and
// defines __METAL_VERSION__ (400 for 4.0); the host compiler knows neither,
// so a kernel that needs a version is compiled with -D__METAL_VERSION__=NNN
// (the Metal emulator translates a compile option -std=metalX.Y into it).
// MSL 4.0 (tensors, MetalPerformancePrimitives) needs C++20 on the host,
// because matmul2d takes its descriptor (a class object) as a template
// argument: -std=c++20 -D__METAL_VERSION__=400. Only then is __HAVE_TENSOR__
// defined, the macro that guards Apple's <metal_tensor> and
// <MetalPerformancePrimitives/MetalPerformancePrimitives.h>.
#if defined(__METAL_VERSION__) && __METAL_VERSION__ >= 400
#if __cplusplus < 202002L
#error                                                                         \
    "MSL 4.0 (__METAL_VERSION__ >= 400) needs C++20 on the host: compile with -std=c++20 -D__METAL_VERSION__=400"
#endif
#ifndef __HAVE_TENSOR__
#define __HAVE_TENSOR__ 1
#endif
#endif
// Without a version, Metal 3.2 (Apple's compiler of macOS 15 defaults to
// it; the emulator passes the same -D): kernels test __METAL_VERSION__ to
// choose bfloat (>= 310) or tensor (>= 400) code paths.
#ifndef __METAL_VERSION__
#define __METAL_VERSION__ 320
#endif
// Apple's compiler defines __HAVE_BFLOAT__ from Metal 3.1 on, where bfloat
// is a type; kernels guard their bfloat code with it (candle's unary.metal).
#if __METAL_VERSION__ >= 310 && !defined(__HAVE_BFLOAT__)
#define __HAVE_BFLOAT__ 1
#endif

// Standard headers are included BEFORE the address-space macros below exist:
// libstdc++ uses `thread`, and a header parsed after `#define thread` breaks.
// Only <cstdio> (message of the default MMA hook, the tensor headers'
// reports) and <cstdint> are needed; they declare no name an MSL kernel uses
// other than MSL's own int8_t .. uint64_t. <cstdlib>/<cmath> are deliberately
// avoided: their global ::abs/::exp overloads would make MSL's unqualified
// abs(x)/exp(x) ambiguous after `using namespace metal;`. A C++ test program
// that includes this shim must include its own standard headers first for the
// same reason.
#include <cstdio>
// MSL's fixed-width integer types (int32_t, uint16_t, ...; the tensor
// headers spell extents as dextents<int32_t, 2>). <cstdint> declares types
// only.
#include <cstdint>
// metal_type_traits builds on the standard traits (types only, no functions
// that could clash with MSL's).
#include <type_traits>

#include "tile_msl_hooks.h"

// MSL attaches attributes to kernels and parameters ([[kernel]], [[buffer(0)]],
// [[thread_index_in_threadgroup]], ...). The host compiler does not know them
// and would warn "unknown attribute ignored" on every line. Silencing the
// warning here (the pragma stays in force for the rest of the translation unit,
// i.e. for the .metal file that included us) spares every caller from passing
// -Wno-unknown-attributes. Passing that flag as well is harmless.
#pragma clang diagnostic ignored "-Wunknown-attributes"

//===----------------------------------------------------------------------===//
// Function qualifiers and literals
//===----------------------------------------------------------------------===//
// `kernel void f(...)` is Apple's usual spelling; `[[kernel]]` is the
// attribute form. `kernel` expands to nothing, so `kernel void f` is a plain
// function and `[[kernel]]` / `[[kernel, max_total_threads_per_threadgroup(
// 64)]]` become `[[]]` / `[[, max_...(64)]]`, which C++ also allows (empty
// attribute-list elements). MSL reserves the word, so no kernel uses it as
// an identifier.
#define kernel
// Apple's header spells helper functions METAL_FUNC (inline, always
// inlined).
#ifndef METAL_FUNC
#define METAL_FUNC inline __attribute__((__always_inline__))
#endif

//===----------------------------------------------------------------------===//
// Scalar types
//===----------------------------------------------------------------------===//
// MSL's scalar names are builtin (global). The unsigned ones are spelled
// exactly as glibc's <sys/types.h> spells its own uint/ushort/ulong typedefs,
// so that both may appear in one translation unit (identical redeclaration).
typedef unsigned char uchar;
typedef unsigned short int ushort;
typedef unsigned int uint;
typedef unsigned long int ulong; // MSL's ulong is 64 bits, as on LP64 hosts.
typedef _Float16 half;           // IEEE binary16, like MSL half.
typedef __bf16 bfloat;           // bfloat16, like MSL bfloat (Metal 3.1+).
// Linking note: converting float to bfloat calls the runtime function
// __truncsfbf2, absent from the libgcc of GCC < 13 (Debian 12). Programs that
// link such code pass -rtlib=compiler-rt to clang (compiler-rt's builtins
// have it); compiling (-fsyntax-only, -c) needs nothing.

static_assert(sizeof(ulong) == 8,
              "MSL ulong/long are 64-bit; need an LP64 host");

// Half literals: `1.0h`, `2.5e-3H`. C++ lexes the suffix as a user-defined
// literal; a suffix without `_` is reserved for the implementation, which
// this (system) header is. Only floating literals take it, as in MSL
// (`2h` is an error in both). The conversion from long double rounds once.
constexpr half operator""h(long double v) { return static_cast<half>(v); }
constexpr half operator"" H(long double v) { return static_cast<half>(v); }

//===----------------------------------------------------------------------===//
// Vector types
//===----------------------------------------------------------------------===//
// clang's ext_vector_type is OpenCL's vector model, which MSL shares: .x .y .z
// .w members (assignable), swizzles (.xy), [] indexing, element-wise
// arithmetic, scalar splat (`ulong2 o = 0;`), 3-vectors padded to 4 elements.
// What C++ lacks is MSL's constructor syntax `float4(a.xy, 1.0f, b)`: a
// functional cast with several arguments is an error for vector types. It is
// provided by a function-like macro per vector name (below); a function-like
// macro only expands when its name is followed by `(`, so `float4 v;` still
// names the type while `float4(1, 2, 3, 4)` becomes a call of make_vec.
namespace metal {
template <class T, int N> using vec = T __attribute__((ext_vector_type(N)));
} // namespace metal

namespace tile_msl {

// Number of components an argument of an MSL vector constructor supplies.
template <class X> struct vec_info {
  static constexpr int size = 1;
};
template <class T, int N>
struct vec_info<T __attribute__((ext_vector_type(N)))> {
  static constexpr int size = N;
};

template <class T, int N> struct vec_builder {
  metal::vec<T, N> v{};
  int next = 0;
  template <class X> void put(X x) {
    if constexpr (vec_info<X>::size == 1) {
      v[next++] = static_cast<T>(x);
    } else {
      for (int k = 0; k < vec_info<X>::size; ++k)
        v[next++] = static_cast<T>(x[k]);
    }
  }
};

// MSL vector construction: no argument (zero), one scalar (splat), or scalars
// and vectors supplying exactly N components in order (which includes the
// conversion float4(int4)).
template <class T, int N, class... A>
inline metal::vec<T, N> make_vec(A... args) {
  constexpr int supplied = (0 + ... + vec_info<A>::size);
  if constexpr (sizeof...(A) == 1 && supplied == 1) {
    return metal::vec<T, N>(T(args...));
  } else {
    static_assert(sizeof...(A) == 0 || supplied == N,
                  "MSL vector constructor: the arguments must supply exactly "
                  "as many components as the vector has (or one scalar)");
    vec_builder<T, N> b;
    (b.put(args), ...);
    return b.v;
  }
}

} // namespace tile_msl

// The 2-, 3- and 4-element typedefs of one scalar type (helper #undef'd after
// use), then one constructor macro per vector name, written out because a
// macro cannot define macros.
#define TILE_MSL_VECTOR_TYPES(S)                                               \
  typedef metal::vec<S, 2> S##2;                                               \
  typedef metal::vec<S, 3> S##3;                                               \
  typedef metal::vec<S, 4> S##4;
TILE_MSL_VECTOR_TYPES(bool)
TILE_MSL_VECTOR_TYPES(char)
TILE_MSL_VECTOR_TYPES(uchar)
TILE_MSL_VECTOR_TYPES(short)
TILE_MSL_VECTOR_TYPES(ushort)
TILE_MSL_VECTOR_TYPES(int)
TILE_MSL_VECTOR_TYPES(uint)
TILE_MSL_VECTOR_TYPES(long)
TILE_MSL_VECTOR_TYPES(ulong)
TILE_MSL_VECTOR_TYPES(half)
TILE_MSL_VECTOR_TYPES(bfloat)
TILE_MSL_VECTOR_TYPES(float)
#undef TILE_MSL_VECTOR_TYPES

#define bool2(...) ::tile_msl::make_vec<bool, 2>(__VA_ARGS__)
#define bool3(...) ::tile_msl::make_vec<bool, 3>(__VA_ARGS__)
#define bool4(...) ::tile_msl::make_vec<bool, 4>(__VA_ARGS__)
#define char2(...) ::tile_msl::make_vec<char, 2>(__VA_ARGS__)
#define char3(...) ::tile_msl::make_vec<char, 3>(__VA_ARGS__)
#define char4(...) ::tile_msl::make_vec<char, 4>(__VA_ARGS__)
#define uchar2(...) ::tile_msl::make_vec<uchar, 2>(__VA_ARGS__)
#define uchar3(...) ::tile_msl::make_vec<uchar, 3>(__VA_ARGS__)
#define uchar4(...) ::tile_msl::make_vec<uchar, 4>(__VA_ARGS__)
#define short2(...) ::tile_msl::make_vec<short, 2>(__VA_ARGS__)
#define short3(...) ::tile_msl::make_vec<short, 3>(__VA_ARGS__)
#define short4(...) ::tile_msl::make_vec<short, 4>(__VA_ARGS__)
#define ushort2(...) ::tile_msl::make_vec<ushort, 2>(__VA_ARGS__)
#define ushort3(...) ::tile_msl::make_vec<ushort, 3>(__VA_ARGS__)
#define ushort4(...) ::tile_msl::make_vec<ushort, 4>(__VA_ARGS__)
#define int2(...) ::tile_msl::make_vec<int, 2>(__VA_ARGS__)
#define int3(...) ::tile_msl::make_vec<int, 3>(__VA_ARGS__)
#define int4(...) ::tile_msl::make_vec<int, 4>(__VA_ARGS__)
#define uint2(...) ::tile_msl::make_vec<uint, 2>(__VA_ARGS__)
#define uint3(...) ::tile_msl::make_vec<uint, 3>(__VA_ARGS__)
#define uint4(...) ::tile_msl::make_vec<uint, 4>(__VA_ARGS__)
#define long2(...) ::tile_msl::make_vec<long, 2>(__VA_ARGS__)
#define long3(...) ::tile_msl::make_vec<long, 3>(__VA_ARGS__)
#define long4(...) ::tile_msl::make_vec<long, 4>(__VA_ARGS__)
#define ulong2(...) ::tile_msl::make_vec<ulong, 2>(__VA_ARGS__)
#define ulong3(...) ::tile_msl::make_vec<ulong, 3>(__VA_ARGS__)
#define ulong4(...) ::tile_msl::make_vec<ulong, 4>(__VA_ARGS__)
#define half2(...) ::tile_msl::make_vec<half, 2>(__VA_ARGS__)
#define half3(...) ::tile_msl::make_vec<half, 3>(__VA_ARGS__)
#define half4(...) ::tile_msl::make_vec<half, 4>(__VA_ARGS__)
#define bfloat2(...) ::tile_msl::make_vec<bfloat, 2>(__VA_ARGS__)
#define bfloat3(...) ::tile_msl::make_vec<bfloat, 3>(__VA_ARGS__)
#define bfloat4(...) ::tile_msl::make_vec<bfloat, 4>(__VA_ARGS__)
#define float2(...) ::tile_msl::make_vec<float, 2>(__VA_ARGS__)
#define float3(...) ::tile_msl::make_vec<float, 3>(__VA_ARGS__)
#define float4(...) ::tile_msl::make_vec<float, 4>(__VA_ARGS__)

namespace metal {
// as_type<T>(x): the bits of x reinterpreted as a T of the same size (a
// 3-component vector occupies 4 components, as in MSL).
template <class T, class U> constexpr T as_type(U x) {
  static_assert(sizeof(T) == sizeof(U),
                "as_type: source and destination types must have the same "
                "size");
  return __builtin_bit_cast(T, x);
}
} // namespace metal

//===----------------------------------------------------------------------===//
// Address-space qualifiers
//===----------------------------------------------------------------------===//
// MSL writes device/constant/thread/threadgroup where C++ expects a
// decl-specifier (`device const float* A`, `constant uint& M`). Only a macro
// can occupy that position, so these four words are macros and cannot be used
// as ordinary identifiers after this header (MSL reserves them too). `kernel`
// is NOT defined: the emitter writes the attribute form [[kernel]].
//
// The Metal emulator models the address spaces as types: it compiles in
// clang's SYCL device mode (-fsycl-is-device, which defines
// __SYCL_DEVICE_ONLY__), where `device`, `threadgroup` and `constant` are
// clang's global, local and private address spaces and the default one
// (MSL's `thread`) is generic: overloads on address spaces resolve as in
// Metal (`f(device const int*)` and `f(constant const int*)`), a pointer of
// one space is not accepted for another (a `threadgroup float*` passed
// where a `device float*` is required is a compile error), and an object
// in any address space still converts to the default one, which stands for
// Metal's implicit members of every address space (`S s = in[i];`,
// `in[i].sum()`, `out[i] = s;` on a struct in a buffer). Plain C++ has no
// such generic address space, so compiled without the emulator (a syntax
// check) the words stay erased: one flat address space. What the emulator
// rewrites for them is in lib/Runtime/MetalEmulator/adapt.c: `constant`
// and `threadgroup` qualifying a pointer or reference become __mslcas and
// __msl_tgas (below; a `constant` variable stays a plain const, a
// `threadgroup` variable stays shared storage), an array parameter in an
// address space (`threadgroup float x[32]`) becomes the pointer it is, and
// a member function's address-space qualifier (`int f() const threadgroup`)
// becomes a C++23 explicit object parameter (member_spaces.c) or, where that
// cannot be (constructors), is dropped (clang has no such qualifiers in C++;
// `this` is generic), and
// a `thread T*` parameter becomes a thread_pointer<T*> (below), which
// refuses the pointers of the other spaces that the generic one would take.
#ifdef __SYCL_DEVICE_ONLY__
#define TILE_MSL_DEVICE_SPACE __attribute__((opencl_global))
#define TILE_MSL_CONSTANT_SPACE __attribute__((opencl_private))
#define TILE_MSL_THREADGROUP_SPACE __attribute__((opencl_local))
#else
#define TILE_MSL_DEVICE_SPACE
#define TILE_MSL_CONSTANT_SPACE
#define TILE_MSL_THREADGROUP_SPACE
#endif
namespace tile_msl {
// X without its address space, for the shim's templates that deduce a type
// from a pointer or reference in any space (clang has no trait for it; the
// overloads deduce it). cv-qualifiers stay.
template <class T> T *space_free(T *);
#ifdef __SYCL_DEVICE_ONLY__
template <class T> T *space_free(TILE_MSL_DEVICE_SPACE T *);
template <class T> T *space_free(TILE_MSL_CONSTANT_SPACE T *);
template <class T> T *space_free(TILE_MSL_THREADGROUP_SPACE T *);
#endif
// T in a context that does not deduce it (C++20's std::type_identity_t).
template <class T> struct not_deduced {
  using type = T;
};
template <class X>
using remove_address_space_t =
    std::remove_pointer_t<decltype(space_free(static_cast<X *>(nullptr)))>;

// A `thread T*` parameter in the emulator (P is T*; the parameter rewriting
// is in lib/Runtime/MetalEmulator/thread_pointers.c): it takes a pointer in
// the thread (default) address space and refuses one in the device,
// threadgroup or constant space, as Metal does. A plain `T*` would take
// them all: clang's default address space is generic (see above). A
// pointer of another space deduces U exactly, which ranks above the
// address-space conversion the first constructor would need.
template <class P> struct thread_pointer {
  P pointer;
  constexpr thread_pointer(P p) : pointer(p) {}
  constexpr operator P() const { return pointer; }
  constexpr P operator->() const { return pointer; }
#ifdef __SYCL_DEVICE_ONLY__
  template <class U>
  thread_pointer(TILE_MSL_DEVICE_SPACE U *) =
      delete ("a device pointer cannot be passed as a thread pointer");
  template <class U>
  thread_pointer(TILE_MSL_THREADGROUP_SPACE U *) =
      delete ("a threadgroup pointer cannot be passed as a thread pointer");
  template <class U>
  thread_pointer(TILE_MSL_CONSTANT_SPACE U *) =
      delete ("a constant pointer cannot be passed as a thread pointer");
#endif
};
} // namespace tile_msl
#define __mslcas const TILE_MSL_CONSTANT_SPACE
#define __msl_tgas TILE_MSL_THREADGROUP_SPACE
#define device TILE_MSL_DEVICE_SPACE
#define thread
// constant: `const` (and for pointers and references in the emulator, the
// constant address space). MSL's constant address space is read-only, so a
// write through a constant pointer/reference is a compile error on Metal
// and here. `constant const T*`, valid MSL, becomes a duplicated const,
// which C++ allows with a warning; that warning is silenced for the
// including file.
#define constant const
#pragma clang diagnostic ignored "-Wduplicate-decl-specifier"

// threadgroup: a block-scope `threadgroup float tg[N];` must name ONE array
// shared by all threads of the threadgroup, but each thread is a fiber with
// its own stack, so the array cannot be an automatic variable. It becomes a
// block-scope `static thread_local` variable:
//  * all fibers of a threadgroup run on the same OS thread, so they see the
//    same copy (address caching across fiber switches is therefore harmless);
//  * threadgroups executing concurrently on other OS threads get other copies;
//  * MSL forbids initialisers on threadgroup variables, and a zero-initialised
//    thread_local needs no guard variable or constructor;
//  * the emulator can locate all threadgroup memory of a kernel module as that
//    module's TLS block (module id from dlinfo(RTLD_DI_TLS_MODID), address
//    from __tls_get_addr({id, 0}), which also allocates the block on first
//    use; size from the PT_TLS program header), fill it with NaN before each
//    threadgroup and check it against the 32 KiB limit
//    (one kernel per module makes that size per kernel) -- which is why
//    nothing else in these headers is thread_local.
// A `threadgroup` that qualifies a pointer or reference (`threadgroup
// float* p = tg + i;`, helper-function and [[threadgroup(n)]] parameters)
// must not become static: the Metal emulator writes the address space alone
// there (__msl_tgas, lib/Runtime/MetalEmulator/address_spaces.c). Compiled
// without the emulator (a plain syntax check), such a pointer local would be
// one variable shared by all threads; in C++20, require_constant_initialization
// turns that into a compile error (its non-constant initialiser). Not in C++17,
// where it would also reject threadgroup arrays of structs (a trivial default
// constructor is constexpr only since C++20). Parameters declared `threadgroup`
// only compile through the emulator. The expansion can be replaced by defining
// TILE_MSL_THREADGROUP_STORAGE before including the shim.
#ifndef TILE_MSL_THREADGROUP_STORAGE
#if __cplusplus >= 202002L
#define TILE_MSL_THREADGROUP_STORAGE                                           \
  static thread_local __attribute__((require_constant_initialization))
#else
#define TILE_MSL_THREADGROUP_STORAGE static thread_local
#endif
#endif
#define threadgroup TILE_MSL_THREADGROUP_STORAGE TILE_MSL_THREADGROUP_SPACE

//===----------------------------------------------------------------------===//
// simdgroup_matrix support: lane layout, element codes, poison
//===----------------------------------------------------------------------===//
namespace tile_msl {

// Lane l of a SIMD-group owns row frag_row(l), columns frag_col(l) and
// frag_col(l)+1 of an 8x8 fragment (the layout MLX, tinygrad and
// metal-flash-attention rely on; Apple leaves it unspecified).
constexpr unsigned frag_row(unsigned lane) {
  return ((lane / 4) & 4) + (lane / 2) % 4;
}
constexpr unsigned frag_col(unsigned lane) {
  return ((lane / 4) & 2) * 2 + (lane % 2) * 2;
}

template <class T> struct elem_code;
template <> struct elem_code<float> {
  static constexpr int value = TILE_MSL_ELEM_F32;
};
template <> struct elem_code<half> {
  static constexpr int value = TILE_MSL_ELEM_F16;
};
template <> struct elem_code<bfloat> {
  static constexpr int value = TILE_MSL_ELEM_BF16;
};

// Value of elements nobody initialised. Metal leaves them undefined; NaN makes
// a kernel that reads them visibly wrong instead of accidentally right.
template <class T> inline T poison() {
  return static_cast<T>(__builtin_nanf(""));
}

} // namespace tile_msl

//===----------------------------------------------------------------------===//
// Default hooks
//===----------------------------------------------------------------------===//
// Weak definitions let a kernel compiled with this shim link and run as ONE
// thread (lane 0, barriers do nothing). A program that provides its own strong
// definitions overrides them at link time. The emulator should compile kernel
// modules with -DTILE_MSL_NO_DEFAULT_HOOKS so that the module's references stay
// undefined and bind to the emulator's definitions when the module is loaded
// (the dynamic linker does not prefer strong over weak across objects).
#ifndef TILE_MSL_NO_DEFAULT_HOOKS
extern "C" {
__attribute__((weak)) unsigned tile_msl_lane_id(void) { return 0; }
__attribute__((weak)) void tile_msl_threadgroup_barrier(unsigned) {}
__attribute__((weak)) void tile_msl_simdgroup_barrier(unsigned) {}
__attribute__((weak)) void tile_msl_barrier_site(const char *, unsigned) {}
__attribute__((weak)) void tile_msl_simdgroup_uniform(void) {}
__attribute__((weak)) void
tile_msl_simdgroup_multiply_accumulate(void *, int, const void *, int,
                                       const void *, int, const void *, int) {
  std::fputs("tile-msl: simdgroup_multiply_accumulate needs the tile-mlir "
             "Metal emulator (it combines the data of all 32 lanes of a "
             "SIMD-group; only the single-thread default hooks of "
             "tile_msl_shim.h are linked)\n",
             stderr);
  __builtin_abort();
}
__attribute__((weak)) unsigned tile_msl_thread_index(void) { return 0; }
__attribute__((weak)) unsigned tile_msl_builtin_value(unsigned) {
  std::fputs("tile-msl: program-scope built-in variables need the tile-mlir "
             "Metal emulator\n",
             stderr);
  __builtin_abort();
}
__attribute__((weak)) void tile_msl_note_float_atomic(const void *) {}
__attribute__((weak)) void tile_msl_note_atomic(const void *, unsigned, int,
                                                int) {}
__attribute__((weak)) void tile_msl_report(int, const char *message) {
  std::fprintf(stderr, "tile-msl: %s\n", message);
  __builtin_abort();
}
// A scope of one thread: the callback sees only the caller.
__attribute__((weak)) void tile_msl_rendezvous(unsigned, const char *,
                                               tile_msl_rendezvous_fn fn,
                                               void *arg, const void *,
                                               unsigned) {
  void *args[1] = {arg};
  fn(args, 1);
}
// A SIMD-group of one lane, lane 0: reductions, inclusive scans and
// simd_broadcast_first return the value itself, exclusive scans 0 or 1,
// votes the lane's own vote; data movement follows the emulator's rules
// (metal_simdgroup): reading lane 0 gives the value, a missing lane (1..31,
// or a lane id >= 32 for simd_shuffle/simd_broadcast) all-0xFF bytes, a
// relative source outside 0..31 the value itself.
__attribute__((weak)) void tile_msl_simd_collective(int op, int type,
                                                    unsigned count,
                                                    const void *in, void *out,
                                                    unsigned arg) {
  static const unsigned char size[] = {4, 2, 2, 1, 1, 2, 2, 4, 4, 8, 8, 1};
  const unsigned char *x = static_cast<const unsigned char *>(in);
  unsigned char *o = static_cast<unsigned char *>(out);
  // A quad of one lane behaves as a SIMD-group of one lane of width 4.
  const unsigned width = op & TILE_MSL_SIMD_QUAD ? 4 : 32;
  op &= ~TILE_MSL_SIMD_QUAD;
  switch (op) {
  case TILE_MSL_SIMD_ACTIVE_THREADS_MASK: {
    unsigned long long bits = 1;
    __builtin_memcpy(o, &bits, sizeof bits);
    return;
  }
  case TILE_MSL_SIMD_ALL:
  case TILE_MSL_SIMD_ANY:
    o[0] = x[0] != 0;
    return;
  case TILE_MSL_SIMD_BALLOT: {
    unsigned long long bits = x[0] != 0;
    __builtin_memcpy(o, &bits, sizeof bits);
    return;
  }
  case TILE_MSL_SIMD_IS_FIRST:
    o[0] = 1;
    return;
  default:
    break;
  }
  if (type < 0 || type > TILE_MSL_ELEM_BOOL || count < 1 || count > 4)
    __builtin_abort();
  unsigned es = size[type], n = es * count;
  // Whether the source is a lane this group lacks. simd_shuffle_up reads
  // lane 0 - delta: this lane or out of range, so always its own value.
  bool missing = false;
  if (op == TILE_MSL_SIMD_SHUFFLE || op == TILE_MSL_SIMD_BROADCAST)
    missing = arg != 0; // lanes 1..width-1 are missing, >= width invalid
  else if (op == TILE_MSL_SIMD_SHUFFLE_XOR || op == TILE_MSL_SIMD_SHUFFLE_DOWN)
    missing = arg != 0 && arg < width; // >= width: out of range, keep it
  else if (op == TILE_MSL_SIMD_SHUFFLE_ROTATE_UP ||
           op == TILE_MSL_SIMD_SHUFFLE_ROTATE_DOWN)
    missing = arg % width != 0;
  if (missing) {
    __builtin_memset(o, 0xFF, n);
    return;
  }
  if (op == TILE_MSL_SIMD_PREFIX_EXCLUSIVE_SUM) {
    __builtin_memset(o, 0, n); // 0 and +0.0 in every type
    return;
  }
  if (op == TILE_MSL_SIMD_PREFIX_EXCLUSIVE_PRODUCT) {
    // 1 in the element type: the high bits of 1.0f for half (0x3c00) and
    // bfloat (0x3f80), else the integer 1 (little endian).
    static const unsigned char one_f32[4] = {0, 0, 0x80, 0x3f};
    static const unsigned char one_f16[2] = {0, 0x3c};
    static const unsigned char one_bf16[2] = {0x80, 0x3f};
    const unsigned char *one = type == TILE_MSL_ELEM_F32    ? one_f32
                               : type == TILE_MSL_ELEM_F16  ? one_f16
                               : type == TILE_MSL_ELEM_BF16 ? one_bf16
                                                            : nullptr;
    __builtin_memset(o, 0, n);
    for (unsigned k = 0; k < count; ++k) {
      if (one)
        __builtin_memcpy(o + k * es, one, es);
      else
        o[k * es] = 1;
    }
    return;
  }
  __builtin_memmove(o, x, n);
}
} // extern "C"
#endif

namespace tile_msl {
// A program-scope built-in variable (MSL 3.0: `uint tg
// [[threadgroup_position_in_grid]];` at file scope), which the Metal
// emulator declares as one of these: each use reads the calling thread's
// value. Scalars and vectors convert to the declared type; a vector's
// components are also members .x, .y, .z (properties: the emulator compiles
// with clang's -fdeclspec).
template <class X> struct component_of {
  using type = X;
};
template <class E, int N>
struct component_of<E __attribute__((ext_vector_type(N)))> {
  using type = E;
};
template <class T, unsigned Slot, unsigned Components> struct program_builtin {
  using component_type = typename component_of<T>::type;
  component_type component(unsigned i) const {
    return static_cast<component_type>(
        tile_msl_builtin_value(Slot + (i < Components ? i : 0)));
  }
  component_type get_x() const { return component(0); }
  component_type get_y() const { return component(1); }
  component_type get_z() const { return component(2); }
#ifdef TILE_MSL_PROGRAM_SCOPE_PROPERTIES
  __declspec(property(get = get_x)) component_type x;
  __declspec(property(get = get_y)) component_type y;
  __declspec(property(get = get_z)) component_type z;
#endif
  operator T() const {
    if constexpr (vec_info<T>::size == 1) {
      return static_cast<T>(tile_msl_builtin_value(Slot));
    } else {
      T v{};
      for (int i = 0; i < vec_info<T>::size && i < int(Components); ++i)
        v[i] = tile_msl_builtin_value(Slot + unsigned(i));
      return v;
    }
  }
  T value() const { return *this; }
};
} // namespace tile_msl

#endif // TILE_RUNTIME_MSL_TILE_MSL_SHIM_H
