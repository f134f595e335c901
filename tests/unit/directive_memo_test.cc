// A block directive run through a DirectiveMemo: run once per (call, language, depth), its
// HTML, files, link-preview image, stylesheets and dependency keys replayed on every later page.
#include <catch2/catch.hpp>

#include <atomic>

#include "base/diagnostics.h"
#include "directives/directive_memo.h"
#include "directives/registry.h"
#include "model/model.h"

namespace gg {
namespace {

std::atomic<int> g_runs{0};

std::string CountedChart(const Args& args, const PageContext& ctx) {
  ++g_runs;
  ctx.Read("data:gpus/" + args.call().body);
  ctx.out->files.push_back({"en/charts/x.svg", "<svg/>"});
  ctx.out->styles.insert("counted.css");
  if (ctx.preview_image && ctx.out->og_image.empty()) ctx.out->og_image = "en/charts/x.png";
  return "<figure>" + ctx.to_root + args.call().body + "</figure>";
}

}  // namespace

TEST_CASE("A block directive is run once per call, language and depth, and replayed",
          "[directives][memo]") {
  DirectiveRegistry registry({DirectiveSpec::Block("counted", CountedChart)});
  Dataset data;
  Diagnostics diags;
  Language en{"en", "English", "en_US", 0, "", {}};
  DirectiveMemo memo;
  auto render = [&](const std::string& to_root, const std::string& body, PageOutputs* out,
                    bool preview) {
    PageContext ctx;
    ctx.data = &data;
    ctx.lang = &en;
    ctx.to_root = to_root;
    ctx.preview_image = preview;
    ctx.out = out;
    ctx.diags = &diags;
    ctx.directives = &memo;
    DirectiveCall call;
    call.name = "counted";
    call.body = body;
    return registry.RunBlock(call, ctx);
  };
  g_runs = 0;
  PageOutputs first, second, deeper, other, preview;
  CHECK(render("../../", "a", &first, false) == "<figure>../../a</figure>");
  CHECK(render("../../", "a", &second, false) == "<figure>../../a</figure>");
  CHECK(g_runs == 1);  // the second page replayed the first's output
  CHECK(second.reads == first.reads);
  CHECK(second.reads.count("data:gpus/a") == 1);
  REQUIRE(second.files.size() == 1);
  CHECK(second.files[0].path == "en/charts/x.svg");
  CHECK(second.styles == std::set<std::string>{"counted.css"});  // its stylesheet, replayed
  CHECK(render("../../../", "a", &deeper, false) == "<figure>../../../a</figure>");
  CHECK(render("../../", "b", &other, false) == "<figure>../../b</figure>");
  CHECK(g_runs == 3);  // another depth, another call: run
  // A page that still wants its preview image gets it, from a run of its own.
  render("../../", "a", &preview, true);
  CHECK(g_runs == 4);
  CHECK(preview.og_image == "en/charts/x.png");
  PageOutputs again;
  render("../../", "a", &again, true);
  CHECK(g_runs == 4);
  CHECK(again.og_image == "en/charts/x.png");
  CHECK(diags.ErrorCount() == 0);
}

}  // namespace gg
