// Templates: templates/*.html, kainjow mustache. A page is rendered in two steps: its page
// type's template (page.html, home.html, gpu.html …) gives the main content, then base.html
// wraps it. Rules enforced at load, each reported with the template's file and line:
//  - {{x}} escapes; triple mustaches {{{x}}} / {{&x}} are allowed only for names ending in
//    "_html", which by convention hold HTML the program produced itself;
//  - every UI string a template uses ({{t.key}}) must exist in the default language;
//  - limits that keep rendering linear and bounded: no set-delimiter tags ({{=<% %>=}}), no
//    partials ({{>x}}), tag names of letters, digits, '_', '.', '-' and at most
//    kMaxTemplateTagLength characters, sections nested at most kMaxTemplateDepth deep and
//    never inside a section of the same name ({{#nav}}{{#nav}} repeats the list per item).
#pragma once

#include <cstdint>
#include <kainjow/mustache.hpp>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "base/diagnostics.h"

namespace gg {

using TemplateData = kainjow::mustache::data;

inline constexpr size_t kMaxTemplateTagLength = 128;
inline constexpr int kMaxTemplateDepth = 8;

class TemplateSet {
 public:
  // Loads every templates/*.html under root. Reports syntax errors and rule violations.
  void Load(const std::string& root, Diagnostics* diags);
  // Adds one template from text (tests).
  void Add(const std::string& name, const std::string& file, const std::string& text,
           Diagnostics* diags);
  bool Has(const std::string& name) const { return templates_.count(name) > 0; }
  // Renders template `name` ("page" for templates/page.html) with `data`; names it lacks are
  // looked up in `base` when given (data shared by many pages, such as the {{t.…}} strings,
  // is passed there instead of being copied into each page's data). Thread-safe: each thread
  // parses a template once per template set. Returns "" and reports when it is missing.
  // strings_variant, when not empty, names `base` for this set's life (the page's language):
  // the template is then parsed once per variant with each {{t.key}} that names a string of
  // `base` replaced by its escaped text — the same output, without looking the string up in
  // every page (dotted names are split and walked at each use). "t" is reserved for the UI
  // strings: no page data may have a "t" of its own.
  std::string Render(const std::string& name, const TemplateData& data, Diagnostics* diags,
                     const TemplateData* base = nullptr,
                     const std::string& strings_variant = {}) const;
  // UI-string keys used as {{t.key}}, with where they are used.
  const std::vector<std::pair<std::string, SourceLoc>>& UsedStrings() const { return used_; }

 private:
  struct Entry {
    std::string file;
    std::string text;
  };
  std::map<std::string, Entry> templates_;
  uint64_t id_ = 0;  // new for every change of the set: names the per-thread parsed copies
  std::set<std::string> refused_;  // reported at load; rendering them reports nothing more
  std::vector<std::pair<std::string, SourceLoc>> used_;
};

// Builds the nested {{t.a.b}} object from a flat table {"a.b": "text"}.
TemplateData StringsData(const std::map<std::string, std::string>& table);

}  // namespace gg
