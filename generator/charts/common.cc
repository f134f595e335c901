#include "charts/common.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace gg::charts {

bool Rect::Intersects(const Rect& o, double gap) const {
  return x < o.Right() + gap && o.x < Right() + gap && y < o.Bottom() + gap && o.y < Bottom() + gap;
}

bool Rect::Contains(const Rect& o) const {
  constexpr double kEps = 1e-6;
  return o.x >= x - kEps && o.y >= y - kEps && o.Right() <= Right() + kEps &&
         o.Bottom() <= Bottom() + kEps;
}

bool Rect::Contains(Point p) const {
  return p.x >= x && p.x <= Right() && p.y >= y && p.y <= Bottom();
}

std::string DefaultNumberFormat(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v < 0 ? "-∞" : "∞";
  if (v == 0) return "0";
  int magnitude = static_cast<int>(std::floor(std::log10(std::abs(v))));
  int decimals = std::max(0, 3 - magnitude);
  decimals = std::min(decimals, 12);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  std::string s = buf;
  if (s.find('.') != std::string::npos) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  if (s == "-0") s = "0";
  return s;
}

}  // namespace gg::charts
