// The open-data files of a build's plan (data/open_data.h), made only when they may have
// changed: with the output folder as the previous build left it, a data file's JSON copy
// whose input is unchanged is planned without bytes (its hash is the input's), and so is a
// CSV that an earlier build made from the same input (the cache keeps its hash). A prose
// edit no longer writes the five CSVs again; a price edit writes prices.csv only.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "base/content_cache.h"
#include "base/output_file.h"
#include "model/model.h"

namespace gg {

// input_hashes: ContentHashHex of each input file (site/page_cache.h, InputFileHashes);
// previous: the output folder's files as the last commit left them. Either null, or no
// cache: every file with its bytes. The bytes are the same as OpenDataFiles' either way.
std::vector<OutputFile> PlanOpenData(const Dataset& data,
                                     const std::map<std::string, std::string>* input_hashes,
                                     const OutputHashes* previous, ContentCache* cache);

}  // namespace gg
