#include "fuzz_common.h"

#include <cstdio>
#include <cstdlib>

#include "data/load_dataset.h"

namespace gg::fuzz {

const Dataset& RealDataset() {
  static const Dataset* data = [] {
    Diagnostics diags;
    auto* d = new Dataset(LoadDataset(SourceRoot(), &diags));
    if (diags.HasErrors()) {
      std::fprintf(stderr, "fuzz: the repository's data has errors:\n%s", diags.Render().c_str());
      std::abort();
    }
    return d;
  }();
  return *data;
}

}  // namespace gg::fuzz
