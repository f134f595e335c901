#include "cli/prices_command.h"

#include <cmath>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <map>
#include <set>

#include "base/dates.h"
#include "base/files.h"
#include "base/suggest.h"
#include "calc/prices.h"
#include "cli/command_decls.h"
#include "data/load_dataset.h"
#include "data/price_fields.h"
#include "data/prices_file.h"
#include "directives/computed.h"
#include "review/consequences.h"
#include "review/records.h"
#include "review/render.h"
#include "review/snapshot.h"

namespace gg {
namespace {

const char* kPricesFile = "data/prices.json";

std::string Today() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y-%m-%d", &tm);
  return buf;
}

// The price as prices.json writes it: the number as typed, when it is a plain decimal.
bool PlainDecimal(const std::string& s) {
  if (s.empty() || s[0] == '.' || s.back() == '.') return false;
  if (s.size() > 1 && s[0] == '0' && s[1] != '.') return false;
  int dots = 0;
  for (char c : s) {
    if (c == '.')
      ++dots;
    else if (c < '0' || c > '9')
      return false;
  }
  return dots <= 1;
}

struct Loaded {
  Dataset data;
  std::string text;  // prices.json as read
  bool ok = false;
};

// Loads the data; prints its problems; ok only when it has no errors.
Loaded LoadData(const std::string& root, std::ostream& err) {
  Loaded l;
  Diagnostics diags;
  l.data = LoadDataset(root, &diags);
  if (diags.HasErrors()) {
    err << diags.Render();
    err << "gpuguide: error: the data has errors; fix them first (gpuguide check)\n";
    return l;
  }
  auto it = l.data.texts.find(kPricesFile);
  if (it == l.data.texts.end()) {
    err << "gpuguide: error: " << kPricesFile << " was not read\n";
    return l;
  }
  l.text = it->second;
  l.ok = true;
  return l;
}

calc::PriceRules RulesOf(const Computed& c) {
  return {c.assumptions.price_window_days, c.assumptions.price_max_age_days,
          c.assumptions.price_stale_days};
}

std::string Money(double v, const std::string& currency) {
  char buf[64];
  if (std::fabs(v - std::round(v)) < 0.005)
    std::snprintf(buf, sizeof buf, "%.0f %s", v, currency.c_str());
  else
    std::snprintf(buf, sizeof buf, "%.2f %s", v, currency.c_str());
  return buf;
}

// A warning for each new observation more than 35 % away from the current price it joins.
void WarnOutliers(const Dataset& data, const Computed& c,
                  const std::vector<PriceObservation>& added, const std::string& where_prefix,
                  const std::vector<std::string>& wheres, std::ostream& err) {
  std::vector<PriceObservation> all = data.prices;
  for (const auto& o : added) all.push_back(o);
  const std::string ref = calc::NewestObservationDate(all);
  for (size_t i = 0; i < added.size(); ++i) {
    const PriceObservation& o = added[i];
    auto cur = calc::CurrentPriceIn(data.prices, o.gpu, o.condition, o.region, RulesOf(c), ref);
    if (!cur || cur->usd <= 0) continue;
    const double rel = o.price / cur->usd - 1;
    if (std::fabs(rel) <= 0.35) continue;
    char pct[32];
    std::snprintf(pct, sizeof pct, "%+.0f %%", rel * 100);
    err << where_prefix << wheres[i] << ": warning: " << Money(o.price, o.currency) << " for '"
        << o.gpu << "' (" << ConditionId(o.condition) << ", " << o.region << ") is " << pct
        << " from its current price " << Money(cur->usd, cur->currency) << " ("
        << (cur->estimated ? "estimate" : std::to_string(cur->count) + " sourced") << ", "
        << cur->newest_date << "); check the figure, the condition and the currency\n";
  }
}

// What the new text means: the review's price, rank and pick lines.
void PrintConsequences(const Loaded& before, const std::string& new_text,
                       const std::vector<PriceObservation>& added, std::ostream& out) {
  Snapshot a, b;
  Diagnostics da, db;
  a.data = before.data;
  a.data_ok = true;
  a.computed = ComputeAll(a.data, &da);
  a.data_files[kPricesFile] = before.text;
  b.data = before.data;
  for (const auto& o : added) b.data.prices.push_back(o);
  b.data_ok = true;
  b.computed = ComputeAll(b.data, &db);
  b.data_files[kPricesFile] = new_text;
  Report r;
  r.records = DiffRecords(a.data_files, b.data_files);
  CompareConsequences(a, b, ReviewThresholds{}, &r);
  out << RenderPriceSummary(r);
}

std::string GpuProblem(const Dataset& data, const std::string& gpu) {
  if (gpu.empty() || data.FindGpu(gpu)) return "";
  return "unknown GPU '" + gpu + "'";
}

std::string GpuHint(const Dataset& data, const std::string& gpu) {
  std::vector<std::string> ids;
  for (const auto& g : data.gpus) ids.push_back(g.id);
  std::string h = DidYouMean(gpu, ids);
  return h.empty() ? "see data/gpus.json" : h;
}

bool WriteText(const std::string& root, const std::string& text, std::ostream& err) {
  std::string error;
  if (!ReplaceFileAtomically(root + "/" + kPricesFile, text, &error)) {
    err << "gpuguide: error: " << kPricesFile << ": " << error << "; the file was left as it was\n";
    return false;
  }
  return true;
}

// ---- add ----

const std::map<std::string, std::string>& FlagOfField() {
  static const std::map<std::string, std::string> m = {{"gpu", "GPU"},
                                                       {"price", "PRICE"},
                                                       {"condition", "--condition"},
                                                       {"region", "--region"},
                                                       {"currency", "--currency"},
                                                       {"kind", "--kind"},
                                                       {"date", "--date"},
                                                       {"source", "--source"},
                                                       {"url", "--url"},
                                                       {"note", "--note"},
                                                       {"estimate_method", "--estimate-method"},
                                                       {"evidence_url", "--evidence-url"},
                                                       {"evidence_date", "--evidence-date"}};
  return m;
}

int Add(const CommandDecl& decl, const ParsedArgs& f, std::ostream& out, std::ostream& err) {
  if (f.positional.size() != 2) {
    err << "gpuguide: error: prices add takes GPU and PRICE\n" << CommandHelp(decl);
    return 2;
  }
  const std::string root = f.Or("--root", ".");
  Loaded l = LoadData(root, err);
  if (!l.ok) return 1;
  PriceFields pf;
  pf.gpu = f.positional[0];
  pf.price = f.positional[1];
  pf.condition = f.Or("--condition", "");
  pf.region = f.Or("--region", "");
  pf.currency = f.Or("--currency", RegionCurrency(pf.region));
  pf.kind = f.Or("--kind", "");
  pf.date = f.Or("--date", Today());
  pf.source = f.Or("--source", "");
  pf.url = f.Or("--url", "");
  pf.note = f.Or("--note", "");
  pf.estimate_method = f.Or("--estimate-method", "");
  pf.evidence_url = f.Or("--evidence-url", "");
  pf.evidence_date = f.Or("--evidence-date", "");
  PriceObservation o;
  auto problems = ParsePriceFields(pf, &o);
  if (!PlainDecimal(pf.price) && !pf.price.empty()) {
    bool reported = false;
    for (const auto& p : problems) reported |= p.field == "price";
    if (!reported)
      problems.push_back({"price", "price '" + pf.price + "' is not a plain decimal number", ""});
  }
  if (o.kind != PriceKind::kEstimate && o.url.empty() && !pf.kind.empty())
    problems.push_back({"url", "a price that was seen needs the address it was seen at",
                        "--url https://…; a price nobody saw is --kind estimate with "
                        "--estimate-method, --evidence-url and --evidence-date"});
  if (std::string g = GpuProblem(l.data, o.gpu); !g.empty())
    problems.push_back({"gpu", g, GpuHint(l.data, o.gpu)});
  for (const auto& p : problems)
    err << "gpuguide: error: " << FlagOfField().at(p.field) << ": " << p.message
        << (p.hint.empty() ? "" : "; " + p.hint) << "\n";
  if (!problems.empty()) return 1;
  for (const auto& e : l.data.prices)
    if (DuplicateKey(e) == DuplicateKey(o)) {
      const auto loc = e.loc.Resolved();
      err << kPricesFile << ":" << loc.line << ":" << loc.col
          << ": error: this observation is already recorded; nothing was added\n";
      return 1;
    }
  Diagnostics cd;
  Computed c = ComputeAll(l.data, &cd);
  WarnOutliers(l.data, c, {o}, "", {"gpuguide"}, err);
  std::string text, error;
  size_t index = 0;
  if (!InsertObservation(l.text, l.data.prices, o, pf.price, &text, &index, &error)) {
    err << "gpuguide: error: " << kPricesFile << ": " << error << "\n";
    return 1;
  }
  if (!WriteText(root, text, err)) return 1;
  out << "added to " << kPricesFile << " (observation " << index + 1 << "): " << o.gpu << " "
      << ConditionId(o.condition) << " " << o.region << " " << Money(o.price, o.currency) << " ("
      << PriceKindId(o.kind) << ", " << o.date << ")\n";
  PrintConsequences(l, text, {o}, out);
  return 0;
}

// ---- remove ----

int Remove(const CommandDecl& decl, const ParsedArgs& f, std::ostream& out, std::ostream& err) {
  if (f.positional.size() != 2) {
    err << "gpuguide: error: prices remove takes GPU and PRICE\n" << CommandHelp(decl);
    return 2;
  }
  const std::string root = f.Or("--root", ".");
  Loaded l = LoadData(root, err);
  if (!l.ok) return 1;
  const std::string gpu = f.positional[0];
  char* end = nullptr;
  const double price = std::strtod(f.positional[1].c_str(), &end);
  const std::string date = f.Or("--date", ""), condition = f.Or("--condition", ""),
                    region = f.Or("--region", "");
  std::vector<size_t> hits;
  for (size_t i = 0; i < l.data.prices.size(); ++i) {
    const auto& o = l.data.prices[i];
    if (o.gpu != gpu || std::fabs(o.price - price) > 1e-9) continue;
    if (!date.empty() && o.date != date) continue;
    if (!condition.empty() && ConditionId(o.condition) != condition) continue;
    if (!region.empty() && o.region != region) continue;
    hits.push_back(i);
  }
  if (hits.size() != 1) {
    err << "gpuguide: error: " << hits.size()
        << " observations match; name one with --date, --condition and --region\n";
    return 1;
  }
  std::string text, error;
  if (!RemoveObservation(l.text, hits[0], &text, &error)) {
    err << "gpuguide: error: " << kPricesFile << ": " << error << "\n";
    return 1;
  }
  if (!WriteText(root, text, err)) return 1;
  out << "removed from " << kPricesFile << " (observation " << hits[0] + 1 << ")\n";
  return 0;
}

// ---- import ----

int Import(const CommandDecl& decl, const ParsedArgs& f, std::ostream& out, std::ostream& err) {
  if (f.positional.size() != 1) {
    err << "gpuguide: error: prices import takes one CSV file\n" << CommandHelp(decl);
    return 2;
  }
  const std::string root = f.Or("--root", ".");
  const std::string file = f.positional[0];
  std::string csv;
  if (!ReadWholeFile(file, &csv)) {
    err << "gpuguide: error: cannot read " << file << "\n";
    return 1;
  }
  // A spreadsheet's export may be Latin-1 or Windows-1252: refused here, before a single field
  // reaches data/prices.json (which must stay UTF-8, and whose writer would throw).
  if (Diagnostics utf8; !CheckUtf8Text(file, csv, &utf8)) {
    err << utf8.Render();
    return 1;
  }
  Loaded l = LoadData(root, err);
  if (!l.ok) return 1;
  std::vector<CsvRecord> records;
  std::string error;
  int line = 0, col = 0;
  if (!ParseCsv(csv, &records, &error, &line, &col)) {
    err << file << ":" << line << ":" << col << ": error: " << error << "\n";
    return 1;
  }
  const auto& columns = PriceCsvColumns();
  int errors = 0;
  auto report = [&](int ln, int cl, const std::string& msg, const std::string& hint) {
    err << file << ":" << ln << ":" << cl << ": error: " << msg << (hint.empty() ? "" : "; " + hint)
        << "\n";
    ++errors;
  };
  if (records.empty()) {
    report(1, 1, "the file is empty", "the first line is the header");
    return 1;
  }
  {
    std::string want, got;
    for (const auto& c : columns) want += (want.empty() ? "" : ",") + c;
    for (const auto& c : records[0].fields) got += (got.empty() ? "" : ",") + c.text;
    if (want != got) {
      report(1, 1, "the header must be exactly '" + want + "'", "");
      return 1;
    }
  }
  std::map<std::string, std::string> seen;  // duplicate key -> "file:line" or prices.json:line
  for (const auto& e : l.data.prices)
    seen[DuplicateKey(e)] = std::string(kPricesFile) + ":" + std::to_string(e.loc.Resolved().line);
  std::vector<PriceObservation> added;
  std::vector<std::string> price_texts, wheres;
  for (size_t r = 1; r < records.size(); ++r) {
    const CsvRecord& rec = records[r];
    if (rec.fields.size() != columns.size()) {
      const CsvField& last = rec.fields.back();
      report(last.line, last.col,
             "this row has " + std::to_string(rec.fields.size()) + " fields, the header " +
                 std::to_string(columns.size()),
             "quote a field that holds a comma");
      continue;
    }
    std::map<std::string, const CsvField*> by;
    for (size_t k = 0; k < columns.size(); ++k) by[columns[k]] = &rec.fields[k];
    PriceFields pf;
    pf.gpu = by["gpu"]->text;
    pf.condition = by["condition"]->text;
    pf.region = by["region"]->text;
    pf.currency = by["currency"]->text;
    pf.price = by["price"]->text;
    pf.kind = by["kind"]->text;
    pf.date = by["date"]->text;
    pf.source = by["source"]->text;
    pf.url = by["url"]->text;
    pf.note = by["note"]->text;
    pf.estimate_method = by["estimate_method"]->text;
    pf.evidence_url = by["evidence_url"]->text;
    pf.evidence_date = by["evidence_date"]->text;
    PriceObservation o;
    auto problems = ParsePriceFields(pf, &o);
    bool price_reported = false;
    for (const auto& p : problems) price_reported |= p.field == "price";
    if (!price_reported && !pf.price.empty() && !PlainDecimal(pf.price))
      problems.push_back({"price", "price '" + pf.price + "' is not a plain decimal number",
                          "write 1449.99: no sign, separator or leading zero"});
    if (o.kind != PriceKind::kEstimate && pf.url.empty() && !pf.kind.empty())
      problems.push_back({"url", "a price that was seen needs the address it was seen at", ""});
    if (std::string g = GpuProblem(l.data, pf.gpu); !g.empty())
      problems.push_back({"gpu", g, GpuHint(l.data, pf.gpu)});
    for (const auto& p : problems) report(by[p.field]->line, by[p.field]->col, p.message, p.hint);
    if (!problems.empty()) continue;
    const std::string where = file + ":" + std::to_string(rec.line);
    auto [it, fresh] = seen.emplace(DuplicateKey(o), where);
    if (!fresh) {
      report(rec.line, 1, "this row repeats the observation at " + it->second, "");
      continue;
    }
    added.push_back(o);
    price_texts.push_back(pf.price);
    wheres.push_back(std::to_string(rec.line) + ":1");
  }
  if (errors) {
    err << "gpuguide: error: " << errors << (errors == 1 ? " problem" : " problems") << " in "
        << file << "; nothing was imported\n";
    return 1;
  }
  Diagnostics cd;
  Computed c = ComputeAll(l.data, &cd);
  WarnOutliers(l.data, c, added, file + ":", wheres, err);
  std::string text = l.text;
  std::vector<PriceObservation> existing = l.data.prices;
  for (size_t k = 0; k < added.size(); ++k) {
    std::string next;
    size_t index = 0;
    if (!InsertObservation(text, existing, added[k], price_texts[k], &next, &index, &error)) {
      err << "gpuguide: error: " << kPricesFile << ": " << error << "; nothing was imported\n";
      return 1;
    }
    existing.insert(existing.begin() + static_cast<long>(index), added[k]);
    text = std::move(next);
  }
  if (!added.empty() && !WriteText(root, text, err)) return 1;
  out << "imported " << added.size() << (added.size() == 1 ? " observation" : " observations")
      << " from " << file << " into " << kPricesFile << "\n";
  if (!added.empty()) PrintConsequences(l, text, added, out);
  return 0;
}

// ---- status ----

int Status(const CommandDecl&, const ParsedArgs& f, std::ostream& out, std::ostream& err) {
  const std::string root = f.Or("--root", ".");
  Loaded l = LoadData(root, err);
  if (!l.ok) return 1;
  std::vector<std::string> regions = PriceRegionIds();
  if (const std::string* r = f.Last("--region")) {
    if (RegionCurrency(*r).empty()) {
      std::string hint = DidYouMean(*r, PriceRegionIds());
      err << "gpuguide: error: --region takes US, EU or CN, not '" << *r << "'"
          << (hint.empty() ? "" : "; " + hint) << "\n";
      return 2;
    }
    regions = {*r};
  }
  const std::string as_of = f.Or("--as-of", Today());
  auto as_of_day = ParseIsoDate(as_of);
  if (!as_of_day) {
    err << "gpuguide: error: --as-of takes a date as YYYY-MM-DD, not '" << as_of << "'\n";
    return 2;
  }
  const bool only_stale = f.Has("--stale");
  Diagnostics cd;
  const Computed c = ComputeAll(l.data, &cd);
  int stale_count = 0;
  char buf[512];
  std::snprintf(buf, sizeof buf, "%-30s %-4s %-3s %14s  %-26s %-10s %6s  %s\n", "gpu", "cond",
                "reg", "price", "basis", "sourced", "age", "stale");
  out << buf;
  std::vector<std::string> totals;
  for (const std::string& region : regions) {
    const auto prices = calc::CurrentPricesIn(l.data.prices, region, RulesOf(c), as_of);
    const auto summary = calc::SummarisePrices(l.data.prices, prices, region);
    for (const auto& [key, p] : prices) {
      if (only_stale && !p.stale) continue;
      stale_count += p.stale ? 1 : 0;
      std::string basis =
          p.estimated ? "estimate (" + (p.methods.empty() ? std::string("?") : p.methods[0]) + ")"
                      : std::to_string(p.count) + " sourced (" + calc::PriceBasisId(p.basis) + ")";
      const long age =
          static_cast<long>(*as_of_day - ParseIsoDate(p.evidence_date).value_or(*as_of_day));
      std::snprintf(buf, sizeof buf, "%-30s %-4s %-3s %14s  %-26s %-10s %5ldd  %s\n", p.gpu.c_str(),
                    ConditionId(p.condition), region.c_str(), Money(p.usd, p.currency).c_str(),
                    basis.c_str(),
                    p.newest_sourced_date.empty() ? "-" : p.newest_sourced_date.c_str(), age,
                    p.stale ? "STALE" : "");
      out << buf;
    }
    totals.push_back(
        region + ": " + std::to_string(summary.sourced) + " of " + std::to_string(summary.total) +
        " current prices sourced, newest sourced " +
        (summary.newest_sourced_date.empty() ? std::string("none") : summary.newest_sourced_date));
  }
  for (const auto& t : totals) out << t << "\n";
  out << "as of " << as_of << "; stale: evidence older than " << c.assumptions.price_stale_days
      << " days (" << stale_count << (stale_count == 1 ? " price" : " prices") << ")\n";
  if (f.Has("--fail-stale") && stale_count > 0) return 1;
  return 0;
}

}  // namespace

int RunPricesCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.size() < 2 || args[1] == "--help" || args[1] == "-h") {
    std::string list;
    for (const CommandDecl& c : PricesCommandDecls()) list += CommandHelp(c) + "\n";
    (args.size() < 2 ? err : out) << list;
    return args.size() < 2 ? 2 : 0;
  }
  std::vector<std::string> names;
  for (const CommandDecl& c : PricesCommandDecls()) {
    const std::string sub = c.name.substr(7);  // "prices add" -> "add"
    names.push_back(sub);
    if (sub != args[1]) continue;
    ParsedArgs f;
    std::string error;
    if (!ParseCommandLine(c, args, 2, &f, &error)) {
      err << "gpuguide: error: " << error << "\n" << CommandHelp(c);
      return 2;
    }
    if (f.Has("--help")) {
      out << CommandHelp(c);
      return 0;
    }
    if (sub == "add") return Add(c, f, out, err);
    if (sub == "remove") return Remove(c, f, out, err);
    if (sub == "import") return Import(c, f, out, err);
    return Status(c, f, out, err);
  }
  std::string hint = DidYouMean(args[1], names);
  err << "gpuguide: error: unknown prices command '" << args[1] << "'"
      << (hint.empty() ? "" : "; " + hint) << " (add, remove, import, status)\n";
  return 2;
}

}  // namespace gg
