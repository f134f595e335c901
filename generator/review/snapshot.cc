#include "review/snapshot.h"

#include "base/files.h"
#include "base/text.h"
#include "data/load_dataset.h"
#include "i18n/ui_strings.h"
#include "site/build.h"
#include "validate/validate_dataset.h"

namespace gg {
namespace {

// Snapshot::names from the UI strings of the default language.
void NameThings(const std::string& root, Snapshot* s) {
  Diagnostics ignored;  // the build reported them
  UiStrings strings;
  strings.Load(root, s->data.site, &ignored);
  const std::string& lang = s->data.site.default_language;
  auto text = [&](const std::string& key) {
    std::string t = key.empty() ? "" : strings.Get(lang, key);
    return t.empty() ? key : t;
  };
  for (const auto& p : s->data.personas) {
    std::string name = strings.Get(lang, "persona." + p.id + ".name");
    if (!name.empty()) s->names["persona " + p.id] = name;
  }
  if (!s->data.flowchart) return;
  for (const auto& leaf : s->data.flowchart->nodes) {
    if (leaf.kind != "leaf") continue;
    // Leaves share labels ("Fastest card"): the question and answer that lead to it tell them
    // apart.
    std::string path;
    for (const auto& q : s->data.flowchart->nodes)
      for (const auto& a : q.answers)
        if (a.next == leaf.id && path.empty()) path = text(q.text_key) + " → " + text(a.label_key);
    s->names["flowchart leaf " + leaf.id] =
        (path.empty() ? "" : path + " → ") + text(leaf.text_key);
  }
}

}  // namespace

Snapshot TakeSnapshot(const std::string& root, const std::string& label, int jobs,
                      ContentCache* cache) {
  Snapshot s;
  s.label = label;
  Diagnostics diags;
  BuildOptions options;
  options.root = root;
  options.jobs = jobs;
  options.cache = cache;
  options.dependency_values = true;
  BuildOutput out;
  s.built = BuildSite(options, &diags, &out);
  s.diagnostics = diags.Sorted();
  s.output_pages = out.pages;
  s.page_dependencies = std::move(out.page_dependencies);
  s.dependency_values = std::move(out.dependency_values);
  s.page_of_file = std::move(out.page_of_file);
  if (s.built)
    for (auto& f : out.files) s.output[f.path] = std::move(f.bytes);

  // The model, loaded again on its own so the build stays a black box (loading is a few
  // milliseconds next to rendering). Its diagnostics duplicate the build's and are dropped.
  Diagnostics model_diags;
  s.data = LoadDataset(root, &model_diags);
  s.pages = LoadContent(root, s.data.site, &model_diags);
  if (s.data.unreadable.empty()) {
    ValidateDataset(s.data, &model_diags);
    s.computed = ComputeAll(s.data, &model_diags);
  }
  s.data_ok = s.data.unreadable.empty() && !model_diags.HasErrors();
  NameThings(root, &s);
  for (const auto& rel : ListFiles(root, "data")) {
    std::string text;
    if (EndsWith(rel, ".json") && ReadWholeFile(root + "/" + rel, &text)) s.data_files[rel] = text;
  }
  for (const char* dir : {"content", "templates", "assets"}) {
    for (const auto& rel : ListFiles(root, dir)) {
      std::string bytes;
      if (ReadWholeFile(root + "/" + rel, &bytes)) s.input_files[rel] = std::move(bytes);
    }
  }
  return s;
}

}  // namespace gg
