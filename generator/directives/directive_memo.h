// The outputs of block directives already run in this build. A directive is a function of its
// call (name, words, arguments, caption), the page's language and depth (links are relative)
// and the build's data: two pages that make the same call at the same depth get the same
// HTML, the same chart files and the same dependency keys. The synthetic benchmark's pages and
// the guide's chapters repeat rankings and charts, so each is rendered once per build and
// replayed after (DirectiveRegistry::RunBlock).
//
// A call that reported any diagnostic is never kept (its problems must be reported at each
// place). Whether the page still wants a link-preview image is part of the key, as it decides
// whether a chart paints a PNG. Thread-safe (base/build_memo.h).
#pragma once

#include <string>

#include "base/build_memo.h"
#include "content/markdown.h"
#include "directives/page_context.h"

namespace gg {

struct DirectiveOutput {
  std::string html;
  PageOutputs outputs;  // files, og_image set by the call (or empty), reads
};

class DirectiveMemo : public BuildMemo<DirectiveOutput> {
 public:
  // The key of a block call on the page of `ctx`.
  static std::string KeyOf(const DirectiveCall& call, const PageContext& ctx);
};

}  // namespace gg
