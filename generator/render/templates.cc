#include "render/templates.h"

#include <atomic>
#include <memory>

#include <algorithm>

#include "base/files.h"
#include "base/text.h"
#include "base/url_policy.h"

namespace gg {

namespace mus = kainjow::mustache;

namespace {

// What kainjow's render writes to: its output, appended (kainjow's own render(context) goes
// through a std::ostringstream, a virtual call and a dynamic_cast per line, and copies the
// whole page out of it at the end).
struct StringSink {
  std::string text;
  StringSink& operator<<(const std::string& piece) {
    text += piece;
    return *this;
  }
};

// kainjow's html_escape, byte for byte (&apos; included), without its per-character
// std::string append of a one-character initializer list.
std::string EscapeAsKainjow(const std::string& s) {
  return HtmlEscape(s, "&apos;");
}

bool IsNameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '.' || c == '-';
}

struct Tag {
  size_t offset = 0;  // of the opening "{{"
  bool raw = false;   // {{{x}}} or {{&x}}
  char sigil = 0;     // '#', '^', '/', '!', '>', '=' or 0
  std::string name;   // trimmed
  size_t length = 0;  // of the text between the braces
};

// Splits the text into mustache tags. Stops at an unclosed tag (kainjow reports it).
std::vector<Tag> ScanTags(const std::string& text) {
  std::vector<Tag> tags;
  size_t pos = 0;
  while ((pos = text.find("{{", pos)) != std::string::npos) {
    Tag t;
    t.offset = pos;
    size_t inner = pos + 2;
    std::string close = "}}";
    if (inner < text.size() && text[inner] == '{') {
      t.raw = true;
      ++inner;
      close = "}}}";
    }
    size_t end = text.find(close, inner);
    if (end == std::string::npos) break;
    std::string body = text.substr(inner, end - inner);
    t.length = body.size();
    size_t b = body.find_first_not_of(" \t\r\n");
    if (b != std::string::npos && std::string("#^/!>=&").find(body[b]) != std::string::npos) {
      t.sigil = body[b];
      if (t.sigil == '&') {
        t.raw = true;
        t.sigil = 0;
      }
      ++b;
    }
    size_t first = body.find_first_not_of(" \t\r\n", b == std::string::npos ? body.size() : b);
    size_t last = body.find_last_not_of(" \t\r\n");
    if (first != std::string::npos && last != std::string::npos && last >= first)
      t.name = body.substr(first, last - first + 1);
    tags.push_back(t);
    pos = end + close.size();
  }
  return tags;
}

}  // namespace

void TemplateSet::Add(const std::string& name, const std::string& file, const std::string& text,
                      Diagnostics* diags) {
  static std::atomic<uint64_t> next_id{0};
  id_ = ++next_id;
  // Our own rules first, on a linear scan, so that kainjow never sees a construct that could
  // make it loop, recurse without end or render without bound.
  bool ok = true;
  std::vector<std::string> open;  // section names, outermost first
  std::vector<std::pair<std::string, SourceLoc>> used;
  for (const Tag& t : ScanTags(text)) {
    int line, col;
    LineColOf(text, t.offset, &line, &col);
    SourceLoc at{file, line, col};
    auto fail = [&](const std::string& message, const std::string& hint) {
      diags->Error(at, message, hint);
      ok = false;
    };
    if (t.sigil == '!') continue;  // comment
    if (t.length > kMaxTemplateTagLength) {
      fail("template tag longer than " + std::to_string(kMaxTemplateTagLength) + " characters",
           "a tag holds one name such as {{title}}");
      continue;
    }
    if (t.sigil == '=') {
      fail("set-delimiter tags are not allowed in templates",
           "keep the {{ }} delimiters so that every tag is checked");
      continue;
    }
    if (t.sigil == '>') {
      fail("partials are not allowed in templates",
           "base.html wraps every page; put shared markup there");
      continue;
    }
    if (t.name.empty() || !std::all_of(t.name.begin(), t.name.end(), IsNameChar)) {
      fail("invalid tag name '" + t.name + "' in a template",
           "names are letters, digits, '_', '.' and '-'");
      continue;
    }
    if (t.raw && !EndsWith(t.name, "_html")) {
      fail("unescaped value '" + t.name + "' in a template",
           "use {{" + t.name + "}}; only names ending in _html may be unescaped");
    }
    if (t.sigil == '#' || t.sigil == '^') {
      if (std::find(open.begin(), open.end(), t.name) != open.end()) {
        fail("section '" + t.name + "' is nested inside itself",
             "a list inside the same list renders its items for each item, without bound");
      } else if (static_cast<int>(open.size()) >= kMaxTemplateDepth) {
        fail(
            "template sections nested deeper than " + std::to_string(kMaxTemplateDepth) + " levels",
            "");
      }
      open.push_back(t.name);
    } else if (t.sigil == '/') {
      if (!open.empty() && open.back() == t.name) open.pop_back();
    } else if (t.sigil == 0 && StartsWith(t.name, "t.")) {
      used.push_back({t.name.substr(2), at});
    }
  }
  for (const auto& u : MarkupResourceUrls(text)) {
    if (IsLocalUrl(u.url)) continue;
    int line, col;
    LineColOf(text, u.offset, &line, &col);
    diags->Error({file, line, col}, "template loads '" + u.url + "' from another host",
                 "pages load nothing from other hosts: keep every resource in assets/");
    ok = false;
  }
  if (!ok) {
    refused_.insert(name);
    return;
  }
  mus::mustache tmpl(text);
  if (!tmpl.is_valid()) {
    // kainjow ends its messages with "at N", N a byte offset: turn it into line:col.
    std::string msg = tmpl.error_message();
    int line = 0, col = 0;
    size_t at = msg.rfind(" at ");
    if (at != std::string::npos && at + 4 < msg.size() && at + 4 + 18 > msg.size() &&
        msg.find_first_not_of("0123456789", at + 4) == std::string::npos) {
      size_t offset = static_cast<size_t>(std::stoul(msg.substr(at + 4)));
      LineColOf(text, offset, &line, &col);
      msg = msg.substr(0, at);
    }
    diags->Error({file, line, col}, "template error: " + msg);
    refused_.insert(name);
    return;
  }
  used_.insert(used_.end(), used.begin(), used.end());
  templates_[name] = {file, text};
}

void TemplateSet::Load(const std::string& root, Diagnostics* diags) {
  for (const auto& rel : ListFiles(root, "templates", diags)) {
    if (!EndsWith(rel, ".html")) continue;
    std::string text;
    if (!ReadInputFile(root, rel, &text, diags)) continue;
    std::string name = rel.substr(std::string("templates/").size());
    name = name.substr(0, name.size() - 5);
    Add(name, rel, text, diags);
  }
}

namespace {

// text with each {{t.key}} (escaped form, any spaces inside the braces) whose key names a
// string of `strings` replaced by that string as the template engine would escape it. A tag
// whose text would hold braces, or that names no string, is left for the engine.
std::string ResolveStrings(const std::string& text, const TemplateData& strings) {
  std::string out;
  out.reserve(text.size() + text.size() / 4);
  size_t from = 0;
  for (size_t open = text.find("{{"); open != std::string::npos; open = text.find("{{", from)) {
    const size_t close = text.find("}}", open + 2);
    if (close == std::string::npos) break;
    std::string_view name(text.data() + open + 2, close - open - 2);
    while (!name.empty() && name.front() == ' ') name.remove_prefix(1);
    while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
    // The dotted name walked from `strings` ("t", then each key).
    const TemplateData* node = StartsWith(name, "t.") ? &strings : nullptr;
    for (size_t s = 0; node && s <= name.size();) {
      size_t dot = name.find('.', s);
      if (dot == std::string_view::npos) dot = name.size();
      node = node->is_object() ? node->get(std::string(name.substr(s, dot - s))) : nullptr;
      s = dot + 1;
    }
    const std::string escaped = node && node->is_string()
                                    ? mus::html_escape<std::string>(node->string_value())
                                    : std::string();
    if (escaped.empty() || escaped.find("{{") != std::string::npos ||
        escaped.find("}}") != std::string::npos) {
      out.append(text, from, close + 2 - from);  // left to the engine
    } else {
      out.append(text, from, open - from);
      out += escaped;
    }
    from = close + 2;
  }
  out.append(text, from, std::string::npos);
  return out;
}

}  // namespace

std::string TemplateSet::Render(const std::string& name, const TemplateData& data,
                                Diagnostics* diags, const TemplateData* base,
                                const std::string& strings_variant) const {
  auto it = templates_.find(name);
  if (it == templates_.end() && refused_.count(name)) return {};  // reported at load
  if (it == templates_.end()) {
    diags->Error({"templates/" + name + ".html", 0, 0}, "missing template '" + name + "'");
    return {};
  }
  // Parsed once per thread and template set (a parsed template is not safe to share between
  // threads: rendering walks it through non-const references).
  thread_local uint64_t parsed_for = 0;
  thread_local std::map<std::string, std::unique_ptr<mus::mustache>> parsed;
  if (parsed_for != id_) {
    parsed.clear();
    parsed_for = id_;
  }
  const bool resolve = base && !strings_variant.empty();
  std::unique_ptr<mus::mustache>& tmpl = parsed[resolve ? strings_variant + '\0' + name : name];
  if (!tmpl) {
    tmpl = std::make_unique<mus::mustache>(resolve ? ResolveStrings(it->second.text, *base)
                                                   : it->second.text);
    tmpl->set_custom_escape(EscapeAsKainjow);
  }
  mus::context<std::string> ctx;
  if (base) ctx.push(base);
  ctx.push(&data);
  StringSink sink;
  tmpl->render(ctx, sink);
  std::string out = std::move(sink.text);
  if (!tmpl->error_message().empty()) {
    diags->Error({it->second.file, 0, 0}, "template error: " + tmpl->error_message());
    tmpl.reset();
  }
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
