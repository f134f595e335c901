#include "site/page_cache.h"

#include <sys/stat.h>
#include <cstring>
#include <ctime>

#include "base/files.h"
#include "base/text.h"
#include "urls/urls.h"

namespace gg {

namespace {

int64_t Nanoseconds(const struct timespec& t) {
  return static_cast<int64_t>(t.tv_sec) * 1000000000LL + t.tv_nsec;
}

// A file's identity for InputFileHashes: size, modification and change times, inode, device.
std::string StatLine(const struct stat& st) {
  return std::to_string(st.st_size) + ' ' + std::to_string(Nanoseconds(st.st_mtim)) + ' ' +
         std::to_string(Nanoseconds(st.st_ctim)) + ' ' + std::to_string(st.st_ino) + ' ' +
         std::to_string(st.st_dev);
}

// The cache entry: the time it was recorded, then "path\tstat line\thash" per file.
struct KnownInputs {
  int64_t recorded_ns = 0;
  std::map<std::string, std::pair<std::string, std::string>> files;  // path -> stat line, hash
};

std::optional<KnownInputs> UnpackKnownInputs(const std::string& bytes) {
  std::vector<std::string> f;
  if (!UnpackFields(bytes, &f) || f.size() != 3 || f[0] != "input-stat/1") return std::nullopt;
  KnownInputs k;
  k.recorded_ns = std::atoll(f[1].c_str());
  for (size_t s = 0, e; (e = f[2].find('\n', s)) != std::string::npos; s = e + 1) {
    const size_t t1 = f[2].find('\t', s), t2 = f[2].find('\t', t1 + 1);
    if (t1 >= e || t2 >= e) return std::nullopt;
    k.files[f[2].substr(s, t1 - s)] = {f[2].substr(t1 + 1, t2 - t1 - 1),
                                       f[2].substr(t2 + 1, e - t2 - 1)};
  }
  return k;
}

}  // namespace

std::map<std::string, std::string> InputFileHashes(const std::string& root, InputSnapshot* keep,
                                                   ContentCache* cache) {
  std::map<std::string, std::string> out;
  if (keep) keep->root = root;
  const std::string key = KeyWriter().Str("input-stat/1").Str(root).Hash();
  std::optional<KnownInputs> known;
  if (cache)
    if (auto bytes = cache->Get("input-stat", key)) known = UnpackKnownInputs(*bytes);
  struct timespec now;
  ::clock_gettime(CLOCK_REALTIME, &now);
  const int64_t settled_before = known ? known->recorded_ns - 2000000000LL : 0;
  std::string lines;
  bool changed = !known;
  for (const char* dir : {"data", "content", "templates", "assets"}) {
    for (const auto& rel : ListFiles(root, dir)) {
      struct stat st;
      const std::string path = root + "/" + rel;
      const bool have_stat = ::stat(path.c_str(), &st) == 0;
      const std::string line = have_stat ? StatLine(st) : std::string();
      if (have_stat && known) {
        auto it = known->files.find(rel);
        if (it != known->files.end() && it->second.first == line &&
            std::max(Nanoseconds(st.st_mtim), Nanoseconds(st.st_ctim)) < settled_before) {
          out[rel] = it->second.second;
          lines += rel + '\t' + line + '\t' + it->second.second + '\n';
          continue;
        }
      }
      changed = true;
      std::string bytes;
      const bool read = ReadWholeFile(path, &bytes);
      out[rel] = read ? ContentHashHex(bytes) : std::string();
      if (keep) {
        const bool same =
            known && known->files.count(rel) && known->files.at(rel).second == out[rel];
        if (!same) keep->changed.push_back(rel);
      }
      if (read && have_stat) lines += rel + '\t' + line + '\t' + out[rel] + '\n';
      if (read && keep) keep->bytes.emplace(rel, std::move(bytes));
    }
  }
  if (cache && (changed || known->files.size() != out.size()))
    cache->Put("input-stat", key,
               PackFields({"input-stat/1", std::to_string(Nanoseconds(now)), lines}));
  return out;
}

DependencyValues::DependencyValues(std::map<std::string, std::string> file_hashes,
                                   const std::vector<PageSource>& pages, const UiStrings& strings,
                                   const std::vector<Language>& languages, const AssetSet& assets,
                                   std::map<std::string, std::string> derived)
    : files_(file_hashes.begin(), file_hashes.end()),
      strings_(strings),
      languages_(languages),
      assets_(assets),
      derived_(derived.begin(), derived.end()) {
  KeyWriter data, ui;
  for (const auto& [path, hash] : file_hashes) {
    if (StartsWith(path, "data/")) data.Str(path).Str(hash);
    if (EndsWith(path, "/_strings.json")) ui.Str(path).Str(hash);
  }
  all_data_ = data.Hash();
  all_strings_ = ui.Hash();
  // A template's value: its file and the {{t.…}} strings it shows.
  for (const auto& [path, hash] : file_hashes)
    if (StartsWith(path, "templates/") && EndsWith(path, ".html"))
      template_values_.emplace(path.substr(10, path.size() - 15), hash + all_strings_);
  // A language's data text translations: its catalog file's hash, or "" when it has none
  // (a value review does not name as a cause: a page that starts showing a note in a
  // language without a catalog reads the key anew, and nothing about it changed).
  for (const auto& l : languages_) {
    auto it = files_.find(DataTextCatalog::FileOf(l.code));
    data_text_values_.emplace(l.code, it == files_.end() ? std::string() : it->second);
  }
  // Every UI string's value once, not once per page that reads it.
  for (const auto& key : strings.Keys()) {
    KeyWriter w;
    for (const auto& l : languages_) w.Str(l.code).Str(strings_.Get(l.code, key));
    string_values_.emplace(key, w.Hash());
  }
  for (const auto& p : pages) {
    KeyWriter w;
    w.Str(p.fm.title).Str(p.fm.linktitle).Str(p.fm.description).Int(p.fm.order).Str(p.fm.date);
    w.Bool(p.fm.draft).Bool(p.fm.nav).Str(p.fm.translation_of);
    for (const auto& a : p.fm.anchors) w.Str(a);
    front_matter_[p.file] = w.Hash();
  }
}

const std::string* DependencyValues::Held(std::string_view key) const {
  auto in = [](const Table& table, std::string_view k) -> const std::string* {
    auto it = table.find(k);
    return it == table.end() ? nullptr : &it->second;
  };
  const size_t colon = key.find(':');
  if (colon == std::string_view::npos) return nullptr;
  const std::string_view kind = key.substr(0, colon), name = key.substr(colon + 1);
  if (kind == "content") return in(files_, name);
  if (kind == "front-matter") return in(front_matter_, name);
  if (kind == "template") return in(template_values_, name);
  if (kind == "asset") {
    auto it = assets_.published.find(std::string(name));  // the name carries a content hash
    return it == assets_.published.end() ? nullptr : &it->second;
  }
  if (kind == "string") return in(string_values_, name);
  if (kind == "data-text") return in(data_text_values_, name);
  // Values the renderer derived from the loaded data (MentionValues, ComputedValues) are the
  // finest; without one, a record is valued by its whole file and a computed result by every
  // data file.
  if (const std::string* v = in(derived_, key)) return v;
  if (kind == "data") {
    const std::string_view file = name.substr(0, name.find('/'));
    std::string path = "data/";
    path.append(file).append(".json");
    return in(files_, path);
  }
  if (kind == "computed") return &all_data_;
  return nullptr;
}

std::optional<std::string> DependencyValues::Of(const std::string& key) const {
  if (const std::string* held = Held(key)) return *held;
  // A UI string no file has (a template's typo, reported at load): valued by what Get gives.
  if (StartsWith(key, "string:")) {
    const std::string name = key.substr(7);
    KeyWriter w;
    for (const auto& l : languages_) w.Str(l.code).Str(strings_.Get(l.code, name));
    return w.Hash();
  }
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
    if (IsLateKey(key)) continue;  // the kept page holds the late marks, not the lines
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

namespace {

// The page-reads entry: what the page read (each key with its value when the page was kept),
// its word count, and the content hash of each file it produced — so that a page whose inputs
// are unchanged and whose files the output folder still holds need not be loaded at all.
// Views into the packed bytes, which must outlive it.
struct PageReads {
  std::vector<std::string_view> keys;
  std::vector<std::string_view> values;  // "" for a key that had none
  int words = 0;
  std::vector<std::pair<std::string_view, std::string_view>> outputs;  // path ("" = the page), hash
};

// html_hash: the content hash of the page's file as written (late lines bound).
std::string PackReads(const PageResult& r, const DependencyValues& values,
                      const std::string& html_hash) {
  std::string reads, outputs;
  for (const auto& d : r.dependencies) reads += d + '\t' + values.Of(d).value_or("") + '\n';
  outputs += "\t" + html_hash + '\n';
  for (const auto& f : r.files) outputs += f.path + '\t' + ContentHashHex(f.bytes) + '\n';
  const std::string words = std::to_string(r.words);
  return PackFields({"reads/2", reads, words, outputs});
}

// Tab-separated pairs, one per line, as views; false when a line has no tab.
bool Pairs(std::string_view text, std::vector<std::pair<std::string_view, std::string_view>>* out) {
  for (size_t s = 0, e; (e = text.find('\n', s)) != std::string_view::npos; s = e + 1) {
    const size_t tab = text.find('\t', s);
    if (tab == std::string_view::npos || tab > e) return false;
    out->emplace_back(text.substr(s, tab - s), text.substr(tab + 1, e - tab - 1));
  }
  return true;
}

bool ParseReads(std::string_view packed, PageReads* r) {
  std::vector<std::string_view> f;
  if (!UnpackFieldViews(packed, &f) || f.size() != 4 || f[0] != "reads/2") return false;
  std::vector<std::pair<std::string_view, std::string_view>> pairs;
  if (!Pairs(f[1], &pairs)) return false;
  r->keys.reserve(pairs.size());
  r->values.reserve(pairs.size());
  for (const auto& [key, value] : pairs) {
    r->keys.push_back(key);
    r->values.push_back(value);
  }
  r->words = std::atoi(std::string(f[2]).c_str());
  if (!Pairs(f[3], &r->outputs)) return false;
  return !r->outputs.empty() && r->outputs[0].first.empty();
}

// The page kept under the result key of `dependencies` (the keys the index lists) with
// today's values, when one of them has changed since the index was written. An entry under
// that key was kept by a render that read exactly these keys with exactly these values, so a
// render now would read the same and give the same bytes: an earlier state of the inputs
// (review's base side, an edit undone) is found although the index names the latest.
std::optional<PageResult> FindUnderCurrentValues(ContentCache* cache,
                                                 const DependencyValues& values,
                                                 const PageCache::LateBinder& bind,
                                                 const PageJob& job, const std::string& job_key,
                                                 const std::vector<std::string>& dependencies,
                                                 const OutputHashes* previous) {
  KeyWriter result_key;  // PageCache::ResultKey's form
  result_key.Str(job_key);
  for (const std::string& key : dependencies) {
    if (PageCache::IsLateKey(key)) continue;
    const auto value = values.Of(key);
    if (!value) return std::nullopt;
    result_key.Str(key).Str(*value);
  }
  auto kept = cache->Get("page", result_key.Hash());
  auto result = kept ? UnpackResult(*kept) : std::nullopt;
  if (!result || result->dependencies != dependencies) return std::nullopt;
  if (bind) bind(job, &result->html);
  // A build that writes an output folder makes the index name what it wrote, so that its next
  // build finds the page by the index (and may keep the file as it stands); review's builds in
  // memory leave the index as the folder's build wrote it.
  if (previous)
    cache->Put("page-reads", job_key, PackReads(*result, values, ContentHashHex(result->html)));
  return result;
}

}  // namespace

std::optional<PageResult> PageCache::Find(const PageJob& job, std::string* why,
                                          const OutputHashes* previous) const {
  const std::string job_key = JobKey(job);
  const auto bytes = cache_->Get("page-reads", job_key);
  PageReads own;
  const PageReads* reads = bytes && ParseReads(*bytes, &own) ? &own : nullptr;
  if (!reads) {
    if (why) *why = "not rendered before";
    return std::nullopt;
  }
  // Each value is compared with the kept one; when all are equal they are the kept ones, which
  // then make the result key (ResultKey's form) if the page's bytes are needed.
  std::optional<std::string> computed;
  auto current = [&](std::string_view key) -> std::optional<std::string_view> {
    if (const std::string* held = values_->Held(key)) return std::string_view(*held);
    computed = values_->Of(std::string(key));
    if (computed) return std::string_view(*computed);
    return std::nullopt;
  };
  bool same = true;
  bool late_changed = false;  // a late-bound line changed: rebind, never reuse the file as is
  for (size_t i = 0; i < reads->keys.size(); ++i) {
    const auto now = current(reads->keys[i]);
    if (now && *now == reads->values[i]) continue;
    if (now && IsLateKey(reads->keys[i])) {
      late_changed = true;
      continue;
    }
    same = false;
    if (!why) break;
    *why += (why->empty() ? "" : ", ") + std::string(reads->keys[i]) +
            (now ? " changed" : " is unknown now");
  }
  auto dependencies = [&] {
    std::vector<std::string> keys;
    keys.reserve(reads->keys.size());
    for (std::string_view k : reads->keys) keys.emplace_back(k);
    return keys;
  };
  if (!same) {
    auto found =
        FindUnderCurrentValues(cache_, *values_, bind_, job, job_key, dependencies(), previous);
    if (found && why) why->clear();
    return found;
  }
  // Every file the page made is still in the output folder as the last build wrote it: the
  // commit links those files, their bytes are not needed.
  if (previous && !late_changed) {
    auto held = [&](std::string_view path, std::string_view hash) {
      auto it = previous->find(std::string(path));
      return it != previous->end() && it->second == hash;
    };
    bool all_held = held(OutputPathOf(job.site_path), reads->outputs[0].second);
    for (size_t i = 1; all_held && i < reads->outputs.size(); ++i)
      all_held = held(reads->outputs[i].first, reads->outputs[i].second);
    if (all_held) {
      PageResult r;
      r.html_unchanged_hash = std::string(reads->outputs[0].second);
      r.words = reads->words;
      r.dependencies = dependencies();
      for (size_t i = 1; i < reads->outputs.size(); ++i)
        r.files.push_back(
            {std::string(reads->outputs[i].first), "", std::string(reads->outputs[i].second)});
      return r;
    }
  }
  KeyWriter result_key;
  result_key.Str(job_key);
  for (size_t i = 0; i < reads->keys.size(); ++i)
    if (!IsLateKey(reads->keys[i])) result_key.Str(reads->keys[i]).Str(reads->values[i]);
  auto kept = cache_->Get("page", result_key.Hash());
  auto result = kept ? UnpackResult(*kept) : std::nullopt;
  // The kept page read exactly these keys (a page kept under another list is not this one).
  if (!result || result->dependencies != dependencies()) {
    if (why) *why = "its kept result is gone or unreadable";
    return std::nullopt;
  }
  if (bind_) bind_(job, &result->html);
  // Today's late values and the bound page's hash, so that the next build may reuse the
  // output file as this build writes it.
  if (late_changed)
    cache_->Put("page-reads", job_key, PackReads(*result, *values_, ContentHashHex(result->html)));
  return result;
}

void PageCache::Keep(const PageJob& job, const PageResult& result) const {
  const std::string job_key = JobKey(job);
  auto key = ResultKey(job_key, result.dependencies);
  if (!key) return;
  cache_->Put("page", *key, PackResult(result));
  std::string bound;
  if (bind_) {
    bound = result.html;
    bind_(job, &bound);
  }
  cache_->Put("page-reads", job_key,
              PackReads(result, *values_, ContentHashHex(bind_ ? bound : result.html)));
}

}  // namespace gg
