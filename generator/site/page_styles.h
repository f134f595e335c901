// A page's stylesheets inlined in its <head> as one <style> element: style.css, then the
// stylesheets of what the page carries (explore.css for an explorable table, calculator.css
// for the calculator's tools). A linked stylesheet blocks the first paint for a round trip;
// on Lighthouse's simulated phone each one cost about 300 ms before the text showed. The
// files stay published under their hashed names (site/assets.h).
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace gg {

// The CSS without comments and with whitespace collapsed: runs of spaces, tabs and newlines
// become one space; none is kept next to '{', '}', ';', after ':' or ',', or at either end
// (a space before ':' stays: ".a :first-child" is not ".a:first-child"). Quoted strings are
// copied as they are. Pure; the same input gives the same bytes.
std::string MinifyCss(std::string_view css);

// Whether a stylesheet can move into a page's <style> unchanged in meaning: it loads nothing
// (a relative url() would then resolve against the page, not assets/) and holds no "</style"
// (any case), which would end the element.
bool CanInline(std::string_view css);

// The <head> markup for the stylesheets `names` (asset names, in this order): one <style>
// with the minified text of each one that `inlined` holds (name -> minified text), and a
// <link rel="stylesheet"> (published path under `to_root`) for each one it does not. A name
// in neither map is left out.
std::string StylesHtml(const std::vector<std::string>& names,
                       const std::map<std::string, std::string>& inlined,
                       const std::map<std::string, std::string>& published,
                       const std::string& to_root);

}  // namespace gg
