#include "site/page_cache.h"

#include <cstring>

#include "base/files.h"
#include "base/text.h"

namespace gg {

std::map<std::string, std::string> InputFileHashes(const std::string& root) {
  std::map<std::string, std::string> out;
  for (const char* dir : {"data", "content", "templates", "assets"}) {
    for (const auto& rel : ListFiles(root, dir)) {
      std::string bytes;
      out[rel] = ReadWholeFile(root + "/" + rel, &bytes) ? ContentHashHex(bytes) : std::string();
    }
  }
  return out;
}

DependencyValues::DependencyValues(std::map<std::string, std::string> file_hashes,
                                   const std::vector<PageSource>& pages, const UiStrings& strings,
                                   const std::vector<Language>& languages, const AssetSet& assets,
                                   std::map<std::string, std::string> derived)
    : files_(std::move(file_hashes)),
      strings_(strings),
      languages_(languages),
      assets_(assets),
      derived_(std::move(derived)) {
  KeyWriter data, ui;
  for (const auto& [path, hash] : files_) {
    if (StartsWith(path, "data/")) data.Str(path).Str(hash);
    if (EndsWith(path, "/_strings.json")) ui.Str(path).Str(hash);
  }
  all_data_ = data.Hash();
  all_strings_ = ui.Hash();
  for (const auto& p : pages) {
    KeyWriter w;
    w.Str(p.fm.title).Str(p.fm.linktitle).Str(p.fm.description).Int(p.fm.order).Str(p.fm.date);
    w.Bool(p.fm.draft).Bool(p.fm.nav).Str(p.fm.translation_of);
    for (const auto& a : p.fm.anchors) w.Str(a);
    front_matter_[p.file] = w.Hash();
  }
}

std::optional<std::string> DependencyValues::Of(const std::string& key) const {
  auto file = [&](const std::string& path) -> std::optional<std::string> {
    auto it = files_.find(path);
    if (it == files_.end()) return std::nullopt;
    return it->second;
  };
  const size_t colon = key.find(':');
  if (colon == std::string::npos) return std::nullopt;
  const std::string kind = key.substr(0, colon), name = key.substr(colon + 1);
  if (kind == "content") return file(name);
  if (kind == "front-matter") {
    auto it = front_matter_.find(name);
    if (it == front_matter_.end()) return std::nullopt;
    return it->second;
  }
  if (kind == "template") {
    auto t = file("templates/" + name + ".html");
    if (!t) return std::nullopt;
    return *t + all_strings_;  // the {{t.…}} strings it shows
  }
  if (kind == "asset") {
    auto it = assets_.published.find(name);  // the published name carries a content hash
    if (it == assets_.published.end()) return std::nullopt;
    return it->second;
  }
  if (kind == "string") {
    KeyWriter w;
    for (const auto& l : languages_) w.Str(l.code).Str(strings_.Get(l.code, name));
    return w.Hash();
  }
  // Values the renderer derived from the loaded data (MentionValues, ComputedValues) are the
  // finest; without one, a record is valued by its whole file and a computed result by every
  // data file.
  if (auto it = derived_.find(key); it != derived_.end()) return it->second;
  if (kind == "data") return file("data/" + name.substr(0, name.find('/')) + ".json");
  if (kind == "computed") return all_data_;
  return std::nullopt;
}

std::string PageCache::JobKey(const PageJob& job) const {
  KeyWriter w;
  w.Str("page-job/2").Bool(drafts_).Str(job.lang ? job.lang->code : "").Str(job.path);
  w.Str(job.site_path).Str(job.source ? job.source->file : "").Bool(job.fallback);
  w.Bool(job.stale).Str(job.generated).Bool(job.authored);
  return w.Hash();
}

std::optional<std::string> PageCache::ResultKey(
    const std::string& job_key, const std::vector<std::string>& dependencies) const {
  KeyWriter w;
  w.Str(job_key);
  for (const auto& key : dependencies) {
    auto value = values_->Of(key);
    if (!value) return std::nullopt;
    w.Str(key).Str(*value);
  }
  return w.Hash();
}

namespace {

std::string PackResult(const PageResult& r) {
  std::vector<std::string_view> fields;
  std::string deps;
  for (const auto& d : r.dependencies) deps += d + '\n';
  const std::string words = std::to_string(r.words);
  fields.push_back("page/1");
  fields.push_back(r.html);
  fields.push_back(words);
  fields.push_back(deps);
  for (const auto& f : r.files) {
    fields.push_back(f.path);
    fields.push_back(f.bytes);
  }
  return PackFields(fields);
}

std::optional<PageResult> UnpackResult(const std::string& bytes) {
  std::vector<std::string> f;
  if (!UnpackFields(bytes, &f) || f.size() < 4 || f[0] != "page/1" || f.size() % 2 != 0)
    return std::nullopt;
  PageResult r;
  r.html = std::move(f[1]);
  r.words = std::atoi(f[2].c_str());
  for (size_t s = 0, e; (e = f[3].find('\n', s)) != std::string::npos; s = e + 1)
    r.dependencies.push_back(f[3].substr(s, e - s));
  for (size_t i = 4; i + 1 < f.size(); i += 2)
    r.files.push_back({std::move(f[i]), std::move(f[i + 1])});
  return r;
}

}  // namespace

std::optional<PageResult> PageCache::Find(const PageJob& job, std::string* why) const {
  const std::string job_key = JobKey(job);
  auto reads = cache_->Get("page-reads", job_key);
  if (!reads) {
    if (why) *why = "not rendered before";
    return std::nullopt;
  }
  // One line per key: the key, a tab, its value when the page was kept.
  std::vector<std::string> keys;
  for (size_t s = 0, e; (e = reads->find('\n', s)) != std::string::npos; s = e + 1) {
    const std::string line = reads->substr(s, e - s);
    const size_t tab = line.find('\t');
    keys.push_back(line.substr(0, tab));
    if (why) {
      auto now = values_->Of(keys.back());
      const char* what =
          !now ? " is unknown now"
          : (tab == std::string::npos || line.compare(tab + 1, std::string::npos, *now) != 0)
              ? " changed"
              : nullptr;
      if (what) *why += (why->empty() ? "" : ", ") + keys.back() + what;
    }
  }
  auto key = ResultKey(job_key, keys);
  if (!key) return std::nullopt;
  auto bytes = cache_->Get("page", *key);
  if (!bytes) {
    if (why && why->empty()) *why = "its kept result is gone";
    return std::nullopt;
  }
  auto result = UnpackResult(*bytes);
  // The kept page read exactly these keys (a page kept under another list is not this one).
  if (!result || result->dependencies != keys) {
    if (why && why->empty()) *why = "its kept result is unreadable";
    return std::nullopt;
  }
  return result;
}

void PageCache::Keep(const PageJob& job, const PageResult& result) const {
  const std::string job_key = JobKey(job);
  auto key = ResultKey(job_key, result.dependencies);
  if (!key) return;
  std::string reads;
  for (const auto& d : result.dependencies) reads += d + '\t' + values_->Of(d).value_or("") + '\n';
  cache_->Put("page", *key, PackResult(result));
  cache_->Put("page-reads", job_key, reads);
}

}  // namespace gg
