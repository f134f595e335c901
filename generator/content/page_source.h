// Content files: content/<lang>/<path>.md with YAML front matter. This module reads and
// checks them; it knows nothing of templates or data.
#pragma once

#include <string>
#include <vector>

#include "base/content_cache.h"
#include "base/diagnostics.h"
#include "model/model.h"

namespace gg {

struct FrontMatter {
  std::string title;
  std::string linktitle;  // short title for navigation; the title when empty
  std::string description;
  int order = 100;
  std::string date;  // ISO date, may be empty
  bool draft = false;
  bool nav = true;
  std::string translation_of;  // revision of the default-language source this translates
  // Chapters: the ids this page's text had before it moved out of its parent page (the
  // contents page carries them, so old links land on the entry). "old" names the chapter,
  // "old=new" the section whose heading id is now "new".
  std::vector<std::string> anchors;
  SourceLoc anchors_loc;
};

struct PageSource {
  SourceLoc loc;     // file, line 1
  std::string lang;  // "fr"
  std::string path;  // "guide", "a/b", "" for the language's home page (index.md)
  std::string file;  // "content/fr/guide.md"
  FrontMatter fm;
  std::string body;      // Markdown after the front matter
  int body_line = 1;     // line of the file where body starts
  std::string revision;  // content revision of the whole file (see SourceRevision)
  SourceLoc translation_of_loc;
};

// The revision a translation records: the first 12 hex digits of the SHA-256 of the source
// file's bytes. Any edit to the source changes it.
std::string SourceRevision(const std::string& file_bytes);

// Splits front matter from body and reads it. Reports: no opening '---' (the file must start
// with front matter), an unclosed block, YAML syntax errors (at their line:col), unknown keys
// (did you mean), wrong types, a missing title. Returns false when the page is unusable.
// `with_revision`: also compute `revision` (a SHA-256 of the file), which only a page that
// translations follow (the default language's) needs.
// With a cache, front matter parsed earlier without any diagnostic is taken from it (by file
// name and YAML text): YAML parsing was a tenth of an incremental build.
bool ParsePageSource(const std::string& file, const std::string& text, PageSource* out,
                     Diagnostics* diags, bool with_revision = true, ContentCache* cache = nullptr);

// Reads every content/<lang>/**.md for the site's languages. Also reports Markdown files in
// folders that are not a configured language. Pages are sorted by (lang order, path). Files
// are read and parsed on `threads` threads (0: one per core); the result does not depend on it.
std::vector<PageSource> LoadContent(const std::string& root, const SiteConfig& site,
                                    Diagnostics* diags, int threads = 0,
                                    ContentCache* cache = nullptr);

}  // namespace gg
