// Typography of generated text, per language, in one place: the UI strings (UiStrings applies
// it to every string it loads and to every English article before a placeholder) and every
// label the generator assembles from parts (Separator) go through these functions, so a rule
// of a language's printers is written once and holds on every page.
//
// Plain UTF-8 text in, plain text out (escaping comes after). Pure; no ICU needed.
#pragma once

#include <string>
#include <string_view>

namespace gg {

// The punctuation of `lang` applied to `text`:
// - "fr": a narrow no-break space (U+202F) before ':', ';', '?' and '!' — replacing a space,
//   a no-break space (U+00A0) or a narrow one there, and added where the mark follows a
//   word directly ("Prix:" → "Prix :").
// - "zh-Hans": the full-width marks '：', '；', '？', '！' for the ASCII ones, with the spaces
//   around them removed ("来源: 厂商" → "来源：厂商").
// - any other language: unchanged.
// Left alone in every language: a mark between two digits ("10:30", "1:2"), "://" and any
// mark inside a run without spaces that holds '/' (addresses), a mark at the very start of
// the text, '?' and '!' followed by a letter or digit (inside a word or a query string), and
// everything between '{' and '}' (placeholders and ICU MessageFormat syntax).
std::string Punctuate(std::string_view lang, std::string_view text);

// English: "a" or "an" for the word that follows, by its sound as a reader says it: "an AMD",
// "an Apple", "an Intel", "an RTX 4090", "an H100", "an 8-GPU node", "an 11 GB card",
// "a GeForce", "a unified", "a one-year", "a 4-GPU node", "a NVIDIA"→"an NVIDIA" (en-vidia).
// Letters spoken one by one (an upper-case run, or a letter followed by a digit) take the
// article of the letter's name (F, H, L, M, N, R, S, X and the vowels take "an").
std::string_view IndefiniteArticle(std::string_view next_word);

// In an English text, every article "a" / "an" / "A" / "An" that stands as a word before
// another word is set by IndefiniteArticle for that word. Other languages: unchanged.
std::string FixArticles(std::string_view lang, std::string_view text);

// What joins a label to its value in `lang`: ": " in English, "\u202F: " in French, "：" in
// Chinese ("Source: x", « Source : x », “来源：x”).
std::string_view LabelSeparator(std::string_view lang);

}  // namespace gg
