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

std::shared_ptr<const DirectiveOutput> DirectiveMemo::Find(const std::string& key) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = kept_.find(key);
  return it == kept_.end() ? nullptr : it->second;
}

void DirectiveMemo::Keep(const std::string& key, DirectiveOutput output) {
  auto kept = std::make_shared<const DirectiveOutput>(std::move(output));
  std::lock_guard<std::mutex> lock(mu_);
  kept_.emplace(key, std::move(kept));
}

}  // namespace gg
