// Directives and inline references: the only way a figure reaches a page. The registry is the
// list in directives/list.inc; it finds the spec a call names (with a did-you-mean for unknown
// names and chart kinds), validates the call against the spec's schema, and runs its render
// function. A call that fails validation renders "" and leaves errors (the build then fails).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "directives/directive.h"

namespace gg {

class DirectiveRegistry {
 public:
  explicit DirectiveRegistry(std::vector<DirectiveSpec> specs);
  std::string RunBlock(const DirectiveCall& call, const PageContext& ctx) const;
  std::string RunInline(const DirectiveCall& call, const PageContext& ctx) const;
  std::vector<std::string> BlockNames() const;
  std::vector<std::string> InlineNames() const;
  const std::vector<DirectiveSpec>& specs() const { return specs_; }
  // The spec a call would run, or nullptr (no diagnostics).
  const DirectiveSpec* Find(DirectiveSpec::Kind kind, const DirectiveCall& call) const;

 private:
  std::string Run(DirectiveSpec::Kind kind, const DirectiveCall& call,
                  const PageContext& ctx) const;
  std::vector<std::string> Names(DirectiveSpec::Kind kind) const;

  std::vector<DirectiveSpec> specs_;
};

// Every directive of directives/list.inc, in list order.
std::vector<DirectiveSpec> AllDirectives();
// The registry over AllDirectives(), built once.
const DirectiveRegistry& StandardDirectives();

}  // namespace gg
