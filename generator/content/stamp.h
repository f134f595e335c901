// `gpuguide stamp`: the text edit that records which revision of its source a translation
// follows. Pure (no files), so that it is tested on its own.
#pragma once

#include <string>

namespace gg {

// Returns text with its front matter's `translation_of:` line set to rev (replaced in place,
// or added just before the closing ---). Everything else stays byte for byte, including CRLF
// line ends (the new line ends like the file's first line) and a missing final newline.
// Returns "" when text has no front matter block (the caller reports that first).
std::string WithTranslationOf(const std::string& text, const std::string& rev);

// Whether `rel` names a page of a language folder without leaving it: "content/<lang>/<path>.md"
// with no "..", ".", empty or absolute component (content/fr/../en/x.md is refused). Sets
// *lang to the folder's language code.
bool IsLanguagePagePath(const std::string& rel, std::string* lang);

}  // namespace gg
