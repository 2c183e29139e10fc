//===- IntPolynomial.cpp - integer polynomials over SSA scalars -----------===//
//
// The scalar half of the offset analysis: bases, strides and bounds are
// sums of products of atoms, kept canonical so that "is the offsets' base
// row * stride + column" is a comparison of two maps.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/Analysis/OffsetAnalysis.h"

#include "llvm/Support/CheckedArithmetic.h"

#include <algorithm>
#include <iterator>

using namespace tile;

/// Offsets are short sums (base + row * stride + column); past these sizes
/// the expression is not one a rectangle comes from, so give up.
static constexpr size_t kMaxTerms = 16;
static constexpr size_t kMaxDegree = 4;

IntPolynomial IntPolynomial::constant(int64_t value) {
  IntPolynomial p;
  if (value != 0)
    p.terms[{}] = value;
  return p;
}

IntPolynomial IntPolynomial::atom(unsigned id) {
  IntPolynomial p;
  p.terms[{id}] = 1;
  return p;
}

IntPolynomial IntPolynomial::term(const Monomial &atoms, int64_t coeff) {
  IntPolynomial p;
  if (coeff != 0)
    p.terms[atoms] = coeff;
  return p;
}

/// Adds `coeff * atoms` to `terms`; false on overflow.
static bool addTerm(std::map<IntPolynomial::Monomial, int64_t> &terms,
                    const IntPolynomial::Monomial &atoms, int64_t coeff) {
  auto [it, inserted] = terms.try_emplace(atoms, coeff);
  if (inserted)
    return true;
  std::optional<int64_t> sum = llvm::checkedAdd(it->second, coeff);
  if (!sum)
    return false;
  if (*sum == 0)
    terms.erase(it);
  else
    it->second = *sum;
  return true;
}

std::optional<IntPolynomial>
IntPolynomial::add(const IntPolynomial &other) const {
  IntPolynomial result = *this;
  for (const auto &[atoms, coeff] : other.terms)
    if (!addTerm(result.terms, atoms, coeff))
      return std::nullopt;
  if (result.terms.size() > kMaxTerms)
    return std::nullopt;
  return result;
}

std::optional<IntPolynomial>
IntPolynomial::sub(const IntPolynomial &other) const {
  std::optional<IntPolynomial> negated = other.mul(constant(-1));
  if (!negated)
    return std::nullopt;
  return add(*negated);
}

std::optional<IntPolynomial>
IntPolynomial::mul(const IntPolynomial &other) const {
  IntPolynomial result;
  for (const auto &[lhsAtoms, lhsCoeff] : terms) {
    for (const auto &[rhsAtoms, rhsCoeff] : other.terms) {
      std::optional<int64_t> coeff = llvm::checkedMul(lhsCoeff, rhsCoeff);
      if (!coeff || lhsAtoms.size() + rhsAtoms.size() > kMaxDegree)
        return std::nullopt;
      Monomial atoms(lhsAtoms);
      atoms.append(rhsAtoms.begin(), rhsAtoms.end());
      llvm::sort(atoms);
      if (!addTerm(result.terms, atoms, *coeff))
        return std::nullopt;
    }
  }
  if (result.terms.size() > kMaxTerms)
    return std::nullopt;
  return result;
}

bool IntPolynomial::dividesTerm(const Monomial &divisorAtoms,
                                int64_t divisorCoeff, const Monomial &atoms,
                                int64_t coeff) {
  if (divisorCoeff == 0 || coeff % divisorCoeff != 0)
    return false;
  // Both are sorted: the divisor's atoms must be a sub-multiset.
  return std::includes(atoms.begin(), atoms.end(), divisorAtoms.begin(),
                       divisorAtoms.end());
}

std::optional<IntPolynomial>
IntPolynomial::divideExactly(const IntPolynomial &divisor) const {
  if (divisor.terms.size() != 1)
    return std::nullopt;
  const auto &[divisorAtoms, divisorCoeff] = *divisor.terms.begin();
  IntPolynomial result;
  for (const auto &[atoms, coeff] : terms) {
    if (!dividesTerm(divisorAtoms, divisorCoeff, atoms, coeff))
      return std::nullopt;
    Monomial quotient;
    std::set_difference(atoms.begin(), atoms.end(), divisorAtoms.begin(),
                        divisorAtoms.end(), std::back_inserter(quotient));
    result.terms[quotient] = coeff / divisorCoeff;
  }
  return result;
}

std::optional<int64_t> IntPolynomial::getConstant() const {
  if (terms.empty())
    return 0;
  if (terms.size() == 1 && terms.begin()->first.empty())
    return terms.begin()->second;
  return std::nullopt;
}

int64_t IntPolynomial::powerOfTwoDivisor() const {
  int64_t divisor = kUnboundedDivisor;
  for (const auto &[atoms, coeff] : terms) {
    uint64_t magnitude = coeff < 0 ? 0 - uint64_t(coeff) : uint64_t(coeff);
    int64_t lowestBit = int64_t(magnitude & (~magnitude + 1));
    if (lowestBit > 0)
      divisor = std::min(divisor, lowestBit);
  }
  return divisor;
}
