// "Did you mean …?": the closest candidate to a mistyped name.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gg {

// Levenshtein distance between two byte strings.
int EditDistance(std::string_view a, std::string_view b);

// The candidate closest to `word`, or "" when none is close enough to be a plausible typo
// (distance at most max(2, len/3)). Ties go to the alphabetically first candidate, so the
// hint is deterministic.
std::string ClosestMatch(std::string_view word, const std::vector<std::string>& candidates);

// "did you mean 'x'?" or "" when there is no close candidate.
std::string DidYouMean(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace gg
