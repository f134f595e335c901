// `gpu:rule feature=ID is=RULE`: ties the sentence it stands in to the rule a calculation
// applies today (calc/rules.h). It shows nothing; when the calculation's rule is no longer
// RULE, the build fails at this reference, so text describing an old rule (a limitation
// that no longer holds, a formula that changed) is rewritten before the guide is published.
#include <string>
#include <vector>

#include "calc/rules.h"
#include "directives/directive.h"

namespace gg {
namespace {

std::vector<std::string> FeatureIds() {
  std::vector<std::string> ids;
  for (const calc::CalcRule& r : calc::kCalcRules) ids.emplace_back(r.feature);
  return ids;
}

}  // namespace

DirectiveSpec RuleDirective() {
  DirectiveSpec d = DirectiveSpec::Inline("rule", [](const Args& a, const PageContext&) {
    const std::string& feature = a.Text("feature");
    const std::string& described = a.Text("is");
    const std::string current(calc::CurrentRule(feature));
    if (current != described) {
      std::string where;
      for (const calc::CalcRule& r : calc::kCalcRules)
        if (r.feature == feature) where = std::string(r.where);
      a.Fail("this text describes the rule '" + described + "' for '" + feature +
                 "', but the calculation now applies '" + current + "' (" + where + ")",
             "rewrite the sentence for the current rule, then write is=" + current);
    }
    return std::string();
  });
  d.args = {Arg::Choice("feature", FeatureIds()).Required(), Arg::Text("is").Required()};
  return d;
}

}  // namespace gg
