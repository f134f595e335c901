#include "content/markdown.h"

#include <cstring>

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>

#include <array>
#include <cstdlib>
#include <functional>
#include <map>
#include <mutex>
#include <string_view>

#include "base/text.h"
#include "base/url_policy.h"

namespace gg {

bool ParseDirectiveLine(const std::string& text, const SourceLoc& loc, DirectiveCall* out,
                        Diagnostics* diags) {
  out->loc = loc;
  size_t i = 0;
  auto skip = [&] {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
  };
  skip();
  while (i < text.size() && text[i] != ' ' && text[i] != '\t') out->name += text[i++];
  while (true) {
    skip();
    if (i >= text.size()) break;
    std::string key, value;
    while (i < text.size() && text[i] != '=' && text[i] != ' ' && text[i] != '\t') key += text[i++];
    if (i < text.size() && text[i] == '=') {
      ++i;
      if (i < text.size() && text[i] == '"') {
        ++i;
        size_t end = text.find('"', i);
        if (end == std::string::npos) {
          diags->Error(loc, "unterminated quote in '" + out->name + "' arguments");
          return false;
        }
        value = text.substr(i, end - i);
        i = end + 1;
      } else {
        while (i < text.size() && text[i] != ' ' && text[i] != '\t') value += text[i++];
      }
      if (key.empty()) {
        diags->Error(loc, "argument without a name in '" + out->name + "'");
        return false;
      }
      out->args.emplace_back(key, value);
    } else {
      out->positional.push_back(key);
    }
  }
  return true;
}

namespace {

std::once_flag g_extensions_once;

std::string NodeText(cmark_node* node) {
  std::string out;
  cmark_iter* it = cmark_iter_new(node);
  cmark_event_type ev;
  while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
    cmark_node* n = cmark_iter_get_node(it);
    if (ev != CMARK_EVENT_ENTER) continue;
    cmark_node_type t = cmark_node_get_type(n);
    if (t == CMARK_NODE_TEXT || t == CMARK_NODE_CODE) {
      const char* lit = cmark_node_get_literal(n);
      if (lit) out += lit;
    } else if (t == CMARK_NODE_SOFTBREAK || t == CMARK_NODE_LINEBREAK) {
      out += ' ';
    }
  }
  cmark_iter_free(it);
  return out;
}

int CountWords(std::string_view text) {
  // Each byte's class: 0 a space, 1 part of a word (ASCII or any byte of a UTF-8 sequence), 2
  // the lead byte of a CJK ideograph or kana (U+3000-U+9FFF: E3-E9), a word of its own whose
  // two continuation bytes are skipped. The text is valid UTF-8 (ReadInputFile checks it).
  static constexpr std::array<unsigned char, 256> kClass = [] {
    std::array<unsigned char, 256> c{};
    c.fill(1);
    c[' '] = c['\n'] = c['\t'] = 0;
    for (int b = 0xE3; b <= 0xE9; ++b) c[static_cast<size_t>(b)] = 2;
    return c;
  }();
  int words = 0;
  bool in_word = false;
  for (size_t i = 0; i < text.size();) {
    const unsigned char k = kClass[static_cast<unsigned char>(text[i])];
    if (k == 2) {
      ++words;
      in_word = false;
      i += 3;
      continue;
    }
    words += k == 1 && !in_word;
    in_word = k == 1;
    ++i;
  }
  return words;
}

// Generated HTML that cannot stand where its node was as a custom node: a GFM table cell
// admits only a few inline types (text, code, emphasis, links…), so an inline directive or
// raw HTML in a cell becomes a text placeholder, swapped for the HTML after rendering.
// A placeholder: prefix, index, 'z' (KeyAt reads it back).
std::string KeyOf(const std::string& prefix, size_t i) {
  return prefix + std::to_string(i) + "z";
}

struct HtmlSlots {
  std::string prefix;  // occurs nowhere in the page's Markdown
  std::vector<std::string> html;
  std::string Key(size_t i) const { return KeyOf(prefix, i); }
};

// A placeholder prefix ("\x02" stem k "x") that the page's text does not contain. It starts
// with a control character, which cmark writes as it is and text seldom holds: a search for
// the prefix then stops at nothing else (with a letter first it stopped at every 'g' of the
// page).
std::string UnusedPrefix(const std::string& body, const std::string& stem) {
  for (int k = 0;; ++k) {
    std::string prefix = "\x02" + stem + std::to_string(k) + "x";
    // Without a control character in the page (the usual case) the first is free.
    if (k == 0 && body.find('\x02') == std::string::npos) return prefix;
    if (!Contains(body, prefix)) return prefix;
  }
}

// Puts generated HTML where node n was (a custom block or inline node, rendered verbatim, or
// a placeholder where the parent admits no custom node), and frees n.
void ReplaceWithHtml(cmark_node* n, const std::string& html, bool block, HtmlSlots* slots) {
  cmark_node* repl = cmark_node_new(block ? CMARK_NODE_CUSTOM_BLOCK : CMARK_NODE_CUSTOM_INLINE);
  cmark_node_set_on_enter(repl, html.c_str());
  if (!cmark_node_insert_before(n, repl)) {
    cmark_node_free(repl);
    repl = cmark_node_new(CMARK_NODE_TEXT);
    cmark_node_set_literal(repl, slots->Key(slots->html.size()).c_str());
    if (cmark_node_insert_before(n, repl))
      slots->html.push_back(html);
    else
      cmark_node_free(repl);
  }
  cmark_node_free(n);
}

int LineOf(cmark_node* n) {
  for (cmark_node* p = n; p; p = cmark_node_parent(p)) {
    int l = cmark_node_get_start_line(p);
    if (l > 0) return l;
  }
  return 1;
}

// "Title {#id}": a heading's explicit id, written the Hugo way so that translations can share
// the English page's anchors. Strips the attribute from the heading's last text node and
// returns the id, or "" when there is none.
std::string TakeExplicitId(cmark_node* heading) {
  cmark_node* last = cmark_node_last_child(heading);
  if (!last || cmark_node_get_type(last) != CMARK_NODE_TEXT) return "";
  const char* lit = cmark_node_get_literal(last);
  std::string text = lit ? lit : "";
  while (!text.empty() && text.back() == ' ') text.pop_back();
  if (text.empty() || text.back() != '}') return "";
  size_t open = text.rfind("{#");
  if (open == std::string::npos) return "";
  std::string id = text.substr(open + 2, text.size() - open - 3);
  if (id.empty()) return "";
  for (char c : id)
    if (c == ' ' || c == '"' || c == '\'' || c == '<' || c == '>' || c == '&' || c == '#' ||
        c == '{' || c == '}')
      return "";
  std::string rest = text.substr(0, open);
  while (!rest.empty() && rest.back() == ' ') rest.pop_back();
  cmark_node_set_literal(last, rest.c_str());
  return id;
}

// Heading ids: the explicit {#id}, else the slug of the text; made unique within the page
// with -2, -3 …
std::vector<TocEntry> HeadingEntries(const std::vector<cmark_node*>& headings) {
  std::vector<TocEntry> toc;
  std::map<std::string, int> used;
  for (cmark_node* h : headings) {
    TocEntry e;
    e.level = cmark_node_get_heading_level(h);
    std::string id = TakeExplicitId(h);
    e.text = Trim(NodeText(h));
    if (id.empty()) id = Slugify(e.text);
    int n = ++used[id];
    if (n > 1) id += "-" + std::to_string(n);
    e.id = id;
    toc.push_back(e);
  }
  return toc;
}

// Counts an author table or one of its body rows (the header row is "table_header"); the
// table extension's node types have no constants of their own.
void CountTableNode(cmark_node* n, int* tables, int* rows) {
  const char* type = cmark_node_get_type_string(n);
  if (!type) return;
  if (std::strcmp(type, "table") == 0)
    ++*tables;
  else if (std::strcmp(type, "table_row") == 0)
    ++*rows;
}

// Whether GFM's autolink extension can change anything in this Markdown. Its inline matches
// read the source itself: "www." (lowercase, as it compares) and "://" after http, https or
// ftp. Its e-mail pass (mailto: and xmpp: links included) reads text nodes for '@', which the
// source shows as '@' or as an entity ('&'). Where none of these appear it changes nothing,
// yet it stops the inline parser at every 'w' and ':' of the prose: ~40 % of a page's parse
// (cmark-gfm over the 30,003 pages of the N = 10,000 benchmark site: 0.8 s with the table
// extension alone, 1.4 s with autolink as well).
bool MayAutolink(std::string_view markdown) {
  // (Not find_first_of("@&"): libstdc++ runs it as a memchr per character of the text.)
  return std::memchr(markdown.data(), '@', markdown.size()) != nullptr ||
         std::memchr(markdown.data(), '&', markdown.size()) != nullptr ||
         Contains(markdown, "www.") || Contains(markdown, "://");
}

// A parser with GitHub's extensions: tables, strikethrough, tag filter, and autolinks where
// MayAutolink(markdown).
cmark_parser* NewParser(std::string_view markdown) {
  std::call_once(g_extensions_once, [] { cmark_gfm_core_extensions_ensure_registered(); });
  cmark_parser* parser = cmark_parser_new(CMARK_OPT_DEFAULT);
  const bool autolink = MayAutolink(markdown);
  for (const char* ext : {"table", "strikethrough", "autolink", "tagfilter"}) {
    if (!autolink && std::strcmp(ext, "autolink") == 0) continue;
    cmark_syntax_extension* e = cmark_find_syntax_extension(ext);
    if (e) cmark_parser_attach_syntax_extension(parser, e);
  }
  return parser;
}

// The nodes RenderMarkdown acts on, collected in document order, the prose's words (each text
// node counted alone: nodes are separate words, as if joined by spaces), and the
// author tables and their body rows.
struct Collected {
  std::vector<cmark_node*> blocks, inlines, raw_html, headings, images;
  int words = 0;
  int tables = 0, table_rows = 0;
};

// Collect first, modify after: changing the tree under an iterator is undefined.
Collected CollectNodes(cmark_node* doc) {
  Collected c;
  cmark_iter* it = cmark_iter_new(doc);
  cmark_event_type ev;
  while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
    if (ev != CMARK_EVENT_ENTER) continue;
    cmark_node* n = cmark_iter_get_node(it);
    switch (cmark_node_get_type(n)) {
      case CMARK_NODE_CODE_BLOCK: {
        const char* info = cmark_node_get_fence_info(n);
        if (info && StartsWith(info, "gpu-")) c.blocks.push_back(n);
        break;
      }
      case CMARK_NODE_CODE: {
        const char* lit = cmark_node_get_literal(n);
        if (lit && StartsWith(lit, "gpu:")) c.inlines.push_back(n);
        break;
      }
      case CMARK_NODE_HTML_BLOCK:
      case CMARK_NODE_HTML_INLINE:
        c.raw_html.push_back(n);
        break;
      case CMARK_NODE_HEADING:
        c.headings.push_back(n);
        break;
      case CMARK_NODE_IMAGE:
        c.images.push_back(n);
        break;
      case CMARK_NODE_TEXT: {
        const char* lit = cmark_node_get_literal(n);
        if (lit) {
          c.words += CountWords(lit);
        }
        break;
      }
      default:
        CountTableNode(n, &c.tables, &c.table_rows);
    }
  }
  cmark_iter_free(it);
  return c;
}

// What ScanBody reports of collected nodes (HeadingEntries takes the headings' explicit ids
// out of the tree, as the render needs).
BodyScan ScanOf(const Collected& nodes) {
  BodyScan scan;
  scan.headings = HeadingEntries(nodes.headings);
  for (cmark_node* n : nodes.blocks)
    scan.directive_infos.emplace_back(cmark_node_get_fence_info(n));
  scan.tables = nodes.tables;
  scan.table_rows = nodes.table_rows;
  return scan;
}

using LocOf = std::function<SourceLoc(cmark_node*)>;
using Note = PreparedMarkdown::Note;

void CheckImagesAreLocal(const std::vector<cmark_node*>& images, const LocOf& loc_of,
                         std::vector<Note>* notes) {
  for (cmark_node* img : images) {
    std::string url = cmark_node_get_url(img) ? cmark_node_get_url(img) : "";
    if (!IsLocalUrl(url))
      notes->push_back({true, loc_of(img), "image '" + url + "' is loaded from another host",
                        "pages load nothing from other hosts: put the image in assets/"});
  }
}

// Raw HTML is shown as text, with a warning.
void EscapeRawHtml(const std::vector<cmark_node*>& raw_html, const LocOf& loc_of, HtmlSlots* slots,
                   std::vector<Note>* notes) {
  for (cmark_node* n : raw_html) {
    const char* lit = cmark_node_get_literal(n);
    std::string text = lit ? lit : "";
    bool block = cmark_node_get_type(n) == CMARK_NODE_HTML_BLOCK;
    notes->push_back({false, loc_of(n), "raw HTML is not rendered; it is shown as text",
                      "write Markdown or use a gpu- directive"});
    ReplaceWithHtml(n, block ? "<p>" + HtmlEscape(Trim(text)) + "</p>\n" : HtmlEscape(text), block,
                    slots);
  }
}

// Puts a key where each directive block and inline reference was, for RenderPrepared to
// replace with what its hook renders. The key stands in a custom node, whose text cmark
// writes as is (for a block: on a line of its own, as the hook's HTML plus a newline was
// written before keys); in a table cell, which admits no custom node, it is a slot instead.
void PlaceDirectives(const Collected& c, const LocOf& loc_of, HtmlSlots* slots,
                     PreparedMarkdown* out) {
  size_t keys = 0;
  out->directives.reserve(c.blocks.size() + c.inlines.size());
  auto place = [&](cmark_node* n, bool block, std::string text, std::string body) {
    PreparedMarkdown::Directive d;
    d.block = block;
    d.text = std::move(text);
    d.body = std::move(body);
    d.loc = loc_of(n);
    const size_t slot_count = slots->html.size();
    const std::string key = KeyOf(out->directive_prefix, keys);
    ReplaceWithHtml(n, key, block, slots);
    if (slots->html.size() > slot_count) {  // a cell: the slot holds the key for now
      d.in_slot = true;
      d.index = slot_count;
      slots->html[slot_count].clear();
    } else {
      d.index = keys++;
    }
    out->directives.push_back(std::move(d));
  };
  for (cmark_node* n : c.blocks) {
    const char* info = cmark_node_get_fence_info(n);
    const char* lit = cmark_node_get_literal(n);
    place(n, true, info ? info : "", lit ? lit : "");
  }
  for (cmark_node* n : c.inlines) {
    const char* lit = cmark_node_get_literal(n);
    place(n, false, lit ? lit : "", "");
  }
}

// The HTML a key at raw[at] stands for ("" when none): a slot key (prefix, index, 'z') of
// either kind. *end receives the position after the key.
const std::string* KeyAt(const std::string& raw, size_t at, const std::string& prefix,
                         const std::vector<std::string>& html, size_t* end) {
  if (html.empty() || raw.compare(at, prefix.size(), prefix) != 0) return nullptr;
  size_t p = at + prefix.size(), index = 0;
  bool digits = false;
  while (p < raw.size() && raw[p] >= '0' && raw[p] <= '9') {
    index = index * 10 + static_cast<size_t>(raw[p++] - '0');
    digits = true;
  }
  if (!digits || p >= raw.size() || raw[p] != 'z' || index >= html.size()) return nullptr;
  *end = p + 1;
  return &html[index];
}

// cmark's HTML finished in one pass (a pass per rewrite was 7 % of a synthetic build):
//  - each key is replaced by its HTML, inserted as is: a directive's where the directive
//    stood (the keys of RenderPrepared), a slot's (raw HTML shown as text, a table cell's
//    directive); both kinds start with a control character, found with one memchr;
//  - headings get their ids, in document order (generated HTML never emits bare <hN> tags:
//    directives give their headings attributes, so every bare one is an author's);
//  - author tables: header cells get a scope, alignment moves from the obsolete align
//    attribute to a class, and the table scrolls sideways on a phone instead of overflowing.
// Only what changes is copied piecewise: the text between two rewrites is appended at once.
std::string FinishHtml(const std::string& raw, const HtmlSlots& slots,
                       const std::string& key_prefix, const std::vector<std::string>& keyed,
                       const std::vector<TocEntry>& toc, const std::string& table_label) {
  const std::string table_open =
      "<div class=\"table-scroll\" role=\"region\" tabindex=\"0\" aria-label=\"" +
      HtmlEscape(table_label) + "\"><table>";
  size_t extra = raw.size() / 8;
  for (const auto& h : keyed) extra += h.size();
  for (const auto& h : slots.html) extra += h.size();
  std::string out;
  out.reserve(raw.size() + extra);
  const bool any_keys = !slots.html.empty() || !keyed.empty();
  size_t heading = 0, flushed = 0, pos = 0;
  size_t key = any_keys ? raw.find('\x02') : std::string::npos;
  auto at = [&](size_t p, std::string_view s) { return raw.compare(p, s.size(), s) == 0; };
  auto replace = [&](size_t from, size_t to, std::string_view with) {
    out.append(raw, flushed, from - flushed);
    out.append(with);
    flushed = pos = to;
  };
  while (pos < raw.size()) {
    const size_t lt = raw.find('<', pos);
    if (key < lt) {  // npos when there are no (more) keys
      size_t end = 0;
      const std::string* html = KeyAt(raw, key, slots.prefix, slots.html, &end);
      if (!html) html = KeyAt(raw, key, key_prefix, keyed, &end);
      if (html)
        replace(key, end, *html);
      else
        pos = key + 1;  // a control character of the page's own
      key = raw.find('\x02', pos);
      continue;
    }
    if (lt == std::string::npos) break;
    pos = lt + 1;
    if (heading < toc.size() && lt + 3 < raw.size() && raw[lt + 1] == 'h' && raw[lt + 2] >= '1' &&
        raw[lt + 2] <= '6' && raw[lt + 3] == '>') {
      const std::string open =
          std::string("<h") + raw[lt + 2] + " id=\"" + HtmlEscape(toc[heading++].id) + "\">";
      replace(lt, lt + 4, open);
    } else if (at(lt, "<th>")) {
      replace(lt, lt + 4, "<th scope=\"col\">");
    } else if (at(lt, "<table>")) {
      replace(lt, lt + 7, table_open);
    } else if (at(lt, "</table>\n")) {
      replace(lt, lt + 9, "</table></div>\n");
    } else if (at(lt, "<th align=\"") || at(lt, "<td align=\"")) {
      const bool th = raw[lt + 2] == 'h';
      for (std::string_view al : {"left", "center", "right"}) {
        if (raw.compare(lt + 11, al.size(), al) != 0 || !at(lt + 11 + al.size(), "\">")) continue;
        replace(lt, lt + 11 + al.size() + 2,
                std::string(th ? "<th scope=\"col\" class=\"al-" : "<td class=\"al-") +
                    std::string(al) + "\">");
        break;
      }
    }
  }
  out.append(raw, flushed, std::string::npos);
  return out;
}

}  // namespace

BodyScan ScanBody(const std::string& body) {
  cmark_parser* parser = NewParser(body);
  cmark_parser_feed(parser, body.data(), body.size());
  cmark_node* doc = cmark_parser_finish(parser);
  BodyScan scan = ScanOf(CollectNodes(doc));
  cmark_node_free(doc);
  cmark_parser_free(parser);
  return scan;
}

std::vector<TocEntry> ExtractToc(const std::string& body) {
  return ScanBody(body).headings;
}

PreparedMarkdown PrepareMarkdown(const std::string& body, const std::string& file, int first_line) {
  const int options = CMARK_OPT_DEFAULT;
  cmark_parser* parser = NewParser(body);
  cmark_parser_feed(parser, body.data(), body.size());
  cmark_node* doc = cmark_parser_finish(parser);
  const LocOf loc_of = [&](cmark_node* n) {
    int col = cmark_node_get_start_column(n);
    return SourceLoc{file, LineOf(n) + first_line - 1, col > 0 ? col : 1};
  };
  const Collected nodes = CollectNodes(doc);
  PreparedMarkdown out;
  out.words = nodes.words;
  out.scan = ScanOf(nodes);
  CheckImagesAreLocal(nodes.images, loc_of, &out.notes);
  HtmlSlots slots{UnusedPrefix(body, "gghtmlslot"), {}};
  EscapeRawHtml(nodes.raw_html, loc_of, &slots, &out.notes);
  out.directive_prefix = UnusedPrefix(body, "ggdirkey");
  PlaceDirectives(nodes, loc_of, &slots, &out);
  char* raw = cmark_render_html(doc, options, cmark_parser_get_syntax_extensions(parser));
  out.raw_html = raw;
  free(raw);
  cmark_node_free(doc);
  cmark_parser_free(parser);
  out.slot_prefix = std::move(slots.prefix);
  out.slot_html = std::move(slots.html);
  return out;
}

MarkdownResult RenderPrepared(const PreparedMarkdown& prepared, const DirectiveHook& block_hook,
                              const DirectiveHook& inline_hook, Diagnostics* diags,
                              const std::string& table_label) {
  for (const auto& n : prepared.notes) {
    if (n.error)
      diags->Error(n.loc, n.message, n.hint);
    else
      diags->Warning(n.loc, n.message, n.hint);
  }
  // Each directive's hook, in document order (blocks, then inline references), as before
  // keys: a hook may depend on what an earlier one did (the page's first chart is its preview).
  HtmlSlots slots{prepared.slot_prefix, prepared.slot_html};
  std::vector<std::string> keyed(prepared.directives.size());  // by key index (at most one each)
  for (const auto& d : prepared.directives) {
    DirectiveCall call;
    std::string html;
    if (d.block) {
      if (ParseDirectiveLine(d.text, d.loc, &call, diags)) {
        call.body = Trim(d.body);
        html = block_hook ? block_hook(call) : std::string();
      }
    } else if (ParseDirectiveLine(d.text.substr(4), d.loc, &call, diags)) {  // "gpu:price …"
      html = inline_hook ? inline_hook(call) : std::string();
    }
    if (d.in_slot)
      slots.html[d.index] = d.block ? html + "\n" : html;
    else
      keyed[d.index] = std::move(html);
  }
  MarkdownResult result;
  result.words = prepared.words;
  result.html = FinishHtml(prepared.raw_html, slots, prepared.directive_prefix, keyed,
                           prepared.scan.headings, table_label);
  for (const auto& e : prepared.scan.headings)
    if (e.level == 2 || e.level == 3) result.toc.push_back(e);
  return result;
}

MarkdownResult RenderMarkdown(const std::string& body, const std::string& file, int first_line,
                              const DirectiveHook& block_hook, const DirectiveHook& inline_hook,
                              Diagnostics* diags, const std::string& table_label) {
  return RenderPrepared(PrepareMarkdown(body, file, first_line), block_hook, inline_hook, diags,
                        table_label);
}

}  // namespace gg
