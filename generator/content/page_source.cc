#include "content/page_source.h"

#include <algorithm>
#include <tuple>

#include "base/dates.h"
#include "base/files.h"
#include "base/parallel.h"
#include "base/suggest.h"
#include "base/text.h"
#include "content/front_matter_yaml.h"

namespace gg {

std::string SourceRevision(const std::string& file_bytes) {
  return Sha256Hex(file_bytes).substr(0, 12);
}

namespace {

// Splits the text at the front matter's closing '---' line: the YAML between the two lines to
// *yaml, the body and its first line to out. False (reported) when the text does not start
// with '---' or the front matter is not closed.
bool SplitFrontMatter(const std::string& file, const std::string& text, std::string* yaml,
                      PageSource* out, Diagnostics* diags) {
  if (!StartsWith(text, "---\n") && !StartsWith(text, "---\r\n")) {
    diags->Error({file, 1, 1}, "missing front matter: a page starts with a '---' line",
                 "add ---, title: …, --- at the top");
    return false;
  }
  size_t pos = text.find('\n') + 1;
  int line = 2;
  size_t close = std::string::npos;
  size_t body_start = 0;
  while (pos < text.size()) {
    size_t eol = text.find('\n', pos);
    std::string ln = text.substr(pos, eol == std::string::npos ? std::string::npos : eol - pos);
    if (!ln.empty() && ln.back() == '\r') ln.pop_back();
    if (ln == "---") {
      close = pos;
      body_start = eol == std::string::npos ? text.size() : eol + 1;
      break;
    }
    if (eol == std::string::npos) break;
    pos = eol + 1;
    ++line;
  }
  if (close == std::string::npos) {
    diags->Error({file, 1, 1}, "front matter is not closed", "end it with a line '---'");
    return false;
  }
  *yaml = text.substr(text.find('\n') + 1, close - text.find('\n') - 1);
  out->body = text.substr(body_start);
  out->body_line = line + 1;
  return true;
}

// Position within the front matter: libyaml's marks are 0-based within the front matter,
// which starts on line 2.
SourceLoc LocOf(const std::string& file, int line, int col) {
  return {file, line + 2, col + 1};
}
SourceLoc LocOf(const std::string& file, const YamlValue& v) {
  return LocOf(file, v.line, v.col);
}

// `anchors`: a list of ids ('old' or 'old=new').
bool ReadAnchors(const YamlValue& value, const SourceLoc& vat, PageSource* out,
                 Diagnostics* diags) {
  out->fm.anchors_loc = vat;
  bool list_ok = value.kind == YamlValue::Kind::kList;
  if (list_ok)
    for (const auto& a : value.items) {
      std::string v = a.kind == YamlValue::Kind::kScalar ? a.text : "";
      if (v.empty() || v.find_first_of(" \"'<>&#") != std::string::npos) list_ok = false;
      out->fm.anchors.push_back(v);
    }
  if (!list_ok)
    diags->Error(vat, "front matter 'anchors' must be a list of ids ('old' or 'old=new')",
                 "write anchors: [old-id, old-id=new-id]");
  return list_ok;
}

// One single-value key of the front matter. False (reported) on a value of the wrong type or
// form.
bool ReadScalar(const std::string& key, const YamlValue& value, const SourceLoc& vat,
                PageSource* out, Diagnostics* diags) {
  const std::string& v = value.text;
  bool typed = true;
  if (key == "title")
    out->fm.title = v;
  else if (key == "linktitle")
    out->fm.linktitle = v;
  else if (key == "description")
    out->fm.description = v;
  else if (key == "order")
    typed = YamlInt(v, &out->fm.order);
  else if (key == "date") {
    out->fm.date = v;
    if (!IsIsoDate(v)) {
      diags->Error(vat, "front matter 'date' must be YYYY-MM-DD, not '" + v + "'");
      return false;
    }
  } else if (key == "draft")
    typed = YamlBool(v, &out->fm.draft);
  else if (key == "nav")
    typed = YamlBool(v, &out->fm.nav);
  else if (key == "translation_of") {
    out->fm.translation_of = v;
    out->translation_of_loc = vat;
  }
  if (!typed)
    diags->Error(vat, "front matter '" + key + "' has the wrong type: '" + v + "'",
                 key == "order" ? "expected a whole number" : "expected true or false");
  return typed;
}

// Every key of the front matter mapping, each reported on its own line when wrong.
bool ReadFrontMatter(const std::string& file, const YamlMapping& map, PageSource* out,
                     Diagnostics* diags) {
  static const std::vector<std::string> kKeys = {"title", "linktitle",      "description",
                                                 "order", "date",           "draft",
                                                 "nav",   "translation_of", "anchors"};
  bool ok = true;
  std::vector<std::string> seen;
  for (const YamlEntry& entry : map.entries) {
    const std::string& key = entry.key;
    SourceLoc at = LocOf(file, entry.key_line, entry.key_col);
    SourceLoc vat = LocOf(file, entry.value);
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) {
      diags->Error(at, "front matter key '" + key + "' is given twice");
      ok = false;
      continue;
    }
    seen.push_back(key);
    if (std::find(kKeys.begin(), kKeys.end(), key) == kKeys.end()) {
      diags->Error(at, "unknown front matter key '" + key + "'", DidYouMean(key, kKeys));
      ok = false;
    } else if (key == "anchors") {
      ok = ReadAnchors(entry.value, vat, out, diags) && ok;
    } else if (entry.value.kind != YamlValue::Kind::kScalar) {
      diags->Error(vat, "front matter '" + key + "' must be a single value");
      ok = false;
    } else {
      ok = ReadScalar(key, entry.value, vat, out, diags) && ok;
    }
  }
  return ok;
}

// The front matter as the cache keeps it: every field, and where translation_of and anchors
// were written (line 0: not written).
std::string PackFrontMatter(const PageSource& p) {
  std::string anchors;
  for (const auto& a : p.fm.anchors) anchors += a + '\n';
  const auto num = [](int v) { return std::to_string(v); };
  return PackFields({"fm/1", p.fm.title, p.fm.linktitle, p.fm.description, num(p.fm.order),
                     p.fm.date, num(p.fm.draft), num(p.fm.nav), p.fm.translation_of, anchors,
                     num(p.translation_of_loc.line), num(p.translation_of_loc.col),
                     num(p.fm.anchors_loc.line), num(p.fm.anchors_loc.col)});
}

bool UnpackFrontMatter(const std::string& bytes, const std::string& file, PageSource* p) {
  std::vector<std::string> f;
  if (!UnpackFields(bytes, &f) || f.size() != 14 || f[0] != "fm/1") return false;
  const auto num = [](const std::string& s) { return std::atoi(s.c_str()); };
  p->fm.title = f[1];
  p->fm.linktitle = f[2];
  p->fm.description = f[3];
  p->fm.order = num(f[4]);
  p->fm.date = f[5];
  p->fm.draft = num(f[6]) != 0;
  p->fm.nav = num(f[7]) != 0;
  p->fm.translation_of = f[8];
  for (size_t s = 0, e; (e = f[9].find('\n', s)) != std::string::npos; s = e + 1)
    p->fm.anchors.push_back(f[9].substr(s, e - s));
  if (num(f[10]) > 0) p->translation_of_loc = {file, num(f[10]), num(f[11])};
  if (num(f[12]) > 0) p->fm.anchors_loc = {file, num(f[12]), num(f[13])};
  return true;
}

}  // namespace

bool ParsePageSource(const std::string& file, const std::string& text, PageSource* out,
                     Diagnostics* diags, bool with_revision, ContentCache* cache) {
  out->file = file;
  out->loc = {file, 1, 1};
  if (with_revision) out->revision = SourceRevision(text);
  std::string yaml;
  if (!SplitFrontMatter(file, text, &yaml, out, diags)) return false;
  std::string key;
  if (cache) {
    key = KeyWriter().Str("front-matter/1").Str(file).Str(yaml).Hash();
    if (auto kept = cache->Get("front-matter", key); kept && UnpackFrontMatter(*kept, file, out))
      return true;
  }
  const int reported = Diagnostics::AddedOnThisThread();
  YamlMapping node;
  YamlError error;
  if (!ParseFrontMatterYaml(yaml, &node, &error)) {
    // The commonest slip: an unquoted value holding ": ".
    const bool colon = error.message.find("mapping values") != std::string::npos;
    diags->Error(LocOf(file, error.line, error.col), "invalid front matter: " + error.message,
                 colon ? "put a value that holds ': ' in quotes" : "");
    return false;
  }
  if (!node.is_mapping) {
    diags->Error({file, 2, 1}, "front matter must be a YAML mapping of 'key: value'");
    return false;
  }
  bool ok = ReadFrontMatter(file, node, out, diags);
  if (Trim(out->fm.title).empty()) {
    diags->Error({file, 2, 1}, "front matter has no 'title'");
    ok = false;
  }
  if (ok && cache && Diagnostics::AddedOnThisThread() == reported)
    cache->Put("front-matter", key, PackFrontMatter(*out));
  return ok;
}

std::vector<PageSource> LoadContent(const std::string& root, const SiteConfig& site,
                                    Diagnostics* diags, int threads, ContentCache* cache) {
  std::vector<std::string> codes;
  for (const auto& l : site.languages) codes.push_back(l.code);
  // Which files are pages (serial: cheap), then reading and parsing them (parallel: each job
  // fills its own slot; the diagnostics are sorted when printed).
  std::vector<PageSource> found;
  for (const auto& rel : ListFiles(root, "content", diags)) {
    if (!EndsWith(rel, ".md")) continue;
    std::string rest = rel.substr(std::string("content/").size());
    size_t slash = rest.find('/');
    if (slash == std::string::npos) continue;  // content/README.md documents the folder
    std::string lang = rest.substr(0, slash);
    if (std::find(codes.begin(), codes.end(), lang) == codes.end()) {
      diags->Error({rel, 0, 0}, "content folder '" + lang + "' is not a language of data/site.json",
                   DidYouMean(lang, codes));
      continue;
    }
    std::string path = rest.substr(slash + 1);
    path = path.substr(0, path.size() - 3);
    std::string leaf = path.substr(path.rfind('/') == std::string::npos ? 0 : path.rfind('/') + 1);
    if (!leaf.empty() && leaf[0] == '_') continue;  // partials and notes
    if (leaf == "index") path = path.size() > 5 ? path.substr(0, path.size() - 6) : "";
    PageSource p;
    p.file = rel;
    p.lang = lang;
    p.path = path;
    found.push_back(std::move(p));
  }
  std::vector<char> usable(found.size(), 0);
  ParallelFor(static_cast<int>(found.size()), ThreadCount(threads), [&](int i) {
    PageSource& p = found[static_cast<size_t>(i)];
    const std::string rel = p.file;
    std::string text;
    if (!ReadInputFile(root, rel, &text, diags)) return;
    // Only the default language's pages are followed by translations (their revision).
    usable[static_cast<size_t>(i)] =
        ParsePageSource(rel, text, &p, diags, p.lang == site.default_language, cache) ? 1 : 0;
  });
  // Sorted by language, path and file through indices: a PageSource is some twenty strings,
  // and sorting the structs themselves moved each of them ~log n times.
  auto order = [&](const std::string& lang) {
    return std::find(codes.begin(), codes.end(), lang) - codes.begin();
  };
  std::vector<size_t> sorted;
  sorted.reserve(found.size());
  for (size_t i = 0; i < found.size(); ++i)
    if (usable[i]) sorted.push_back(i);
  std::sort(sorted.begin(), sorted.end(), [&](size_t x, size_t y) {
    const PageSource& a = found[x];
    const PageSource& b = found[y];
    return std::make_tuple(order(a.lang), std::cref(a.path), std::cref(a.file)) <
           std::make_tuple(order(b.lang), std::cref(b.path), std::cref(b.file));
  });
  // Two files of one language that publish the same page (guide.md and guide/index.md).
  std::vector<PageSource> unique;
  unique.reserve(sorted.size());
  for (size_t i : sorted) {
    PageSource& p = found[i];
    if (!unique.empty() && unique.back().lang == p.lang && unique.back().path == p.path) {
      diags->Error(p.loc,
                   "page '" + (p.path.empty() ? std::string("index") : p.path) +
                       "' is also written by " + unique.back().file,
                   "both would be published at the same address; keep one of them");
      continue;
    }
    unique.push_back(std::move(p));
  }
  return unique;
}

}  // namespace gg
