// gpu-flowchart: the selection flowchart of data/flowchart.json. Questions and answers are UI
// strings; every leaf is a query over the recommendation engine, so the GPU it names is
// today's pick (and runner-up) for those constraints. Drawn as an SVG figure, and written out
// as nested lists (question → answers → leaves) that a phone, keyboard or screen-reader user
// can follow without the picture. Every GPU a leaf names links to that GPU's own page.
#include <algorithm>
#include <map>

#include "base/text.h"
#include "calc/recommend.h"
#include "charts/flowchart.h"
#include "directives/calc_args.h"
#include "directives/chart_files.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"
#include "i18n/typography.h"
#include "urls/urls.h"

namespace gg {
namespace {

struct LeafResult {
  std::optional<calc::Pick> pick;
  std::optional<calc::Pick> runner_up;
  const CloudOffer* offer = nullptr;
  std::string constraints;  // "≥ 24 GB per card · ≤ $1,200"
};

// The cloud offer with the most performance per dollar-hour among GPUs meeting the query.
const CloudOffer* BestOffer(const FlowQuery& q, const std::string& pricing,
                            const PageContext& ctx) {
  const CloudOffer* best = nullptr;
  double best_value = 0;
  for (const auto& o : ctx.data->cloud) {
    if (!pricing.empty() && pricing != "yes" && o.pricing != pricing) continue;
    const Gpu* g = ctx.data->FindGpu(o.gpu);
    if (!g || g->memory_gb < q.min_memory_gb) continue;
    auto perf = ctx.computed->perf.Get(g->id, q.workload);
    if (!perf) continue;
    double value = perf->relative / o.usd_per_gpu_hour;
    if (!best || value > best_value || (value == best_value && o.id < best->id)) {
      best = &o;
      best_value = value;
    }
  }
  return best;
}

LeafResult Evaluate(const FlowNode& n, const PageContext& ctx) {
  LeafResult r;
  const FlowQuery& q = *n.query;
  std::string c =
      ctx.TF("flow.constraints", {{"memory", ctx.fmt->WithUnit(q.min_memory_gb, "GB", 0)}});
  if (q.max_budget_usd)
    c += " · " + ctx.TF("flow.budget", {{"budget", ctx.fmt->Money(*q.max_budget_usd)}});
  r.constraints = c;
  if (!n.cloud.empty()) {
    r.offer = BestOffer(q, n.cloud, ctx);
    return r;
  }
  auto rec = calc::Recommend(*ctx.data, ctx.computed->perf, ctx.computed->prices,
                             ctx.computed->assumptions, calc::ConstraintsFromQuery(q));
  r.pick = calc::NthPick(rec, q.rank);
  r.runner_up = calc::NthPick(rec, q.rank + 1);
  return r;
}

// A leaf's GPU, linked to its own page.
std::string LeafGpuLink(const std::string& gpu, const PageContext& ctx) {
  const Gpu* g = ctx.data->FindGpu(gpu);
  return g ? GpuLink(*g, ctx) : HtmlEscape(gpu);
}

// The same GPU page, relative to the flowchart's SVG file (in the language's chart folder):
// links inside the drawing are followed when the SVG is opened on its own.
std::string SvgGpuHref(const std::string& gpu, const PageContext& ctx) {
  const Gpu* g = ctx.data->FindGpu(gpu);
  if (!g) return {};
  PageContext from_svg = ctx;
  from_svg.to_root = ToRoot(ChartDir(ctx.lang->code));
  return GpuHref(*g, from_svg);
}

class FlowRenderer {
 public:
  FlowRenderer(const Flowchart& fc, const PageContext& ctx) : fc_(fc), ctx_(ctx) {
    for (const auto& n : fc.nodes) by_id_[n.id] = &n;
  }

  std::string LeafLine(const FlowNode& n, const LeafResult& r) const {
    std::string text = ctx_.T(n.text_key);
    if (r.offer) {
      const Gpu* g = ctx_.data->FindGpu(r.offer->gpu);
      return text + "\n" +
             ctx_.TF("flow.rent_offer",
                     {{"offer", r.offer->provider + " · " + (g ? g->name : r.offer->gpu)},
                      {"price",
                       ctx_.fmt->Money(r.offer->usd_per_gpu_hour, true) + ConvertedText(ctx_)}});
    }
    if (!r.pick) return text + "\n" + ctx_.T("flow.none");
    std::string s = text + "\n" + ctx_.data->FindGpu(r.pick->gpu)->name;
    if (r.runner_up)
      s += "\n" + ctx_.TF("flow.runner_up", {{"gpu", ctx_.data->FindGpu(r.runner_up->gpu)->name}});
    return s + "\n" + r.constraints;
  }

  charts::FlowchartSpec Spec() {
    charts::FlowchartSpec spec;
    spec.title = ctx_.T("flow.caption");
    spec.description = ctx_.T("flow.text_version");
    spec.embed_links = true;
    for (const auto& n : fc_.nodes) {
      charts::FlowNode fn;
      fn.id = n.id;
      if (n.kind == "question") {
        fn.kind = charts::NodeKind::kQuestion;
        fn.text = ctx_.T(n.text_key);
      } else if (n.kind == "leaf") {
        fn.kind = charts::NodeKind::kAnswer;
        LeafResult r = Result(n);
        fn.text = LeafLine(n, r);
        // The GPU's own page, as in the text version.
        if (r.pick)
          fn.href = SvgGpuHref(r.pick->gpu, ctx_);
        else if (r.offer)
          fn.href = SvgGpuHref(r.offer->gpu, ctx_);
      } else {
        fn.kind = charts::NodeKind::kText;
        fn.text = ctx_.T(n.text_key);
      }
      spec.nodes.push_back(fn);
      for (const auto& a : n.answers) spec.edges.push_back({n.id, a.next, ctx_.T(a.label_key)});
    }
    return spec;
  }

  // Nested lists: a question, then each answer with what follows it.
  std::string Html(const std::string& id, int depth) {
    auto it = by_id_.find(id);
    if (it == by_id_.end() || depth > 40) return {};
    const FlowNode& n = *it->second;
    std::string h;
    if (n.kind == "question") {
      h += "<p class=\"q\">" + HtmlEscape(ctx_.T(n.text_key)) + "</p><ul>";
      for (const auto& a : n.answers)
        h += "<li><span class=\"a\">" +
             HtmlEscape(ctx_.TF("flow.answer", {{"answer", ctx_.T(a.label_key)}})) + "</span> " +
             Html(a.next, depth + 1) + "</li>";
      h += "</ul>";
    } else if (n.kind == "leaf") {
      LeafResult r = Result(n);
      h += "<strong>" + HtmlEscape(ctx_.T(n.text_key)) + "</strong>";
      if (r.offer) {
        // The offer's GPU is a link: the sentence is formatted around a marker, escaped, and
        // the marker replaced by the link.
        const std::string marker = "\x01";
        std::string line = HtmlEscape(ctx_.TF(
            "flow.rent_offer",
            {{"offer", r.offer->provider + " · " + marker},
             {"price", ctx_.fmt->Money(r.offer->usd_per_gpu_hour, true) + ConvertedText(ctx_)}}));
        size_t at = line.find(marker);
        if (at != std::string::npos)
          line.replace(at, marker.size(), LeafGpuLink(r.offer->gpu, ctx_));
        h += HtmlEscape(std::string(LabelSeparator(ctx_.lang->code))) + line;
      } else if (r.pick) {
        h += " (" + HtmlEscape(r.constraints) + ")" +
             HtmlEscape(std::string(LabelSeparator(ctx_.lang->code))) +
             LeafGpuLink(r.pick->gpu, ctx_);
        if (r.runner_up)
          h += ", " + HtmlEscape(ctx_.TF("flow.runner_up", {{"gpu", ""}})) +
               LeafGpuLink(r.runner_up->gpu, ctx_);
      } else {
        h += HtmlEscape(std::string(LabelSeparator(ctx_.lang->code))) +
             HtmlEscape(ctx_.T("flow.none"));
      }
      if (!n.answers.empty()) {
        h += "<ul>";
        for (const auto& a : n.answers)
          h += "<li><span class=\"a\">" +
               HtmlEscape(ctx_.TF("flow.answer", {{"answer", ctx_.T(a.label_key)}})) + "</span> " +
               Html(a.next, depth + 1) + "</li>";
        h += "</ul>";
      }
    } else {
      h += "<strong>" + HtmlEscape(ctx_.T(n.text_key)) + "</strong>";
    }
    return h;
  }

 private:
  LeafResult Result(const FlowNode& n) {
    auto it = cache_.find(n.id);
    if (it != cache_.end()) return it->second;
    return cache_[n.id] = Evaluate(n, ctx_);
  }

  const Flowchart& fc_;
  const PageContext& ctx_;
  std::map<std::string, const FlowNode*> by_id_;
  std::map<std::string, LeafResult> cache_;
};

}  // namespace

namespace {

std::string Render(const Args& a, const PageContext& ctx) {
  const DirectiveCall& c = a.call();
  if (!ctx.data->flowchart) {
    ctx.diags->Error(c.loc, "gpu-flowchart needs data/flowchart.json");
    return {};
  }
  FlowRenderer fr(*ctx.data->flowchart, ctx);
  charts::FlowchartSpec spec = fr.Spec();
  charts::Style style = PageChartStyle("flowchart", ctx);
  style.width = 1100;
  auto rendered = charts::Render(spec, style);
  // Phones get the outline form (one node per row, indented by depth) at 360 px instead of
  // the wide tree scaled down to unreadable text; the nested-list version follows both.
  charts::FlowchartSpec narrow_spec = spec;
  narrow_spec.outline = true;
  auto narrow = charts::Render(narrow_spec, NarrowChartStyle("flowchart", ctx));
  for (const auto& p : rendered.layout.problems)
    ctx.diags->Error(ctx.data->flowchart->loc, "flowchart: " + p);
  std::string text = "<nav class=\"flow\" aria-label=\"" + HtmlEscape(ctx.T("flow.text_version")) +
                     "\"><details open><summary>" + HtmlEscape(ctx.T("flow.text_version")) +
                     "</summary>" + fr.Html(ctx.data->flowchart->root, 0) + "</details></nav>";
  return PublishChart("flowchart", rendered, narrow, spec.title, CaptionOr(c, spec.title), "",
                      ctx) +
         text;
}

}  // namespace

DirectiveSpec GpuFlowchartDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-flowchart", Render);
  d.reads = {"data:flowchart",          "data:gpus",       "data:cloud", "computed:perf",
             "computed:current-prices", "data:assumptions"};
  return d;
}

}  // namespace gg
