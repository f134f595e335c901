// The URL scheme, and nothing else decides it: the site plan (site/) and the directives that
// link to pages and publish charts build every site path here. Site paths are relative to the
// output root, '/'-separated, folders end with '/': "en/guide/" is written as
// en/guide/index.html.
#pragma once

#include <string>

namespace gg {

// "en" + "guide" -> "en/guide/"; "en" + "" -> "en/".
std::string PageSitePath(const std::string& lang, const std::string& path);
// "en/guide/" -> "en/guide/index.html"; a file path is returned unchanged.
std::string OutputPathOf(const std::string& site_path);
// Relative prefix from a page's folder back to the root: "en/guide/" -> "../../".
std::string ToRoot(const std::string& site_path);
// base_url + site path (base_url ends with '/').
std::string AbsoluteUrl(const std::string& base_url, const std::string& site_path);
// The path part of base_url ("https://x.org/guide/" -> "/guide/"), for pages served at any
// depth (404.html).
std::string BasePath(const std::string& base_url);

std::string GpuListPath(const std::string& lang);                         // "en/gpus/"
std::string GpuPagePath(const std::string& lang, const std::string& id);  // "en/gpus/x/"
std::string ChartDir(const std::string& lang);                            // "en/charts/"
std::string ChartPath(const std::string& lang, const std::string& name,
                      const std::string& ext);             // "en/charts/x.svg", ext "dark.svg" …
std::string AssetPath(const std::string& published_name);  // "assets/site.0a1b2c3d4e.css"
std::string OpenDataPath(const std::string& file);         // "data/gpus.csv"
std::string SitemapPath();                                 // "sitemap.xml"

}  // namespace gg
