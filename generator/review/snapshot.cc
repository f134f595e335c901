#include "review/snapshot.h"

#include "base/files.h"
#include "base/text.h"
#include "data/load_dataset.h"
#include "site/build.h"
#include "validate/validate_dataset.h"

namespace gg {

Snapshot TakeSnapshot(const std::string& root, const std::string& label, int jobs,
                      ContentCache* cache) {
  Snapshot s;
  s.label = label;
  Diagnostics diags;
  BuildOptions options;
  options.root = root;
  options.jobs = jobs;
  options.cache = cache;
  BuildOutput out;
  s.built = BuildSite(options, &diags, &out);
  s.diagnostics = diags.Sorted();
  s.output_pages = out.pages;
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
