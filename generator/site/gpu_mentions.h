// Where the authored pages mention each GPU, for the "In the guide" links of the GPU pages:
// a mention is `gpu=ID` in an inline reference (`gpu:name gpu=rtx-4090`) or in a directive's
// arguments, found by scanning the page's Markdown — no rendering needed, so the site plan
// knows every GPU page's links before any page is rendered.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "content/markdown.h"

namespace gg {

struct GpuMention {
  std::string heading_id;    // id of the h2/h3 the mention is under; "" before the first one
  std::string heading_text;  // its text as the table of contents shows it
};
// GPU id -> the sections of a page that mention it (FindGpuMentions).
using GpuMentions = std::map<std::string, std::vector<GpuMention>>;

// GPU id -> the sections of `body` that mention it, in page order, each section once. Only
// ids in `gpu_ids` count. Headings inside fenced code blocks are not headings; the ids are
// those ExtractToc gives (explicit "{#id}" included).
// toc: ExtractToc(body) when the caller has it (a parse saved).
std::map<std::string, std::vector<GpuMention>> FindGpuMentions(
    const std::string& body, const std::set<std::string>& gpu_ids,
    const std::vector<TocEntry>* toc = nullptr);

}  // namespace gg
