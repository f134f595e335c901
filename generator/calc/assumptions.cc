#include "calc/assumptions.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <set>

#include "base/suggest.h"
#include "calc/calibration.h"

namespace gg::calc {

namespace {

// Where an assumption's value is written (its entry when the value position is unknown).
const SourceLoc& ValueLoc(const Assumption& a) {
  return a.value_loc.HasPosition() ? a.value_loc : a.loc;
}

enum class Kind { kText, kNumber, kCount };

// How one field is read. Bounds are sanity limits on the value (not model constants): a
// utilisation of 15 is a percentage typed where a fraction is expected.
struct Field {
  const char* id;
  Kind kind;
  double lo;
  double hi;
  bool lo_open;  // value must be > lo rather than >= lo
  std::string Assumptions::*text = nullptr;
  double Assumptions::*number = nullptr;
  int Assumptions::*count = nullptr;
};

constexpr double kInf = std::numeric_limits<double>::infinity();

Field Text(const char* id, std::string Assumptions::*m) {
  return {id, Kind::kText, 0, 0, false, m, nullptr, nullptr};
}
Field Number(const char* id, double Assumptions::*m, double lo, double hi, bool lo_open) {
  return {id, Kind::kNumber, lo, hi, lo_open, nullptr, m, nullptr};
}
Field Count(const char* id, int Assumptions::*m) {
  return {id, Kind::kCount, 1, kInf, false, nullptr, nullptr, m};
}
// Shorthands for the usual ranges.
Field Fraction(const char* id, double Assumptions::*m) {
  return Number(id, m, 0, 1, false);
}
Field Positive(const char* id, double Assumptions::*m) {
  return Number(id, m, 0, kInf, true);
}
Field NonNegative(const char* id, double Assumptions::*m) {
  return Number(id, m, 0, kInf, false);
}

const std::vector<Field>& Fields() {
  using A = Assumptions;
  static const std::vector<Field> fields = {
      Text("baseline_gpu", &A::baseline_gpu),
      NonNegative("electricity_usd_per_kwh", &A::electricity_usd_per_kwh),
      Fraction("utilisation", &A::utilisation),
      Positive("ownership_years", &A::ownership_years),
      NonNegative("desktop_system_cost_usd", &A::desktop_system_cost_usd),
      NonNegative("desktop_system_watts", &A::desktop_system_watts),
      NonNegative("server_cost_per_gpu_usd", &A::server_cost_per_gpu_usd),
      NonNegative("server_system_watts_per_gpu", &A::server_system_watts_per_gpu),
      Text("cloud_reference_offer", &A::cloud_reference_offer),
      Count("price_window_days", &A::price_window_days),
      Count("price_max_age_days", &A::price_max_age_days),
      Count("price_stale_days", &A::price_stale_days),
      NonNegative("cuda_context_gb", &A::cuda_context_gb),
      Number("decode_bandwidth_efficiency", &A::decode_bandwidth_efficiency, 0, 1, true),
      Count("gpus_per_node", &A::gpus_per_node),
      Count("max_desktop_gpus", &A::max_desktop_gpus),
      Count("llm_ubatch_tokens", &A::llm_ubatch_tokens),
      Number("gpu_ram_headroom_fraction", &A::gpu_ram_headroom_fraction, 0, 1, false),
      Positive("weight_bytes_mixed", &A::weight_bytes_mixed),
      Positive("gradient_bytes", &A::gradient_bytes),
      NonNegative("optimizer_bytes_per_param", &A::optimizer_bytes_per_param),
      Count("lora_rank", &A::lora_rank),
      Count("training_sequence_length", &A::training_sequence_length),
      Count("training_micro_batch", &A::training_micro_batch),
      Positive("bits_q8_0", &A::bits_q8_0),
      Positive("bits_q6_k", &A::bits_q6_k),
      Positive("bits_q5_k_m", &A::bits_q5_k_m),
      Positive("bits_q4_k_m", &A::bits_q4_k_m),
      Positive("bits_gptq4", &A::bits_gptq4),
      Positive("bits_awq4", &A::bits_awq4),
      Positive("bits_nf4", &A::bits_nf4),
  };
  return fields;
}

// Shortest decimal form of a number for messages: 16.5, 15, 1e+30.
std::string Num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

std::string RangeText(const Field& f) {
  if (f.kind == Kind::kCount) return "a whole number of at least 1";
  if (f.hi == kInf) return f.lo_open ? "greater than " + Num(f.lo) : "at least " + Num(f.lo);
  return std::string("between ") + Num(f.lo) + (f.lo_open ? " (excluded)" : "") + " and " +
         Num(f.hi);
}

bool InRange(const Field& f, double v) {
  if (!std::isfinite(v)) return false;
  if (f.lo_open ? !(v > f.lo) : !(v >= f.lo)) return false;
  if (v > f.hi) return false;
  if (f.kind == Kind::kCount) {
    if (v != std::floor(v) || v > static_cast<double>(std::numeric_limits<int>::max()))
      return false;
  }
  return true;
}

void CheckReference(const Assumption& a, const std::string& what,
                    const std::vector<std::string>& ids, Diagnostics* diags) {
  if (std::find(ids.begin(), ids.end(), a.text) != ids.end()) return;
  diags->Error(ValueLoc(a), "unknown " + what + " '" + a.text + "' in assumption '" + a.id + "'",
               DidYouMean(a.text, ids));
}

}  // namespace

Platform PlatformOf(const Gpu& gpu) {
  if (gpu.form_factor == "system") return Platform::kUnified;
  return gpu.segment == Segment::kDatacenter ? Platform::kDatacenter : Platform::kDiscrete;
}

const char* PlatformId(Platform p) {
  switch (p) {
    case Platform::kDiscrete:
      return "discrete";
    case Platform::kDatacenter:
      return "datacenter";
    case Platform::kUnified:
      return "unified";
  }
  return "discrete";
}

std::string PrefillClassOf(const Gpu& gpu) {
  return std::string(PlatformId(PlatformOf(gpu))) + "/" + gpu.vendor;
}

std::vector<std::string> AssumptionIds() {
  std::vector<std::string> ids;
  for (const Field& f : Fields()) ids.emplace_back(f.id);
  return ids;
}

Assumptions ResolveAssumptions(const Dataset& data, Diagnostics* diags) {
  Assumptions out;
  const SourceLoc file_loc{"data/assumptions.json", 0, 0};
  std::set<std::string> known;
  for (const Field& f : Fields()) known.insert(f.id);
  std::vector<std::string> spare;  // present in the file, used by no field
  for (const Assumption& a : data.assumptions)
    if (!known.count(a.id)) spare.push_back(a.id);
  std::sort(spare.begin(), spare.end());

  for (const Field& f : Fields()) {
    const Assumption* a = data.FindAssumption(f.id);
    if (a == nullptr) {
      diags->Error(file_loc, std::string("missing assumption '") + f.id + "'",
                   DidYouMean(f.id, spare));
      continue;
    }
    if (f.kind == Kind::kText) {
      if (!a->is_text) {
        diags->Error(ValueLoc(*a), std::string("assumption '") + f.id +
                                       "' must be a string (an id), not the number " +
                                       Num(a->number));
        continue;
      }
      out.*f.text = a->text;
      continue;
    }
    if (a->is_text) {
      diags->Error(ValueLoc(*a), std::string("assumption '") + f.id +
                                     "' must be a number, not the string '" + a->text + "'");
      continue;
    }
    if (!InRange(f, a->number)) {
      diags->Error(ValueLoc(*a), std::string("assumption '") + f.id + "' must be " + RangeText(f) +
                                     ", got " + Num(a->number));
      continue;
    }
    if (f.kind == Kind::kCount)
      out.*f.count = static_cast<int>(a->number);
    else
      out.*f.number = a->number;
  }

  if (const Assumption* a = data.FindAssumption("baseline_gpu"); a && a->is_text) {
    std::vector<std::string> ids;
    for (const Gpu& g : data.gpus) ids.push_back(g.id);
    CheckReference(*a, "GPU", ids, diags);
  }
  if (const Assumption* a = data.FindAssumption("cloud_reference_offer"); a && a->is_text) {
    std::vector<std::string> ids;
    for (const CloudOffer& o : data.cloud) ids.push_back(o.id);
    CheckReference(*a, "cloud offer", ids, diags);
  }
  CalibrateDecode(data, &out);
  return out;
}

}  // namespace gg::calc
