// Power figures of a persona's build and of the machines: `gpu:pick-power` (what the n-th
// pick draws and the PSU it needs) and `gpu:machine` (a machine's limits), so prose about
// power never types a figure the data determines.
#include "base/text.h"
#include "calc/power.h"
#include "calc/recommend.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"

namespace gg {
namespace {

std::string Watts(double w, const PageContext& ctx) {
  return HtmlEscape(ctx.fmt->WithUnit(w, "W", 0));
}

// One figure of the machine; `circuit` is 1-based.
std::string MachineFigure(const Args& a, const Machine& m, const PageContext& ctx) {
  const std::string& what = a.Text("what");
  if (what == "wall_limit") return Watts(calc::MachineWallLimitW(m), ctx);
  if (what == "psu_max") {
    double max = 0;
    for (double s : m.psu_sizes_w) max = std::max(max, s);
    return Watts(max, ctx);
  }
  if (what == "host") return Watts(m.host_w, ctx);
  if (what == "load") return HtmlEscape(ctx.fmt->Percent(m.psu_load_fraction, 0));
  if (what == "efficiency") return HtmlEscape(ctx.fmt->Percent(m.psu_efficiency, 0));
  if (what == "max_gpus") return HtmlEscape(ctx.fmt->Number(m.max_gpus, 0));
  if (what == "slots") return HtmlEscape(ctx.fmt->Number(m.expansion_slots, 0));
  const int n = a.Int("circuit");
  if (n > static_cast<int>(m.circuits.size())) {
    a.Fail("machine '" + m.id + "' has " + std::to_string(m.circuits.size()) + " circuits");
    return std::string();
  }
  const Circuit& c = m.circuits[static_cast<size_t>(n - 1)];
  if (what == "circuit_volts") return HtmlEscape(ctx.fmt->WithUnit(c.volts, "V", 0));
  if (what == "circuit_amps") return HtmlEscape(ctx.fmt->WithUnit(c.amps, "A", 0));
  if (what == "circuit_fraction") return HtmlEscape(ctx.fmt->Percent(c.continuous_fraction, 0));
  return Watts(calc::CircuitContinuousW(c), ctx);  // circuit_w
}

}  // namespace

DirectiveSpec PickPowerDirective() {
  DirectiveSpec d = DirectiveSpec::Inline("pick-power", [](const Args& a, const PageContext& ctx) {
    const Persona* p = a.PersonaOf("persona");
    auto rec = calc::Recommend(*ctx.data, ctx.computed->perf, ctx.computed->prices,
                               ctx.computed->assumptions, calc::ConstraintsFromPersona(*p));
    auto pick = calc::NthPick(rec, a.Int("n"));
    if (!pick) {
      a.Fail("persona '" + p->id + "' has fewer than " + a.Text("n") + " picks");
      return std::string();
    }
    if (!pick->build) {
      a.Fail("persona '" + p->id + "' names no machine",
             "power figures need a persona with \"machine\" in data/personas.json");
      return std::string();
    }
    const calc::Build& b = *pick->build;
    const std::string& what = a.Text("what");
    if (what == "psu") return b.psu_w ? Watts(*b.psu_w, ctx) : std::string("—");
    if (what == "psu_needed") return Watts(b.psu_needed_w, ctx);
    if (what == "wall") return Watts(b.wall_w, ctx);
    if (what == "gpus") return HtmlEscape(ctx.fmt->Number(b.gpus, 0));
    return Watts(b.system_w, ctx);
  });
  d.args = {Arg::Id("persona", ArgType::kPersona).Required(),
            Arg::Integer("n", 1, 100).Default("1"),
            Arg::Choice("what", {"system", "psu", "psu_needed", "wall", "gpus"}).Default("system")};
  d.reads = {"data:gpus",     "data:machines",           "data:gates",
             "computed:perf", "computed:current-prices", "data:assumptions"};
  return d;
}

DirectiveSpec MachineDirective() {
  DirectiveSpec d = DirectiveSpec::Inline("machine", [](const Args& a, const PageContext& ctx) {
    // The machine as the data states it, every circuit in its order (a region's view keeps
    // only its own household circuit: directives/computed.h).
    const Dataset& loaded =
        ctx.computed != nullptr && ctx.computed->loaded != nullptr ? *ctx.computed->loaded
                                                                   : *ctx.data;
    const Machine* m = loaded.FindMachine(a.Text("id"));
    return MachineFigure(a, m != nullptr ? *m : *a.MachineOf("id"), ctx);
  });
  d.args = {Arg::Id("id", ArgType::kMachine).Required(),
            Arg::Choice("what",
                        {"wall_limit", "psu_max", "host", "load", "efficiency", "max_gpus", "slots",
                         "circuit_w", "circuit_volts", "circuit_amps", "circuit_fraction"})
                .Required(),
            Arg::Integer("circuit", 1, 16).Default("1")};
  return d;
}

}  // namespace gg
