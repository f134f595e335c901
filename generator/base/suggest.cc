#include "base/suggest.h"

#include <algorithm>

namespace gg {

int EditDistance(std::string_view a, std::string_view b) {
  std::vector<int> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = static_cast<int>(j);
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = static_cast<int>(i);
    for (size_t j = 1; j <= b.size(); ++j) {
      int subst = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, subst});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

namespace {

// The unit suffix of a field name ("gb" in "memory_gb"), or "" when it has none.
std::string_view UnitSuffix(std::string_view name) {
  size_t us = name.rfind('_');
  return us == std::string_view::npos ? std::string_view() : name.substr(us + 1);
}

size_t CommonPrefix(std::string_view a, std::string_view b) {
  size_t n = 0;
  while (n < a.size() && n < b.size() && a[n] == b[n]) ++n;
  return n;
}

}  // namespace

std::string ClosestMatch(std::string_view word, const std::vector<std::string>& candidates) {
  // A typo is a small edit. A field named with another word but the same unit ("vram_gb"
  // for "memory_gb") is the same field: allow a larger edit when the unit suffix matches.
  const int typo_limit = std::max(2, static_cast<int>(word.size()) / 3);
  std::string best;
  int best_distance = 0;
  size_t best_prefix = 0;
  for (const auto& c : candidates) {
    int d = EditDistance(word, c);
    int limit = typo_limit;
    std::string_view unit = UnitSuffix(word);
    if (!unit.empty() && unit == UnitSuffix(c))
      limit = std::max(limit, static_cast<int>(std::max(word.size(), c.size())) * 2 / 3);
    if (d > limit) continue;
    // Closest first; among equals the longer shared prefix ("llama-3-8b" is nearer
    // "llama-3.1-8b" than "llama-2-7b"), then alphabetical, so hints are deterministic.
    size_t prefix = CommonPrefix(word, c);
    if (best.empty() || d < best_distance || (d == best_distance && prefix > best_prefix) ||
        (d == best_distance && prefix == best_prefix && c < best)) {
      best = c;
      best_distance = d;
      best_prefix = prefix;
    }
  }
  return best;
}

std::string DidYouMean(std::string_view word, const std::vector<std::string>& candidates) {
  std::string m = ClosestMatch(word, candidates);
  return m.empty() ? std::string() : "did you mean '" + m + "'?";
}

}  // namespace gg
