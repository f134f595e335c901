// Loads every data file (data/*.json) into a Dataset. Each file is checked on its own:
// syntax, types, required and unknown fields, enums, dates, ranges, duplicate ids within the
// file. Cross-file checks (unknown GPU ids in prices, …) belong to validate/. A file with
// problems is reported and its bad entries skipped, so that one run reports everything.
#pragma once

#include <string>

#include "base/diagnostics.h"
#include "data/json_doc.h"
#include "model/model.h"

namespace gg {

// Reads ROOT/data/*.json. site.json, gpus.json … personas.json are required;
// flowchart.json is optional. Unknown *.json files in data/ are reported.
// The JSON files are parsed on `threads` threads (ThreadCount: 0 means one per core); the
// result does not depend on it.
Dataset LoadDataset(const std::string& root, Diagnostics* diags, int threads = 0);

// Whether code is a BCP 47 language tag of the simple form the site uses ("en", "zh-Hans").
bool IsLanguageTag(const std::string& code);
// Whether url is http(s):// without whitespace, controls, quotes, '<', '>' or backslash.
bool IsPlainAbsoluteUrl(const std::string& url);

// Parses one file's text; exposed for tests (file is the relative path for messages).
void LoadSiteConfig(const std::string& file, const std::string& text, SiteConfig* out,
                    Diagnostics* diags);
void LoadDataFile(const std::string& file, const std::string& text, Dataset* out,
                  Diagnostics* diags);
// The second half of LoadDataFile, for a document ParseJsonDoc accepted (doc.file names it):
// LoadDataset parses the files on several threads, then loads them in a fixed order.
void LoadParsedDataFile(const JsonDoc& doc, Dataset* out, Diagnostics* diags);

}  // namespace gg
