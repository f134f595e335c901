// Word-level differences between two lines of text (a paragraph, a heading, a list item, a
// table cell), by the same Myers O(ND) algorithm as the line diff (Debian's dtl) over words:
// ICU word breaks, so CJK text is split into words (dictionary) or characters, not at spaces.
// The result keeps about `context` characters of unchanged text on each side of each change
// and replaces the rest with "…", so a change anywhere in a long line is always shown.
#pragma once

#include <string>
#include <vector>

#include "review/report.h"

namespace gg {

// The words of `text` as ICU's word-break rules cut it (a run of spaces, a punctuation mark,
// "2,900" and "GPU's" are one each; a CJK run by dictionary). Concatenated they give `text`.
std::vector<std::string> SplitWords(const std::string& text);

// Spans in order (WordSpan::kSame / kRemoved / kAdded); concatenating the kSame and kRemoved
// spans gives the shown part of `before`, the kSame and kAdded ones of `after`. Changes that
// only a run of spaces separates are merged into one. Unchanged text is cut to `context`
// code points (at a word boundary when one is near) each side of a change, "…" marking each
// cut. Equal lines give no spans.
std::vector<WordSpan> DiffWords(const std::string& before, const std::string& after,
                                size_t context = 60);

// A line that was removed or added whole: one span of its first `max` code points ("…" when
// cut).
std::vector<WordSpan> WholeLine(const std::string& text, WordSpan::Kind kind, size_t max = 160);

// "… a dedicated [-GPU-]{+graphics card+} at a similar …"
std::string WordDiffText(const std::vector<WordSpan>& spans);

// "… a dedicated ~~GPU~~ **graphics card** at a similar …": every character of the text
// escaped so that it stays literal in GitHub Markdown (and in a table cell), the markers
// placed so that they always take effect (spaces moved outside them; a space added where a
// marker would otherwise touch a letter across punctuation).
std::string WordDiffMarkdown(const std::vector<WordSpan>& spans);

// Escapes text for GitHub Markdown (inline, one line): the characters Markdown or HTML
// would read as syntax are backslash-escaped or written as entities.
std::string MarkdownEscape(const std::string& text);

}  // namespace gg
