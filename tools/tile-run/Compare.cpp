//===- Compare.cpp - emulated results against the interpreter -------------===//

#include "Compare.h"

#include <algorithm>
#include <cmath>

using namespace tile::run;

Tolerance tile::run::defaultTolerance(ElementType type, int64_t terms,
                                      double accumulatorEpsilon) {
  double eps = 0;
  switch (type) {
  case ElementType::F32: eps = 0x1.0p-23; break;
  case ElementType::F16: eps = 0x1.0p-10; break;
  case ElementType::BF16: eps = 0x1.0p-7; break;
  case ElementType::I32: eps = 0; break;
  }
  if (eps == 0)
    return {0, 0};
  double t = static_cast<double>(terms) * 2.0 * accumulatorEpsilon + 4.0 * eps;
  return {t, t};
}

Comparison tile::run::compareBuffers(ElementType type,
                                     const unsigned char *emulated,
                                     const unsigned char *reference,
                                     int64_t count, Tolerance tolerance) {
  Comparison c;
  for (int64_t i = 0; i < count; ++i) {
    double e = readElement(type, emulated, i);
    double r = readElement(type, reference, i);
    double abs = std::fabs(e - r);
    bool bothNaN = std::isnan(e) && std::isnan(r);
    if (bothNaN)
      continue;
    if (std::isnan(abs))
      abs = INFINITY;
    double rel = r != 0 ? abs / std::fabs(r) : (abs == 0 ? 0 : INFINITY);
    c.maxAbsError = std::max(c.maxAbsError, abs);
    c.maxRelError = std::max(c.maxRelError, rel);
    if (abs <= tolerance.atol + tolerance.rtol * std::fabs(r))
      continue;
    if (c.mismatches++ == 0)
      c.first = {i, e, r};
  }
  return c;
}
