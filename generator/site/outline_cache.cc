#include "site/outline_cache.h"

#include <cstdlib>
#include <string_view>
#include <vector>

namespace gg {
namespace {

std::string Pack(const PageOutline& o) {
  const std::string tables = std::to_string(o.tables), rows = std::to_string(o.table_rows);
  std::vector<std::string> levels;
  levels.reserve(o.headings.size());
  for (const auto& h : o.headings) levels.push_back(std::to_string(h.level));
  std::vector<std::string_view> f = {"outline/1", tables, rows};
  const std::string count = std::to_string(o.headings.size());
  f.push_back(count);
  for (size_t i = 0; i < o.headings.size(); ++i) {
    f.push_back(levels[i]);
    f.push_back(o.headings[i].text);
    f.push_back(o.headings[i].id);
  }
  for (const auto& d : o.directives) f.push_back(d);
  return PackFields(f);
}

bool Unpack(const std::string& bytes, PageOutline* o) {
  std::vector<std::string> f;
  if (!UnpackFields(bytes, &f) || f.size() < 4 || f[0] != "outline/1") return false;
  o->tables = std::atoi(f[1].c_str());
  o->table_rows = std::atoi(f[2].c_str());
  const size_t n = static_cast<size_t>(std::strtoul(f[3].c_str(), nullptr, 10));
  if (f.size() < 4 + 3 * n) return false;
  for (size_t i = 0; i < n; ++i)
    o->headings.push_back(
        {std::atoi(f[4 + 3 * i].c_str()), std::move(f[5 + 3 * i]), std::move(f[6 + 3 * i])});
  for (size_t i = 4 + 3 * n; i < f.size(); ++i) o->directives.push_back(std::move(f[i]));
  return true;
}

}  // namespace

PageOutline CachedOutlineOf(const std::string& body, ContentCache* cache) {
  if (!cache) return OutlineOf(body);
  const std::string key = ContentHashHex(body);
  PageOutline outline;
  if (auto kept = cache->Get("outline", key); kept && Unpack(*kept, &outline)) return outline;
  outline = OutlineOf(body);
  cache->Put("outline", key, Pack(outline));
  return outline;
}

PageOutline CachedOutlineOf(const std::string& body, const std::string& file, int first_line,
                            ContentCache* cache,
                            std::shared_ptr<const PreparedMarkdown>* prepared) {
  const std::string key = cache ? ContentHashHex(body) : std::string();
  PageOutline outline;
  if (cache) {
    if (auto kept = cache->Get("outline", key); kept && Unpack(*kept, &outline)) return outline;
  }
  auto made = std::make_shared<const PreparedMarkdown>(PrepareMarkdown(body, file, first_line));
  outline = OutlineOf(made->scan);
  if (cache) cache->Put("outline", key, Pack(outline));
  *prepared = std::move(made);
  return outline;
}

}  // namespace gg
