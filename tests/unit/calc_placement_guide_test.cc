// Issue 31: no fit answer of the guide names a configuration its machine cannot hold. Every fit
// question the guide's pages ask (the gpu-fit tables, the inline gpu:fit answers and the
// fit-matrix charts of content/*/…) is asked again on the real data, and each configuration
// is checked against its machine with calc/power.h directly (CheckBuild on one machine's
// share), not through the placement module that chose it.
#include <catch2/catch.hpp>

#include <filesystem>
#include <regex>
#include <set>

#include "../sites/site_fixture.h"
#include "base/diagnostics.h"
#include "calc/assumptions.h"
#include "calc/fit.h"
#include "calc/power.h"
#include "calc/prices.h"
#include "calc/systems.h"
#include "data/load_dataset.h"

namespace gg::calc {
namespace {

namespace fs = std::filesystem;

struct Question {
  std::string model, precision;
  int64_t context = 8192;
  bool all_models = false;  // the fit matrix: every model of the data
};

// The fit questions of every page of content/.
std::vector<Question> GuideQuestions() {
  static const std::regex kFit(
      R"((?:```gpu-fit|`gpu:fit)\s+model=(\S+)\s+precision=([a-z0-9_]+)(?:\s+context=(\d+))?)");
  static const std::regex kMatrix(
      R"(```gpu-chart fit-matrix\s+precision=([a-z0-9_]+)(?:\s+context=(\d+))?)");
  std::vector<Question> out;
  for (const auto& e : fs::recursive_directory_iterator(testing::SourceDir() / "content")) {
    if (e.path().extension() != ".md") continue;
    const std::string text = testing::ReadFileOrEmpty(e.path());
    for (auto it = std::sregex_iterator(text.begin(), text.end(), kFit);
         it != std::sregex_iterator(); ++it)
      out.push_back({(*it)[1], (*it)[2], (*it)[3].matched ? std::stoll((*it)[3]) : 8192, false});
    for (auto it = std::sregex_iterator(text.begin(), text.end(), kMatrix);
         it != std::sregex_iterator(); ++it)
      out.push_back({"", (*it)[1], (*it)[2].matched ? std::stoll((*it)[2]) : 8192, true});
  }
  return out;
}

// "" when the configuration is one its machine holds, else why not.
std::string Problem(const Dataset& data, const Gpu& g, const GpuAnswer& c) {
  if (IsSystem(g))
    return c.count == 1 ? ""
                        : "a unified-memory system counted " + std::to_string(c.count) + " times";
  const Machine* m = data.FindMachine(c.machine);
  if (m == nullptr) return "no machine named ('" + c.machine + "')";
  if (c.machines < 1 || c.count % c.machines != 0) return "cards not shared evenly";
  const int per = c.count / c.machines;
  if (c.machines > 1 && per != m->max_gpus) return "several machines that are not full baseboards";
  const Build b = CheckBuild(g, per, *m);
  if (b.limit != BuildLimit::kFits)
    return std::to_string(per) + " in a " + m->id + ": " + BuildLimitId(b.limit);
  return "";
}

TEST_CASE("guide: no fit answer names a configuration its machine cannot hold",
          "[calc][placement][guide]") {
  Diagnostics diags;
  const Dataset data = LoadDataset(GG_SOURCE_DIR, &diags);
  REQUIRE(!data.machines.empty());
  Assumptions a = ResolveAssumptions(data, &diags);
  const CurrentPrices prices =
      ComputeCurrentPrices(data.prices, a.price_window_days, a.price_max_age_days);
  const std::vector<Question> questions = GuideQuestions();
  REQUIRE(questions.size() >= 6);  // two tables, their inline answers and a matrix, per language
  int checked = 0, multi = 0;
  std::set<std::string> machines_seen;
  std::string problems;
  for (const Question& q : questions) {
    std::vector<const LlmModel*> models;
    if (q.all_models)
      for (const LlmModel& m : data.models) models.push_back(&m);
    else if (const LlmModel* m = data.FindModel(q.model))
      models.push_back(m);
    for (const LlmModel* m : models) {
      MemoryRequest req;
      req.precision = ParsePrecision(q.precision).value_or(Precision::kQ4_K_M);
      req.context = std::min<int64_t>(q.context, m->max_context);
      const FitResult fit = FitModel(data, *m, req, prices, a, {});
      for (const FitConfig& c : fit.configs) {
        const Gpu& g = *data.FindGpu(c.gpu);
        ++checked;
        multi += c.count > 1;
        machines_seen.insert(c.machine);
        const std::string p = Problem(data, g, c);
        if (!p.empty())
          problems += m->id + " " + q.precision + ": " + c.gpu + " × " + std::to_string(c.count) +
                      ": " + p + "\n";
      }
    }
  }
  INFO(problems);
  CHECK(problems.empty());
  // The walk has something to walk: many configurations, several of several cards, every
  // kind of machine.
  CHECK(checked > 500);
  CHECK(multi > 50);
  CHECK(machines_seen.count("desktop") == 1);
  CHECK(machines_seen.count("server-pcie-4") == 1);
  CHECK(machines_seen.count("server-hgx-8") == 1);
}

}  // namespace
}  // namespace gg::calc
