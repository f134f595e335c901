// Data text translations (i18n/data_text.h, content/<lang>/_data_text.json): the quotation
// syntax, the catalog's loading and its diagnostics, a translated note shown translated and
// unmarked on a French page while an untranslated one stays marked lang="en", the dependency
// key a page records, and the unused-translation warning with the closest current text.
#include <catch2/catch.hpp>

#include "../sites/site_fixture.h"
#include "content/markdown.h"
#include "data/load_dataset.h"
#include "directives/computed.h"
#include "directives/registry.h"
#include "i18n/data_text.h"
#include "i18n/format.h"
#include "i18n/ui_strings.h"
#include "validate/data_text.h"

namespace gg::testing {
namespace {

namespace fs = std::filesystem;

TEST_CASE("data text: quotations split into parts, malformed ones refused", "[data_text]") {
  struct Case {
    const char* text;
    bool ok;
    const char* parts;  // "lang|text" joined by " / "
  };
  const Case cases[] = {
      {"Prix de lancement.", true, "|Prix de lancement."},
      {"Texte : « {en:Used Price} ».", true, "|Texte : «  / en|Used Price / | »."},
      {"{de:Alle Zahlen} et {en:the rest}", true, "de|Alle Zahlen / | et  / en|the rest"},
      {"{zh-Hans:价格}", true, "zh-Hans|价格"},
      {"", true, ""},
      {"sans fin {en:the price", false, ""},
      {"fin} seule", false, ""},
      {"{:no language}", false, ""},
      {"{no colon}", false, ""},
      {"{en:nested {en:x}}", false, ""},
      {"{e n:space in tag}", false, ""},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    std::vector<DataTextPart> parts;
    REQUIRE(SplitDataText(c.text, &parts) == c.ok);
    if (!c.ok) continue;
    std::string joined;
    for (const auto& p : parts) joined += (joined.empty() ? "" : " / ") + p.lang + "|" + p.text;
    CHECK(joined == c.parts);
  }
}

TEST_CASE("data text: the catalog's shape is checked and French typography applied",
          "[data_text]") {
  struct Case {
    const char* text;
    const char* diagnostics;  // "" when the file is good
  };
  const Case cases[] = {
      {R"({"text": {"Launch MSRP.": "Prix: de lancement; conseillé!"}})", ""},
      {R"(["Launch MSRP."])",
       "content/fr/_data_text.json:1:1: error: data text translations must be a JSON object "
       "{\"text\": {\"English text\": \"translation\", …}}\n"},
      {R"({"texts": {}})",
       "content/fr/_data_text.json:1:1: error: data text translations must be a JSON object "
       "{\"text\": {\"English text\": \"translation\", …}}\n"
       "content/fr/_data_text.json:1:2: error: unknown member 'texts'; did you mean 'text'?\n"},
      {R"({"text": {"Launch MSRP.": ""}})",
       "content/fr/_data_text.json:1:27: error: the translation of a data text must be a "
       "non-empty string\n"},
      {R"({"text": {"Launch MSRP.": "« {en:Launch MSRP »"}})",
       "content/fr/_data_text.json:1:27: error: malformed quotation in a data text "
       "translation: write words kept in their own language as {<lang>:<the words>}, e.g. "
       "{en:Used Price}\n"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    DataTextCatalog catalog;
    Diagnostics diags;
    catalog.LoadText("fr", "content/fr/_data_text.json", c.text, &diags);
    std::string rendered = diags.Render();
    // Only the first line of each diagnostic (the source line and caret follow it).
    std::string firsts;
    size_t at = 0;
    while (at < rendered.size()) {
      size_t end = rendered.find('\n', at);
      std::string line = rendered.substr(at, end - at);
      if (line.find(": error: ") != std::string::npos ||
          line.find(": warning: ") != std::string::npos)
        firsts += line + "\n";
      at = end == std::string::npos ? rendered.size() : end + 1;
    }
    CHECK(firsts == c.diagnostics);
  }
  DataTextCatalog catalog;
  Diagnostics diags;
  catalog.LoadText("fr", "f.json", R"({"text": {"Launch MSRP.": "Prix: de lancement"}})", &diags);
  REQUIRE(catalog.Find("fr", "Launch MSRP.") != nullptr);
  CHECK(*catalog.Find("fr", "Launch MSRP.") == "Prix\u202F: de lancement");
  CHECK(catalog.Find("fr", "Launch MSRP") == nullptr);  // keyed by the exact text
  CHECK(catalog.Find("zh-Hans", "Launch MSRP.") == nullptr);
}

struct Mini {
  TempDir tmp{"gg-data-text"};
  Dataset data;
  UiStrings strings;
  Computed computed;
  Mini() {
    AssembleFixtureRoot("mini", tmp.path() / "root");
    Diagnostics diags;
    data = LoadDataset((tmp.path() / "root").string(), &diags);
    strings.Load(GG_SOURCE_DIR, data.site, &diags);
    // The guide's UI strings, without its data text translations (the mini data has none of
    // its texts): each test loads its own.
    *strings.MutableDataText() = DataTextCatalog();
    computed = ComputeAll(data, &diags);
    INFO(diags.Render());
    REQUIRE_FALSE(diags.HasErrors());
  }
  const Language& Lang(const std::string& code) const {
    for (const auto& l : data.site.languages)
      if (l.code == code) return l;
    FAIL("no language " << code);
    return data.site.languages.front();
  }
  // The gpu-prices table of a card on a page in `lang`, and the keys the page read.
  std::string Prices(const std::string& lang, const std::string& gpu,
                     std::set<std::string>* reads) const {
    Diagnostics diags;
    Formatter fmt(Lang(lang).locale);
    PageOutputs outputs;
    PageContext ctx;
    ctx.data = &data;
    ctx.computed = &computed;
    ctx.strings = &strings;
    ctx.lang = &Lang(lang);
    ctx.fmt = &fmt;
    ctx.to_root = "../../";
    ctx.out = &outputs;
    ctx.diags = &diags;
    DirectiveCall call;
    call.name = "gpu-prices";
    call.args = {{"gpu", gpu}};
    std::string html = StandardDirectives().RunBlock(call, ctx);
    INFO(diags.Render());
    CHECK_FALSE(diags.HasErrors());
    *reads = outputs.reads;
    return html;
  }
};

TEST_CASE("data text: a translated note shows translated and unmarked, another stays marked",
          "[data_text]") {
  Mini m;
  int n = 0;
  for (auto& p : m.data.prices) {
    if (p.gpu != "rtx-3090") continue;
    p.prov.note = n++ == 0 ? "Midpoint of the quoted range, test note."
                           : "An untranslated note about the used price.";
  }
  REQUIRE(n == 2);
  Diagnostics diags;
  m.strings.MutableDataText()->LoadText(
      "fr", "content/fr/_data_text.json",
      R"({"text": {"Midpoint of the quoted range, test note.":)"
      R"( "Milieu de la fourchette citée, « {en:the quoted range} »: note de test."}})",
      &diags);
  REQUIRE_FALSE(diags.HasErrors());

  std::set<std::string> reads;
  const std::string fr = m.Prices("fr", "rtx-3090", &reads);
  CHECK(fr.find("Milieu de la fourchette citée, « <span lang=\"en\">the quoted range</span> "
                "»\u202F: note de test.") != std::string::npos);
  CHECK(fr.find("Midpoint of the quoted range") == std::string::npos);
  CHECK(fr.find("<span lang=\"en\">An untranslated note about the used price.</span>") !=
        std::string::npos);
  CHECK(reads.count("data-text:fr") == 1);

  // The English page shows the data's text as it is, unmarked, and reads no catalog.
  const std::string en = m.Prices("en", "rtx-3090", &reads);
  CHECK(en.find(">Midpoint of the quoted range, test note.<") != std::string::npos);
  CHECK(en.find("lang=\"en\"") == std::string::npos);
  CHECK(reads.count("data-text:en") == 0);

  // A language without the entry: marked English, as before there was a catalog.
  const std::string zh = m.Prices("zh-Hans", "rtx-3090", &reads);
  CHECK(zh.find("<span lang=\"en\">Midpoint of the quoted range, test note.</span>") !=
        std::string::npos);
  CHECK(reads.count("data-text:zh-Hans") == 1);
}

TEST_CASE("data text: a translation no data text reads is a warning naming the closest text",
          "[data_text]") {
  Mini m;
  for (auto& p : m.data.prices)
    if (p.gpu == "rtx-3090") p.prov.note = "Midpoint of the quoted $700-1,000 range.";
  Diagnostics diags;
  m.strings.MutableDataText()->LoadText(
      "fr", "content/fr/_data_text.json",
      R"({"text": {"Midpoint of the quoted $700-1,000 range.": "Milieu.",)"
      "\n"
      R"( "Midpoint of the quoted $700-900 range.": "Milieu (ancien)."}})",
      &diags);
  REQUIRE(diags.Render().empty());
  ValidateDataText(m.data, m.strings, &diags);
  const std::string r = diags.Render();
  INFO(r);
  CHECK(diags.WarningCount() == 1);
  CHECK_FALSE(diags.HasErrors());
  CHECK(r.find("content/fr/_data_text.json:2:2: warning: unused translation: no data text reads "
               "'Midpoint of the quoted $700-900 range.'; did you mean 'Midpoint of the quoted "
               "$700-1,000 range.'?") != std::string::npos);
}

TEST_CASE("data text: an edited catalog re-renders the pages that show its texts, as cold",
          "[data_text][incremental]") {
  TempDir tmp("gg-data-text");
  const fs::path root = tmp.path() / "root", out = tmp.path() / "site";
  AssembleFixtureRoot("mini", root);
  const fs::path prices = root / "data/prices.json";
  std::string text = ReadFileOrEmpty(prices);
  const std::string anchor = "\"source\": \"NVIDIA launch price for GeForce RTX 3090\"";
  REQUIRE(text.find(anchor) != std::string::npos);
  text.replace(text.find(anchor), anchor.size(), anchor + ",\n      \"note\": \"Launch MSRP.\"");
  WriteFile(prices, text);
  const fs::path catalog = root / "content/fr/_data_text.json";
  WriteFile(catalog, R"({"text": {"Launch MSRP.": "Prix de lancement conseillé."}})");
  auto build = [&](const std::vector<std::string>& extra) {
    std::vector<std::string> args = {"build", "--root", root.string(), "--out", out.string()};
    args.insert(args.end(), extra.begin(), extra.end());
    CliRun r = RunGpuguide(args);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    return r.err;
  };
  build({});
  const fs::path page = out / "fr/gpus/rtx-3090/index.html";
  CHECK(ReadFileOrEmpty(page).find(">Prix de lancement conseillé.<") != std::string::npos);

  WriteFile(catalog, R"({"text": {"Launch MSRP.": "Prix de lancement conseillé (MSRP)."}})");
  std::string err = build({"--explain"});
  CHECK(err.find("rendered fr/gpus/rtx-3090/index.html: data-text:fr changed") !=
        std::string::npos);
  CHECK(err.find("rendered en/gpus/rtx-3090/") == std::string::npos);
  CHECK(err.find("rendered zh-Hans/gpus/rtx-3090/") == std::string::npos);
  CHECK(ReadFileOrEmpty(page).find(">Prix de lancement conseillé (MSRP).<") != std::string::npos);

  fs::remove(catalog);  // no catalog: the note is shown in English, marked
  err = build({"--explain"});
  CHECK(err.find("rendered fr/gpus/rtx-3090/index.html: data-text:fr changed") !=
        std::string::npos);
  CHECK(ReadFileOrEmpty(page).find("<span lang=\"en\">Launch MSRP.</span>") != std::string::npos);

  WriteFile(catalog, R"({"text": {"Launch MSRP.": "Prix de lancement."}})");
  build({});
  const fs::path cold = tmp.path() / "cold";
  CliRun c = RunGpuguide({"build", "--root", root.string(), "--out", cold.string(), "--no-cache"});
  REQUIRE(c.exit_code == 0);
  const std::string diff = CompareTrees(ReadTree(cold), ReadTree(out));
  INFO("cold (expected) and incremental (actual) output differ:\n" << diff);
  CHECK(diff.empty());
}

}  // namespace
}  // namespace gg::testing
