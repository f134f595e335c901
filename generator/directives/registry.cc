#include "directives/registry.h"

#include <algorithm>
#include <set>

#include "base/suggest.h"
#include "directives/directive_memo.h"

namespace gg {

DirectiveRegistry::DirectiveRegistry(std::vector<DirectiveSpec> specs) : specs_(std::move(specs)) {}

std::vector<std::string> DirectiveRegistry::Names(DirectiveSpec::Kind kind) const {
  std::set<std::string> names;
  for (const auto& s : specs_)
    if (s.kind == kind) names.insert(s.name);
  return {names.begin(), names.end()};
}

std::vector<std::string> DirectiveRegistry::BlockNames() const {
  return Names(DirectiveSpec::Kind::kBlock);
}

std::vector<std::string> DirectiveRegistry::InlineNames() const {
  return Names(DirectiveSpec::Kind::kInline);
}

const DirectiveSpec* DirectiveRegistry::Find(DirectiveSpec::Kind kind,
                                             const DirectiveCall& call) const {
  for (const auto& s : specs_) {
    if (s.kind != kind || s.name != call.name) continue;
    if (s.variant.empty()) return &s;
    if (!call.positional.empty() && call.positional.front() == s.variant) return &s;
  }
  return nullptr;
}

std::string DirectiveRegistry::Run(DirectiveSpec::Kind kind, const DirectiveCall& call,
                                   const PageContext& ctx) const {
  const bool is_inline = kind == DirectiveSpec::Kind::kInline;
  const DirectiveSpec* spec = Find(kind, call);
  if (!spec) {
    std::vector<std::string> variants;
    for (const auto& s : specs_)
      if (s.kind == kind && s.name == call.name && !s.variant.empty())
        variants.push_back(s.variant);
    if (!variants.empty()) {
      if (call.positional.size() != 1)
        ctx.diags->Error(
            call.loc, call.name + " needs one chart kind", "one of: " + [&] {
              std::string l;
              for (const auto& v : variants) l += (l.empty() ? "" : ", ") + v;
              return l;
            }());
      else
        ctx.diags->Error(call.loc, "unknown chart '" + call.positional[0] + "'",
                         DidYouMean(call.positional[0], variants));
      return {};
    }
    // Names as the author writes them: "gpu:assumption" for inline references.
    const std::string prefix = is_inline ? "gpu:" : "";
    std::vector<std::string> names;
    for (const auto& n : Names(kind)) names.push_back(prefix + n);
    std::string hint = DidYouMean(prefix + call.name, names);
    if (hint.empty()) {
      std::string list;
      for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
      hint = "known: " + list;
    }
    ctx.diags->Error(call.loc,
                     std::string("unknown ") + (is_inline ? "inline reference" : "directive") +
                         " '" + prefix + call.name + "'",
                     hint);
    return {};
  }
  Args args(*spec, call, *ctx.data, ctx.diags);
  if (!ValidateCall(*spec, call, *ctx.data, &args)) return {};
  for (const auto& key : args.Reads()) ctx.Read(key);
  return spec->render(args, ctx);
}

std::string DirectiveRegistry::RunBlock(const DirectiveCall& call, const PageContext& ctx) const {
  if (!ctx.directives) return Run(DirectiveSpec::Kind::kBlock, call, ctx);
  const std::string key = DirectiveMemo::KeyOf(call, ctx);
  auto replay = [&](const DirectiveOutput& kept) {
    if (ctx.out->all_reads)
      ctx.out->reads.insert(kept.outputs.reads.begin(), kept.outputs.reads.end());
    else
      for (const std::string& read : kept.outputs.reads) ctx.out->Read(read);
    ctx.out->files.insert(ctx.out->files.end(), kept.outputs.files.begin(),
                          kept.outputs.files.end());
    if (!kept.outputs.og_image.empty()) ctx.out->og_image = kept.outputs.og_image;
    ctx.out->styles.insert(kept.outputs.styles.begin(), kept.outputs.styles.end());
    return kept.html;
  };
  if (auto kept = ctx.directives->Find(key)) return replay(*kept);
  // Run with an output collector of its own, so that what this call adds can be kept.
  DirectiveOutput run;
  run.outputs.og_image = ctx.out->og_image;
  run.outputs.all_reads = ctx.out->all_reads;
  run.outputs.region_suffix = ctx.out->region_suffix;
  PageContext own = ctx;
  own.out = &run.outputs;
  const int reported = Diagnostics::AddedOnThisThread();
  run.html = Run(DirectiveSpec::Kind::kBlock, call, own);
  if (run.outputs.og_image == ctx.out->og_image) run.outputs.og_image.clear();
  const std::string html = replay(run);
  if (Diagnostics::AddedOnThisThread() == reported) ctx.directives->Keep(key, std::move(run));
  return html;
}

std::string DirectiveRegistry::RunInline(const DirectiveCall& call, const PageContext& ctx) const {
  return Run(DirectiveSpec::Kind::kInline, call, ctx);
}

const DirectiveRegistry& StandardDirectives() {
  static const DirectiveRegistry registry(AllDirectives());
  return registry;
}

}  // namespace gg
