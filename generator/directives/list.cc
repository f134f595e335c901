// The list of directives: directives/list.inc, one DIRECTIVE(Name) line per spec, each
// defined as `DirectiveSpec NameDirective()` in its own file.
#include "directives/registry.h"

namespace gg {

#define DIRECTIVE(name) DirectiveSpec name##Directive();
#include "directives/list.inc"
#undef DIRECTIVE

std::vector<DirectiveSpec> AllDirectives() {
  return {
#define DIRECTIVE(name) name##Directive(),
#include "directives/list.inc"
#undef DIRECTIVE
  };
}

}  // namespace gg
