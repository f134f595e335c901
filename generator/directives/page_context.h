// What a directive may use while rendering one page: the read-only inputs (data set, computed
// results, UI strings, language, number formatter, the page's place in the site) and where its
// outputs go (extra files, the link-preview image, diagnostics). One per page render; directives
// run on the page's thread.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "base/diagnostics.h"
#include "base/output_file.h"
#include "i18n/format.h"
#include "i18n/ui_strings.h"
#include "model/model.h"

namespace gg {

struct Computed;  // directives/computed.h: every calculation result, computed once per build

struct PageContext {
  const Dataset* data = nullptr;
  const Computed* computed = nullptr;
  const UiStrings* strings = nullptr;
  const Language* lang = nullptr;
  const Formatter* fmt = nullptr;
  std::string to_root;                       // relative prefix from this page to the site root
  std::string chart_dir;                     // site path of this language's charts ("en/charts/")
  std::vector<OutputFile>* files = nullptr;  // extra files the page needs (chart SVG/PNG)
  std::string* og_image = nullptr;           // first chart PNG of the page, for link previews
  Diagnostics* diags = nullptr;

  // UI string in the page's language; reports an error (once per key) when no language has it.
  std::string T(const std::string& key) const;
  std::string TF(const std::string& key,
                 const std::vector<std::pair<std::string, std::string>>& args) const;
  // Link from this page to a site path such as "en/gpus/rtx-4090/".
  std::string Href(const std::string& site_path) const { return to_root + site_path; }
};

}  // namespace gg
