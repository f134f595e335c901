#include "site/open_data_plan.h"

#include "data/open_data.h"

namespace gg {

std::vector<OutputFile> PlanOpenData(const Dataset& data,
                                     const std::map<std::string, std::string>* input_hashes,
                                     const OutputHashes* previous, ContentCache* cache) {
  std::vector<OutputFile> out;
  for (const OpenDataFile& f : OpenDataListing(data)) {
    const std::string input = "data/" + f.kind + ".json";
    // The file's hash when the previous output holds exactly it; "" otherwise.
    auto unchanged = [&](const std::string& hash) -> std::string {
      if (!previous || hash.empty()) return "";
      auto it = previous->find(f.path);
      return it != previous->end() && it->second == hash ? hash : "";
    };
    const std::string* input_hash = nullptr;
    if (input_hashes) {
      auto it = input_hashes->find(input);
      if (it != input_hashes->end()) input_hash = &it->second;
    }
    if (f.format == "json") {
      // The copy is the input's bytes, so its hash is the input's.
      auto text = data.texts.find(input);
      if (text == data.texts.end()) continue;
      std::string kept = input_hash ? unchanged(*input_hash) : "";
      out.push_back({f.path, kept.empty() ? text->second : std::string(), kept});
      continue;
    }
    const std::string key =
        input_hash && cache ? KeyWriter().Str("open-data-csv/1").Str(f.kind).Str(*input_hash).Hash()
                            : std::string();
    if (!key.empty()) {
      if (auto hash = cache->Get("open-data-csv", key)) {
        std::string kept = unchanged(*hash);
        if (!kept.empty()) {
          out.push_back({f.path, "", kept});
          continue;
        }
      }
    }
    std::string bytes = OpenDataCsv(data, f.kind);
    if (!key.empty()) cache->Put("open-data-csv", key, ContentHashHex(bytes));
    out.push_back({f.path, std::move(bytes)});
  }
  return out;
}

}  // namespace gg
