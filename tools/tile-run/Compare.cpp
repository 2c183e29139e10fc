//===- Compare.cpp - emulated results against the interpreter -------------===//

#include "Compare.h"

#include <algorithm>
#include <cmath>

using namespace tile::run;

Comparison tile::run::compareBuffers(ElementType type,
                                     const unsigned char *emulated,
                                     const unsigned char *reference,
                                     int64_t count, const double *bounds,
                                     std::optional<Tolerance> tolerance) {
  Comparison c;
  for (int64_t i = 0; i < count; ++i) {
    double e = readElement(type, emulated, i);
    double r = readElement(type, reference, i);
    if (std::isnan(e) && std::isnan(r))
      continue;
    double abs = std::fabs(e - r);
    if (std::isnan(abs))
      abs = INFINITY;
    double rel = r != 0 ? abs / std::fabs(r) : (abs == 0 ? 0 : INFINITY);
    c.maxAbsError = std::max(c.maxAbsError, abs);
    c.maxRelError = std::max(c.maxRelError, rel);
    double allowed = tolerance ? tolerance->atol + tolerance->rtol * std::fabs(r)
                               : bounds[i];
    if (abs != 0)
      c.worstFraction =
          std::max(c.worstFraction, allowed > 0 ? abs / allowed : INFINITY);
    if (abs <= allowed)
      continue;
    if (c.mismatches++ == 0)
      c.first = {i, e, r, allowed};
  }
  return c;
}
