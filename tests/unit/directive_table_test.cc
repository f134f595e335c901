// Table-driven tests of every directive, grouped by the file that defines it: arguments ->
// the rendered rows (table rows as "cell | cell | …", inline references as their text) and
// bad arguments -> the exact diagnostics. The expectations are golden files, one per
// directive file: tests/golden/directives/<file>.txt (UPDATE_GOLDEN=1 rewrites them; read the
// diff). The data is the mini fixture site's, so the figures move only when it does.
// Every directive of directives/list.inc must have at least one valid and one invalid case
// (gpu-flowchart: invalid only; the mini site has no flowchart, flowchart_test.cc renders it).
#include <catch2/catch.hpp>

#include <map>
#include <regex>
#include <set>

#include "../sites/site_fixture.h"
#include "content/markdown.h"
#include "data/load_dataset.h"
#include "directives/computed.h"
#include "directives/registry.h"
#include "i18n/format.h"
#include "i18n/ui_strings.h"

namespace gg::testing {
namespace {

namespace fs = std::filesystem;

struct Case {
  const char* file;  // the directive's source file in generator/directives/
  const char* call;  // as written in Markdown: "gpu-rank workload=training16" or "gpu:perf …"
};

// clang-format off
const Case kCases[] = {
    {"refs_literal", "gpu:usd 2200"},
    {"refs_literal", "gpu:usd 1.50"},
    {"refs_literal", "gpu:gb 24"},
    {"refs_literal", "gpu:num 0.175"},
    {"refs_literal", "gpu:pct 15"},
    {"refs_literal", "gpu:usd inf"},
    {"refs_literal", "gpu:gb nan"},
    {"refs_literal", "gpu:num 1e999"},
    {"refs_literal", "gpu:pct"},
    {"refs_literal", "gpu:usd 0.175"},
    {"refs_literal", "gpu:w 350"},
    {"refs_literal", "gpu:w lots"},
    {"refs_rule", "gpu:rule feature=kv_cache is=per_layer_kind"},
    {"refs_rule", "gpu:rule feature=kv_cache is=whole_context"},
    {"refs_rule", "gpu:rule feature=kv_cach is=per_layer_kind"},
    {"refs_data", "gpu:name gpu=rtx-4090"},
    {"refs_data", "gpu:name gpu=rtx-4900"},
    {"refs_data", "gpu:spec gpu=rtx-3090 field=memory_gb"},
    {"refs_data", "gpu:spec gpu=rtx-3090 field=memory"},
    {"refs_data", "gpu:count of=gpus"},
    {"refs_data", "gpu:count of=gpu"},
    {"refs_data", "gpu:data-date"},
    {"refs_data", "gpu:data-date x=1"},
    {"refs_data", "gpu:assumption id=electricity_usd_per_kwh"},
    {"refs_data", "gpu:assumption"},
    {"refs_price", "gpu:price gpu=rtx-4090"},
    {"refs_price", "gpu:price gpu=rtx-3090 condition=used"},
    {"refs_price", "gpu:price gpu=rtx-4090 condition=refurbished"},
    {"refs_perf", "gpu:perf gpu=rtx-4090 workload=training16"},
    {"refs_perf", "gpu:perf gpu=rtx-4090"},
    {"refs_perf", "gpu:top workload=inference8 n=2"},
    {"refs_perf", "gpu:top workload=inference8 n=0"},
    {"refs_perf", "gpu:calib workload=training16"},
    {"refs_perf", "gpu:calib workload=Training16"},
    {"refs_pick", "gpu:pick persona=beginner"},
    {"refs_pick", "gpu:pick persona=beginner n=1.5"},
    {"refs_pick", "gpu:pick persona=llm-hobbyist power=true"},
    {"refs_pick", "gpu:pick persona=llm-hobbyist power=yes"},
    {"refs_power", "gpu:pick-power persona=llm-hobbyist"},
    {"refs_power", "gpu:pick-power persona=llm-hobbyist n=2 what=psu"},
    {"refs_power", "gpu:pick-power persona=llm-hobbyist what=psu_needed"},
    {"refs_power", "gpu:pick-power persona=beginner what=wall"},
    {"refs_power", "gpu:pick-power persona=beginner what=watts"},
    {"refs_power", "gpu:pick-power persona=beginner n=9"},
    {"refs_power", "gpu:machine id=desktop what=wall_limit"},
    {"refs_power", "gpu:machine id=desktop what=circuit_w circuit=2"},
    {"refs_power", "gpu:machine id=desktop what=circuit_volts circuit=2"},
    {"refs_power", "gpu:machine id=desktop what=psu_max"},
    {"refs_power", "gpu:machine id=desktop what=load"},
    {"refs_power", "gpu:machine id=desktp what=host"},
    {"refs_power", "gpu:machine id=desktop what=circuit_w circuit=3"},
    {"refs_llm", "gpu:vram model=llama-3.1-8b precision=q4_k_m context=8192"},
    {"refs_llm", "gpu:vram model=llama-3.1-8b mode=qlora"},
    {"refs_llm", "gpu:vram model=llama-3.1-8b"},
    {"refs_llm", "gpu:vram model=llama-3.1-8b precision=q4km context=8k"},
    {"refs_llm", "gpu:fit model=mixtral-8x7b precision=bf16 context=4096"},
    {"refs_llm", "gpu:fit model=mixtral precision=bf16"},
    {"refs_llm", "gpu:params model=mixtral-8x7b active=true"},
    {"refs_llm", "gpu:params model=mixtral-8x7b active=yes"},
    {"refs_llm", "gpu:tokens model=llama-3.1-8b gpu=rtx-4090 precision=q4_k_m context=8192"},
    {"refs_llm", "gpu:tokens model=llama-3.1-8b precision=q4_k_m batch=0"},
    {"refs_llm", "gpu:tokens model=llama-3.1-8b gpu=rtx-4090 precision=q4_k_m"},
    {"refs_llm", "gpu:vram model=mixtral-8x7b precision=q4_k_m context=65536"},
    {"refs_llm", "gpu:fit model=mixtral-8x7b precision=fp8 context=4096"},
    {"refs_breakeven", "gpu:breakeven gpu=rtx-4090 cloud=runpod-rtx-4090 utilisation=0.15"},
    {"refs_breakeven", "gpu:breakeven gpu=rtx-4090 cloud=runpod utilisation=-inf"},
    {"gpu_rank_value", "gpu-rank workload=training16"},
    {"gpu_rank_value", "gpu-rank workload=inference8 segment=consumer limit=2"},
    {"gpu_rank_value", "gpu-rank workload=trainig16 limit=NaN"},
    {"gpu_rank_value", "gpu-value workload=training16 cost=ownership"},
    {"gpu_rank_value", "gpu-value workload=training16"},
    {"gpu_recommend", "gpu-recommend"},
    {"gpu_recommend", "gpu-recommend persona=beginner"},
    {"gpu_recommend", "gpu-recommend persona=begginer"},
    {"gpu_specs", "gpu-specs segment=datacenter"},
    {"gpu_specs", "gpu-specs segment=server links=maybe"},
    {"gpu_tco", "gpu-tco limit=3"},
    {"gpu_tco", "gpu-tco workload=inference8 limit=2"},
    {"gpu_tco", "gpu-tco workload=trainng16"},
    {"gpu_regions", "gpu-regions"},
    {"gpu_regions", "gpu-regions limit=3"},
    {"gpu_gates", "gpu-gates"},
    {"gpu_gates", "gpu-gates persona=beginner"},
    {"gpu_cloud", "gpu-cloud"},
    {"gpu_cloud", "gpu-cloud gpu=h100"},
    {"gpu_breakeven", "gpu-breakeven gpu=rtx-4090"},
    {"gpu_breakeven", "gpu-breakeven gpu=rtx-4090 utilisation=1.5"},
    {"gpu_calibration", "gpu-calibration"},
    {"gpu_calibration", "gpu-calibration workload=training16"},
    {"gpu_validation", "gpu-validation"},
    {"gpu_validation", "gpu-validation models=all"},
    {"gpu_assumptions", "gpu-assumptions"},
    {"gpu_assumptions", "gpu-assumptions extra"},
    {"gpu_prices", "gpu-prices gpu=rtx-3090"},
    {"gpu_prices", "gpu-prices"},
    {"gpu_models", "gpu-models"},
    {"gpu_models", "gpu-models family="},
    {"gpu_vram", "gpu-vram models=llama-3.1-8b,mixtral-8x7b precisions=bf16,q4_k_m contexts=4096,32768"},
    {"gpu_vram", "gpu-vram models=llama-3.1-8b precisions=bf16 contexts=8192 kv=fp8 batch=4"},
    {"gpu_vram", "gpu-vram models=llama-3.1-8b,llama-9 precisions=bf16,fp7 contexts=8k"},
    {"gpu_training", "gpu-training model=llama-3.1-8b sequence=2048 batch=1"},
    {"gpu_training", "gpu-training model=llama-3.1-8b sequence=0"},
    {"gpu_fit", "gpu-fit model=mixtral-8x7b precision=q4_k_m context=8192 limit=3"},
    {"gpu_fit", "gpu-fit model=mixtral-8x7b precision=q4_k_m segment=gaming"},
    {"gpu_fit", "gpu-fit model=llama-3.1-8b precision=fp8 context=8192"},
    {"gpu_profile", "gpu-profile gpu=rtx-3090"},
    {"gpu_profile", "gpu-profile"},
    {"gpu_compare", "gpu-compare"},
    {"gpu_compare", "gpu-compare gpu=rtx-4090"},
    {"gpu_flowchart", "gpu-flowchart"},
    {"gpu_flowchart", "gpu-flowchart kind=big"},
    {"gpu_open_data", "gpu-open-data"},
    {"gpu_open_data", "gpu-open-data format=csv"},
    {"chart_bars", "gpu-chart perf limit=3"},
    {"chart_bars", "gpu-chart perf limit=1"},
    {"chart_bars", "gpu-chart perf-per-dollar cost=gpu limit=3"},
    {"chart_bars", "gpu-chart perf-per-dollar"},
    {"chart_scatter", "gpu-chart scatter workload=training16"},
    {"chart_scatter", "gpu-chart scatter workload=training16 cost=cloud"},
    {"chart_fit_matrix", "gpu-chart fit-matrix precision=q4_k_m context=4096"},
    {"chart_fit_matrix", "gpu-chart fit-matrix"},
    {"chart_memory_breakdown", "gpu-chart memory-breakdown model=llama-3.1-8b context=4096"},
    {"chart_memory_breakdown", "gpu-chart memory-breakdown model=llama-3.1-8b context=inf"},
    {"chart_price_history", "gpu-chart price-history gpu=rtx-3090"},
    {"chart_price_history", "gpu-chart price-history gpu=rtx-3090 cloud=x"},
    {"chart_own_vs_cloud", "gpu-chart own-vs-cloud gpu=rtx-4090 cloud=runpod-rtx-4090"},
    {"chart_own_vs_cloud", "gpu-chart own-vs-cloud gpu=rtx-4090 utilisation=nan"},
    {"chart_media_speed", "gpu-chart media-speed kind=image gpus=rtx-4090,rtx-3060-12gb"},
    {"chart_media_speed", "gpu-chart media-speed kind=video precision=fp8 gpus=rtx-5090,h100-sxm"},
    {"chart_media_speed", "gpu-chart media-speed kind=video precision=fp4 gpus=rtx-4090"},
    {"chart_media_speed", "gpu-chart media-speed kind=video gpus=rtx-4090 pipelines=flux.1-dev"},
    {"gpu_media", "gpu-media-fit kind=image gpus=rtx-3060-12gb,rtx-4090,rtx-5090"},
    {"gpu_media", "gpu-media-fit kind=video precision=q4_k gpus=rtx-3060-12gb,rtx-5090"},
    {"gpu_media", "gpu-media-fit kind=picture gpus=rtx-4090"},
    {"gpu_media", "gpu-media-fit kind=image gpus=rtx-4090 pipelines=flux-dev"},
    {"gpu_media", "gpu-media-runs gpu=rtx-3060-12gb"},
    {"gpu_media", "gpu-media-runs gpu=rtx-4900"},
    {"gpu_media_validation", "gpu-media-validation"},
    {"gpu_media_validation", "gpu-media-validation kind=memory"},
    {"refs_media", "gpu:media pipeline=flux.1-dev"},
    {"refs_media", "gpu:media pipeline=flux.1-dev offload=phases what=host"},
    {"refs_media", "gpu:media pipeline=flux.1-dev what=component role=text_encoder"},
    {"refs_media", "gpu:media pipeline=wan2.1-t2v-1.3b precision=fp8 what=seconds gpu=rtx-4090"},
    {"refs_media", "gpu:media pipeline=flux.1-dev what=mode gpu=rtx-3060-12gb"},
    {"refs_media", "gpu:media pipeline=flux-dev"},
    {"refs_media", "gpu:media pipeline=flux.1-dev what=seconds"},
    {"refs_media", "gpu:media pipeline=flux.1-dev offload=partial"},
    {"registry", "gpu-chart"},
    {"registry", "gpu-chart pie"},
    {"registry", "gpu-rnak workload=training16"},
    {"registry", "gpu:prise gpu=rtx-4090"},
    {"gpu_calculator", "gpu-calculator model=llama-3.1-8b precision=q8_0 context=4096 gpu=rtx-3090"},
    {"gpu_calculator", "gpu-calculator model=llama-3.1-80b precision=native context=0"},
    {"gpu_calculator", "gpu-calculator-value workload=inference16 cost=ownership"},
    {"gpu_calculator", "gpu-calculator-value workload=training32 cost=free"},
    {"gpu_calculator", "gpu-calculator-rent gpu=rtx-4090 offer=lambda-h100-sxm"},
    {"gpu_calculator", "gpu-calculator-rent"},
    {"gpu_calculator", "gpu-calculator-rent offer=runpod-rtx-409"},
    {"gpu_calculator", "gpu-calculator-media"},
    {"gpu_calculator", "gpu-calculator-media pipeline=wan2.1-t2v-1.3b precision=q4_k offload=model"},
    {"gpu_calculator", "gpu-calculator-media pipeline=flux-1-dev precision=int3 offload=cpu"},
};
// clang-format on

struct Fixture {
  TempDir tmp{"gg-directive-table"};
  Dataset data;
  UiStrings strings;
  Computed computed;
  Fixture() {
    AssembleFixtureRoot("mini", tmp.path() / "root");
    Diagnostics diags;
    data = LoadDataset((tmp.path() / "root").string(), &diags);
    // The guide's own UI strings: the mini site's are only those its pages use.
    strings.Load(GG_SOURCE_DIR, data.site, &diags);
    computed = ComputeAll(data, &diags);
    INFO(diags.Render());
    REQUIRE_FALSE(diags.HasErrors());
  }
};

// Text of an HTML fragment: tags dropped, a few entities decoded, spaces collapsed.
std::string Text(const std::string& html) {
  // An estimate mark shows "≈" (drawn by the stylesheet) before its screen-reader label.
  std::string t = std::regex_replace(html, std::regex("<span class=\"est-mark\"[^>]*>"), "≈ ");
  t = std::regex_replace(t, std::regex("<[^>]*>"), " ");
  for (auto [from, to] : {std::pair{"&amp;", "&"},
                          {"&lt;", "<"},
                          {"&gt;", ">"},
                          {"&quot;", "\""},
                          {"&#39;", "'"},
                          {"&nbsp;", " "}})
    t = std::regex_replace(t, std::regex(from), to);
  for (const std::string nbsp : {"\u00A0", "\u202F"})
    for (size_t at; (at = t.find(nbsp)) != std::string::npos;) t.replace(at, nbsp.size(), " ");
  t = std::regex_replace(t, std::regex("[ \\t\\n]+"), " ");
  t = std::regex_replace(t, std::regex("^ | $"), "");
  return t;
}

// The rows of every table in the fragment as "cell | cell"; the text when it has no table.
std::string Rows(const std::string& html) {
  std::string out;
  std::regex row("<tr[^>]*>([\\s\\S]*?)</tr>"), cell("<t[hd][^>]*>([\\s\\S]*?)</t[hd]>");
  for (auto r = std::sregex_iterator(html.begin(), html.end(), row); r != std::sregex_iterator();
       ++r) {
    std::string line, inner = (*r)[1];
    for (auto c = std::sregex_iterator(inner.begin(), inner.end(), cell);
         c != std::sregex_iterator(); ++c)
      line += (line.empty() ? "" : " | ") + Text((*c)[1]);
    out += "  " + line + "\n";
  }
  return out.empty() ? "  " + Text(html) + "\n" : out;
}

std::string Run(const Fixture& f, const std::string& text, bool* ok) {
  Diagnostics diags;
  const bool is_inline = text.rfind("gpu:", 0) == 0;
  DirectiveCall call;
  if (!ParseDirectiveLine(is_inline ? text.substr(4) : text, {"case.md", 1, 1}, &call, &diags))
    return diags.Render();
  Formatter fmt("en_US");
  PageOutputs outputs;
  PageContext ctx;
  ctx.data = &f.data;
  ctx.computed = &f.computed;
  ctx.strings = &f.strings;
  ctx.lang = &f.data.site.languages.front();
  ctx.fmt = &fmt;
  ctx.to_root = "../../";
  // The calculator's assets, as a build with calc.wasm publishes them (site/calc_assets.h).
  static const std::map<std::string, std::string> kAssets = {
      {"calc.wasm", "assets/calc.0123456789.wasm"},
      {"calc-data.json", "assets/calc-data.0123456789.json"},
      {"calc-runtime.js", "assets/calc-runtime.0123456789.js"},
      {"calc-worker.js", "assets/calc-worker.0123456789.js"},
      {"calculator.js", "assets/calculator.0123456789.js"},
      {"calc-value.js", "assets/calc-value.0123456789.js"},
      {"calc-rent.js", "assets/calc-rent.0123456789.js"},
      {"calc-media.js", "assets/calc-media.0123456789.js"},
      {"calculator.css", "assets/calculator.0123456789.css"}};
  ctx.assets = &kAssets;
  ctx.out = &outputs;
  ctx.diags = &diags;
  const auto& registry = StandardDirectives();
  std::string html = is_inline ? registry.RunInline(call, ctx) : registry.RunBlock(call, ctx);
  *ok = !diags.HasErrors();
  return *ok ? Rows(html) : diags.Render();
}

TEST_CASE("directives: arguments -> rendered rows, bad arguments -> exact diagnostics",
          "[directives][table]") {
  static Fixture f;
  std::map<std::string, std::string> by_file;
  std::map<std::string, std::pair<int, int>> by_directive;  // shown name -> (valid, invalid)
  for (const Case& c : kCases) {
    bool ok = false;
    std::string result = Run(f, c.call, &ok);
    by_file[c.file] += std::string(c.call) + "\n" + result + "\n";
    DirectiveCall call;
    Diagnostics d;
    std::string text = c.call;
    bool is_inline = text.rfind("gpu:", 0) == 0;
    ParseDirectiveLine(is_inline ? text.substr(4) : text, {"x", 1, 1}, &call, &d);
    const DirectiveSpec* spec = StandardDirectives().Find(
        is_inline ? DirectiveSpec::Kind::kInline : DirectiveSpec::Kind::kBlock, call);
    if (spec)
      (ok ? by_directive[spec->ShownName()].first : by_directive[spec->ShownName()].second)++;
  }
  for (const auto& [file, text] : by_file) {
    const fs::path golden = TestsDir() / "golden" / "directives" / (file + ".txt");
    if (UpdateGolden()) WriteFile(golden, text);
    INFO(golden.string() << "\n" << LineDiff(ReadFileOrEmpty(golden), text));
    CHECK(ReadFileOrEmpty(golden) == text);
  }
  for (const DirectiveSpec& spec : StandardDirectives().specs()) {
    INFO(spec.ShownName() << ": needs a valid and an invalid case in kCases");
    // The mini site has no flowchart; flowchart_test.cc renders it from the real data.
    if (spec.name != "gpu-flowchart") CHECK(by_directive[spec.ShownName()].first >= 1);
    CHECK(by_directive[spec.ShownName()].second >= 1);
  }
}

}  // namespace
}  // namespace gg::testing
