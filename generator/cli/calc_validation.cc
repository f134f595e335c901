#include "cli/calc_validation.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "calc/assumptions.h"
#include "calc/calibration.h"
#include "calcapi/json_text.h"

namespace gg {
namespace {

using Json = nlohmann::ordered_json;

struct Group {
  const char* kind;
  std::string label;
  std::optional<calc::Platform> platform;
  std::optional<bool> moe;
};

std::vector<Group> Groups() {
  std::vector<Group> groups;
  for (const char* kind : {"decode", "prefill"}) {
    groups.push_back({kind, "all", {}, {}});
    for (calc::Platform p : calc::kAllPlatforms) {
      groups.push_back({kind, calc::PlatformId(p), p, {}});
      if (std::string(kind) == "decode") {
        groups.push_back({kind, std::string(calc::PlatformId(p)) + " dense", p, false});
        groups.push_back({kind, std::string(calc::PlatformId(p)) + " moe", p, true});
      }
    }
  }
  return groups;
}

std::string Pct(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.1f%%", v * 100);
  return buf;
}

Json SummaryJson(const calc::ErrorSummary& s) {
  return Json{{"n", s.n},
              {"median_abs", s.median_abs},
              {"median_signed", s.median_signed},
              {"worst_abs", s.worst_abs}};
}

void PrintTable(const Dataset& data, const std::vector<calc::ValidationResult>& rows,
                std::ostream& out) {
  char line[160];
  std::snprintf(line, sizeof line, "  %-8s %-20s %4s %10s %10s %10s\n", "kind", "class", "n",
                "median|e|", "bias", "worst");
  out << line;
  for (const Group& g : Groups()) {
    const calc::ErrorSummary s = calc::SummarizeErrors(data, rows, g.kind, g.platform, g.moe);
    if (s.n == 0) continue;
    std::snprintf(line, sizeof line, "  %-8s %-20s %4d %10s %10s %10s\n", g.kind, g.label.c_str(),
                  s.n, Pct(s.median_abs).c_str(), Pct(s.median_signed).c_str(),
                  Pct(s.worst_abs).c_str());
    out << line;
  }
}

std::string LineText(const calc::DecodeLine& l) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "slope %.3f, fixed %.2f ms%s, %d runs, rms %.1f%%", l.slope,
                l.fixed_seconds * 1000, l.own_fixed ? "" : " (pooled)", l.cases,
                l.rms_relative_error * 100);
  return buf;
}

}  // namespace

int RunCalcValidation(const Dataset& data, bool json, std::ostream& out, std::ostream& err) {
  Diagnostics diags;
  const calc::Assumptions a = calc::ResolveAssumptions(data, &diags);
  if (diags.HasErrors()) {
    for (const Diagnostic& d : diags.Sorted()) err << FormatDiagnostic(d) << "\n";
    return 1;
  }
  std::vector<calc::ValidationResult> rows;
  for (const calc::ValidationResult& r : calc::Validate(data, a))
    if ((r.c->kind == "decode" || r.c->kind == "prefill") && r.relative_error) rows.push_back(r);
  const std::vector<calc::ValidationResult> loso = calc::LeaveOneSourceOut(data, a);
  std::vector<const calc::ValidationResult*> worst;
  for (const auto& r : rows) worst.push_back(&r);
  std::stable_sort(worst.begin(), worst.end(), [](const auto* x, const auto* y) {
    return std::fabs(*x->relative_error) > std::fabs(*y->relative_error);
  });
  if (worst.size() > 5) worst.resize(5);

  if (json) {
    Json j;
    j["cases"] = Json::array();
    for (const auto& r : rows)
      j["cases"].push_back(Json{{"id", r.c->id},
                                {"kind", r.c->kind},
                                {"measured", *r.c->measured},
                                {"computed", *r.computed},
                                {"relative_error", *r.relative_error}});
    j["summary"] = Json::array();
    j["leave_one_source_out"] = Json::array();
    for (const Group& g : Groups()) {
      const auto s = calc::SummarizeErrors(data, rows, g.kind, g.platform, g.moe);
      const auto l = calc::SummarizeErrors(data, loso, g.kind, g.platform, g.moe);
      if (s.n > 0)
        j["summary"].push_back(
            Json{{"kind", g.kind}, {"class", g.label}, {"errors", SummaryJson(s)}});
      if (l.n > 0)
        j["leave_one_source_out"].push_back(
            Json{{"kind", g.kind}, {"class", g.label}, {"errors", SummaryJson(l)}});
    }
    j["engine_factors"] = Json::object();
    for (const auto& [key, f] : a.engine_factors)
      j["engine_factors"][key] = Json{{"decode", f.decode_runs >= 2 ? Json(f.decode) : Json()},
                                      {"decode_runs", f.decode_runs},
                                      {"prefill", f.prefill_runs >= 2 ? Json(f.prefill) : Json()},
                                      {"prefill_runs", f.prefill_runs}};
    out << calcapi::AnswerText(j);
    return 0;
  }
  out << "decode lines (reference runs: llama.cpp on each card's default back end)\n";
  out << "  pooled dense: " << LineText(a.decode_dense) << "\n";
  out << "  pooled moe:   " << LineText(a.decode_moe) << "\n";
  for (calc::Platform p : calc::kAllPlatforms) {
    const size_t i = static_cast<size_t>(p);
    if (a.decode_dense_on[i].cases > 0)
      out << "  " << calc::PlatformId(p) << " dense: " << LineText(a.decode_dense_on[i]) << "\n";
    if (a.decode_moe_on[i].cases > 0)
      out << "  " << calc::PlatformId(p) << " moe: " << LineText(a.decode_moe_on[i]) << "\n";
  }
  char line[200];
  out << "prefill lines\n";
  for (const auto& [name, l] :
       {std::pair{"16-bit", &a.prefill_16bit}, std::pair{"quantized", &a.prefill_quantized},
        std::pair{"fp4", &a.prefill_fp4}})
    if (l->cases > 0) {
      std::snprintf(line, sizeof line, "  %s: %.1f%% of peak, %d runs, rms %.1f%%\n", name,
                    l->efficiency * 100, l->cases, l->rms_relative_error * 100);
      out << line;
    }
  for (const auto& [cls, l] : a.prefill_class) {
    std::snprintf(line, sizeof line, "  %s factor %.3f, %d runs, rms %.1f%%\n", cls.c_str(),
                  l.efficiency, l.cases, l.rms_relative_error * 100);
    out << line;
  }
  if (a.prefill_moe.cases > 0) {
    std::snprintf(line, sizeof line, "  moe factor %.3f, %d runs, rms %.1f%%\n",
                  a.prefill_moe.efficiency, a.prefill_moe.cases,
                  a.prefill_moe.rms_relative_error * 100);
    out << line;
  }
  out << "engine factors (other engines and back ends; used from 2 runs)\n";
  for (const auto& [key, f] : a.engine_factors) {
    std::snprintf(line, sizeof line, "  %-18s decode %s (%d runs), prefill %s (%d runs)\n",
                  key.c_str(), f.decode_runs >= 2 ? Pct(f.decode - 1).c_str() : "none",
                  f.decode_runs, f.prefill_runs >= 2 ? Pct(f.prefill - 1).c_str() : "none",
                  f.prefill_runs);
    out << line;
  }
  out << "cases\n";
  for (const auto& r : rows) {
    std::snprintf(line, sizeof line, "  %-52s %-7s %10.1f %10.1f %8s\n", r.c->id.c_str(),
                  r.c->kind.c_str(), *r.c->measured, *r.computed, Pct(*r.relative_error).c_str());
    out << line;
  }
  out << "errors (bias: median signed error, > 0 predicts too fast)\n";
  PrintTable(data, rows, out);
  out << "five worst\n";
  for (const auto* r : worst) {
    std::snprintf(line, sizeof line, "  %-52s %8s  %s on %s, %s\n", r->c->id.c_str(),
                  Pct(*r->relative_error).c_str(), r->c->model.c_str(), r->c->gpu.c_str(),
                  (r->c->engine + (r->c->backend.empty() ? "" : "/" + r->c->backend)).c_str());
    out << line;
  }
  out << "leave-one-source-out (each source's cases predicted without them)\n";
  PrintTable(data, loso, out);
  return 0;
}

}  // namespace gg
