#include "review/render.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <map>
#include <set>
#include <sstream>

#include "review/consequences.h"
#include "review/word_diff.h"

namespace gg {
namespace {

std::string Short(const std::string& s, size_t max = 90) {
  if (s.size() <= max) return s;
  size_t cut = max;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // UTF-8
  return s.substr(0, cut) + "…";
}

std::string Plural(size_t n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string Pos(const std::optional<int>& p) {
  return p ? std::to_string(*p) : "—";
}

std::string PriceText(const std::optional<double>& usd) {
  return usd ? FormatUsd(*usd) : "none";
}

std::string Percent(double rel) {
  std::string s = FormatNumber(rel * 100, 1);
  return (rel > 0 ? "+" : "") + s + " %";
}

std::string SubjectOf(const PickChange& c) {
  return c.subject_name.empty() ? c.subject : c.subject_name;
}

std::string SubjectOf(const AnswerChange& a) {
  return a.subject_name.empty() ? a.subject : a.subject_name;
}

// A changed block: "row “GeForce RTX 4090”: Price: [-$2,000-]{+$1,800+}" or the words.
std::string ChangeText(const TextChange& c) {
  if (c.cells.empty()) return WordDiffText(c.words);
  std::string s = "row “" + Short(c.row, 60) + "”: ";
  for (size_t i = 0; i < c.cells.size(); ++i)
    s += (i ? "; " : "") + c.cells[i].column + ": " + WordDiffText(c.cells[i].words);
  return s;
}

std::string ChangeMarkdown(const TextChange& c) {
  if (c.cells.empty()) return WordDiffMarkdown(c.words);
  std::string s = MarkdownEscape(Short(c.row, 60)) + " ·";
  for (size_t i = 0; i < c.cells.size(); ++i)
    s += std::string(i ? ";" : "") + " " + MarkdownEscape(c.cells[i].column) + ": " +
         WordDiffMarkdown(c.cells[i].words);
  return s;
}

// A path as inline code, or escaped text when it holds a backtick.
std::string CodeSpan(const std::string& s) {
  return s.find('`') == std::string::npos ? "`" + s + "`" : MarkdownEscape(s);
}

std::string LandsText(const std::vector<Landing>& lands, bool markdown) {
  std::string s = "lands in:";
  for (size_t i = 0; i < lands.size(); ++i)
    s += std::string(i ? ";" : "") + " " +
         (markdown ? MarkdownEscape(lands[i].lang) : lands[i].lang) + " " +
         (markdown ? CodeSpan(lands[i].page) : lands[i].page) + " (" + lands[i].state + ")";
  return s;
}

// One line per item of each part, shared by the text and Markdown forms.
struct Parts {
  std::vector<std::string> records, prices, ranks, picks, answers, content, diagnostics, output,
      charts;
};

std::string PriceLine(const PriceMove& m) {
  std::string s =
      m.gpu_name + " (" + m.condition + "): " + PriceText(m.before) + " → " + PriceText(m.after);
  if (m.after && m.basis_after == "estimate")
    s += " (estimate, " + m.newest_after + ")";
  else if (m.after)
    s += " (median of " + std::to_string(m.count_after) +
         (m.basis_after == "msrp" ? " list prices" : " sourced") + ", newest " + m.newest_after +
         ")";
  if (m.before && m.after && m.basis_before != m.basis_after)
    s += " [" + m.basis_before + " → " + m.basis_after + "]";
  if (!m.causes.empty()) {
    s += " ← ";
    for (size_t i = 0; i < m.causes.size(); ++i) s += (i ? ", " : "") + m.causes[i];
  } else if (m.before && m.after) {
    s += " ← the price window moved (no observation of this card changed)";
  }
  return s;
}

Parts Lines(const Report& r) {
  Parts p;
  for (const auto& c : r.records) {
    std::string head = c.change + " " + c.kind + " " + c.key + " (" + c.file + ")";
    if (c.change == "changed") {
      for (const auto& f : c.fields)
        head += "\n    " + f.field + ": " + Short(f.before.empty() ? "(none)" : f.before, 60) +
                " → " + Short(f.after.empty() ? "(none)" : f.after, 60);
    } else if (c.kind == "price") {
      std::map<std::string, std::string> v;
      for (const auto& f : c.fields) v[f.field] = c.change == "added" ? f.after : f.before;
      head += "\n    price " + v["price"] + " " + v["currency"] +
              (v.count("kind") && v["kind"] == "estimate" ? " (estimate)" : "") +
              "; source: " + Short(v["source"], 80);
    }
    p.records.push_back(head);
  }
  for (const auto& m : r.prices) p.prices.push_back(PriceLine(m));
  std::string list;
  for (const auto& m : r.ranks) {
    std::string line = m.gpu_name + " " + Pos(m.before) + " → " + Pos(m.after);
    if (m.list != list) {
      p.ranks.push_back(m.list + ": " + line);
      list = m.list;
    } else {
      p.ranks.back() += "; " + line;
    }
  }
  for (const auto& c : r.picks)
    p.picks.push_back(SubjectOf(c) + (c.role == "leaf" ? "" : " " + c.role) + ": " +
                      (c.before.empty() ? "none" : c.before_name) + " → " +
                      (c.after.empty() ? "none" : c.after_name) + " (" + c.reason + ")");
  for (const auto& a : r.answers)
    p.answers.push_back(SubjectOf(a) + ", " + a.quantity + ": " + a.before + " → " + a.after +
                        (a.relative ? " (" + Percent(*a.relative) + ")" : ""));
  for (const auto& c : r.content) {
    std::string line = c.lang + ":";
    for (const auto& f : c.pages_added) line += " +" + f;
    for (const auto& f : c.pages_removed) line += " -" + f;
    for (const auto& f : c.pages_changed) line += " ~" + f;
    p.content.push_back(line);
  }
  for (size_t i = 0; i < r.source_changes.size(); ++i) {
    const auto& c = r.source_changes[i];
    std::string line = c.file + ":" + std::to_string(c.line) + ": " + WordDiffText(c.words);
    if (i + 1 == r.source_changes.size() || r.source_changes[i + 1].file != c.file)
      line += "\n    " + LandsText(c.lands, false);
    p.content.push_back(line);
  }
  for (const auto& t : r.translations) {
    if (t.change == "stale")
      p.content.push_back("stale: " + t.file + " (" + t.source + " changed; update it, then " +
                          "gpuguide stamp " + t.file + ")");
    else if (t.change == "restamped")
      p.content.push_back("re-stamped: " + t.file + " (marked up to date with " + t.source + ")");
    else
      p.content.push_back("up to date again: " + t.file);
  }
  for (const auto& d : r.new_errors) p.diagnostics.push_back("new " + FormatDiagnostic(d));
  for (const auto& d : r.new_warnings) p.diagnostics.push_back("new " + FormatDiagnostic(d));
  for (const auto& d : r.fixed_errors) p.diagnostics.push_back("fixed " + FormatDiagnostic(d));
  if (r.boilerplate_pages)
    p.output.push_back(Plural(static_cast<size_t>(r.boilerplate_pages), "file", "files") +
                       " changed only in boilerplate: " + Short(r.boilerplate_example, 160));
  for (const auto& g : r.output_groups) {
    std::string line = Plural(g.files.size(), "file", "files") + " — " + g.cause + ": ";
    for (size_t i = 0; i < g.files.size() && i < 8; ++i) line += (i ? ", " : "") + g.files[i];
    if (g.files.size() > 8) line += ", … " + std::to_string(g.files.size() - 8) + " more";
    for (const auto& page : g.pages) {
      line += "\n    " + page.file + ":";
      for (const auto& c : page.changes) line += "\n      " + ChangeText(c);
      if (page.more_changes)
        line += "\n      … " +
                Plural(static_cast<size_t>(page.more_changes), "more change", "more changes");
    }
    if (g.pages.empty()) {
      for (const auto& e : g.example) line += "\n    " + Short(e, 160);
    }
    p.output.push_back(line);
  }
  if (!r.output_added.empty()) {
    std::string line = Plural(r.output_added.size(), "file", "files") + " added: ";
    for (size_t i = 0; i < r.output_added.size() && i < 8; ++i)
      line += (i ? ", " : "") + r.output_added[i];
    if (r.output_added.size() > 8) line += ", …";
    p.output.push_back(line);
  }
  if (!r.output_removed.empty()) {
    std::string line = Plural(r.output_removed.size(), "file", "files") + " removed: ";
    for (size_t i = 0; i < r.output_removed.size() && i < 8; ++i)
      line += (i ? ", " : "") + r.output_removed[i];
    if (r.output_removed.size() > 8) line += ", …";
    p.output.push_back(line);
  }
  for (const auto& c : r.charts) p.charts.push_back(c.path);
  return p;
}

size_t OutputChanged(const Report& r) {
  size_t n = static_cast<size_t>(r.boilerplate_pages);
  for (const auto& g : r.output_groups) n += g.files.size();
  return n;
}

std::string Verdict(const Report& r) {
  if (!r.new_errors.empty()) return "adds " + Plural(r.new_errors.size(), "error", "errors");
  if (!r.head_errors.empty())
    return "does not build: " + Plural(r.head_errors.size(), "error", "errors") +
           " already in the base";
  if (!r.head_built) return "does not build";
  return "builds clean";
}

// Summary lines, most important first; one screen.
std::vector<std::string> Summary(const Report& r, const Parts& p) {
  std::vector<std::string> s;
  auto count_kind = [&] {
    std::map<std::string, int> n;
    for (const auto& c : r.records) ++n[c.change];
    std::string out;
    for (const auto& [k, v] : n) out += (out.empty() ? "" : ", ") + std::to_string(v) + " " + k;
    return out;
  };
  s.push_back("Data: " + (r.records.empty() ? std::string("no record changed")
                                            : Plural(r.records.size(), "record", "records") + " (" +
                                                  count_kind() + ")"));
  if (!r.consequences_note.empty()) s.push_back("Consequences: " + r.consequences_note);
  for (const auto& l : p.prices) s.push_back("Price: " + l);
  bool price_records = false;
  for (const auto& c : r.records) price_records |= c.kind == "price";
  if (price_records && r.prices.empty() && r.consequences_note.empty())
    s.push_back("Prices: no current price moved");
  if (!r.ranks.empty()) {
    std::set<std::string> lists;
    for (const auto& m : r.ranks) lists.insert(m.list);
    s.push_back("Ranks: " + Plural(r.ranks.size(), "GPU moved", "GPU moves") + " in " +
                Plural(lists.size(), "list", "lists") + " (" + *lists.begin() +
                (lists.size() > 1 ? ", …" : "") + ")");
  } else if (r.consequences_note.empty()) {
    s.push_back("Ranks: no GPU changed position");
  }
  for (const auto& c : r.picks)
    s.push_back((c.role == "leaf" ? "Leaf: " : "Pick: ") + SubjectOf(c) +
                (c.role == "leaf" ? "" : " " + c.role) + ": " +
                (c.before.empty() ? "none" : c.before_name) + " → " +
                (c.after.empty() ? "none" : c.after_name));
  if (r.picks.empty() && r.consequences_note.empty())
    s.push_back("Picks and flowchart leaves: unchanged");
  if (!r.answers.empty())
    s.push_back("LLM fit, VRAM, tok/s and break-even: " +
                Plural(r.answers.size(), "answer", "answers") + " moved beyond the threshold");
  size_t pages = 0;
  for (const auto& c : r.content)
    pages += c.pages_added.size() + c.pages_removed.size() + c.pages_changed.size();
  if (pages) {
    std::string langs;
    for (const auto& c : r.content) langs += (langs.empty() ? "" : ", ") + c.lang;
    s.push_back("Content: " + Plural(pages, "file", "files") + " changed (" + langs + ")");
  }
  for (const auto& t : r.translations)
    if (t.change == "stale") s.push_back("Stale translation: " + t.file);
  if (!r.new_errors.empty() || !r.new_warnings.empty() || !r.fixed_errors.empty())
    s.push_back(
        "Diagnostics: " + Plural(r.new_errors.size(), "new error", "new errors") + ", " +
        Plural(r.new_warnings.size(), "new warning", "new warnings") +
        (r.fixed_errors.empty() ? "" : ", " + std::to_string(r.fixed_errors.size()) + " fixed"));
  for (const auto& d : r.new_errors) s.push_back("  " + FormatDiagnostic(d));
  if (r.new_errors.empty())
    for (size_t i = 0; i < r.head_errors.size() && i < 5; ++i)
      s.push_back("  " + FormatDiagnostic(r.head_errors[i]));
  if (r.base_built && r.head_built) {
    size_t changed = OutputChanged(r);
    std::string out = "Output: " + Plural(changed, "file", "files") + " changed";
    if (changed) {
      out += " (" + std::to_string(r.boilerplate_pages) + " boilerplate only, " +
             std::to_string(changed - static_cast<size_t>(r.boilerplate_pages)) + " in " +
             Plural(r.output_groups.size(), "group", "groups") + ")";
    }
    if (!r.output_added.empty() || !r.output_removed.empty())
      out += ", " + std::to_string(r.output_added.size()) + " added, " +
             std::to_string(r.output_removed.size()) + " removed";
    if (!r.charts.empty()) out += "; " + Plural(r.charts.size(), "chart", "charts") + " redrawn";
    s.push_back(out);
  }
  return s;
}

}  // namespace

std::string RenderPriceSummary(const Report& r) {
  const Parts p = Lines(r);
  std::string out;
  for (const std::string& line : Summary(r, p)) {
    const bool wanted = line.rfind("Price", 0) == 0 || line.rfind("Ranks", 0) == 0 ||
                        line.rfind("Pick", 0) == 0 || line.rfind("Leaf", 0) == 0 ||
                        line.rfind("Consequences", 0) == 0;
    if (wanted) out += line + "\n";
  }
  for (const std::string& line : p.ranks) out += "  " + line + "\n";
  return out;
}

namespace {

std::string Indent(const std::string& s, const std::string& by) {
  std::string out = by;
  for (char c : s) {
    out += c;
    if (c == '\n') out += by;
  }
  return out;
}

std::string MdEscape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else if (c == '*' || c == '_' || c == '`' || c == '|' || c == '[' || c == ']' || c == '#')
      out += std::string("\\") + c;
    else
      out += c;
  }
  return out;
}

// MarkdownEscape for a list item's text, with what would start a list or a heading at its
// beginning escaped too ("- old", "+ new", "1. ").
std::string MdLine(const std::string& s) {
  std::string out = MarkdownEscape(s);
  if (!out.empty() && (out[0] == '-' || out[0] == '+')) return "\\" + out;
  size_t digits = 0;
  while (digits < out.size() && std::isdigit(static_cast<unsigned char>(out[digits]))) ++digits;
  if (digits && digits < out.size() && (out[digits] == '.' || out[digits] == ')'))
    out.insert(digits, "\\");
  return out;
}

}  // namespace

std::string RenderReviewText(const Report& r) {
  Parts p = Lines(r);
  std::ostringstream o;
  o << "gpuguide review: " << r.base_label << " → " << r.head_label << ": " << Verdict(r) << "\n";
  for (const auto& l : Summary(r, p)) o << "  " << l << "\n";
  auto section = [&](const std::string& title, const std::vector<std::string>& lines) {
    if (lines.empty()) return;
    o << "\n" << title << "\n";
    for (const auto& l : lines) o << Indent(l, "  ") << "\n";
  };
  section("Data records", p.records);
  section("Current prices", p.prices);
  section("Rank moves (positions; speed and value per workload and cost basis)", p.ranks);
  section("Picks and flowchart leaves", p.picks);
  section("LLM fit, VRAM, tok/s and break-even", p.answers);
  section("Content", p.content);
  section("Diagnostics", p.diagnostics);
  section("Output", p.output);
  section("Charts redrawn", p.charts);
  return o.str();
}

std::string RenderReviewMarkdown(const Report& r, const std::string& thumbnails_url,
                                 size_t max_chars) {
  Parts p = Lines(r);
  std::string head = "### gpuguide review: " + std::string(r.HeadFails() ? "❌ " : "✅ ") +
                     Verdict(r) + "\n\n`" + r.base_label + "` → `" + r.head_label + "`\n\n";
  for (const auto& l : Summary(r, p)) head += "- " + MdEscape(l) + "\n";
  struct Section {
    std::string text, closing;  // closing: what ends it when it is cut
  };
  std::vector<Section> sections;
  auto section = [&](const std::string& title, const std::vector<std::string>& lines,
                     bool open = false) {
    if (lines.empty()) return;
    std::string s = std::string("\n<details") + (open ? " open" : "") + "><summary>" + title +
                    " (" + std::to_string(lines.size()) + ")</summary>\n\n```\n";
    for (const auto& l : lines) s += l + "\n";
    s += "```\n</details>\n";
    sections.push_back({s, "```\n</details>\n"});
  };
  // A section of Markdown lists (word changes are marked up, so no code block): every text
  // escaped. `items` counts its entries for the summary.
  auto list_section = [&](const std::string& title, const std::string& body, size_t items) {
    if (body.empty()) return;
    sections.push_back({"\n<details><summary>" + title + " (" + std::to_string(items) +
                            ")</summary>\n\n" + body + "\n</details>\n",
                        "\n</details>\n"});
  };
  section("Data records", p.records);
  section("Current prices", p.prices);
  section("Rank moves", p.ranks);
  section("Picks and flowchart leaves", p.picks);
  section("LLM fit, VRAM, tok/s and break-even", p.answers);

  std::string content;
  size_t content_items = 0;
  for (const auto& c : r.content) {
    std::string line = c.lang + ":";
    for (const auto& f : c.pages_added) line += " +" + f;
    for (const auto& f : c.pages_removed) line += " -" + f;
    for (const auto& f : c.pages_changed) line += " ~" + f;
    content += "- " + MdLine(line) + "\n";
    ++content_items;
  }
  for (size_t i = 0; i < r.source_changes.size(); ++i) {
    const auto& c = r.source_changes[i];
    content += "- " + CodeSpan(c.file + ":" + std::to_string(c.line)) + ": " +
               WordDiffMarkdown(c.words) + "\n";
    if (i + 1 == r.source_changes.size() || r.source_changes[i + 1].file != c.file)
      content += "  - " + LandsText(c.lands, true) + "\n";
    ++content_items;
  }
  // The translation lines of the text form (they follow the language lines there).
  for (size_t i = r.content.size() + r.source_changes.size(); i < p.content.size(); ++i) {
    content += "- " + MdLine(p.content[i]) + "\n";
    ++content_items;
  }
  list_section("Content", content, content_items);
  section("Diagnostics", p.diagnostics, !r.new_errors.empty());

  std::string output;
  size_t output_items = 0;
  if (r.boilerplate_pages) {
    output += "- " +
              MdLine(Plural(static_cast<size_t>(r.boilerplate_pages), "file", "files") +
                     " changed only in boilerplate: " + Short(r.boilerplate_example, 160)) +
              "\n";
    ++output_items;
  }
  for (const auto& g : r.output_groups) {
    std::string line =
        "- " + Plural(g.files.size(), "file", "files") + " — " + MarkdownEscape(g.cause) + ": ";
    for (size_t i = 0; i < g.files.size() && i < 8; ++i)
      line += (i ? ", " : "") + CodeSpan(g.files[i]);
    if (g.files.size() > 8) line += ", … " + std::to_string(g.files.size() - 8) + " more";
    output += line + "\n";
    for (const auto& page : g.pages) {
      output += "  - " + CodeSpan(page.file) + ":\n";
      for (const auto& c : page.changes) output += "    - " + ChangeMarkdown(c) + "\n";
      if (page.more_changes)
        output += "    - … " +
                  Plural(static_cast<size_t>(page.more_changes), "more change", "more changes") +
                  "\n";
    }
    if (g.pages.empty()) {
      for (const auto& e : g.example) output += "  - " + MdLine(Short(e, 160)) + "\n";
    }
    ++output_items;
  }
  for (const auto* files : {&r.output_added, &r.output_removed}) {
    if (files->empty()) continue;
    std::string line = "- " + Plural(files->size(), "file", "files") +
                       (files == &r.output_added ? " added: " : " removed: ");
    for (size_t i = 0; i < files->size() && i < 8; ++i)
      line += (i ? ", " : "") + CodeSpan((*files)[i]);
    if (files->size() > 8) line += ", …";
    output += line + "\n";
    ++output_items;
  }
  list_section("Output", output, output_items);
  if (!r.charts.empty()) {
    std::string s = "\n<details><summary>Charts redrawn (" + std::to_string(r.charts.size()) +
                    ")</summary>\n\n";
    for (const auto& c : r.charts) {
      s += "- " + CodeSpan(c.path);
      if (!c.before_png.empty())
        s += " — before ![before](" + thumbnails_url + c.before_png + ") after ![after](" +
             thumbnails_url + c.after_png + ")";
      s += "\n";
    }
    s += "</details>\n";
    sections.push_back({s, "</details>\n"});
  }
  std::string out = head;
  const std::string note =
      "\n_Report truncated to fit a comment; run `gpuguide review --format text` for all of "
      "it._\n";
  for (size_t i = 0; i < sections.size(); ++i) {
    if (out.size() + sections[i].text.size() + note.size() <= max_chars) {
      out += sections[i].text;
      continue;
    }
    // Cut this section at a line boundary and close its code block or list and <details>.
    const std::string& closing = sections[i].closing;
    size_t room = max_chars - std::min(max_chars, out.size() + note.size() + closing.size());
    std::string part = sections[i].text.substr(0, room);
    size_t nl = part.rfind('\n');
    part = nl == std::string::npos ? "" : part.substr(0, nl + 1);
    // Opened: past its <summary> line (and the code fence, for a code section).
    const std::string opened = closing.rfind("```", 0) == 0 ? "```\n" : "</summary>\n";
    if (part.find(opened) != std::string::npos) out += part + closing;
    out += note;
    return out;
  }
  return out;
}

std::string RenderReviewJson(const Report& r) {
  using J = nlohmann::ordered_json;
  auto words = [](const std::vector<WordSpan>& spans) {
    J a = J::array();
    for (const auto& w : spans)
      a.push_back({{"op", w.kind == WordSpan::kSame      ? "same"
                          : w.kind == WordSpan::kRemoved ? "removed"
                                                         : "added"},
                   {"text", w.text}});
    return a;
  };
  auto change = [&](const TextChange& c) {
    J cells = J::array();
    for (const auto& cell : c.cells)
      cells.push_back({{"column", cell.column}, {"words", words(cell.words)}});
    return J{{"row", c.row}, {"words", words(c.words)}, {"cells", cells}};
  };
  J j;
  j["schema"] = "gpuguide-review/1";
  j["base"] = r.base_label;
  j["head"] = r.head_label;
  j["base_built"] = r.base_built;
  j["head_built"] = r.head_built;
  j["adds_errors"] = r.AddsErrors();
  j["fails"] = r.HeadFails();
  j["records"] = J::array();
  for (const auto& c : r.records) {
    J f = J::array();
    for (const auto& x : c.fields)
      f.push_back({{"field", x.field}, {"before", x.before}, {"after", x.after}});
    j["records"].push_back(
        {{"kind", c.kind}, {"key", c.key}, {"change", c.change}, {"file", c.file}, {"fields", f}});
  }
  auto opt = [](const std::optional<double>& v) { return v ? J(*v) : J(nullptr); };
  auto opti = [](const std::optional<int>& v) { return v ? J(*v) : J(nullptr); };
  j["consequences_note"] = r.consequences_note;
  j["prices"] = J::array();
  for (const auto& m : r.prices)
    j["prices"].push_back({{"gpu", m.gpu},
                           {"condition", m.condition},
                           {"before_usd", opt(m.before)},
                           {"after_usd", opt(m.after)},
                           {"count_before", m.count_before},
                           {"count_after", m.count_after},
                           {"newest_before", m.newest_before},
                           {"newest_after", m.newest_after},
                           {"basis_before", m.basis_before},
                           {"basis_after", m.basis_after},
                           {"estimated", m.basis_after == "estimate"},
                           {"causes", m.causes}});
  j["ranks"] = J::array();
  for (const auto& m : r.ranks)
    j["ranks"].push_back(
        {{"list", m.list}, {"gpu", m.gpu}, {"before", opti(m.before)}, {"after", opti(m.after)}});
  j["picks"] = J::array();
  for (const auto& c : r.picks)
    j["picks"].push_back({{"subject", c.subject},
                          {"subject_name", c.subject_name},
                          {"role", c.role},
                          {"before", c.before},
                          {"after", c.after},
                          {"reason", c.reason}});
  j["answers"] = J::array();
  for (const auto& a : r.answers)
    j["answers"].push_back({{"subject", a.subject},
                            {"subject_name", a.subject_name},
                            {"quantity", a.quantity},
                            {"before", a.before},
                            {"after", a.after},
                            {"relative", opt(a.relative)}});
  j["content"] = J::array();
  for (const auto& c : r.content)
    j["content"].push_back({{"lang", c.lang},
                            {"added", c.pages_added},
                            {"removed", c.pages_removed},
                            {"changed", c.pages_changed}});
  j["source_changes"] = J::array();
  for (const auto& c : r.source_changes) {
    J lands = J::array();
    for (const auto& l : c.lands)
      lands.push_back({{"lang", l.lang}, {"page", l.page}, {"state", l.state}});
    j["source_changes"].push_back(
        {{"file", c.file}, {"line", c.line}, {"words", words(c.words)}, {"lands", lands}});
  }
  j["translations"] = J::array();
  for (const auto& t : r.translations)
    j["translations"].push_back({{"file", t.file}, {"source", t.source}, {"change", t.change}});
  auto diags = [&](const std::vector<Diagnostic>& ds) {
    J a = J::array();
    for (const auto& d : ds)
      a.push_back({{"file", d.loc.file},
                   {"line", d.loc.line},
                   {"col", d.loc.col},
                   {"severity", d.severity == Severity::kError ? "error" : "warning"},
                   {"message", d.message},
                   {"hint", d.hint},
                   {"text", FormatDiagnostic(d)}});
    return a;
  };
  j["new_errors"] = diags(r.new_errors);
  j["head_errors"] = diags(r.head_errors);
  j["new_warnings"] = diags(r.new_warnings);
  j["fixed_errors"] = diags(r.fixed_errors);
  J out;
  out["added"] = r.output_added;
  out["removed"] = r.output_removed;
  out["unchanged"] = r.output_unchanged;
  out["boilerplate"] = {{"files", r.boilerplate_pages}, {"example", r.boilerplate_example}};
  out["groups"] = J::array();
  for (const auto& g : r.output_groups) {
    J pages = J::array();
    for (const auto& page : g.pages) {
      J changes = J::array();
      for (const auto& c : page.changes) changes.push_back(change(c));
      pages.push_back(
          {{"file", page.file}, {"changes", changes}, {"more_changes", page.more_changes}});
    }
    out["groups"].push_back(
        {{"cause", g.cause}, {"files", g.files}, {"example", g.example}, {"pages", pages}});
  }
  out["charts"] = J::array();
  for (const auto& c : r.charts)
    out["charts"].push_back(
        {{"path", c.path}, {"before_png", c.before_png}, {"after_png", c.after_png}});
  j["output"] = out;
  // A path is any bytes git allows; invalid UTF-8 becomes U+FFFD rather than an exception.
  return j.dump(2, ' ', false, J::error_handler_t::replace) + "\n";
}

}  // namespace gg
