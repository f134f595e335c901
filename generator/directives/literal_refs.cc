// Literal figures written by an author (history, rules of thumb), formatted for the page's
// language: `gpu:usd 2200`, `gpu:gb 24`, `gpu:num 0.175`, `gpu:pct 15`.
#include <cstdlib>

#include "base/text.h"
#include "directives/standard.h"

namespace gg {
namespace {

bool LiteralNumber(const DirectiveCall& call, PageContext& ctx, double* value, int* decimals) {
  if (call.positional.size() != 1) {
    ctx.diags->Error(call.loc,
                     "'gpu:" + call.name + "' takes one number, e.g. `gpu:" + call.name + " 24`");
    return false;
  }
  const std::string& s = call.positional[0];
  char* end = nullptr;
  *value = std::strtod(s.c_str(), &end);
  if (s.empty() || *end) {
    ctx.diags->Error(call.loc, "'" + s + "' is not a number",
                     "write digits with a '.' for decimals, e.g. 0.175");
    return false;
  }
  size_t dot = s.find('.');
  *decimals = dot == std::string::npos ? 0 : static_cast<int>(s.size() - dot - 1);
  return true;
}

}  // namespace

void RegisterLiteralRefs(DirectiveRegistry* r) {
  r->AddInline("usd", {"*"}, [](const DirectiveCall& c, PageContext& ctx) -> std::string {
    double v;
    int d;
    if (!LiteralNumber(c, ctx, &v, &d)) return {};
    return HtmlEscape(ctx.fmt->Usd(v, d > 0));
  });
  r->AddInline("gb", {"*"}, [](const DirectiveCall& c, PageContext& ctx) -> std::string {
    double v;
    int d;
    if (!LiteralNumber(c, ctx, &v, &d)) return {};
    return HtmlEscape(ctx.fmt->WithUnit(v, "GB", d));
  });
  r->AddInline("num", {"*"}, [](const DirectiveCall& c, PageContext& ctx) -> std::string {
    double v;
    int d;
    if (!LiteralNumber(c, ctx, &v, &d)) return {};
    return HtmlEscape(ctx.fmt->Number(v, d, d));
  });
  r->AddInline("pct", {"*"}, [](const DirectiveCall& c, PageContext& ctx) -> std::string {
    double v;
    int d;
    if (!LiteralNumber(c, ctx, &v, &d)) return {};
    return HtmlEscape(ctx.fmt->Percent(v / 100.0, d));
  });
}

}  // namespace gg
