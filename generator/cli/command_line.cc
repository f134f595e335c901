#include "cli/command_line.h"

#include <algorithm>
#include <charconv>

#include "base/suggest.h"

namespace gg {

const std::string* ParsedArgs::Last(const std::string& option) const {
  auto it = values.find(option);
  return it == values.end() || it->second.empty() ? nullptr : &it->second.back();
}

std::string ParsedArgs::Or(const std::string& option, const std::string& fallback) const {
  const std::string* v = Last(option);
  return v ? *v : fallback;
}

bool ParseCommandLine(const CommandDecl& decl, const std::vector<std::string>& args, size_t start,
                      ParsedArgs* out, std::string* error) {
  std::vector<std::string> names = {"--help"};
  for (const OptionDecl& o : decl.options) names.push_back(o.name);
  for (size_t i = start; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg.rfind("--", 0) != 0 || arg == "--") {
      if (decl.positional.empty()) {
        *error = "unexpected argument '" + arg + "' for '" + decl.name + "'";
        return false;
      }
      out->positional.push_back(arg);
      continue;
    }
    const size_t eq = arg.find('=');
    const std::string name = arg.substr(0, eq);
    if (name == "--help") {
      out->switches.insert(name);
      continue;
    }
    auto o = std::find_if(decl.options.begin(), decl.options.end(),
                          [&](const OptionDecl& d) { return d.name == name; });
    if (o == decl.options.end()) {
      std::string hint = DidYouMean(name, names);
      *error = "unknown option '" + name + "' for '" + decl.name + "'" +
               (hint.empty() ? "" : "; " + hint);
      return false;
    }
    if (o->value.empty()) {
      if (eq != std::string::npos) {
        *error = "option " + name + " takes no value";
        return false;
      }
      out->switches.insert(name);
      continue;
    }
    std::string value;
    if (eq != std::string::npos) {
      value = arg.substr(eq + 1);
    } else if (i + 1 < args.size()) {
      value = args[++i];
    } else {
      *error = "option " + name + " needs a value";
      return false;
    }
    auto& slot = out->values[name];
    if (!o->repeatable) slot.clear();
    slot.push_back(value);
  }
  return true;
}

std::string CommandHelp(const CommandDecl& decl) {
  std::string usage = "usage: gpuguide " + decl.name;
  size_t width = 0;
  for (const OptionDecl& o : decl.options) {
    std::string shown = o.name + (o.value.empty() ? "" : " " + o.value);
    usage += " [" + shown + "]" + (o.repeatable ? "..." : "");
    width = std::max(width, shown.size());
  }
  if (!decl.positional.empty()) usage += " " + decl.positional;
  std::string text = usage + "\n";
  if (!decl.summary.empty()) text += "  " + decl.summary + "\n";
  for (const OptionDecl& o : decl.options) {
    std::string shown = o.name + (o.value.empty() ? "" : " " + o.value);
    text += "  " + shown + std::string(width + 2 - shown.size(), ' ') + o.help + "\n";
  }
  if (!decl.details.empty()) text += decl.details;
  return text;
}

std::string CommandList(const std::string& prefix, const std::vector<CommandDecl>& commands,
                        const std::string& footer) {
  std::string text = "usage: " + prefix + " <command> [options]\n\ncommands:\n";
  // "calc vram" is listed as "vram" under "gpuguide calc".
  const std::string group = prefix.size() > 9 ? prefix.substr(9) + " " : "";
  auto shown = [&](const CommandDecl& c) {
    return c.name.rfind(group, 0) == 0 ? c.name.substr(group.size()) : c.name;
  };
  size_t width = 0;
  for (const CommandDecl& c : commands) width = std::max(width, shown(c).size());
  for (const CommandDecl& c : commands)
    text += "  " + shown(c) + std::string(width + 2 - shown(c).size(), ' ') + c.summary + "\n";
  return text + "\n" + footer;
}

bool ParseIntOption(const std::string& text, long min, long max, long* out) {
  long v = 0;
  const char* end = text.data() + text.size();
  auto [p, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || ec != std::errc() || p != end || v < min || v > max) return false;
  *out = v;
  return true;
}

}  // namespace gg
