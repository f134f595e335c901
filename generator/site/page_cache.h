// Pages of earlier builds, reused when nothing they read has changed (incremental builds).
//
// A page records what it read as dependency keys (directives/page_context.h). After a render,
// the page is kept in the cache under the hash of its job and of the current value of every
// key it read, and the list of keys is kept under the job. The next build asks for the page
// by that list: when every key still has its value, the render would read the same inputs and
// give the same bytes, so the kept result is used. When a value changed, the page is still
// looked for under the list's keys with today's values: a result kept under them was rendered
// reading exactly those keys with those values (an earlier state of the inputs: review's base
// side after a build of the head, an edit undone), so it is the bytes a render would give.
// Values are content hashes, some coarser than the key (a record is valued by its whole data file,
// a computed result by every data file, a template also by every UI-string file): a coarse value
// costs a render, never a wrong page. A key of a kind not known here makes the page uncacheable,
// and so does a render that reported anything (its diagnostics must be reported again).
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "base/content_cache.h"
#include "base/files.h"
#include "content/page_source.h"
#include "i18n/ui_strings.h"
#include "site/assets.h"
#include "site/site_pages.h"

namespace gg {

// The current value of each dependency key of this build.
class DependencyValues {
 public:
  // file_hashes: ContentHashHex of every input file by root-relative path (InputFileHashes).
  // derived: values of keys the renderer computes itself (SiteRenderer::DerivedValues).
  DependencyValues(std::map<std::string, std::string> file_hashes,
                   const std::vector<PageSource>& pages, const UiStrings& strings,
                   const std::vector<Language>& languages, const AssetSet& assets,
                   std::map<std::string, std::string> derived = {});
  // Nothing for a key whose value is unknown here.
  std::optional<std::string> Of(const std::string& key) const;
  // The same value where it is held (every kind but a UI string no file has), without a
  // copy: a no-change page compares a few hundred keys, and each was four allocations.
  // Null when Of must compute it, or it is unknown.
  const std::string* Held(std::string_view key) const;

 private:
  // Hashed, looked up by string_view: a no-change build looks up ~25,000 keys. Never
  // iterated (its order is unspecified): values that combine a table are made from the
  // sorted inputs.
  struct ViewHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  using Table = std::unordered_map<std::string, std::string, ViewHash, std::equal_to<>>;
  Table files_;
  Table front_matter_;  // by file
  const UiStrings& strings_;
  const std::vector<Language>& languages_;
  const AssetSet& assets_;
  Table derived_;            // by whole key
  Table string_values_;      // "string:<key>" values, by key
  Table template_values_;    // "template:<name>" values, by name
  Table data_text_values_;   // "data-text:<lang>" values, by language
  std::string all_data_;     // every data file
  std::string all_strings_;  // every UI-string file
};

class PageCache {
 public:
  PageCache(ContentCache* cache, const DependencyValues* values, bool drafts)
      : cache_(cache), values_(values), drafts_(drafts) {}
  // The page as an earlier build rendered it from the same inputs, if any. Otherwise, when
  // `why` is given, it says why not: the first key whose value changed ("data:gpus changed"),
  // or that the page was never kept.
  // With `previous` (the output folder's files as the last build wrote them, by path), a page
  // all of whose files are held there unchanged comes back without its bytes: html empty and
  // html_unchanged_hash set, each file with unchanged_hash set (base/output_file.h).
  std::optional<PageResult> Find(const PageJob& job, std::string* why = nullptr,
                                 const OutputHashes* previous = nullptr) const;
  // Keeps a page rendered without any diagnostic (its HTML with the late marks unbound).
  void Keep(const PageJob& job, const PageResult& result) const;
  // Late-bound lines (SiteRenderer::BindLate): a page's "late:" keys are read like the others,
  // but a change of their value does not make the page render again. The kept page comes back
  // bound with today's lines (Find), and the hash of the page's file recorded for the output
  // folder is that of the bound page (Keep), so an output file is only reused as it stands
  // while every late value is as when it was written.
  using LateBinder = std::function<void(const PageJob&, std::string*)>;
  void BindLateWith(LateBinder bind) { bind_ = std::move(bind); }
  static bool IsLateKey(std::string_view key) { return key.compare(0, 5, "late:") == 0; }

 private:
  std::string JobKey(const PageJob& job) const;
  std::optional<std::string> ResultKey(const std::string& job_key,
                                       const std::vector<std::string>& dependencies) const;
  ContentCache* cache_;
  const DependencyValues* values_;
  bool drafts_;
  LateBinder bind_;
};

// ContentHashHex of every file the loaders list under data/, content/, templates/, assets/
// ("" for a file that cannot be read).
// With `keep`, the bytes read are kept there too, and the paths whose hash changed are listed
// (base/files.h: InputSnapshot).
// With a cache, a file whose size, times, inode and device are as when an earlier run hashed it
// keeps that hash unread (as git's index does), unless it changed within 2 s before that run
// recorded it: file times are as coarse as the kernel's tick, so a save in the same tick as
// the hashing would otherwise look unchanged. Such a file is read again until it has aged.
std::map<std::string, std::string> InputFileHashes(const std::string& root,
                                                   InputSnapshot* keep = nullptr,
                                                   ContentCache* cache = nullptr);

}  // namespace gg
