#include "site/assets.h"

#include "base/files.h"
#include "base/text.h"

namespace gg {

std::string HashedName(const std::string& name, const std::string& bytes) {
  std::string hash = Sha256Hex(bytes).substr(0, 10);
  size_t dot = name.rfind('.');
  if (dot == std::string::npos) return name + "." + hash;
  return name.substr(0, dot) + "." + hash + name.substr(dot);
}

AssetSet LoadAssets(const std::string& root, Diagnostics* diags) {
  AssetSet set;
  for (const auto& rel : ListFiles(root, "assets")) {
    std::string bytes;
    bool text = EndsWith(rel, ".css") || EndsWith(rel, ".js") || EndsWith(rel, ".svg");
    if (!ReadInputFile(root, rel, &bytes, diags, text)) continue;
    std::string name = rel.substr(std::string("assets/").size());
    if (text &&
        (bytes.find("http://") != std::string::npos ||
         bytes.find("https://") != std::string::npos) &&
        EndsWith(rel, ".css")) {
      diags->Error({rel, 0, 0}, "stylesheet refers to another host",
                   "pages load nothing from other hosts: keep every resource in assets/");
    }
    std::string published = "assets/" + HashedName(name, bytes);
    set.published[name] = published;
    set.files.push_back({published, bytes});
  }
  return set;
}

}  // namespace gg
