//===- BFloat16.h - bfloat16 conversions without runtime helpers -*- C++
//-*-===//
//
// Host code that converts float <-> __bf16 would call __truncsfbf2, which
// Debian 12's libgcc lacks; these do the same with integer operations.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_SUPPORT_BFLOAT16_H
#define TILE_SUPPORT_BFLOAT16_H

#include <cstdint>
#include <cstring>

namespace tile {

/// The bfloat16 bits of `f`, rounded to nearest even (NaN stays NaN).
inline uint16_t floatToBFloat16Bits(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  if ((bits & 0x7fffffffu) > 0x7f800000u) // NaN: keep it quiet and a NaN
    return static_cast<uint16_t>((bits >> 16) | 0x40u);
  uint32_t rounding = 0x7fffu + ((bits >> 16) & 1u);
  return static_cast<uint16_t>((bits + rounding) >> 16);
}

/// The float value of bfloat16 bits.
inline float bfloat16BitsToFloat(uint16_t b) {
  uint32_t bits = static_cast<uint32_t>(b) << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

/// `f` rounded to the nearest bfloat16 value.
inline float roundToBFloat16(float f) {
  return bfloat16BitsToFloat(floatToBFloat16Bits(f));
}

} // namespace tile

#endif // TILE_SUPPORT_BFLOAT16_H
