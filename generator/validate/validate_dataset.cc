#include "validate/validate_dataset.h"

#include <algorithm>
#include <map>
#include <set>

#include "base/suggest.h"
#include "data/price_fields.h"

namespace gg {
namespace {

std::vector<std::string> GpuIds(const Dataset& d) {
  std::vector<std::string> ids;
  for (const auto& g : d.gpus) ids.push_back(g.id);
  return ids;
}

void CheckGpuRef(const Dataset& d, const std::vector<std::string>& ids, const std::string& id,
                 const SourceLoc& loc, const std::string& field, Diagnostics* diags) {
  if (id.empty() || d.FindGpu(id)) return;
  diags->Error(loc, "unknown GPU '" + id + "' in '" + field + "'", DidYouMean(id, ids));
}

// A persona's or flowchart query's machine must exist and take `per_machine` GPUs at all.
void CheckMachineRef(const Dataset& d, const std::string& id, const SourceLoc& loc, int per_machine,
                     const std::string& who, Diagnostics* diags) {
  if (id.empty()) return;
  const Machine* m = d.FindMachine(id);
  if (m == nullptr) {
    std::vector<std::string> ids;
    for (const auto& x : d.machines) ids.push_back(x.id);
    // The single server of earlier editions became two kinds.
    const bool old_server =
        id == "server" && d.FindMachine("server-pcie-4") && d.FindMachine("server-hgx-8");
    diags->Error(loc, "unknown machine '" + id + "' in " + who,
                 old_server    ? "did you mean 'server-pcie-4' (four PCIe cards) or 'server-hgx-8' "
                                 "(eight SXM or OAM modules)?"
                 : ids.empty() ? "machines are defined in data/machines.json"
                               : DidYouMean(id, ids));
    return;
  }
  if (per_machine > m->max_gpus)
    diags->Error(loc,
                 who + " puts " + std::to_string(per_machine) + " GPUs in one '" + id +
                     "', which takes at most " + std::to_string(m->max_gpus),
                 "spread them with \"machines\" or choose a larger machine");
}

// regions.json against the other files: each language names a region (when there are
// regions), each region's household circuit is a circuit of machines.json, each price is in its
// region's currency (without regions.json: in US dollars), each availability names regions, and
// every currency a region uses converts to the reference region's through the FX rates.
void ValidateRegions(const Dataset& d, Diagnostics* diags) {
  std::vector<std::string> region_ids;
  for (const auto& r : d.regions) region_ids.push_back(r.id);
  auto unknown = [&](const SourceLoc& loc, const std::string& id, const std::string& where) {
    diags->Error(loc, "unknown region '" + id + "' in " + where,
                 region_ids.empty() ? "regions are defined in data/regions.json"
                                    : DidYouMean(id, region_ids));
  };
  // Each price's region and currency are checked where prices.json is read (price_fields.h);
  // here regions.json must agree with them: a region is one the prices know, in its currency.
  for (const auto& r : d.regions) {
    const std::string want = RegionCurrency(r.id);
    if (want.empty())
      diags->Error(r.loc, "region '" + r.id + "' is not one prices are recorded in (US, EU, CN)",
                   DidYouMean(r.id, PriceRegionIds()));
    else if (r.currency != want)
      diags->Error(r.loc, "region " + r.id + " is priced in " + want + ", not '" + r.currency + "'",
                   DidYouMean(r.currency, {want}));
  }
  for (const auto& p : d.prices)
    if (!d.regions.empty() && !RegionCurrency(p.region).empty() &&
        d.FindRegion(p.region) == nullptr)
      unknown(p.region_loc, p.region, "'region'");
  for (const auto& g : d.gpus)
    for (const auto& a : g.availability)
      if (!d.regions.empty() && d.FindRegion(a) == nullptr)
        unknown(g.loc, a, "'availability' of '" + g.id + "'");
  if (d.regions.empty()) return;
  for (const auto& l : d.site.languages) {
    if (l.region.empty())
      diags->Error(d.site.loc, "language '" + l.code + "' names no region",
                   "add \"region\": one of the ids of data/regions.json");
    else if (d.FindRegion(l.region) == nullptr)
      unknown(l.region_loc, l.region, "language '" + l.code + "'");
  }
  std::set<std::string> circuits;
  for (const auto& m : d.machines)
    for (const auto& c : m.circuits) circuits.insert(c.region);
  const Region* reference = d.FindRegion(d.reference_region);
  for (const auto& r : d.regions) {
    if (!d.machines.empty() && !circuits.count(r.circuit))
      diags->Error(
          r.circuit_loc, "no machine of data/machines.json has a circuit '" + r.circuit + "'",
          DidYouMean(r.circuit, std::vector<std::string>(circuits.begin(), circuits.end())));
    if (reference == nullptr) continue;
    for (const std::string& cur : {r.currency, std::string("USD")}) {
      if (cur.empty()) continue;  // a missing currency is reported where it is read
      bool direct = cur == reference->currency;
      std::set<std::string> a, b;
      for (const auto& x : d.fx_rates) {
        if ((x.from == cur && x.to == reference->currency) ||
            (x.to == cur && x.from == reference->currency))
          direct = true;
        if (x.from == cur) a.insert(x.to);
        if (x.to == cur) a.insert(x.from);
        if (x.from == reference->currency) b.insert(x.to);
        if (x.to == reference->currency) b.insert(x.from);
      }
      bool via = false;
      for (const auto& x : a) via = via || b.count(x);
      if (!direct && !via)
        diags->Error(
            r.loc, "region " + r.id + ": no FX rate converts " + cur + " to " + reference->currency,
            "add a dated rate to 'fx_rates' (directly, or both to a common currency)");
    }
  }
}

}  // namespace

void ValidateDataset(const Dataset& d, Diagnostics* diags) {
  ValidateRegions(d, diags);
  auto ids = GpuIds(d);
  if (!d.machines.empty())  // builds are checked against machines: cables must be known
    for (const auto& g : d.gpus)
      if (!g.power_connectors)
        diags->Warning(g.loc, "GPU '" + g.id + "' has no 'power_connectors'",
                       "list its connectors ([] when slot- or baseboard-powered) and "
                       "'power_connectors_source', or its builds are not checked for cables");
  // With engines.json, every GPU has the back end its speed reference runs on (llama.cpp's
  // default row for its vendor and architecture).
  if (!d.engine_support.empty())
    for (const auto& g : d.gpus) {
      bool found = false;
      for (const auto& row : d.engine_support)
        if (row.engine == "llama.cpp" && row.default_backend && row.vendor == g.vendor)
          for (const auto& arch : row.architectures)
            found = found || (!arch.empty() && g.architecture.rfind(arch, 0) == 0);
      if (!found)
        diags->Warning(g.loc,
                       "GPU '" + g.id + "' (" + g.vendor + " " + g.architecture +
                           ") has no default llama.cpp back end in data/engines.json",
                       "add its architecture to a llama.cpp support row with \"default\": true");
    }
  for (const auto& p : d.personas)
    CheckMachineRef(d, p.machine, p.machine_loc, std::max(p.count, 1) / std::max(p.machines, 1),
                    "persona '" + p.id + "'", diags);
  if (d.flowchart)
    for (const auto& n : d.flowchart->nodes)
      if (n.query)
        CheckMachineRef(d, n.query->machine, n.query->machine_loc, n.query->count,
                        "flowchart leaf '" + n.id + "'", diags);
  for (const auto& g : d.gates)
    for (const auto& m : g.machines) CheckMachineRef(d, m, g.loc, 1, "gate '" + g.id + "'", diags);
  for (const auto& b : d.benchmarks) {
    CheckGpuRef(d, ids, b.gpu, b.gpu_loc, "gpu", diags);
    CheckGpuRef(d, ids, b.reference, b.reference_loc, "reference", diags);
  }
  for (const auto& p : d.prices) CheckGpuRef(d, ids, p.gpu, p.gpu_loc, "gpu", diags);
  {
    // An estimate's evidence in the data must exist; an observation is recorded once.
    std::set<std::string> refs;
    std::map<std::string, SourceLoc> keys;
    for (const auto& p : d.prices) refs.insert(DataReferenceOf(p));
    for (const auto& p : d.prices) {
      const std::string& e = p.evidence_url;
      if (e.rfind("prices.json#", 0) == 0 && !refs.count(e))
        diags->Error(p.evidence_loc, "evidence '" + e + "' names no observation in prices.json",
                     "prices.json#GPU/CONDITION/REGION/DATE of an observation in the file");
      if (e.rfind("gpus.json#", 0) == 0 && !d.FindGpu(e.substr(10)))
        diags->Error(p.evidence_loc, "evidence '" + e + "' names no GPU in gpus.json",
                     DidYouMean(e.substr(10), ids));
      auto [it, fresh] = keys.emplace(DuplicateKey(p), p.loc);
      if (!fresh)
        diags->Error(p.loc,
                     "this price observation repeats the one at " + it->second.file + ":" +
                         std::to_string(it->second.Resolved().line),
                     "remove one of them");
    }
  }
  for (const auto& c : d.cloud) CheckGpuRef(d, ids, c.gpu, c.gpu_loc, "gpu", diags);
  std::vector<std::string> model_ids;
  for (const auto& m : d.models) model_ids.push_back(m.id);
  for (const auto& v : d.validation) {
    CheckGpuRef(d, ids, v.gpu, v.gpu_loc, "gpu", diags);
    if (!v.model.empty() && !d.FindModel(v.model))
      diags->Error(v.model_loc, "unknown model '" + v.model + "' in 'model'",
                   DidYouMean(v.model, model_ids));
    // A back end names one of its engine's in engines.json (when the engine is listed there).
    if (!v.backend.empty())
      for (const auto& e : d.engines)
        if (e.id == (v.engine == "ollama" ? "llama.cpp" : v.engine) &&
            std::find(e.backends.begin(), e.backends.end(), v.backend) == e.backends.end())
          diags->Error(v.loc, "engine '" + e.id + "' has no back end '" + v.backend + "'",
                       DidYouMean(v.backend, e.backends));
  }
  std::vector<std::string> pipeline_ids;
  for (const auto& p : d.media) pipeline_ids.push_back(p.id);
  for (const auto& c : d.media_validation) {
    CheckGpuRef(d, ids, c.gpu, c.gpu_loc, "gpu", diags);
    if (!d.FindPipeline(c.pipeline))
      diags->Error(c.pipeline_loc, "unknown pipeline '" + c.pipeline + "' in 'pipeline'",
                   pipeline_ids.empty() ? "pipelines are defined in data/genmodels.json"
                                        : DidYouMean(c.pipeline, pipeline_ids));
  }

  // Ids must be unique across the files whose ids share a namespace in URLs and directives.
  std::map<std::string, SourceLoc> seen;
  for (const auto& g : d.gpus) seen[g.id] = g.loc;
  for (const auto& m : d.models) {
    auto it = seen.find(m.id);
    if (it != seen.end())
      diags->Error(m.loc, "model id '" + m.id + "' is also a GPU id (" + it->second.file + ":" +
                              std::to_string(it->second.Resolved().line) + ")");
  }

  // Every GPU needs at least one price, or it cannot be ranked by value.
  std::set<std::string> priced;
  for (const auto& p : d.prices) priced.insert(p.gpu);
  for (const auto& g : d.gpus)
    if (!priced.count(g.id))
      diags->Warning(
          g.loc, "GPU '" + g.id + "' has no price observation; it is left out of value rankings");

  // baseline_gpu and cloud_reference_offer are checked where they are read
  // (calc::ResolveAssumptions), once.

  if (d.flowchart) {
    const auto& fc = *d.flowchart;
    std::vector<std::string> node_ids;
    for (const auto& n : fc.nodes) node_ids.push_back(n.id);
    auto exists = [&](const std::string& id) {
      for (const auto& n : fc.nodes)
        if (n.id == id) return true;
      return false;
    };
    if (!fc.root.empty() && !exists(fc.root))
      diags->Error(fc.loc, "flowchart root '" + fc.root + "' is not a node",
                   DidYouMean(fc.root, node_ids));
    std::map<std::string, int> parents;
    for (const auto& n : fc.nodes)
      for (const auto& a : n.answers) {
        if (!exists(a.next))
          diags->Error(n.loc, "answer of '" + n.id + "' leads to unknown node '" + a.next + "'",
                       DidYouMean(a.next, node_ids));
        ++parents[a.next];
      }
    for (const auto& n : fc.nodes) {
      if (n.id != fc.root && !parents.count(n.id))
        diags->Error(n.loc, "flowchart node '" + n.id + "' cannot be reached from the root");
      if (parents[n.id] > 1)
        diags->Error(n.loc,
                     "flowchart node '" + n.id + "' has several parents; the chart is a tree");
    }
  }
}

void ValidateFlowchartStrings(const Dataset& d, const UiStrings& strings, Diagnostics* diags) {
  if (!d.flowchart) return;
  auto keys = strings.Keys();
  auto check = [&](const std::string& key, const SourceLoc& loc) {
    if (!key.empty() && !strings.Has(key))
      diags->Error(loc, "unknown UI string '" + key + "' in the flowchart", DidYouMean(key, keys));
  };
  for (const auto& n : d.flowchart->nodes) {
    check(n.text_key, n.loc);
    for (const auto& a : n.answers) check(a.label_key, n.loc);
  }
}

}  // namespace gg
