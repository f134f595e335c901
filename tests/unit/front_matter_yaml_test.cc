#include <catch2/catch.hpp>

#include "content/front_matter_yaml.h"
#include "content/page_source.h"

using namespace gg;

TEST_CASE("front matter YAML: values, kinds and positions", "[content]") {
  YamlMapping m;
  YamlError e;
  REQUIRE(
      ParseFrontMatterYaml("title: \"Guide: part 1\"\n"
                           "order: 7\n"
                           "draft:\n"
                           "nav: ~\n"
                           "anchors:\n  - a\n  - 'b=c'\n  - [x]\n"
                           "nested: {a: 1}\n"
                           "&k key: *k\n"
                           "title: again\n",
                           &m, &e));
  REQUIRE(m.is_mapping);
  REQUIRE(m.entries.size() == 8);
  struct Want {
    const char* key;
    YamlValue::Kind kind;
    const char* text;
    bool quoted;
    int key_line, value_line, value_col;
  } want[] = {
      {"title", YamlValue::Kind::kScalar, "Guide: part 1", true, 0, 0, 7},
      {"order", YamlValue::Kind::kScalar, "7", false, 1, 1, 7},
      {"draft", YamlValue::Kind::kNull, "", false, 2, 2, 6},  // an empty value: after its colon
      {"nav", YamlValue::Kind::kNull, "~", false, 3, 3, 5},
      {"anchors", YamlValue::Kind::kList, "", false, 4, 5, 2},
      {"nested", YamlValue::Kind::kOther, "", false, 8, 8, 8},
      {"key", YamlValue::Kind::kOther, "", false, 9, 9, 8},            // an alias is not expanded
      {"title", YamlValue::Kind::kScalar, "again", false, 10, 10, 7},  // duplicates are kept
  };
  for (size_t i = 0; i < m.entries.size(); ++i) {
    const YamlEntry& got = m.entries[i];
    INFO(want[i].key);
    CHECK(got.key == want[i].key);
    CHECK(got.key_line == want[i].key_line);
    CHECK(got.value.kind == want[i].kind);
    CHECK(got.value.line == want[i].value_line);
    CHECK(got.value.col == want[i].value_col);
    if (want[i].kind == YamlValue::Kind::kScalar) {
      CHECK(got.value.text == want[i].text);
      CHECK(got.value.quoted == want[i].quoted);
    }
  }
  const auto& items = m.entries[4].value.items;
  REQUIRE(items.size() == 3);
  CHECK(items[0].text == "a");
  CHECK(items[1].text == "b=c");
  CHECK(items[2].kind == YamlValue::Kind::kOther);  // a list inside the list
}

TEST_CASE("front matter YAML: documents that are not one mapping, and syntax errors", "[content]") {
  struct Case {
    const char* yaml;
    bool parses;
    bool mapping;
    const char* message;  // part of the error's message
    int line, col;
  } cases[] = {
      {"", true, false, "", 0, 0},
      {"just words\n", true, false, "", 0, 0},
      {"- a\n- b\n", true, false, "", 0, 0},
      {"title: x\n...\n", true, true, "", 0, 0},
      {"description: a: b\n", false, false, "mapping values are not allowed", 0, 14},
      {"title: [x\n", false, false, "did not find expected", 1, 0},
      {"title: \"x\n", false, false, "found unexpected end of stream", 1, 0},
      {"- a\n- [b\n", false, false, "did not find expected", 2, 0},
      {"a: 1\n b: 2\n", false, false, "mapping values are not allowed", 1, 2},
      {"title: x\n\tnav: true\n", false, false, "", 1, 0},
  };
  for (const auto& c : cases) {
    INFO(c.yaml);
    YamlMapping m;
    YamlError e;
    REQUIRE(ParseFrontMatterYaml(c.yaml, &m, &e) == c.parses);
    if (c.parses) {
      CHECK(m.is_mapping == c.mapping);
    } else {
      CHECK(e.message.find(c.message) != std::string::npos);
      CHECK(e.line == c.line);
      if (*c.message) CHECK(e.col == c.col);
    }
  }
}

TEST_CASE("front matter YAML: booleans and whole numbers read as yaml-cpp read them", "[content]") {
  struct BoolCase {
    const char* text;
    bool ok, value;
  } bools[] = {{"true", true, true},   {"True", true, true},   {"TRUE", true, true},
               {"yes", true, true},    {"On", true, true},     {"y", true, true},
               {"false", true, false}, {"No", true, false},    {"OFF", true, false},
               {"n", true, false},     {"tRUE", false, false}, {"1", false, false},
               {"", false, false},     {"truth", false, false}};
  for (const auto& c : bools) {
    INFO(c.text);
    bool v = !c.value;
    CHECK(YamlBool(c.text, &v) == c.ok);
    if (c.ok) CHECK(v == c.value);
  }
  struct IntCase {
    const char* text;
    bool ok;
    int value;
  } ints[] = {{"10", true, 10},  {"-3", true, -3},          {"+4", true, 4},  {"0x1F", true, 31},
              {"010", true, 8},  {"7 ", true, 7},           {" 7", false, 0}, {"ten", false, 0},
              {"1.5", false, 0}, {"99999999999", false, 0}, {"", false, 0},   {"12abc", false, 0}};
  for (const auto& c : ints) {
    INFO(c.text);
    int v = -99;
    CHECK(YamlInt(c.text, &v) == c.ok);
    if (c.ok) CHECK(v == c.value);
  }
}

TEST_CASE("front matter: quoted booleans still read, nulls and collections are not values",
          "[content]") {
  struct Case {
    const char* text;
    const char* diagnostics;  // "" when the page parses
  } cases[] = {
      {"---\ntitle: x\ndraft: \"yes\"\nnav: False\norder: 0x10\n---\n", ""},
      {"---\ntitle: x\ndraft:\n---\n",
       "content/en/x.md:3:7: error: front matter 'draft' must be a single value\n"},
      {"---\ntitle: {a: 1}\n---\n",
       "content/en/x.md:2:1: error: front matter has no 'title'\n"
       "content/en/x.md:2:8: error: front matter 'title' must be a single value\n"},
      {"---\ntitle: x\nnav: maybe\n---\n",
       "content/en/x.md:3:6: error: front matter 'nav' has the wrong type: 'maybe'; expected "
       "true or false\n"},
      {"---\ntitle: x\ntitle: y\n---\n",
       "content/en/x.md:3:1: error: front matter key 'title' is given twice\n"},
      {"---\n- title\n---\n",
       "content/en/x.md:2:1: error: front matter must be a YAML mapping of 'key: value'\n"},
      {"---\ntitle: x\ndescription: a: b\n---\n",
       "content/en/x.md:3:15: error: invalid front matter: mapping values are not allowed in "
       "this context; put a value that holds ': ' in quotes\n"},
  };
  for (const auto& c : cases) {
    INFO(c.text);
    PageSource p;
    Diagnostics d;
    const bool ok = ParsePageSource("content/en/x.md", c.text, &p, &d);
    CHECK(ok == (*c.diagnostics == 0));
    CHECK(d.Render() == c.diagnostics);
    if (ok) {
      CHECK(p.fm.draft);
      CHECK_FALSE(p.fm.nav);
      CHECK(p.fm.order == 16);
    }
  }
}
