#include "render/templates.h"

#include <regex>

#include "base/files.h"
#include "base/text.h"

namespace gg {

namespace mus = kainjow::mustache;

void TemplateSet::Add(const std::string& name, const std::string& file, const std::string& text,
                      Diagnostics* diags) {
  mus::mustache tmpl(text);
  if (!tmpl.is_valid()) {
    // kainjow ends its messages with "at N", N a byte offset: turn it into line:col.
    std::string msg = tmpl.error_message();
    int line = 0, col = 0;
    size_t at = msg.rfind(" at ");
    if (at != std::string::npos && at + 4 < msg.size() &&
        msg.find_first_not_of("0123456789", at + 4) == std::string::npos) {
      size_t offset = static_cast<size_t>(std::stoul(msg.substr(at + 4)));
      LineColOf(text, offset, &line, &col);
      msg = msg.substr(0, at);
    }
    diags->Error({file, line, col}, "template error: " + msg);
    return;
  }
  // Scan tags line by line for the escaping rule and the strings used.
  static const std::regex kTag(R"(\{\{(\{|&)?\s*([#^/!>]?)\s*([A-Za-z0-9_.\-]+)\s*\}?\}\})");
  int line = 1;
  size_t start = 0;
  while (start <= text.size()) {
    size_t eol = text.find('\n', start);
    std::string ln = text.substr(start, eol == std::string::npos ? std::string::npos : eol - start);
    for (auto it = std::sregex_iterator(ln.begin(), ln.end(), kTag); it != std::sregex_iterator();
         ++it) {
      const auto& m = *it;
      int col = static_cast<int>(m.position(0)) + 1;
      std::string raw = m[1].str(), sigil = m[2].str(), tagname = m[3].str();
      if (!raw.empty() && !EndsWith(tagname, "_html")) {
        diags->Error({file, line, col}, "unescaped value '" + tagname + "' in a template",
                     "use {{" + tagname + "}}; only names ending in _html may be unescaped");
      }
      if (sigil.empty() && StartsWith(tagname, "t."))
        used_.push_back({tagname.substr(2), {file, line, col}});
    }
    if (eol == std::string::npos) break;
    start = eol + 1;
    ++line;
  }
  templates_[name] = {file, text};
}

void TemplateSet::Load(const std::string& root, Diagnostics* diags) {
  for (const auto& rel : ListFiles(root, "templates")) {
    if (!EndsWith(rel, ".html")) continue;
    std::string text;
    if (!ReadInputFile(root, rel, &text, diags)) continue;
    std::string name = rel.substr(std::string("templates/").size());
    name = name.substr(0, name.size() - 5);
    Add(name, rel, text, diags);
  }
}

std::string TemplateSet::Render(const std::string& name, const TemplateData& data,
                                Diagnostics* diags) const {
  auto it = templates_.find(name);
  if (it == templates_.end()) {
    diags->Error({"templates/" + name + ".html", 0, 0}, "missing template '" + name + "'");
    return {};
  }
  mus::mustache tmpl(it->second.text);
  std::string out = tmpl.render(data);
  if (!tmpl.error_message().empty())
    diags->Error({it->second.file, 0, 0}, "template error: " + tmpl.error_message());
  return out;
}

TemplateData StringsData(const std::map<std::string, std::string>& table) {
  TemplateData root{TemplateData::type::object};
  for (const auto& [key, text] : table) {
    // Walk/create nested objects for "a.b.c".
    std::vector<std::string> parts;
    size_t s = 0, d;
    while ((d = key.find('.', s)) != std::string::npos) {
      parts.push_back(key.substr(s, d - s));
      s = d + 1;
    }
    parts.push_back(key.substr(s));
    TemplateData* node = &root;
    for (size_t i = 0; i + 1 < parts.size(); ++i) {
      TemplateData* child = const_cast<TemplateData*>(node->get(parts[i]));
      if (!child || !child->is_object()) {
        node->set(parts[i], TemplateData{TemplateData::type::object});
        child = const_cast<TemplateData*>(node->get(parts[i]));
      }
      node = child;
    }
    if (!node->get(parts.back())) node->set(parts.back(), text);
  }
  return root;
}

}  // namespace gg
