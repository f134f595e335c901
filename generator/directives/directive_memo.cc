#include "directives/directive_memo.h"

#include "base/content_cache.h"

namespace gg {

std::string DirectiveMemo::KeyOf(const DirectiveCall& call, const PageContext& ctx) {
  KeyWriter w;
  w.Str("block/1").Str(call.name).Str(call.body).Str(ctx.lang ? ctx.lang->code : "");
  w.Str(ctx.to_root).Bool(ctx.preview_image && ctx.out->og_image.empty());
  w.Int(static_cast<int64_t>(call.positional.size()));
  for (const auto& p : call.positional) w.Str(p);
  w.Int(static_cast<int64_t>(call.args.size()));
  for (const auto& [k, v] : call.args) w.Str(k).Str(v);
  return w.text();
}

}  // namespace gg
