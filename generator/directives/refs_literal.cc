// Literal figures written by an author (history, rules of thumb), formatted for the page's
// language: `gpu:usd 2200`, `gpu:gb 24`, `gpu:num 0.175`, `gpu:pct 15`,
// `gpu:w 350`. The number keeps the
// decimals the author wrote.
#include <algorithm>

#include "base/text.h"
#include "directives/directive.h"

namespace gg {
namespace {

int Decimals(const std::string& s) {
  size_t dot = s.find('.');
  return dot == std::string::npos ? 0 : static_cast<int>(s.size() - dot - 1);
}

DirectiveSpec Literal(const std::string& name, RenderFn fn) {
  DirectiveSpec d = DirectiveSpec::Inline(name, fn);
  d.positional = Arg::Number("value", -1e15, 1e15);
  d.example = "gpu:" + name + " 24";
  return d;
}

}  // namespace

DirectiveSpec UsdDirective() {
  return Literal("usd", [](const Args& a, const PageContext& ctx) {
    // Cents at least when the author wrote decimals ("0.9" is $0.90), and every digit written
    // ("0.175" stays $0.175, not $0.18).
    const int d = Decimals(a.Word());
    return HtmlEscape(ctx.fmt->UsdDigits(a.Num("value"), d > 0 ? std::max(d, 2) : 0));
  });
}

DirectiveSpec GbDirective() {
  return Literal("gb", [](const Args& a, const PageContext& ctx) {
    return HtmlEscape(ctx.fmt->WithUnit(a.Num("value"), "GB", Decimals(a.Word())));
  });
}

DirectiveSpec WDirective() {
  return Literal("w", [](const Args& a, const PageContext& ctx) {
    return HtmlEscape(ctx.fmt->WithUnit(a.Num("value"), "W", Decimals(a.Word())));
  });
}

DirectiveSpec NumDirective() {
  return Literal("num", [](const Args& a, const PageContext& ctx) {
    int d = Decimals(a.Word());
    return HtmlEscape(ctx.fmt->Number(a.Num("value"), d, d));
  });
}

DirectiveSpec PctDirective() {
  return Literal("pct", [](const Args& a, const PageContext& ctx) {
    return HtmlEscape(ctx.fmt->Percent(a.Num("value") / 100.0, Decimals(a.Word())));
  });
}

}  // namespace gg
