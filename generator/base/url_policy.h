// The URL policy, in one place: whether a URL a page, stylesheet, SVG or template LOADS (an
// image, a stylesheet, a script, a font, an SVG reference) stays on the site. Pages load
// nothing from other hosts; links to sources (<a href>) are not resources and may be remote.
// Every caller (Markdown images, CSS url()/@import, SVG assets, templates) uses IsLocalUrl,
// so an odd spelling cannot slip past one check and not another.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gg {

// True for a relative path ("img/a.png", "../x.css", "a:b/c" is NOT relative: it has a
// scheme), a path from the site root ("/x", but not "//host"), a fragment ("#id") and a
// data: URL. False for anything with another scheme, whatever its case or slashes (http:host,
// https:/host, HTTPS://HOST, javascript:, file:) and for protocol-relative URLs (//host,
// \\host, /\host). Leading and trailing spaces and control characters, and tabs and newlines
// inside, are ignored as browsers ignore them.
bool IsLocalUrl(std::string_view url);

// A URL found in a text, with the byte offset of its first character.
struct FoundUrl {
  std::string url;
  size_t offset = 0;
};

// URLs a stylesheet loads: url(…) in any quoting and @import "…".
std::vector<FoundUrl> CssResourceUrls(const std::string& css);

// URLs an SVG or HTML text loads: the values of href, xlink:href, src and srcset attributes
// (HTML: only on tags that load what they name, not on <a>), url(…) in style, and CSS
// inside <style>. Namespace names (xmlns) are not loaded and not listed.
std::vector<FoundUrl> MarkupResourceUrls(const std::string& markup);

}  // namespace gg
