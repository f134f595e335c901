// Static assets: every file under assets/ is published as assets/<name>.<hash>.<ext> (the
// first 10 hex digits of its XXH3-128 content hash), so browsers may cache it forever and a change
// gets a new name. Pages refer to assets through the returned map only.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "base/diagnostics.h"
#include "base/output_file.h"

namespace gg {

struct AssetSet {
  std::map<std::string, std::string> published;  // "style.css" -> "assets/style.0a1b2c3d4e.css"
  std::vector<OutputFile> files;
  // Assets published only when a page links to them (records "asset:<name>"): the calculator's
  // calc.wasm and calc-data.json, which a site without a calculator page need not carry.
  // Named in `published` like the others, so pages can link to them.
  std::map<std::string, OutputFile> on_demand;
  // The stylesheets pages carry in their <style> (site/page_styles.h): name -> minified text,
  // for each .css file that CanInline accepts; the others are linked.
  std::map<std::string, std::string> inline_css;
  // favicon.svg as a data: URL when it is small (kMaxInlineIconBytes), which pages use in
  // their <link rel="icon"> instead of the file: one request fewer per page. Measured with
  // Lighthouse (fr ranking chapter, uncompressed): the icon's request raced the first paint,
  // and when it started first the simulated largest paint took ~300 ms longer (1.10 vs 1.40 s).
  // Empty: pages link the published file.
  std::string icon_data_url;
};

inline constexpr size_t kMaxInlineIconBytes = 2048;

// A data: URL of an SVG: "data:image/svg+xml," and the text with every byte that is not
// plainly safe in a URL and an HTML attribute percent-encoded.
std::string SvgDataUrl(const std::string& svg);

AssetSet LoadAssets(const std::string& root, Diagnostics* diags);

// The href of the site icon on a page whose links to the site root start with `prefix`
// ("../../", "/base/"): its data: URL when it has one, else the published file, else "".
std::string IconHref(const AssetSet& set, const std::string& prefix);

// Hashed name for a file name and its bytes: "style.css" -> "style.0a1b2c3d4e.css".
std::string HashedName(const std::string& name, const std::string& bytes);

}  // namespace gg
