#include <catch2/catch.hpp>

#include "content/markdown.h"
#include "content/outline.h"
#include "content/page_source.h"

using namespace gg;

TEST_CASE("front matter problems each get their own message", "[content]") {
  struct Case {
    const char* text;
    const char* diagnostics;
  } cases[] = {
      {"# no front matter\n",
       "content/en/x.md:1:1: error: missing front matter: a page starts with a '---' line; add "
       "---, title: …, --- at the top\n"},
      {"---\ntitle: x\n",
       "content/en/x.md:1:1: error: front matter is not closed; end it with a line '---'\n"},
      {"---\ntitel: x\n---\n",
       "content/en/x.md:2:1: error: front matter has no 'title'\n"
       "content/en/x.md:2:1: error: unknown front matter key 'titel'; did you mean 'title'?\n"},
      {"---\ntitle: x\ndate: 2026-13-01\n---\n",
       "content/en/x.md:3:7: error: front matter 'date' must be YYYY-MM-DD, not '2026-13-01'\n"},
      {"---\ntitle: x\norder: first\n---\n",
       "content/en/x.md:3:8: error: front matter 'order' has the wrong type: 'first'; expected a "
       "whole number\n"},
      {"---\ntitle: [x\n---\n", nullptr},
  };
  for (const auto& c : cases) {
    INFO(c.text);
    PageSource p;
    Diagnostics d;
    CHECK_FALSE(ParsePageSource("content/en/x.md", c.text, &p, &d));
    if (c.diagnostics)
      CHECK(d.Render() == c.diagnostics);
    else
      CHECK(d.Render().find("invalid front matter") != std::string::npos);
  }
  PageSource ok;
  Diagnostics d;
  REQUIRE(ParsePageSource("content/fr/x.md",
                          "---\ntitle: \"Guide\"\norder: 3\ntranslation_of: abc\n---\nBody\n", &ok,
                          &d));
  CHECK(ok.fm.title == "Guide");
  CHECK(ok.fm.order == 3);
  CHECK(ok.fm.translation_of == "abc");
  CHECK(ok.body == "Body\n");
  CHECK(ok.body_line == 6);
  CHECK(SourceRevision("a") != SourceRevision("b"));
  CHECK(SourceRevision("a").size() == 12);
}

TEST_CASE("directive lines split into name, arguments and words", "[content]") {
  DirectiveCall c;
  Diagnostics d;
  REQUIRE(ParseDirectiveLine("gpu-chart perf-per-dollar cost=gpu title=\"a b\"", {}, &c, &d));
  CHECK(c.name == "gpu-chart");
  CHECK(c.positional == std::vector<std::string>{"perf-per-dollar"});
  REQUIRE(c.args.size() == 2);
  CHECK(c.args[1] == std::make_pair(std::string("title"), std::string("a b")));
  DirectiveCall bad;
  CHECK_FALSE(ParseDirectiveLine("gpu-x a=\"open", {"f.md", 3, 1}, &bad, &d));
}

TEST_CASE("Markdown: directives, references, anchors, and no raw HTML", "[content]") {
  std::string md =
      "## Prices\n\nA `gpu:price gpu=x` card.\n\n"
      "```gpu-rank workload=training16\nCaption\n```\n\n"
      "## Prices\n\n### 显存与带宽\n\n<script>alert(1)</script>\n\nInline <b>bold</b>.\n\n"
      "| a | b |\n|---|--:|\n| 1 | 2 |\n\n![x](https://evil.example/x.png)\n";
  std::vector<std::string> seen;
  auto block = [&](const DirectiveCall& c) {
    seen.push_back(c.name + "|" + c.args[0].second + "|" + c.body + "|" +
                   std::to_string(c.loc.line));
    return std::string("<div class=\"gen\">T</div>");
  };
  auto inl = [&](const DirectiveCall& c) {
    seen.push_back("gpu:" + c.name + "|" + std::to_string(c.loc.line));
    return std::string("<b>V</b>");
  };
  Diagnostics d;
  auto r = RenderMarkdown(md, "content/en/p.md", 10, block, inl, &d);
  CHECK(seen == std::vector<std::string>{"gpu-rank|training16|Caption|14", "gpu:price|12"});
  CHECK(r.html.find("<h2 id=\"prices\">Prices</h2>") != std::string::npos);
  CHECK(r.html.find("<h2 id=\"prices-2\">Prices</h2>") != std::string::npos);
  CHECK(r.html.find("<h3 id=\"显存与带宽\">") != std::string::npos);
  CHECK(r.html.find("<div class=\"gen\">T</div>") != std::string::npos);
  CHECK(r.html.find("A <b>V</b> card") != std::string::npos);
  CHECK(r.html.find("<script>") == std::string::npos);
  CHECK(r.html.find("&lt;script&gt;alert(1)&lt;/script&gt;") != std::string::npos);
  CHECK(r.html.find("&lt;b&gt;bold&lt;/b&gt;") != std::string::npos);
  CHECK(r.html.find("<th scope=\"col\">a</th>") != std::string::npos);
  CHECK(r.html.find("<th scope=\"col\" class=\"al-right\">b</th>") != std::string::npos);
  CHECK(r.html.find("align=") == std::string::npos);
  REQUIRE(r.toc.size() == 3);
  CHECK(r.toc[2].level == 3);
  CHECK(d.ErrorCount() == 1);    // the image from another host
  CHECK(d.WarningCount() == 3);  // raw HTML, block and two inline tags… counted per node
  INFO(d.Render());
  CHECK(d.Render().find("content/en/p.md:30:1: error: image 'https://evil.example/x.png' is loaded "
                        "from another host") != std::string::npos);
}

TEST_CASE("Markdown: inline directives and raw HTML inside table cells are kept", "[content]") {
  // A GFM table cell admits no custom node: the generated HTML was dropped (and its node
  // leaked; found by page_source_fuzzer). The page's own text may hold the placeholder prefix.
  const std::string md =
      "| a | b |\n|---|---|\n| price `gpu:usd 5` here | <b>x</b> gghtmlslot0x0z |\n\n"
      "Outside `gpu:usd 7`.\n";
  auto inl = [](const DirectiveCall& c) {
    return "<span class=\"v\">" + c.positional.at(0) + "</span>";
  };
  Diagnostics d;
  auto r = RenderMarkdown(md, "content/en/p.md", 1, nullptr, inl, &d);
  INFO(r.html);
  CHECK(r.html.find("<td>price <span class=\"v\">5</span> here</td>") != std::string::npos);
  CHECK(r.html.find("<td>&lt;b&gt;x&lt;/b&gt; gghtmlslot0x0z</td>") != std::string::npos);
  CHECK(r.html.find("Outside <span class=\"v\">7</span>.") != std::string::npos);
  CHECK(r.html.find("gghtmlslot1x") == std::string::npos);
  CHECK(d.WarningCount() == 2);  // the two raw HTML tags
}

TEST_CASE("Markdown: a prepared body renders like a fresh parse, as often as asked", "[content]") {
  // A build prepares each body once (for its outline) and renders every page that shows it
  // from that: the default language's body also serves the fallback pages of the others,
  // with their own hooks. Keys must not be mistaken for the page's own text.
  const std::string md =
      "## Top\n\nA `gpu:usd 5` card and the text \x02ggdirkey0x0z \x02ggdirkey0x1z.\n\n"
      "```gpu-rank workload=training16\nCaption\n```\n\n"
      "| a | b |\n|---|---|\n| `gpu:usd 6` | <i>x</i> |\n\n"
      "```gpu-chart kind=perf\n```\n";
  const PreparedMarkdown prepared = PrepareMarkdown(md, "content/en/p.md", 3);
  CHECK(prepared.scan.directive_infos ==
        std::vector<std::string>{"gpu-rank workload=training16", "gpu-chart kind=perf"});
  CHECK(prepared.scan.tables == 1);
  CHECK(prepared.scan.table_rows == 1);
  for (const std::string lang : {"en", "fr"}) {
    CAPTURE(lang);
    std::vector<std::string> order;
    auto block = [&](const DirectiveCall& c) {
      order.push_back(c.name + "@" + std::to_string(c.loc.line));
      return "<div class=\"" + lang + "\">" + c.name + "</div>";
    };
    auto inl = [&](const DirectiveCall& c) {
      order.push_back("gpu:" + c.name + "@" + std::to_string(c.loc.line));
      return "<b>" + lang + c.positional.at(0) + "</b>";
    };
    Diagnostics fresh_diags, prepared_diags;
    const MarkdownResult fresh = RenderMarkdown(md, "content/en/p.md", 3, block, inl, &fresh_diags);
    const size_t fresh_calls = order.size();
    const MarkdownResult again = RenderPrepared(prepared, block, inl, &prepared_diags);
    INFO(again.html);
    CHECK(again.html == fresh.html);
    CHECK(again.words == fresh.words);
    CHECK(again.toc.size() == fresh.toc.size());
    CHECK(prepared_diags.Render() == fresh_diags.Render());
    CHECK(std::vector<std::string>(order.begin(), order.begin() + fresh_calls) ==
          std::vector<std::string>(order.begin() + fresh_calls, order.end()));
    CHECK(order[0] == "gpu-rank@7");  // blocks first, in document order, then references
    CHECK(order[2] == "gpu:usd@5");
    CHECK(again.html.find("<div class=\"" + lang + "\">gpu-rank</div>\n") != std::string::npos);
    CHECK(again.html.find("<td><b>" + lang + "6</b></td>") != std::string::npos);
    CHECK(again.html.find("the text \x02ggdirkey0x0z \x02ggdirkey0x1z.") != std::string::npos);
    CHECK(prepared_diags.WarningCount() == 2);  // <i> and </i>, at every render
  }
}

TEST_CASE("Markdown: autolinks, and the parse without them where none can occur", "[content]") {
  // The autolink extension is attached only where the Markdown has "www.", "://", '@' or '&'
  // (markdown.cc, MayAutolink). Each body below renders once as it is and once with a trailing
  // "@" paragraph, which makes the parser attach the extension: everything before that
  // paragraph must come out the same. Bodies with many 'w' and ':' (where the extension
  // stops) in every inline and block construct, and near-misses of its patterns.
  const char* without[] = {
      "Which way works well? Few know: two ways.\n",
      "**wow** _www_ `w:w` [who](/a/b \"w: x\") ![wide](w.svg)\n",
      "WWW.EXAMPLE.COM, ww.example.com, w.w.w.x and http:/x, https:x, ftp:\n",
      "| w | x:y |\n|---|---|\n| www | a:b:c |\n",
      "## Why: what works {#why}\n\n> w: quoted www\n\n- w\n- ww:\n",
      "~~wrong~~ ~~www~~ \\*w\\* w\\:w\n",
      "```\nwww.example.com a@b.org\n```\n",  // code never links, with or without
      "mailto:x xmpp:y (no at sign)\n",
  };
  for (const char* md : without) {
    INFO(md);
    Diagnostics d;
    const std::string plain = RenderMarkdown(md, "content/en/p.md", 1, nullptr, nullptr, &d).html;
    const std::string forced =
        RenderMarkdown(std::string(md) + "\n@\n", "content/en/p.md", 1, nullptr, nullptr, &d).html;
    CHECK(forced == plain + "<p>@</p>\n");
  }
  struct Linked {
    const char* md;
    const char* link;
  };
  const Linked with[] = {
      {"See www.example.com/a today.\n", "<a href=\"http://www.example.com/a\">"},
      {"See https://example.com/x.\n", "<a href=\"https://example.com/x\">"},
      {"Write to team@example.org.\n", "<a href=\"mailto:team@example.org\">"},
      {"Write to team&#64;example.org.\n", "<a href=\"mailto:team@example.org\">"},
      {"Chat at xmpp:team@example.org now.\n", "<a href=\"xmpp:team@example.org\">"},
  };
  for (const Linked& c : with) {
    INFO(c.md);
    Diagnostics d;
    const std::string html = RenderMarkdown(c.md, "content/en/p.md", 1, nullptr, nullptr, &d).html;
    CHECK(html.find(c.link) != std::string::npos);
  }
}

TEST_CASE("Markdown: words are counted per text, a CJK character as one", "[content]") {
  struct Case {
    const char* md;
    int words;
  };
  const Case cases[] = {
      {"one two  three\n", 3},
      {"one\ttwo\nthree four\n", 4},  // a soft break is a new text node
      {"café au lait, naïve\n", 4},
      {"显存很重要\n", 5},
      {"Tensor Core 显存\n", 4},
      // The full-width colon (U+FF1A, lead EF) joins "4090" and "24"; the ideographic full stop
      // (U+3002, lead E3) counts as a character of its own.
      {"RTX 4090：24 GB 显存。\n", 6},
      {"**bold**word and `code`\n", 3},  // "bold" and "word" are two text nodes; code is not prose
      {"## Heading here\n\nBody text.\n", 4},
      {"", 0},
  };
  for (const Case& c : cases) {
    INFO(c.md);
    Diagnostics d;
    CHECK(RenderMarkdown(c.md, "content/en/p.md", 1, nullptr, nullptr, &d).words == c.words);
  }
}

TEST_CASE("Markdown: explicit heading ids, shared by translations", "[content]") {
  struct Case {
    const char* md;
    const char* id;    // of the first heading
    const char* text;  // its text, without the attribute
  } cases[] = {
      {"## Les Tensor Cores {#tensor-cores}\n", "tensor-cores", "Les Tensor Cores"},
      {"## 显存带宽 {#memory-bandwidth}\n", "memory-bandwidth", "显存带宽"},
      {"## Plain heading\n", "plain-heading", "Plain heading"},
      {"## Spaces are no id {#a b}\n", "spaces-are-no-id-a-b", "Spaces are no id {#a b}"},
      {"## Braces `code` {#after-code}\n", "after-code", "Braces code"},
      {"## Empty {#}\n", "empty", "Empty {#}"},
  };
  for (const auto& c : cases) {
    INFO(c.md);
    auto toc = ExtractToc(c.md);
    REQUIRE(toc.size() == 1);
    CHECK(toc[0].id == c.id);
    CHECK(toc[0].text == c.text);
    Diagnostics d;
    auto r = RenderMarkdown(c.md, "content/fr/p.md", 1, nullptr, nullptr, &d);
    CHECK(r.html.find(std::string("id=\"") + c.id + "\"") != std::string::npos);
    CHECK(r.html.find("{#" + std::string(c.id) + "}") == std::string::npos);
  }
  // Explicit and generated ids share one namespace: a repeat gets -2.
  auto toc = ExtractToc("## A {#x}\n\n## B {#x}\n\n### x\n");
  REQUIRE(toc.size() == 3);
  CHECK(toc[1].id == "x-2");
  CHECK(toc[2].id == "x-3");
}

TEST_CASE("front matter anchors: a list of old ids", "[content]") {
  PageSource p;
  Diagnostics d;
  REQUIRE(ParsePageSource(
      "content/en/guide/a.md",
      "---\ntitle: A\nanchors:\n  - old-chapter\n  - old-section=section\n---\n", &p, &d));
  CHECK(p.fm.anchors == std::vector<std::string>{"old-chapter", "old-section=section"});
  PageSource bad;
  CHECK_FALSE(
      ParsePageSource("content/en/guide/a.md", "---\ntitle: A\nanchors: old\n---\n", &bad, &d));
  CHECK_FALSE(ParsePageSource("content/en/guide/a.md", "---\ntitle: A\nanchors: [\"a b\"]\n---\n",
                              &bad, &d));
  CHECK(d.Render().find("content/en/guide/a.md:3:10: error: front matter 'anchors' must be a list "
                        "of ids") != std::string::npos);
}

TEST_CASE("translation outline: sections by id, directives as a multiset, tables and rows",
          "[content]") {
  const char* en =
      "## Prices\n\n```gpu-rank workload=training16 limit=15\nCaption\n```\n\n"
      "```gpu-chart perf\n```\n\n| term | meaning |\n|---|---|\n| a | b |\n| c | d |\n\n"
      "## Memory\n";
  const char* fr =
      "## Les prix {#prices}\n\n```gpu-rank limit=15 workload=training16\nLégende\n```\n\n"
      "| terme | sens |\n|---|---|\n| a | b |\n";
  PageOutline src = OutlineOf(en);
  CHECK(src.tables == 1);
  CHECK(src.table_rows == 2);
  CHECK(src.directives ==
        std::vector<std::string>{"gpu-rank limit=15 workload=training16", "gpu-chart perf"});
  OutlineGap gap = CompareOutlines(src, OutlineOf(fr));
  REQUIRE(gap.headings.size() == 1);
  CHECK(gap.headings[0].id == "memory");
  CHECK(gap.directives == std::vector<std::string>{"gpu-chart perf"});
  CHECK(gap.charts == 1);
  CHECK(gap.tables == 0);
  CHECK(gap.table_rows == 1);
  CHECK(
      DescribeGap(src, gap) ==
      "1 of 2 sections (#memory \u201cMemory\u201d); 1 of 1 charts (gpu-chart perf); 1 of 2 table "
      "rows (glossary terms, comparison lines)");
  CHECK(CompareOutlines(src, src).empty());
}
