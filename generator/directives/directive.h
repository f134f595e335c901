// The one interface every directive and inline reference implements. A directive is a
// DirectiveSpec: its name, a declared argument schema (names, types, enum values, ranges,
// defaults), the data it reads, and a render function from (validated arguments, page inputs)
// to HTML. The schema is checked once, by ValidateCall, before the render function runs:
// unknown names, missing or malformed values, out-of-range or non-finite numbers (NaN, inf)
// and unknown ids are errors at the call's file:line:col with a did-you-mean, all reported in
// one run. A render function only sees valid arguments; what it can still find wrong (a GPU
// without a current price) it reports with Args::Fail and returns "" (the build then fails).
//
// Adding a directive: one file defining `DirectiveSpec SomethingDirective()`, and one line
// `DIRECTIVE(Something)` in directives/list.inc.
#pragma once

#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "base/diagnostics.h"
#include "content/markdown.h"
#include "directives/page_context.h"
#include "model/model.h"

namespace gg {

enum class ArgType {
  kText,        // any word
  kInteger,     // whole number within [min, max]
  kNumber,      // finite decimal number within [min, max]
  kChoice,      // one of `values`
  kGpu,         // id of a GPU in data/gpus.json
  kModel,       // id of a model in data/models.json
  kPersona,     // id of a persona in data/personas.json
  kOffer,       // id of a cloud offer in data/cloud.json
  kAssumption,  // id of an assumption in data/assumptions.json
  kMachine,     // id of a machine in data/machines.json
};

// The data file an id type names records of ("gpus" for kGpu), or nullptr.
const char* IdCollection(ArgType type);

// One argument of a directive. Built with the factories below and refined with the chained
// setters: Arg::Integer("limit", 1, 1000).Default("1000").
struct ArgSpec {
  std::string name;
  ArgType type = ArgType::kText;
  std::vector<std::string> values;  // kChoice
  double min = -std::numeric_limits<double>::max();
  double max = std::numeric_limits<double>::max();
  bool required = false;
  std::string default_value;  // used when the author leaves the argument out ("" = none)
  bool list = false;          // comma-separated, each item checked against the type
  std::string item;           // how one list item is named in errors ("context")
  std::string unit;           // for whole-number lists: "tokens"
  std::string help;

  ArgSpec& Required() {
    required = true;
    return *this;
  }
  ArgSpec& Default(std::string v) {
    default_value = std::move(v);
    return *this;
  }
  ArgSpec& List(std::string item_name, std::string item_unit = "") {
    list = true;
    required = true;
    item = std::move(item_name);
    unit = std::move(item_unit);
    return *this;
  }
  ArgSpec& Help(std::string text) {
    help = std::move(text);
    return *this;
  }
};

namespace Arg {
ArgSpec Text(std::string name);
ArgSpec Integer(std::string name, double min, double max);
ArgSpec Number(std::string name, double min, double max);
ArgSpec Choice(std::string name, std::vector<std::string> values);
ArgSpec Id(std::string name, ArgType type);  // kGpu, kModel, kPersona, kOffer, kAssumption
// The shared enums: workload=, segment=, precision=, mode=, cost=.
ArgSpec Workload(std::string name = "workload");
ArgSpec Segment(std::string name = "segment");
ArgSpec Precision(std::string name);
ArgSpec YesNo(std::string name);
}  // namespace Arg

class Args;
// Renders a validated call. The context is read-only; outputs go through ctx.out and ctx.diags.
using RenderFn = std::string (*)(const Args& args, const PageContext& ctx);

struct DirectiveSpec {
  enum class Kind { kBlock, kInline };
  Kind kind = Kind::kBlock;
  std::string name;     // "gpu-rank"; inline references without their "gpu:" prefix ("perf")
  std::string variant;  // the kind word of a directive with variants ("gpu-chart perf"), or ""
  std::vector<ArgSpec> args;
  // The one positional word a directive takes (`gpu:usd 2200`), when it takes one.
  std::optional<ArgSpec> positional;
  std::string example;  // shown when the positional word is missing: "gpu:usd 24"
  // What the render function reads, as dependency keys (directives/page_context.h): whole data
  // files ("data:gpus", "data:prices", …) and computed results ("computed:perf",
  // "computed:current-prices"). The records named by id arguments are added per call
  // ("data:gpus/rtx-4090"). Recorded for each call, for incremental builds and review.
  std::vector<std::string> reads;
  RenderFn render = nullptr;

  static DirectiveSpec Block(std::string name, RenderFn fn);
  static DirectiveSpec Inline(std::string name, RenderFn fn);
  // How messages name it: "directive 'gpu-rank'", "inline reference 'gpu:perf'", "chart 'perf'".
  std::string What() const;
  std::string ShownName() const;  // "gpu-rank", "gpu:perf", "gpu-chart perf"
};

// A call's arguments after validation: every value present is well-formed and in range, every
// id exists. Getters return the written value, else the declared default.
class Args {
 public:
  Args(const DirectiveSpec& spec, const DirectiveCall& call, const Dataset& data,
       Diagnostics* diags);

  const DirectiveCall& call() const { return call_; }
  const DirectiveSpec& spec() const { return spec_; }
  bool ok() const { return ok_; }
  bool Has(const std::string& name) const { return written_.count(name) > 0; }
  // The value as written, or the default; "" when neither.
  const std::string& Text(const std::string& name) const;
  // Numbers: the value or the default, else `fallback` (a data-dependent default).
  int Int(const std::string& name, int fallback = 0) const;
  double Num(const std::string& name, double fallback = 0) const;
  bool Yes(const std::string& name) const;  // yes/true
  std::vector<std::string> Items(const std::string& name) const;
  std::vector<int64_t> IntItems(const std::string& name) const;
  // The positional word (literal references).
  const std::string& Word() const;

  gg::Workload WorkloadOf(const std::string& name = "workload") const;
  // segment= as a filter: one segment, or empty (all) when absent.
  std::vector<gg::Segment> SegmentFilter(const std::string& name = "segment") const;
  const Gpu* GpuOf(const std::string& name) const;  // nullptr when absent
  const LlmModel* ModelOf(const std::string& name) const;
  const Persona* PersonaOf(const std::string& name) const;
  const Machine* MachineOf(const std::string& name) const;
  const CloudOffer* OfferOf(const std::string& name, const std::string& fallback_id = "") const;

  // The dependency keys of this call: the spec's reads and the records its id arguments name.
  std::vector<std::string> Reads() const;
  // A problem found while rendering, reported at the call's location.
  void Fail(const std::string& message, const std::string& hint = "") const;

 private:
  friend bool ValidateCall(const DirectiveSpec&, const DirectiveCall&, const Dataset&, Args*);
  void Error(const std::string& message, const std::string& hint) const;

  const DirectiveSpec& spec_;
  const DirectiveCall& call_;
  const Dataset& data_;
  Diagnostics* diags_;
  std::map<std::string, std::string> values_;  // written or defaulted
  std::set<std::string> written_;
  mutable bool ok_ = true;
};

// Checks the call against the spec, filling `args`; reports every problem; false on any.
bool ValidateCall(const DirectiveSpec& spec, const DirectiveCall& call, const Dataset& data,
                  Args* args);

// Strict number parsing shared by the schema and literal references: the whole word, finite.
std::optional<double> ParseFiniteNumber(const std::string& s);
std::optional<long long> ParseWholeNumber(const std::string& s);

}  // namespace gg
