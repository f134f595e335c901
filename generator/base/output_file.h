// The plan's unit: one file of the site, as bytes, at a path relative to the output folder.
// Produced by site/, committed by write/.
#pragma once

#include <string>
#include <vector>

namespace gg {

struct OutputFile {
  std::string path;  // "en/guide/index.html" — '/' separated, no leading '/'
  std::string bytes;
};

}  // namespace gg
