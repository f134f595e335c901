#include "calc/least_squares.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace gg::calc {

std::optional<std::vector<double>> LeastSquares(const std::vector<std::vector<double>>& rows,
                                                const std::vector<double>& y) {
  if (rows.empty() || rows.size() != y.size()) return std::nullopt;
  const size_t k = rows.front().size();
  // A bound on the regressors (the fits use a handful) keeps the k × (k+1) system small, and
  // tells the compiler that k + 1 cannot wrap around (GCC 12 otherwise warns,
  // -Walloc-size-larger-than, about a size it cannot rule out).
  if (k == 0 || k > kMaxRegressors || rows.size() < k) return std::nullopt;
  for (const auto& r : rows)
    if (r.size() != k) return std::nullopt;

  // Augmented normal equations [XᵀX | Xᵀy].
  std::vector<std::vector<double>> a(k, std::vector<double>(k + 1, 0.0));
  for (size_t i = 0; i < rows.size(); ++i) {
    for (size_t r = 0; r < k; ++r) {
      for (size_t c = 0; c < k; ++c) a[r][c] += rows[i][r] * rows[i][c];
      a[r][k] += rows[i][r] * y[i];
    }
  }
  double scale = 0;
  for (size_t r = 0; r < k; ++r) scale = std::max(scale, std::fabs(a[r][r]));
  if (!(scale > 0)) return std::nullopt;
  const double tolerance = 1e-10 * scale;

  for (size_t col = 0; col < k; ++col) {
    size_t pivot = col;
    for (size_t r = col + 1; r < k; ++r)
      if (std::fabs(a[r][col]) > std::fabs(a[pivot][col])) pivot = r;
    if (std::fabs(a[pivot][col]) < tolerance) return std::nullopt;
    std::swap(a[col], a[pivot]);
    for (size_t r = col + 1; r < k; ++r) {
      const double f = a[r][col] / a[col][col];
      for (size_t c = col; c <= k; ++c) a[r][c] -= f * a[col][c];
    }
  }
  std::vector<double> beta(k, 0.0);
  for (size_t i = k; i-- > 0;) {
    double s = a[i][k];
    for (size_t c = i + 1; c < k; ++c) s -= a[i][c] * beta[c];
    beta[i] = s / a[i][i];
  }
  return beta;
}

}  // namespace gg::calc
