// `gpu:price gpu=ID condition=new|used|any`: the cheapest current price of a card.
#include "base/text.h"
#include "calc/prices.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"
#include "model/enums.h"

namespace gg {
namespace {

std::string Render(const Args& a, const PageContext& ctx) {
  const std::string& id = a.Text("gpu");
  const std::string& cond = a.Text("condition");
  std::vector<Condition> allowed;
  if (cond != "any") allowed.push_back(*ParseCondition(cond));
  auto p = calc::CheapestCurrentPrice(ctx.computed->prices, id, allowed);
  if (!p) {
    a.Fail("GPU '" + id + "' has no current " + (cond == "any" ? std::string("") : cond + " ") +
               "price",
           "add an observation to data/prices.json or ask for another condition");
    return {};
  }
  return PriceHtml(p->usd, *p, ctx);
}

}  // namespace

// new, used or any.
std::vector<std::string> ConditionChoices() {
  std::vector<std::string> choices = Conditions().Ids();
  choices.push_back("any");
  return choices;
}

DirectiveSpec PriceDirective() {
  DirectiveSpec d = DirectiveSpec::Inline("price", Render);
  d.args = {Arg::Id("gpu", ArgType::kGpu).Required(),
            Arg::Choice("condition", ConditionChoices()).Default("any")};
  d.reads = {"computed:current-prices"};
  return d;
}

}  // namespace gg
