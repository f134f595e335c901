#include "site/assets.h"

#include <cstring>

#include "base/content_cache.h"
#include "base/files.h"
#include "base/text.h"
#include "base/url_policy.h"
#include "site/page_styles.h"
#include "urls/urls.h"

namespace gg {

std::string HashedName(const std::string& name, const std::string& bytes) {
  // A fast content hash (XXH3-128): the name only has to change when the bytes do, and the
  // calculator's module and data (650 KB) are named on every build that changes a price.
  std::string hash = ContentHashHex(bytes).substr(0, 10);
  size_t dot = name.rfind('.');
  if (dot == std::string::npos) return name + "." + hash;
  return name.substr(0, dot) + "." + hash + name.substr(dot);
}

std::string SvgDataUrl(const std::string& svg) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string url = "data:image/svg+xml,";
  for (unsigned char c : svg) {
    const bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      std::strchr("-_.~!*();:@=+$,/?", c) != nullptr;
    if (safe && c != 0) {
      url += static_cast<char>(c);
    } else {
      url += '%';
      url += kHex[c >> 4];
      url += kHex[c & 15];
    }
  }
  return url;
}

std::string IconHref(const AssetSet& set, const std::string& prefix) {
  if (!set.icon_data_url.empty()) return set.icon_data_url;
  auto icon = set.published.find("favicon.svg");
  return icon == set.published.end() ? std::string() : prefix + icon->second;
}

AssetSet LoadAssets(const std::string& root, Diagnostics* diags) {
  AssetSet set;
  for (const auto& rel : ListFiles(root, "assets", diags)) {
    std::string bytes;
    bool text = EndsWith(rel, ".css") || EndsWith(rel, ".js") || EndsWith(rel, ".svg");
    if (!ReadInputFile(root, rel, &bytes, diags, text)) continue;
    std::string name = rel.substr(std::string("assets/").size());
    if (EndsWith(rel, ".css") || EndsWith(rel, ".svg")) {
      auto urls = EndsWith(rel, ".css") ? CssResourceUrls(bytes) : MarkupResourceUrls(bytes);
      for (const auto& u : urls) {
        if (IsLocalUrl(u.url)) continue;
        int line, col;
        LineColOf(bytes, u.offset, &line, &col);
        diags->Error({rel, line, col},
                     std::string(EndsWith(rel, ".css") ? "stylesheet" : "SVG image") + " loads '" +
                         u.url + "' from another host",
                     "pages load nothing from other hosts: keep every resource in assets/");
      }
    }
    if (EndsWith(rel, ".css") && CanInline(bytes)) set.inline_css[name] = MinifyCss(bytes);
    if (name == "favicon.svg" && bytes.size() <= kMaxInlineIconBytes)
      set.icon_data_url = SvgDataUrl(bytes);
    std::string published = AssetPath(HashedName(name, bytes));
    set.published[name] = published;
    set.files.push_back({published, bytes});
  }
  return set;
}

}  // namespace gg
