// The stylesheets a page carries in its <head> (site/page_styles.h): the minified text, which
// stylesheets can be inlined, and the markup for a page's list of them.
#include <catch2/catch.hpp>

#include "site/page_styles.h"

using namespace gg;

TEST_CASE("MinifyCss: comments and spaces out, meaning kept", "[site][styles]") {
  struct Case {
    const char* name;
    const char* css;
    const char* want;
  };
  const Case cases[] = {
      {"comments and indentation", "/* a */\n.a {\n  color: red; /* b */\n}\n", ".a{color:red;}"},
      {"a descendant combinator stays", ".a .b, .c > .d { x: 1 }", ".a .b,.c > .d{x:1}"},
      {"a space before a pseudo-class stays", ".t :is(th, td):first-child{}",
       ".t :is(th,td):first-child{}"},
      {"media queries", "@media (max-width: 40rem) {\n  body { font-size: 16px; }\n}",
       "@media (max-width:40rem){body{font-size:16px;}}"},
      {"strings are copied as they are", ".s::after { content: \"  /* x */  \" / ''; }",
       ".s::after{content:\"  /* x */  \" / '';}"},
      {"an escaped quote inside a string", "a{content:\"a\\\" {  }\"}",
       "a{content:\"a\\\" {  }\"}"},
      {"calc keeps the spaces around its operators", "a{width:calc(100vw - 2rem + 1px)}",
       "a{width:calc(100vw - 2rem + 1px)}"},
      {"a comment between words is a space", "a/**/b{}", "a b{}"},
      {"an unterminated comment ends the text", "a{}/* open", "a{}"},
      {"nothing", " \n\t ", ""},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    CHECK(MinifyCss(c.css) == c.want);
  }
}

TEST_CASE("CanInline: nothing loaded, nothing that ends the element", "[site][styles]") {
  struct Case {
    const char* css;
    bool want;
  };
  const Case cases[] = {
      {".a{color:red}", true},
      {".a{background:url(x.png)}", false},        // would resolve against the page
      {"@import 'b.css';", false},                 // likewise
      {".a::after{content:\"</style>\"}", false},  // ends the <style> element
      {".a::after{content:\"</STYLE \"}", false},  // in any case
      {".a::after{content:\"</p>\"}", true},
  };
  for (const Case& c : cases) {
    INFO(c.css);
    CHECK(CanInline(c.css) == c.want);
  }
}

TEST_CASE("StylesHtml: one <style> in the page's order, links for the rest", "[site][styles]") {
  const std::map<std::string, std::string> inlined = {{"style.css", "a{}"}, {"explore.css", "b{}"}};
  const std::map<std::string, std::string> published = {{"style.css", "assets/style.1.css"},
                                                        {"explore.css", "assets/explore.2.css"},
                                                        {"remote.css", "assets/remote.3.css"}};
  struct Case {
    std::vector<std::string> names;
    const char* want;
  };
  const Case cases[] = {
      {{"style.css"}, "<style>a{}</style>\n"},
      {{"style.css", "explore.css"}, "<style>a{}b{}</style>\n"},
      {{"explore.css", "style.css"}, "<style>b{}a{}</style>\n"},
      {{"style.css", "remote.css"},
       "<style>a{}</style>\n<link rel=\"stylesheet\" href=\"../../assets/remote.3.css\">\n"},
      {{"remote.css"}, "<link rel=\"stylesheet\" href=\"../../assets/remote.3.css\">\n"},
      {{"missing.css"}, ""},
      {{}, ""},
  };
  for (const Case& c : cases) {
    INFO(c.want);
    CHECK(StylesHtml(c.names, inlined, published, "../../") == c.want);
  }
}
