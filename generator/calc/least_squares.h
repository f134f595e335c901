// Ordinary least squares for the few-parameter models of performance.h.
#pragma once

#include <optional>
#include <vector>

namespace gg::calc {

// Solves min ‖X·β − y‖² through the normal equations (XᵀX)·β = Xᵀy with Gaussian
// elimination and partial pivoting. X is row-major: rows[i] holds the k regressors of point
// i (include a column of 1s for an intercept). Meant for k ≤ ~5 and well-scaled columns
// (logarithms), where the normal equations are accurate enough.
// nullopt when the rows are fewer than k, the rows differ in length, k is 0 or more than
// kMaxRegressors, y has another
// size, or XᵀX is singular (a pivot below 1e-10 of the largest diagonal entry: collinear
// or constant regressors).
inline constexpr size_t kMaxRegressors = 64;

std::optional<std::vector<double>> LeastSquares(const std::vector<std::vector<double>>& rows,
                                                const std::vector<double>& y);

}  // namespace gg::calc
