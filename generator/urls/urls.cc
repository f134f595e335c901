#include "urls/urls.h"

#include <algorithm>

namespace gg {

std::string PageSitePath(const std::string& lang, const std::string& path) {
  return path.empty() ? lang + "/" : lang + "/" + path + "/";
}

std::string OutputPathOf(const std::string& site_path) {
  if (!site_path.empty() && site_path.back() == '/') return site_path + "index.html";
  return site_path;
}

std::string ToRoot(const std::string& site_path) {
  std::string out;
  size_t depth = static_cast<size_t>(std::count(site_path.begin(), site_path.end(), '/'));
  for (size_t i = 0; i < depth; ++i) out += "../";
  return out;
}

std::string AbsoluteUrl(const std::string& base_url, const std::string& site_path) {
  return base_url + site_path;
}

std::string BasePath(const std::string& base_url) {
  size_t scheme = base_url.find("://");
  if (scheme == std::string::npos) return "/";
  size_t slash = base_url.find('/', scheme + 3);
  return slash == std::string::npos ? "/" : base_url.substr(slash);
}

std::string GpuListPath(const std::string& lang) {
  return lang + "/gpus/";
}

std::string GpuPagePath(const std::string& lang, const std::string& id) {
  return lang + "/gpus/" + id + "/";
}

std::string ChartDir(const std::string& lang) {
  return lang + "/charts/";
}

std::string ChartPath(const std::string& lang, const std::string& name, const std::string& ext) {
  return ChartDir(lang) + name + "." + ext;
}

std::string AssetPath(const std::string& published_name) {
  return "assets/" + published_name;
}

std::string OpenDataPath(const std::string& file) {
  return "data/" + file;
}

std::string SitemapPath() {
  return "sitemap.xml";
}

}  // namespace gg
