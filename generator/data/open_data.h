// The open data published with the site under data/: each data file as it was read (JSON),
// and a CSV for each table-like kind (gpus, prices, cloud, models, benchmarks), one row per
// entry, one column per field, in the order of the file. Pure: data set in, bytes out; the
// site module decides nothing but where they go, and the methodology lists them.
#pragma once

#include <string>
#include <vector>

#include "model/model.h"

namespace gg {

struct OpenDataFile {
  std::string kind;    // "gpus", "prices" …: the data file's name without .json
  std::string format;  // "json" | "csv"
  std::string path;    // relative to the site root: "data/gpus.json", "data/gpus.csv"
  std::string bytes;
  int records = 0;  // entries of the kind (both formats)
};

// Every published file, sorted by kind then format (csv before json). A data file that could
// not be read is left out.
std::vector<OpenDataFile> OpenDataFiles(const Dataset& data);

// The same files without their bytes (bytes empty): what the methodology lists. Cheap: it
// depends only on which data files were read and how many records each holds, so a page that
// lists the files is not re-rendered when a value in them changes.
std::vector<OpenDataFile> OpenDataListing(const Dataset& data);

// The CSV of one table-like kind ("gpus", "prices" …): made from that kind's records only, so
// a build may keep it while its data file is unchanged. Empty for another kind.
std::string OpenDataCsv(const Dataset& data, const std::string& kind);

// One CSV field (RFC 4180): quoted when it holds a comma, quote, CR or LF, quotes doubled.
// A text that a spreadsheet would read as a formula (it starts with '=', '+', '-', '@', a tab
// or a carriage return) is neutralised by a leading single quote, as OWASP's CSV-injection
// rule says ("=HYPERLINK(…)" is published as "'=HYPERLINK(…)"); a plain decimal number
// ("-12.5", "+3e-2") is a value, not a formula, and is kept as it is.
std::string CsvField(const std::string& text);

}  // namespace gg
