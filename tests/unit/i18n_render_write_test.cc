#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include <unistd.h>

#include "base/content_cache.h"
#include "base/files.h"
#include "i18n/format.h"
#include "i18n/ui_strings.h"
#include "render/templates.h"
#include "site/assets.h"
#include "urls/urls.h"
#include "write/commit_site.h"

using namespace gg;
namespace fs = std::filesystem;

TEST_CASE("numbers, money, percentages and dates follow the locale", "[i18n]") {
  Formatter en("en_US"), fr("fr_FR"), zh("zh_Hans_CN");
  struct Case {
    const Formatter* f;
    std::string got, want;
  } cases[] = {
      {&en, en.Usd(1599), "$1,599"},
      {&fr, fr.Usd(1599), "1\u202F599\u00A0$US"},
      {&zh, zh.Usd(1599), "US$1,599"},
      {&en, en.Usd(2.14, true), "$2.14"},
      {&fr, fr.Number(1234.5, 1), "1\u202F234,5"},
      {&en, en.Percent(0.15), "15%"},
      {&fr, fr.Percent(0.15), "15\u00A0%"},
      {&en, en.Date("2026-11-22"), "November 22, 2026"},
      {&fr, fr.Date("2026-11-22"), "22 novembre 2026"},
      {&zh, zh.Date("2026-11-22"), "2026年11月22日"},
      {&en, en.Gigabytes(42.1e9), "42.1\u00A0GB"},
      {&en, en.Gigabytes(1342e9), "1,342\u00A0GB"},
  };
  for (const auto& c : cases) CHECK(c.got == c.want);
  CHECK(en.Date("not a date") == "not a date");
}

TEST_CASE("UI strings fall back to the default language and fill placeholders", "[i18n]") {
  UiStrings s;
  Diagnostics d;
  s.SetDefaultLanguage("en");
  s.LoadText("en", "content/en/_strings.json", R"({"a": "Hello {name}", "b": "Only English"})", &d);
  s.LoadText("fr", "content/fr/_strings.json", R"({"a": "Bonjour {name}", "c": 3})", &d);
  CHECK(s.Format("fr", "a", {{"name", "Ada"}}) == "Bonjour Ada");
  CHECK(s.Get("fr", "b") == "Only English");
  CHECK(s.Get("fr", "zzz").empty());
  CHECK(s.MissingIn("fr") == std::vector<std::string>{"b"});
  CHECK(d.Render() == "content/fr/_strings.json:1:30: error: UI string 'c' must be a string\n");
}

TEST_CASE("templates with UI strings resolved per language render as without", "[render]") {
  // A page's language names its strings (strings_variant): {{t.key}} is then replaced in the
  // parsed copy; the output must be what the engine gives looking each string up.
  Diagnostics d;
  TemplateSet set;
  set.Add("p", "templates/p.html",
          "<p>{{t.a.b}}|{{ t.quote }}|{{t.braces}}|{{t.missing}}|{{t.a}}|{{title}}</p>"
          "{{#items}}<i>{{t.a.b}}{{name}}</i>{{/items}}",
          &d);
  REQUIRE_FALSE(d.HasErrors());
  auto strings_of = [](const std::map<std::string, std::string>& table) {
    TemplateData root{TemplateData::type::object};  // as the renderer passes them: {{t.…}}
    root.set("t", StringsData(table));
    return root;
  };
  const TemplateData en =
      strings_of({{"a.b", "A & B"}, {"quote", "it's \"x\" <y>"}, {"braces", "{{title}}"}});
  const TemplateData fr = strings_of({{"a.b", "A et B"}, {"quote", "l'« x »"}, {"braces", "{"}});
  TemplateData page{TemplateData::type::object};
  page.set("title", "T");
  TemplateData items{TemplateData::type::list};
  for (const char* n : {"1", "2"}) {
    TemplateData item{TemplateData::type::object};
    item.set("name", std::string(n));
    items.push_back(item);
  }
  page.set("items", items);
  for (const TemplateData* strings : {&en, &fr, &en}) {
    const std::string variant = strings == &en ? "en" : "fr";
    CAPTURE(variant);
    const std::string looked_up = set.Render("p", page, &d, strings);
    const std::string resolved = set.Render("p", page, &d, strings, variant);
    CHECK(resolved == looked_up);
    INFO(resolved);
    CHECK(resolved.find(strings == &en ? "<p>A &amp; B|it&apos;s &quot;x&quot; &lt;y&gt;|{{title}}|"
                                       : "<p>A et B|l&apos;« x »|{|") == 0);
  }
  CHECK_FALSE(d.HasErrors());
}

TEST_CASE("templates escape values and refuse unescaped data", "[render]") {
  TemplateSet t;
  Diagnostics d;
  t.Add("ok", "templates/ok.html", "<p title=\"{{title}}\">{{{content_html}}} {{t.nav.home}}</p>",
        &d);
  t.Add("bad", "templates/bad.html", "<p>\n  {{{title}}} {{&desc}}</p>", &d);
  CHECK(d.Render() ==
        "templates/bad.html:2:3: error: unescaped value 'title' in a template; use {{title}}; only "
        "names ending in _html may be unescaped\n"
        "templates/bad.html:2:15: error: unescaped value 'desc' in a template; use {{desc}}; only "
        "names ending in _html may be unescaped\n");
  REQUIRE(t.UsedStrings().size() == 1);
  CHECK(t.UsedStrings()[0].first == "nav.home");
  TemplateData data{TemplateData::type::object};
  data.set("title", "<script>\"x\"</script>");
  data.set("content_html", "<b>ok</b>");
  data.set("t", StringsData({{"nav.home", "Home & away"}}));
  Diagnostics d2;
  CHECK(t.Render("ok", data, &d2) ==
        "<p title=\"&lt;script&gt;&quot;x&quot;&lt;/script&gt;\"><b>ok</b> Home &amp; away</p>");
}

TEST_CASE("templates escape values exactly as kainjow's html_escape does", "[render]") {
  // TemplateSet gives kainjow a faster escape of its own: the bytes must not change.
  TemplateSet t;
  Diagnostics d;
  t.Add("v", "templates/v.html", "[{{v}}]\n", &d);
  REQUIRE_FALSE(d.HasErrors());
  const std::string values[] = {"",
                                "plain",
                                "&",
                                "'",
                                "a&b<c>d\"e'f",
                                "&&<<>>\"\"''",
                                "显存 & « VRAM » <8 GB>",
                                "&amp; already escaped",
                                std::string("nul\0byte", 9),
                                "trailing <"};
  for (const std::string& v : values) {
    CAPTURE(v);
    TemplateData data{TemplateData::type::object};
    data.set("v", v);
    CHECK(t.Render("v", data, &d) == "[" + kainjow::mustache::html_escape<std::string>(v) + "]\n");
  }
  CHECK_FALSE(d.HasErrors());
}

TEST_CASE("URLs: pretty paths, relative roots, hashed assets", "[site]") {
  CHECK(PageSitePath("en", "guide") == "en/guide/");
  CHECK(PageSitePath("zh-Hans", "") == "zh-Hans/");
  CHECK(OutputPathOf("en/guide/") == "en/guide/index.html");
  CHECK(ToRoot("en/gpus/rtx-4090/") == "../../../");
  CHECK(ToRoot("") == "");
  CHECK(BasePath("https://x.org/guide/") == "/guide/");
  CHECK(BasePath("https://x.org/") == "/");
  CHECK(HashedName("style.css", "a{}") != HashedName("style.css", "b{}"));
  CHECK(HashedName("style.css", "a{}").size() == std::string("style..css").size() + 10);
}

namespace {
std::string Slurp(const fs::path& p) {
  std::string s;
  ReadWholeFile(p.string(), &s);
  return s;
}
}  // namespace

TEST_CASE("the site is replaced atomically and unchanged files keep their time", "[write]") {
  // Per process: two test runs at once must not share a folder.
  fs::path dir = fs::temp_directory_path() / ("gg-commit-test-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::path out = dir / "site";
  CommitStats st;
  std::string err;
  REQUIRE(CommitSite(out.string(), {{"a.html", "A"}, {"x/b.html", "B"}}, &st, &err));
  CHECK(st.written == 2);
  auto t0 = fs::last_write_time(out / "a.html");
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  REQUIRE(CommitSite(out.string(), {{"a.html", "A"}, {"x/c.html", "C"}}, &st, &err));
  CHECK(st.unchanged == 1);
  CHECK(st.written == 1);
  CHECK(st.removed == 1);
  CHECK(fs::last_write_time(out / "a.html") == t0);
  CHECK_FALSE(fs::exists(out / "x/b.html"));
  CHECK(Slurp(out / "x/c.html") == "C");
  CHECK_FALSE(fs::exists(dir / ".site.staging"));
  // A bad plan fails before anything is swapped: the previous site stays whole.
  CHECK_FALSE(CommitSite(out.string(), {{"a.html", "CHANGED"}, {"../escape", "x"}}, &st, &err));
  CHECK(Slurp(out / "a.html") == "A");
  CHECK(fs::last_write_time(out / "a.html") == t0);
  CHECK_FALSE(fs::exists(dir / ".site.staging"));
  // A stale staging folder from a killed run is cleaned up by the next run.
  fs::create_directories(dir / ".site.staging/junk");
  REQUIRE(CommitSite(out.string(), {{"a.html", "A"}}, &st, &err));
  CHECK_FALSE(fs::exists(dir / ".site.staging"));
  fs::remove_all(dir);
}

TEST_CASE("pages placed while the site is built: kept, linked, or thrown away whole", "[write]") {
  // A build hands each page to a Staging as soon as it is rendered (site/build.h, sink); the
  // plan then marks it placed. The output folder must still change only at the swap.
  fs::path dir = fs::temp_directory_path() / ("gg-staging-test-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path out = dir / "site";
  CommitStats st;
  std::string err;
  REQUIRE(CommitSite(out.string(), {{"a/index.html", "A"}, {"b/index.html", "B"}}, &st, &err));
  const auto t0 = fs::last_write_time(out / "a/index.html");
  auto staging_folders = [&] {
    int n = 0;
    for (const auto& e : fs::directory_iterator(dir))
      n += e.path().filename().string().find(".site.staging") == 0;
    return n;
  };
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  {  // Placed pages, one unchanged (linked), one new; a plan file placed at the commit.
    Staging staging;
    REQUIRE(staging.Open(out.string(), {}, nullptr, true, &err));
    std::string hash_a, hash_c;
    REQUIRE(staging.Place("a/index.html", "A", &hash_a));
    REQUIRE(staging.Place("c/deep/index.html", "C", &hash_c));
    CHECK(hash_a == ContentHashHex("A"));
    CHECK(Slurp(out / "b/index.html") == "B");  // nothing swapped yet
    CHECK_FALSE(fs::exists(out / "c"));
    std::vector<OutputFile> plan = {
        {"a/index.html", ""}, {"c/deep/index.html", ""}, {"d.css", "D"}};
    plan[0].placed = plan[1].placed = true;
    std::vector<TreeFile> committed;
    REQUIRE(staging.Commit(plan, &st, &err, &committed));
    CHECK(st.unchanged == 1);
    CHECK(st.written == 2);
    CHECK(st.removed == 1);
    REQUIRE(committed.size() == 3);
    CHECK(committed[1].size == 1);
  }
  CHECK(fs::last_write_time(out / "a/index.html") == t0);
  CHECK(Slurp(out / "c/deep/index.html") == "C");
  CHECK(Slurp(out / "d.css") == "D");
  CHECK_FALSE(fs::exists(out / "b/index.html"));
  CHECK(staging_folders() == 0);
  {  // A build that fails after placing pages: its staging folder goes, the site stays.
    Staging staging;
    REQUIRE(staging.Open(out.string(), {}, nullptr, false, &err));
    std::string hash = "unset";
    REQUIRE(staging.Place("a/index.html", "CHANGED", &hash));
    CHECK(hash.empty());  // no hashes asked for
    CHECK(staging_folders() == 1);
  }
  CHECK(staging_folders() == 0);
  CHECK(Slurp(out / "a/index.html") == "A");
  {  // A page that cannot be placed fails the commit; so does a plan that lies.
    Staging staging;
    REQUIRE(staging.Open(out.string(), {}, nullptr, false, &err));
    CHECK_FALSE(staging.Place("../escape.html", "X", nullptr));
    CHECK(staging.Failure().find("invalid output path") != std::string::npos);
    CHECK_FALSE(staging.Place("fine.html", "X", nullptr));  // refused after a failure
    CHECK_FALSE(staging.Commit({{"a/index.html", "A"}}, &st, &err));
    CHECK(err.find("invalid output path '../escape.html'") != std::string::npos);
  }
  {
    Staging staging;
    REQUIRE(staging.Open(out.string(), {}, nullptr, false, &err));
    std::vector<OutputFile> plan = {{"never.html", ""}};
    plan[0].placed = true;
    CHECK_FALSE(staging.Commit(plan, &st, &err));
    CHECK(err.find("never was") != std::string::npos);
  }
  CHECK(Slurp(out / "a/index.html") == "A");
  CHECK_FALSE(fs::exists(dir / "escape.html"));
  CHECK(staging_folders() == 0);
  fs::remove_all(dir);
}

TEST_CASE("ICU plurals and ordinals in UI strings and dates", "[i18n]") {
  struct Case {
    const char* locale;
    const char* pattern;
    double value;
    const char* expected;
  } cases[] = {
      {"en_US", "{v, plural, one {# day} other {# days}}", 1, "1 day"},
      {"en_US", "{v, plural, one {# day} other {# days}}", 2, "2 days"},
      {"fr_FR", "{v, plural, one {# jour} other {# jours}}", 1, "1 jour"},
      {"fr_FR", "{v, plural, one {# an} other {# ans}}", 1.5, "1,5 an"},
      {"fr_FR", "{v, plural, one {# an} other {# ans}}", 2.5, "2,5 ans"},
      {"fr_FR", "{v, selectordinal, one {#er} other {#e}}", 1, "1er"},
      {"fr_FR", "{v, selectordinal, one {#er} other {#e}}", 3, "3e"},
      {"en_US", "{v, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}", 22, "22nd"},
      {"zh_Hans_CN", "{v} 天", 3, "3 天"},
      {"fr_FR", "{v, plural, one {# an", 1, "{v, plural, one {# an"},  // broken: shown as is
  };
  for (const auto& c : cases) {
    INFO(c.locale << " " << c.pattern << " " << c.value);
    Formatter f(c.locale);
    CHECK(f.Message(c.pattern, "v", c.value) == c.expected);
  }
  Formatter fr("fr_FR", {}, "{day, selectordinal, one {#er} other {#}}");
  CHECK(fr.Date("2026-11-01") == "1er novembre 2026");
  CHECK(fr.Date("2026-11-21") == "21 novembre 2026");
  Formatter en("en_US", {}, "{day}");
  CHECK(en.Date("2026-11-01") == "November 1, 2026");
  Formatter zh("zh_Hans_CN", {}, "{day}");
  CHECK(zh.Date("2026-11-01") == "2026年11月1日");
}
