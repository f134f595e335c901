#include "site/input_fingerprint.h"

#include "base/content_cache.h"
#include "base/files.h"

namespace gg {

std::string InputFingerprint(const BuildOptions& options) {
  KeyWriter w;
  w.Str("inputs/1").Bool(options.drafts).Str(ContentHashHex(options.calc_wasm));
  // The same listing the loaders use (hidden files skipped, links that leave the project
  // skipped), so a file they do not read cannot make a build look changed, and one they do
  // read always does.
  for (const char* dir : {"data", "content", "templates", "assets"}) {
    for (const auto& rel : ListFiles(options.root, dir)) {
      std::string bytes;
      const bool read = ReadWholeFile(options.root + "/" + rel, &bytes);
      w.Str(rel).Bool(read).Str(read ? ContentHashHex(bytes) : std::string());
    }
  }
  return w.Hash();
}

}  // namespace gg
