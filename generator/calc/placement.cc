#include "calc/placement.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "calc/fit.h"
#include "calc/systems.h"

namespace gg::calc {

namespace {

bool IsModule(const Gpu& g) {
  return g.form_factor == "sxm" || g.form_factor == "oam";
}

bool Has(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

int Available(const Machine& m, const std::string& kind) {
  auto it = m.psu_connectors.find(kind);
  return it == m.psu_connectors.end() ? 0 : it->second;
}

// The cables of several cards from one PSU, as power.cc counts them for one kind: 16-pin
// sockets take the native 12V-2x6 cables first (given to the cards whose adapters would take
// the most 8-pin cables), then 8-pin cables through each card's adapter; 12-pin sockets take
// their adapter's 8-pin cables; EPS sockets an EPS cable or two 8-pin; the rest one 8-pin each.
bool MixedCablesSuffice(const std::vector<const Gpu*>& gpus, const Machine& m) {
  std::vector<int> adapter_cost;  // 8-pin cables per 16-pin socket, one entry per socket
  int need8 = 0, need_eps = 0;
  for (const Gpu* g : gpus) {
    if (!g->power_connectors) continue;
    for (const std::string& c : *g->power_connectors) {
      if (c == "12VHPWR" || c == "12V-2x6")
        adapter_cost.push_back(EightPinCablesFor(*g));
      else if (c == "12-pin")
        need8 += EightPinCablesFor(*g);
      else if (c == "8-pin EPS")
        ++need_eps;
      else
        ++need8;
    }
  }
  std::sort(adapter_cost.rbegin(), adapter_cost.rend());
  const size_t native =
      static_cast<size_t>(std::max(Available(m, "12V-2x6") + Available(m, "12VHPWR"), 0));
  for (size_t i = native; i < adapter_cost.size(); ++i) need8 += adapter_cost[i];
  need8 += 2 * std::max(need_eps - Available(m, "8-pin EPS"), 0);
  return need8 <= Available(m, "8-pin");
}

}  // namespace

const std::vector<std::string>& MachineIds() {
  static const std::vector<std::string> ids = {"desktop", "workstation", "server-pcie-4",
                                               "server-hgx-8"};
  return ids;
}

std::string DefaultMachineId(const Gpu& g) {
  if (IsSystem(g)) return "";
  if (IsModule(g)) return "server-hgx-8";
  if (g.segment == Segment::kDatacenter) return "server-pcie-4";
  return "desktop";
}

std::string ResolveMachineId(const std::string& asked, const Gpu& g) {
  if (asked.empty()) return DefaultMachineId(g);
  if (asked == "server") return IsModule(g) ? "server-hgx-8" : "server-pcie-4";
  return asked;
}

bool OfferedIn(const std::string& asked, const Gpu& g) {
  if (!IsSystem(g)) return true;
  return asked != "server" && asked.rfind("server-", 0) != 0;
}

const Machine* MachineFor(const Dataset& data, const Gpu& g, const std::string& asked) {
  if (IsSystem(g)) return nullptr;
  return data.FindMachine(ResolveMachineId(asked, g));
}

double PlatformRamGbs(const Dataset& data, const std::string& machine_id) {
  std::string id;
  if (machine_id == "desktop" || machine_id == "workstation")
    id = "ram_gbs_" + machine_id;
  else if (machine_id.rfind("server", 0) == 0)
    id = "ram_gbs_server";
  const Assumption* a = id.empty() ? nullptr : data.FindAssumption(id);
  return a != nullptr && !a->is_text && a->number > 0 ? a->number : 0;
}

int MachinesFor(const Gpu& g, int count, const Machine& m) {
  count = std::max(count, 1);
  if (count <= m.max_gpus) return 1;
  if (IsModule(g) && m.max_gpus > 0 && count % m.max_gpus == 0) return count / m.max_gpus;
  return 0;
}

Placement Place(const Gpu& g, int count, const Machine& m) {
  Placement p;
  p.machine = m.id;
  p.machines = MachinesFor(g, count, m);
  const int per_machine = p.machines > 0 ? std::max(count, 1) / p.machines : std::max(count, 1);
  p.build = CheckBuild(g, per_machine, m);
  if (p.machines == 0 && p.build.limit == BuildLimit::kFits) p.build.limit = BuildLimit::kSlots;
  return p;
}

std::vector<int> PlaceableCounts(const Gpu& g, const std::vector<int>& candidates,
                                 const Machine& m) {
  std::vector<int> out;
  for (int n : candidates)
    if (Place(g, n, m).Fits()) out.push_back(n);
  return out;
}

Build CheckMixedBuild(const std::vector<const Gpu*>& gpus, const Machine& m) {
  Build b;
  b.gpus = static_cast<int>(gpus.size());
  int slots = 0;
  bool form_ok = true;
  for (const Gpu* g : gpus) {
    b.gpu_w += g->tdp_w;
    form_ok = form_ok && Has(m.form_factors, g->form_factor);
    if (g->form_factor == "pcie") slots += static_cast<int>(std::ceil(g->slots - 1e-9));
  }
  b.host_w = m.host_w;
  b.system_w = b.gpu_w + b.host_w;
  b.wall_w = m.psu_efficiency > 0 ? b.system_w / m.psu_efficiency : b.system_w;
  b.psu_needed_w = m.psu_load_fraction > 0 ? b.system_w / m.psu_load_fraction : b.system_w;
  for (double size : m.psu_sizes_w)
    if (size >= b.psu_needed_w && (!b.psu_w || size < *b.psu_w)) b.psu_w = size;
  b.wall_limit_w = MachineWallLimitW(m);
  b.max_gpus = m.max_gpus;
  if (!form_ok)
    b.limit = BuildLimit::kFormFactor;
  else if (b.gpus > m.max_gpus || (m.expansion_slots > 0 && slots > m.expansion_slots))
    b.limit = BuildLimit::kSlots;
  else if (!b.psu_w)
    b.limit = BuildLimit::kPsu;
  else if (b.wall_limit_w > 0 && b.wall_w > b.wall_limit_w)
    b.limit = BuildLimit::kCircuit;
  else if (!MixedCablesSuffice(gpus, m))
    b.limit = BuildLimit::kConnectors;
  return b;
}

std::vector<double> SplitFractions(const std::vector<double>& free_bytes) {
  double sum = 0;
  for (double f : free_bytes) sum += std::max(f, 0.0);
  std::vector<double> out;
  for (double f : free_bytes) out.push_back(sum > 0 ? std::max(f, 0.0) / sum : 0.0);
  return out;
}

std::vector<std::string> MixedWarnings(const std::vector<const Gpu*>& gpus, const Machine& m) {
  std::vector<std::string> w;
  const bool tower = m.id == "desktop" || m.id == "workstation" || m.id.empty();
  if (tower && gpus.size() > 2) w.push_back("pcie_lanes");
  std::set<std::string> kinds, vendors;
  for (const Gpu* g : gpus) {
    kinds.insert(g->id);
    vendors.insert(g->vendor);
  }
  if (kinds.size() > 1) w.push_back("no_p2p");
  if (vendors.size() > 1) w.push_back("vendors");
  return w;
}

MixedAnswer AnswerOnMixed(const std::vector<const Gpu*>& gpus, const LlmModel& model,
                          const MemoryBreakdown& memory, double step_bytes, int64_t batch,
                          const Assumptions& a) {
  MixedAnswer r;
  const double per_card_fixed = memory.overhead_bytes + a.cuda_context_gb * 1e9;
  std::vector<double> free;
  for (const Gpu* g : gpus) {
    r.usable_bytes.push_back(UsableGpuBytes(*g, a));
    free.push_back(r.usable_bytes.back() - per_card_fixed);
  }
  r.fractions = SplitFractions(free);
  r.fits = !gpus.empty();
  for (size_t i = 0; i < gpus.size(); ++i) {
    r.card_bytes.push_back(memory.SplitBytes() * r.fractions[i] + per_card_fixed);
    // A relative tolerance: the shares fill the free bytes exactly when the model is as large
    // as the set holds.
    if (r.card_bytes[i] > r.usable_bytes[i] * (1 + 1e-12)) r.fits = false;
  }
  if (step_bytes > 0 && r.fits) {
    double seconds = 0;
    for (size_t i = 0; i < gpus.size(); ++i) {
      if (r.fractions[i] <= 0) continue;
      const double tps = DecodeTokensPerSecond(*gpus[i], model, step_bytes * r.fractions[i], 1, a);
      if (!(tps > 0)) return r;
      seconds += 1.0 / tps;
    }
    if (seconds > 0) r.tokens_per_s = static_cast<double>(std::max<int64_t>(batch, 1)) / seconds;
  }
  return r;
}

const char* OffloadId(Offload o) {
  switch (o) {
    case Offload::kNone:
      return "none";
    case Offload::kLayers:
      return "layers";
    case Offload::kExperts:
      return "experts";
  }
  return "";
}

std::optional<Offload> ParseOffload(const std::string& id) {
  for (Offload o : {Offload::kNone, Offload::kLayers, Offload::kExperts})
    if (id == OffloadId(o)) return o;
  return std::nullopt;
}

std::vector<std::string> OffloadIds() {
  return {"none", "layers", "experts"};
}

OffloadAnswer AnswerWithOffload(const Gpu& gpu, int count, const LlmModel& model,
                                const MemoryBreakdown& memory, double step_bytes, int64_t batch,
                                Offload mode, double ram_gbs, Precision precision,
                                const Assumptions& a) {
  OffloadAnswer r;
  count = std::max(count, 1);
  const int layers = std::max(model.layers, 1);
  const double usable = UsableGpuBytes(gpu, a);
  const double per_card_fixed = memory.overhead_bytes + a.cuda_context_gb * 1e9;
  // Bytes one layer moves to RAM, and the share of a step's reads that goes with it.
  double layer_bytes = 0, layer_step_bytes = 0;
  if (mode == Offload::kLayers) {
    layer_bytes = memory.SplitBytes() / layers;
    layer_step_bytes = step_bytes / layers;
  } else if (mode == Offload::kExperts) {
    if (!model.experts) return r;
    const double experts = RoutedExpertBytes(model, precision, a);
    layer_bytes = experts / layers;
    layer_step_bytes = layer_bytes * model.experts->active / std::max(model.experts->total, 1);
  }
  const double room = count * (usable - per_card_fixed);  // split bytes the cards take
  const double excess = memory.SplitBytes() - room;
  if (excess > 0) {
    if (!(layer_bytes > 0)) return r;
    r.layers_on_cpu = static_cast<int>(std::ceil(excess / layer_bytes - 1e-9));
    if (r.layers_on_cpu > layers) return r;
  }
  r.fits = true;
  r.ram_bytes = r.layers_on_cpu * layer_bytes;
  r.gpu_bytes = (memory.SplitBytes() - r.ram_bytes) / count + per_card_fixed;
  r.step_ram_bytes = std::min(r.layers_on_cpu * layer_step_bytes, step_bytes);
  r.step_gpu_bytes = std::max(step_bytes - r.step_ram_bytes, 0.0);
  if (!(step_bytes > 0) || !(gpu.bandwidth_gbs > 0)) return r;
  if (r.step_ram_bytes > 0 && !(ram_gbs > 0)) return r;
  if (!(r.step_ram_bytes > 0)) {
    r.tokens_per_s = DecodeTokensPerSecond(gpu, model, step_bytes, batch, a);
    return r;
  }
  // One read time for both sides: the card's bandwidth replaced by the one that reads the
  // step's bytes in gpu ÷ bandwidth + ram ÷ ram_gbs.
  const double seconds_per_byte_gb =
      r.step_gpu_bytes / gpu.bandwidth_gbs + r.step_ram_bytes / ram_gbs;
  Gpu averaged = gpu;
  averaged.bandwidth_gbs = step_bytes / seconds_per_byte_gb;
  r.tokens_per_s = DecodeTokensPerSecond(averaged, model, step_bytes, batch, a);
  return r;
}

std::string DefaultMixedMachineId(const std::vector<const Gpu*>& gpus) {
  static const std::vector<std::string> order = {"desktop", "server-pcie-4", "server-hgx-8"};
  size_t best = 0;
  for (const Gpu* g : gpus) {
    const auto it = std::find(order.begin(), order.end(), DefaultMachineId(*g));
    if (it != order.end()) best = std::max(best, static_cast<size_t>(it - order.begin()));
  }
  return order[best];
}

MixedFit FitMixed(const Dataset& data, const std::vector<const Gpu*>& gpus, const LlmModel& model,
                  const MemoryRequest& request, const CurrentPrices& prices,
                  const std::vector<Condition>& conditions, const std::string& asked,
                  const Assumptions& a) {
  MixedFit r;
  MemoryRequest runs = request;
  runs.mode = MemoryMode::kInference;
  for (const Gpu* g : gpus) {
    r.gpus.push_back(g->id);
    runs.precision = RunnablePrecision(*g, runs.precision);
    runs.kv_precision = RunnablePrecision(*g, runs.kv_precision);
  }
  r.precision = runs.precision;
  r.precision_substituted = runs.precision != request.precision;
  r.memory = EstimateMemory(model, runs, a);
  const std::string id = asked.empty()  ? DefaultMixedMachineId(gpus)
                         : gpus.empty() ? asked
                                        : ResolveMachineId(asked, *gpus.front());
  if (const Machine* m = data.FindMachine(id)) {
    r.machine = m->id;
    r.build = CheckMixedBuild(gpus, *m);
    r.warnings = MixedWarnings(gpus, *m);
  }
  r.answer = AnswerOnMixed(gpus, model, r.memory, DecodeBytesPerStep(model, runs, r.memory, a),
                           r.memory.batch, a);
  double sum = 0;
  bool all = !gpus.empty();
  for (const Gpu* g : gpus) {
    const auto price = CheapestCurrentPrice(prices, g->id, conditions);
    if (!price) {
      all = false;
      break;
    }
    sum += price->usd;
    r.price_estimated = r.price_estimated || price->estimated;
  }
  if (all) r.price_usd = sum;
  return r;
}

std::optional<OffloadFit> FitWithOffload(const Gpu& gpu, int count, const LlmModel& model,
                                         const MemoryRequest& request, Offload mode, double ram_gbs,
                                         const Machine* machine, const Assumptions& a) {
  OffloadFit r;
  r.count = std::max(count, 1);
  if (IsSystem(gpu) && r.count > 1) return std::nullopt;
  if (machine != nullptr && !IsSystem(gpu)) {
    const Placement p = Place(gpu, r.count, *machine);
    if (!p.Fits()) return std::nullopt;
    r.machine = p.machine;
    r.build = p.build;
  }
  MemoryRequest runs = request;
  runs.mode = MemoryMode::kInference;
  runs.precision = RunnablePrecision(gpu, request.precision);
  runs.kv_precision = RunnablePrecision(gpu, request.kv_precision);
  r.precision = runs.precision;
  r.memory = EstimateMemory(model, runs, a);
  r.offload =
      AnswerWithOffload(gpu, r.count, model, r.memory, DecodeBytesPerStep(model, runs, r.memory, a),
                        r.memory.batch, mode, ram_gbs, runs.precision, a);
  if (!r.offload.fits) return std::nullopt;
  return r;
}

LargestModel LargestModelAtSpeed(const Dataset& data, const Gpu& gpu, int count,
                                 const MemoryRequest& request, Offload mode, double ram_gbs,
                                 double min_tps, const Machine* machine, const Assumptions& a,
                                 const std::function<bool(const OffloadFit&)>& accept) {
  LargestModel best;
  for (const LlmModel& m : data.models) {
    MemoryRequest q = request;
    q.mode = MemoryMode::kInference;
    q.context = std::min<int64_t>(request.context.value_or(m.max_context), m.max_context);
    auto fit = FitWithOffload(gpu, count, m, q, mode, ram_gbs, machine, a);
    if (!fit || !fit->offload.tokens_per_s || *fit->offload.tokens_per_s < min_tps) continue;
    if (best.model != nullptr &&
        std::make_pair(m.params_b, m.id) <= std::make_pair(best.model->params_b, best.model->id))
      continue;
    if (accept && !accept(*fit)) continue;
    best.model = &m;
    best.tokens_per_s = *fit->offload.tokens_per_s;
    best.layers_on_cpu = fit->offload.layers_on_cpu;
  }
  return best;
}

}  // namespace gg::calc
