#include "site/input_fingerprint.h"

#include "base/content_cache.h"
#include "site/page_cache.h"

namespace gg {

std::string InputFingerprint(const BuildOptions& options) {
  KeyWriter w;
  w.Str("inputs/1").Bool(options.drafts).Str(ContentHashHex(options.calc_wasm));
  // The same listing the loaders use (hidden files skipped, links that leave the project
  // skipped), so a file they do not read cannot make a build look changed, and one they do
  // read always does.
  const auto hashes = options.input_hashes ? *options.input_hashes : InputFileHashes(options.root);
  for (const auto& [rel, hash] : hashes) w.Str(rel).Str(hash);
  return w.Hash();
}

}  // namespace gg
