#include "data/open_data.h"

#include <cstdio>
#include <functional>
#include <string_view>

#include "urls/urls.h"

namespace gg {

namespace {

std::string Num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.15g", v);
  return buf;
}
std::string Opt(const std::optional<double>& v) {
  return v ? Num(*v) : std::string();
}
std::string Bool(bool b) {
  return b ? "true" : "false";
}
std::string Join(const std::vector<std::string>& items, const std::string& separator) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) out += (i ? separator : "") + items[i];
  return out;
}

using Row = std::vector<std::string>;

std::string Csv(const Row& header, const std::vector<Row>& rows) {
  std::string out;
  auto line = [&](const Row& r) {
    for (size_t i = 0; i < r.size(); ++i) {
      if (i) out += ',';
      out += CsvField(r[i]);
    }
    out += "\r\n";
  };
  line(header);
  for (const Row& r : rows) line(r);
  return out;
}

template <typename T>
std::vector<Row> Rows(const std::vector<T>& items, const std::function<Row(const T&)>& row) {
  std::vector<Row> rows;
  for (const T& t : items) rows.push_back(row(t));
  return rows;
}

std::string BenchmarksCsv(const Dataset& d) {
  return Csv(
      {"gpu", "reference", "workload", "speedup", "method", "source", "as_of", "estimated", "note"},
      Rows<Benchmark>(d.benchmarks, [](const Benchmark& b) -> Row {
        return {b.gpu,         b.reference,  WorkloadId(b.workload), Num(b.speedup), b.method,
                b.prov.source, b.prov.as_of, Bool(b.prov.estimated), b.prov.note};
      }));
}

std::string CloudCsv(const Dataset& d) {
  return Csv({"id", "provider", "gpu", "pricing", "usd_per_gpu_hour", "gpus_per_instance", "region",
              "date", "source", "estimated", "estimate_method", "note"},
             Rows<CloudOffer>(d.cloud, [](const CloudOffer& c) -> Row {
               return {c.id,
                       c.provider,
                       c.gpu,
                       c.pricing,
                       Num(c.usd_per_gpu_hour),
                       std::to_string(c.gpus_per_instance),
                       c.region,
                       c.date,
                       c.prov.source,
                       Bool(c.prov.estimated),
                       c.estimate_method,
                       c.prov.note};
             }));
}

std::string GpusCsv(const Dataset& d) {
  return Csv({"id",
              "name",
              "vendor",
              "architecture",
              "launch_date",
              "segment",
              "memory_gb",
              "memory_type",
              "bandwidth_gbs",
              "l2_mb",
              "tensor_cores",
              "fp16_tflops",
              "fp8_tflops",
              "fp4_tflops",
              "int8_tops",
              "tdp_w",
              "slots",
              "nvlink_gbs",
              "pcie_gen",
              "form_factor",
              "launch_price_usd",
              "usable_memory_gb",
              "availability",
              "source",
              "as_of",
              "estimated",
              "note"},
             Rows<Gpu>(d.gpus, [](const Gpu& g) -> Row {
               return {g.id,
                       g.name,
                       g.vendor,
                       g.architecture,
                       g.launch_date,
                       SegmentId(g.segment),
                       Num(g.memory_gb),
                       g.memory_type,
                       Num(g.bandwidth_gbs),
                       Num(g.l2_mb),
                       g.tensor_cores,
                       Num(g.fp16_tflops),
                       Opt(g.fp8_tflops),
                       Opt(g.fp4_tflops),
                       Opt(g.int8_tops),
                       Num(g.tdp_w),
                       Num(g.slots),
                       Num(g.nvlink_gbs),
                       std::to_string(g.pcie_gen),
                       g.form_factor,
                       Opt(g.launch_price_usd),
                       Opt(g.usable_memory_gb),
                       Join(g.availability, " "),
                       g.prov.source,
                       g.prov.as_of,
                       Bool(g.prov.estimated),
                       g.prov.note};
             }));
}

std::string ModelsCsv(const Dataset& d) {
  return Csv({"id",
              "name",
              "family",
              "release_date",
              "params_b",
              "active_params_b",
              "layers",
              "hidden_size",
              "intermediate_size",
              "attention_heads",
              "kv_heads",
              "head_dim",
              "vocab_size",
              "max_context",
              "experts_total",
              "experts_active",
              "native_precision",
              "source",
              "as_of",
              "note"},
             Rows<LlmModel>(d.models, [](const LlmModel& m) -> Row {
               auto i = [](int v) { return std::to_string(v); };
               return {m.id,
                       m.name,
                       m.family,
                       m.release_date,
                       Num(m.params_b),
                       Num(m.active_params_b),
                       i(m.layers),
                       i(m.hidden_size),
                       i(m.intermediate_size),
                       i(m.attention_heads),
                       i(m.kv_heads),
                       i(m.head_dim),
                       i(m.vocab_size),
                       i(m.max_context),
                       m.experts ? i(m.experts->total) : "",
                       m.experts ? i(m.experts->active) : "",
                       m.native_precision,
                       m.prov.source,
                       m.prov.as_of,
                       m.prov.note};
             }));
}

// basis: "sourced" (seen on the market or a list price) or "estimate" (kind estimate: its
// method and the evidence it rests on follow).
std::string PricesCsv(const Dataset& d) {
  return Csv({"gpu", "date", "condition", "region", "currency", "price", "kind", "basis",
              "estimate_method", "evidence_url", "evidence_date", "source", "url", "note"},
             Rows<PriceObservation>(d.prices, [](const PriceObservation& p) -> Row {
               return {p.gpu,
                       p.date,
                       ConditionId(p.condition),
                       p.region,
                       p.currency,
                       Num(p.price),
                       PriceKindId(p.kind),
                       p.kind == PriceKind::kEstimate ? "estimate" : "sourced",
                       p.estimate_method,
                       p.evidence_url,
                       p.evidence_date,
                       p.prov.source,
                       p.url,
                       p.prov.note};
             }));
}

// The data files also published as CSV: the kind, its table and its record count.
struct CsvKind {
  std::string kind;
  std::function<std::string(const Dataset&)> csv;
  std::function<int(const Dataset&)> count;
};

template <typename T>
std::function<int(const Dataset&)> CountOf(std::vector<T> Dataset::*records) {
  return [records](const Dataset& d) { return static_cast<int>((d.*records).size()); };
}

const std::vector<CsvKind>& CsvKinds() {
  static const std::vector<CsvKind> kinds = {
      {"benchmarks", BenchmarksCsv, CountOf(&Dataset::benchmarks)},
      {"cloud", CloudCsv, CountOf(&Dataset::cloud)},
      {"gpus", GpusCsv, CountOf(&Dataset::gpus)},
      {"models", ModelsCsv, CountOf(&Dataset::models)},
      {"prices", PricesCsv, CountOf(&Dataset::prices)},
  };
  return kinds;
}

int RecordsOf(const Dataset& d, const std::string& kind) {
  if (kind == "assumptions") return static_cast<int>(d.assumptions.size());
  if (kind == "personas") return static_cast<int>(d.personas.size());
  if (kind == "machines") return static_cast<int>(d.machines.size());
  if (kind == "flowchart") return d.flowchart ? static_cast<int>(d.flowchart->nodes.size()) : 0;
  if (kind == "validation") return static_cast<int>(d.validation.size());
  if (kind == "genmodels") return static_cast<int>(d.media.size());
  if (kind == "genvalidation") return static_cast<int>(d.media_validation.size());
  for (const CsvKind& k : CsvKinds())
    if (k.kind == kind) return k.count(d);
  return 0;
}

}  // namespace

namespace {

// Whether `s` is a plain decimal number: [+-]digits[.digits][(e|E)[+-]digits].
bool IsPlainNumber(const std::string& s) {
  size_t i = 0;
  auto digits = [&] {
    const size_t from = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    return i > from;
  };
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  if (!digits()) return false;
  if (i < s.size() && s[i] == '.') {
    ++i;
    if (!digits()) return false;
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    if (!digits()) return false;
  }
  return i == s.size();
}

// Whether a spreadsheet would take the cell for a formula (OWASP: CSV injection).
bool LooksLikeFormula(const std::string& s) {
  if (s.empty() || std::string_view("=+-@\t\r").find(s[0]) == std::string_view::npos) return false;
  return !IsPlainNumber(s);
}

}  // namespace

std::string CsvField(const std::string& raw) {
  const std::string text = LooksLikeFormula(raw) ? "'" + raw : raw;
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string out;
  out.reserve(text.size() + 8);
  out += '"';
  for (char c : text) {
    out += c;
    if (c == '"') out += '"';  // doubled
  }
  out += '"';
  return out;
}

namespace {

std::vector<OpenDataFile> Files(const Dataset& data, bool with_bytes) {
  std::vector<OpenDataFile> files;
  for (const auto& [path, text] : data.texts) {  // sorted by path, so by kind
    const std::string name = path.substr(path.rfind('/') + 1);
    const std::string kind = name.substr(0, name.size() - 5);  // without ".json"
    const int records = RecordsOf(data, kind);
    for (const CsvKind& k : CsvKinds())
      if (k.kind == kind)
        files.push_back({kind, "csv", OpenDataPath(kind + ".csv"),
                         with_bytes ? k.csv(data) : std::string(), records});
    files.push_back({kind, "json", OpenDataPath(name), with_bytes ? text : std::string(), records});
  }
  return files;
}

}  // namespace

std::vector<OpenDataFile> OpenDataFiles(const Dataset& data) {
  return Files(data, true);
}

std::vector<OpenDataFile> OpenDataListing(const Dataset& data) {
  return Files(data, false);
}

std::string OpenDataCsv(const Dataset& data, const std::string& kind) {
  for (const CsvKind& k : CsvKinds())
    if (k.kind == kind) return k.csv(data);
  return {};
}

}  // namespace gg
