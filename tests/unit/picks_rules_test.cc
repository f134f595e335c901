// The methodology's rules, walked over every pick of every persona of the real data: a pick
// never breaks a rule the methodology states. The rules are re-derived here from the data
// (persona constraints, data/gates.json, machines) without the engine's code paths, so a
// recommendation that forgot a gate, a count or a budget fails this test.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "calc/fit.h"
#include "calc/power.h"
#include "calc/recommend.h"
#include "calc/systems.h"
#include "data/load_dataset.h"
#include "directives/computed.h"

using namespace gg;

namespace {

std::string FieldOf(const Gpu& g, const std::string& field) {
  if (field == "vendor") return g.vendor;
  if (field == "tensor_cores") return g.tensor_cores;
  if (field == "cooling") return g.cooling;
  return "?";
}

bool In(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

template <typename T>
bool AllowedOrEmpty(const std::vector<T>& v, T x) {
  return v.empty() || std::find(v.begin(), v.end(), x) != v.end();
}

// Every rule a pick of persona p must follow; the broken ones, one line each.
std::vector<std::string> BrokenRules(const Dataset& data, const Persona& p, const calc::Pick& k) {
  std::vector<std::string> broken;
  const Gpu& g = *data.FindGpu(k.gpu);
  const std::string who =
      p.id + " #" + std::to_string(k.rank) + " " + std::to_string(k.count) + " x " + g.id + ": ";
  const int machines = std::max(p.machines, 1);
  if (k.count < 1 || k.count > std::max(p.count, 1) || k.count % machines != 0)
    broken.push_back(who + "count outside 1.." + std::to_string(p.count) + " in whole machines");
  const int per_machine = calc::IsSystem(g) ? 1 : k.count / machines;
  if (calc::IsSystem(g) && k.count > 1) broken.push_back(who + "a whole system bought twice");
  if (!AllowedOrEmpty(p.segments, g.segment)) broken.push_back(who + "segment");
  if (!p.vendors.empty() && !In(p.vendors, g.vendor)) broken.push_back(who + "vendor");
  for (const FeatureGate& gate : data.gates) {
    const bool applies =
        (gate.workloads.empty() || AllowedOrEmpty(gate.workloads, p.workload)) &&
        per_machine >= gate.min_gpus_per_machine &&
        // a gate limited to machines: only a card going into one of them
        (gate.machines.empty() || (!calc::IsSystem(g) && In(gate.machines, p.machine))) &&
        // a gate limited to tasks: only a persona of one of them
        (gate.tasks.empty() || In(gate.tasks, p.task));
    if (applies && !In(gate.allowed, FieldOf(g, gate.field)))
      broken.push_back(who + "gate " + gate.id + " (" + gate.field + " '" + FieldOf(g, gate.field) +
                       "')");
  }
  const double mem = calc::ModelMemoryGb(g);
  if (mem < p.min_memory_gb) broken.push_back(who + "memory per card");
  if (mem * k.count < p.min_total_memory_gb) broken.push_back(who + "memory in all");
  if (p.max_budget_usd) {
    if (!k.cost)
      broken.push_back(who + "no price under a budget");
    else if (k.cost->price.usd * k.count > *p.max_budget_usd)
      broken.push_back(who + "over budget");
  }
  if (k.cost && !AllowedOrEmpty(p.conditions, k.cost->price.condition))
    broken.push_back(who + "condition");
  if (const Machine* m = data.FindMachine(p.machine); m != nullptr && !calc::IsSystem(g)) {
    const calc::Build b = calc::CheckBuild(g, per_machine, *m);
    if (b.limit != calc::BuildLimit::kFits)
      broken.push_back(who + "machine " + calc::BuildLimitId(b.limit));
  }
  return broken;
}

std::string ReadText(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("picks: no persona pick breaks a rule the methodology states", "[picks][rules]") {
  Diagnostics diags;
  const Dataset data = LoadDataset(GG_SOURCE_DIR, &diags);
  REQUIRE_FALSE(diags.HasErrors());
  REQUIRE_FALSE(data.gates.empty());
  const Computed c = ComputeAll(data, &diags);
  std::vector<std::string> broken;
  int picks = 0;
  for (const Persona& p : data.personas) {
    const auto rec =
        calc::Recommend(data, c.perf, c.prices, c.assumptions, calc::ConstraintsFromPersona(p));
    CHECK_FALSE(rec.picks.empty());
    for (const calc::Pick& k : rec.picks) {
      ++picks;
      for (auto& b : BrokenRules(data, p, k)) broken.push_back(b);
    }
  }
  std::string all;
  for (const auto& b : broken) all += b + "\n";
  INFO(all);
  CHECK(broken.empty());
  CHECK(picks >= static_cast<int>(data.personas.size()));
}

TEST_CASE("picks: the methodology states the gates the engine applies, in every language",
          "[picks][rules]") {
  for (const char* lang : {"en", "fr", "zh-Hans"}) {
    const std::string md =
        ReadText(std::string(GG_SOURCE_DIR) + "/content/" + lang + "/methodology.md");
    INFO(lang);
    CHECK(md.find("```gpu-gates") != std::string::npos);
  }
}

TEST_CASE("picks: the BF16 gates and the training tables agree on every card", "[picks][rules]") {
  Diagnostics diags;
  const Dataset data = LoadDataset(GG_SOURCE_DIR, &diags);
  // Training's gate and image and video generation's (calc/media computes in BF16).
  for (const char* id : {"bf16", "bf16_media"}) {
    const FeatureGate* bf16 = nullptr;
    for (const auto& g : data.gates)
      if (g.id == id) bf16 = &g;
    INFO(id);
    REQUIRE(bf16 != nullptr);
    for (const Gpu& g : data.gpus) {
      if (g.vendor == "apple") continue;  // never trained on here (the cuda gate)
      INFO(g.id);
      CHECK(In(bf16->allowed, g.tensor_cores) == calc::SupportsBf16(g));
    }
  }
}
