#include "directives/page_context.h"

namespace gg {

std::string PageContext::T(const std::string& key) const {
  Read("string:" + key);
  if (!strings->Has(key)) {
    diags->Error({strings->DefaultFile(), 0, 0}, "missing UI string '" + key + "'",
                 "add it to the default language's _strings.json");
    return key;
  }
  return strings->Get(lang->code, key);
}

std::string PageContext::TF(const std::string& key,
                            const std::vector<std::pair<std::string, std::string>>& args) const {
  Read("string:" + key);
  if (!strings->Has(key)) {
    diags->Error({strings->DefaultFile(), 0, 0}, "missing UI string '" + key + "'",
                 "add it to the default language's _strings.json");
    return key;
  }
  return strings->Format(lang->code, key, args);
}

}  // namespace gg
