#include "review/word_diff.h"

#include <unicode/brkiter.h>
#include <unicode/uchar.h>
#include <unicode/utext.h>

#include <dtl/dtl.hpp>

#include <memory>

namespace gg {
namespace {

// ---- UTF-8 ----

size_t CodePointLength(unsigned char lead) {
  return lead < 0x80           ? 1
         : (lead >> 5) == 0x6  ? 2
         : (lead >> 4) == 0xE  ? 3
         : (lead >> 3) == 0x1E ? 4
                               : 1;
}

// Byte offset of code point n (or s.size()).
size_t OffsetOf(const std::string& s, size_t n) {
  size_t i = 0;
  while (i < s.size() && n > 0) {
    i += CodePointLength(static_cast<unsigned char>(s[i]));
    --n;
  }
  return std::min(i, s.size());
}

size_t CodePoints(const std::string& s) {
  size_t n = 0;
  for (size_t i = 0; i < s.size(); i += CodePointLength(static_cast<unsigned char>(s[i]))) ++n;
  return n;
}

UChar32 DecodeAt(const std::string& s, size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  size_t n = CodePointLength(c);
  if (n == 1 || i + n > s.size()) return c;
  UChar32 cp = c & (0xFF >> (n + 1));
  for (size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
  return cp;
}

UChar32 FirstCodePoint(const std::string& s) {
  return s.empty() ? 0 : DecodeAt(s, 0);
}

UChar32 LastCodePoint(const std::string& s) {
  if (s.empty()) return 0;
  size_t i = s.size() - 1;
  while (i > 0 && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) --i;
  return DecodeAt(s, i);
}

bool IsSpace(UChar32 c) {
  return c == ' ' || c == '\t' || c == '\n' || c == 0xA0 || u_isUWhiteSpace(c);
}

// CommonMark's punctuation: ASCII punctuation, or Unicode categories Pc Pd Pe Pf Pi Po Ps.
bool IsPunct(UChar32 c) {
  if (c < 0x80)
    return (c >= 0x21 && c <= 0x2F) || (c >= 0x3A && c <= 0x40) || (c >= 0x5B && c <= 0x60) ||
           (c >= 0x7B && c <= 0x7E);
  return u_ispunct(c);
}

bool IsAllSpace(const std::string& s) {
  for (char c : s)
    if (c != ' ') return false;
  return true;
}

// The last `n` code points of s, cut after a space when one is near, "…" in front when cut.
std::string Tail(const std::string& s, size_t n) {
  const size_t cps = CodePoints(s);
  if (cps <= n) return s;
  size_t from = OffsetOf(s, cps - n);
  size_t space = s.find(' ', from);
  if (space != std::string::npos && space - from < 16 && space + 1 < s.size()) from = space + 1;
  return "…" + s.substr(from);
}

// The first `n` code points of s, cut before a space when one is near, "…" after when cut.
std::string Head(const std::string& s, size_t n) {
  if (CodePoints(s) <= n) return s;
  size_t to = OffsetOf(s, n);
  size_t space = s.rfind(' ', to);
  if (space != std::string::npos && to - space < 16 && space > 0) to = space;
  return s.substr(0, to) + "…";
}

struct Segment {
  bool change = false;
  std::string same;            // !change
  std::string removed, added;  // change
};

}  // namespace

std::vector<std::string> SplitWords(const std::string& text) {
  std::vector<std::string> out;
  if (text.empty()) return out;
  // One iterator per thread, made once: creating one loads the rules and dictionaries.
  thread_local std::unique_ptr<icu::BreakIterator> it = [] {
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::BreakIterator> b(
        icu::BreakIterator::createWordInstance(icu::Locale::getRoot(), status));
    return U_SUCCESS(status) ? std::move(b) : nullptr;
  }();
  UErrorCode status = U_ZERO_ERROR;
  UText* ut = it ? utext_openUTF8(nullptr, text.data(), static_cast<int64_t>(text.size()), &status)
                 : nullptr;
  if (!ut || U_FAILURE(status)) {
    // Without ICU's rules: every code point a word (never wrong, only less readable).
    for (size_t i = 0; i < text.size();) {
      size_t n = CodePointLength(static_cast<unsigned char>(text[i]));
      out.push_back(text.substr(i, n));
      i += n;
    }
    if (ut) utext_close(ut);
    return out;
  }
  it->setText(ut, status);
  int32_t start = it->first();
  for (int32_t end = it->next(); end != icu::BreakIterator::DONE; start = end, end = it->next())
    out.push_back(text.substr(static_cast<size_t>(start), static_cast<size_t>(end - start)));
  utext_close(ut);
  return out;
}

std::vector<WordSpan> DiffWords(const std::string& before, const std::string& after,
                                size_t context) {
  std::vector<WordSpan> spans;
  if (before == after) return spans;
  const std::vector<std::string> a = SplitWords(before), b = SplitWords(after);
  dtl::Diff<std::string, std::vector<std::string>> diff(a, b);
  diff.compose();
  std::vector<Segment> segs;
  for (const auto& [word, info] : diff.getSes().getSequence()) {
    const bool common = info.type == dtl::SES_COMMON;
    if (segs.empty() || segs.back().change == common) segs.push_back({!common, "", "", ""});
    Segment& s = segs.back();
    if (common)
      s.same += word;
    else
      (info.type == dtl::SES_DELETE ? s.removed : s.added) += word;
  }
  // Changes that only spaces separate read as one: "[-a b-]{+c d+}", not "[-a-]{+c+} [-b-]{+d+}".
  std::vector<Segment> merged;
  for (size_t i = 0; i < segs.size(); ++i) {
    if (segs[i].change && !merged.empty() && merged.back().change) {
      merged.back().removed += segs[i].removed;
      merged.back().added += segs[i].added;
      continue;
    }
    if (!segs[i].change && IsAllSpace(segs[i].same) && i > 0 && i + 1 < segs.size() &&
        !merged.empty() && merged.back().change) {
      merged.back().removed += segs[i].same;
      merged.back().added += segs[i].same;
      continue;
    }
    merged.push_back(std::move(segs[i]));
  }
  // Spaces both sides have in common at the edges of a change belong to the context: "GPU "
  // -> "graphics card " shows as "[-GPU-]{+graphics card+} ".
  std::vector<Segment> tidy;
  for (auto& s : merged) {
    if (!s.change) {
      if (!tidy.empty() && !tidy.back().change)
        tidy.back().same += s.same;
      else
        tidy.push_back(std::move(s));
      continue;
    }
    std::string lead, trail;
    while (!s.removed.empty() && !s.added.empty() && s.removed[0] == ' ' && s.added[0] == ' ') {
      lead += ' ';
      s.removed.erase(0, 1);
      s.added.erase(0, 1);
    }
    while (!s.removed.empty() && !s.added.empty() && s.removed.back() == ' ' &&
           s.added.back() == ' ') {
      trail += ' ';
      s.removed.pop_back();
      s.added.pop_back();
    }
    if (!lead.empty()) {
      if (tidy.empty() || tidy.back().change) tidy.push_back({false, "", "", ""});
      tidy.back().same += lead;
    }
    tidy.push_back(std::move(s));
    if (!trail.empty()) tidy.push_back({false, trail, "", ""});
  }
  merged = std::move(tidy);
  for (size_t i = 0; i < merged.size(); ++i) {
    const Segment& s = merged[i];
    if (s.change) {
      if (!s.removed.empty()) spans.push_back({WordSpan::kRemoved, s.removed});
      if (!s.added.empty()) spans.push_back({WordSpan::kAdded, s.added});
      continue;
    }
    const bool first = i == 0, last = i + 1 == merged.size();
    std::string shown;
    if (first && last)
      shown = s.same;  // cannot happen: the lines differ
    else if (first)
      shown = Tail(s.same, context);
    else if (last)
      shown = Head(s.same, context);
    else if (CodePoints(s.same) <= 2 * context + 10)
      shown = s.same;
    else
      shown = Head(s.same, context) + " " + Tail(s.same, context);
    spans.push_back({WordSpan::kSame, shown});
  }
  return spans;
}

std::vector<WordSpan> WholeLine(const std::string& text, WordSpan::Kind kind, size_t max) {
  return {{kind, Head(text, max)}};
}

std::string WordDiffText(const std::vector<WordSpan>& spans) {
  std::string out;
  for (const auto& s : spans) {
    if (s.kind == WordSpan::kSame)
      out += s.text;
    else if (s.kind == WordSpan::kRemoved)
      out += "[-" + s.text + "-]";
    else
      out += "{+" + s.text + "+}";
  }
  return out;
}

std::string MarkdownEscape(const std::string& text) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (char c : text) {
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '\n':
      case '\r':
        out += ' ';
        break;
      case '\\':
      case '`':
      case '*':
      case '_':
      case '[':
      case ']':
      case '#':
      case '!':
      case '|':
      case '~':
      case '$':
        out += '\\';
        out += c;
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string WordDiffMarkdown(const std::vector<WordSpan>& spans) {
  std::string out;
  // Set after a closing marker whose text ends in punctuation: a word character right after
  // it would keep the marker from closing, so a space goes between.
  bool space_before_word = false;
  auto append_plain = [&](const std::string& escaped) {
    if (escaped.empty()) return;
    UChar32 c = FirstCodePoint(escaped);
    if (space_before_word && !IsSpace(c) && !IsPunct(c)) out += ' ';
    space_before_word = false;
    out += escaped;
  };
  WordSpan::Kind previous = WordSpan::kSame;
  for (const auto& s : spans) {
    if (s.kind == WordSpan::kSame) {
      append_plain(MarkdownEscape(s.text));
      previous = s.kind;
      continue;
    }
    // Spaces go outside the markers ("** new**" is no emphasis); a change of spaces alone
    // shows as "␣".
    size_t a = s.text.find_first_not_of(' '), b = s.text.find_last_not_of(' ');
    std::string lead = a == std::string::npos ? "" : s.text.substr(0, a);
    std::string trail = a == std::string::npos ? "" : s.text.substr(b + 1);
    std::string core = a == std::string::npos ? "␣" : MarkdownEscape(s.text.substr(a, b - a + 1));
    if (s.kind == WordSpan::kAdded && previous == WordSpan::kRemoved) out += ' ';
    append_plain(lead);
    const std::string marker = s.kind == WordSpan::kRemoved ? "~~" : "**";
    UChar32 before = out.empty() ? ' ' : LastCodePoint(out);
    if (IsPunct(FirstCodePoint(core)) && !IsSpace(before) && !IsPunct(before)) out += ' ';
    out += marker + core + marker;
    space_before_word = IsPunct(LastCodePoint(core));
    if (!trail.empty()) {
      out += trail;
      space_before_word = false;
    }
    previous = s.kind;
  }
  return out;
}

}  // namespace gg
