//===- Compare.cpp - emulated results against the interpreter -------------===//

#include "Compare.h"

#include "llvm/Support/Format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <utility>

using namespace tile::run;

/// The smallest magnitude that rounds to infinity in `type` (the largest
/// finite value plus half its ulp).
static double overflowThreshold(ElementType type) {
  switch (type) {
  case ElementType::F16:
    return 65520.0;
  case ElementType::BF16:
    return 0x1.ffp127;
  default:
    return 0x1.ffffffp127;
  }
}

/// How far the emulated `e` is from the reference `r`, for the bound: 0 for
/// the same value (the same infinity included). An emulated infinity
/// against a finite reference counts from the overflow threshold, where a
/// correct result becomes that infinity.
static double distanceForBound(ElementType type, double e, double r) {
  if (e == r)
    return 0;
  if (std::isinf(e) && std::isfinite(r))
    return std::fabs(std::copysign(overflowThreshold(type), e) - r);
  double d = std::fabs(e - r);
  return std::isnan(d) ? INFINITY : d;
}

Comparison tile::run::compareBuffers(ElementType type,
                                     const unsigned char *emulated,
                                     const unsigned char *reference,
                                     int64_t count, const double *bounds,
                                     std::optional<Tolerance> tolerance) {
  Comparison c;
  for (int64_t i = 0; i < count; ++i) {
    double e = readElement(type, emulated, i);
    double r = readElement(type, reference, i);
    if ((std::isnan(e) && std::isnan(r)) || e == r)
      continue;
    double abs = std::fabs(e - r);
    if (std::isnan(abs))
      abs = INFINITY;
    double rel = r != 0 ? abs / std::fabs(r) : INFINITY;
    c.maxAbsError = std::max(c.maxAbsError, abs);
    c.maxRelError = std::max(c.maxRelError, rel);
    double allowed = tolerance
                         ? tolerance->atol + tolerance->rtol * std::fabs(r)
                         : bounds[i];
    double distance = tolerance ? abs : distanceForBound(type, e, r);
    c.worstFraction =
        std::max(c.worstFraction, allowed > 0 ? distance / allowed : INFINITY);
    if (distance <= allowed)
      continue;
    if (c.mismatches++ == 0)
      c.first = {i, e, r, allowed};
  }
  return c;
}

/// `a` and `b` with as many significant digits (6 to 17) as it takes for
/// two different values to print differently (an --atol 0 mismatch may be
/// one ulp).
static std::pair<std::string, std::string> distinctTexts(double a, double b) {
  auto text = [](double v, int digits) {
    char buffer[64];
    std::snprintf(buffer, sizeof(buffer), "%.*g", digits, v);
    return std::string(buffer);
  };
  int digits = 6;
  while (digits < 17 && text(a, digits) == text(b, digits))
    ++digits;
  return {text(a, digits), text(b, digits)};
}

void tile::run::printComparison(llvm::raw_ostream &os, llvm::StringRef name,
                                const Comparison &c,
                                std::optional<Tolerance> tolerance) {
  os << "compare " << name << ": max abs error "
     << llvm::format("%.3g", c.maxAbsError) << ", max rel error "
     << llvm::format("%.3g", c.maxRelError);
  if (tolerance)
    os << " (rtol " << llvm::format("%.3g", tolerance->rtol) << ", atol "
       << llvm::format("%.3g", tolerance->atol) << "): ";
  else
    os << " (at most " << llvm::format("%.2g", c.worstFraction)
       << " of the error bound): ";
  if (c.mismatches == 0) {
    os << "ok\n";
    return;
  }
  auto [emulated, reference] =
      distinctTexts(c.first.emulated, c.first.reference);
  os << c.mismatches << " mismatches, first at element " << c.first.index
     << ": emulated " << emulated << ", reference " << reference << ", allowed "
     << llvm::format("%.3g", c.first.allowed) << "\n";
}
