// Directives and inline references: the only way a figure reaches a page. Each directive is
// one function registered under its name; later features add a directive by registering one
// more function, nothing else. Unknown names and arguments are errors at file:line with a
// did-you-mean; a handler that fails reports and returns "" (the build then fails).
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "base/diagnostics.h"
#include "base/output_file.h"
#include "content/markdown.h"
#include "i18n/format.h"
#include "i18n/ui_strings.h"
#include "model/model.h"

namespace gg {

struct Computed;  // directives/computed.h: every calculation result, computed once per build

// What a handler may use. One per page render; handlers run on the page's thread.
struct PageContext {
  const Dataset* data = nullptr;
  const Computed* computed = nullptr;
  const UiStrings* strings = nullptr;
  const Language* lang = nullptr;
  const Formatter* fmt = nullptr;
  std::string to_root;                       // relative prefix from this page to the site root
  std::string chart_dir;                     // site path of this language's charts ("en/charts/")
  std::vector<OutputFile>* files = nullptr;  // extra files the page needs (chart SVG/PNG)
  std::string* og_image = nullptr;           // first chart PNG of the page, for link previews
  Diagnostics* diags = nullptr;

  // UI string in the page's language; reports an error (once per key) when no language has it.
  std::string T(const std::string& key) const;
  std::string TF(const std::string& key,
                 const std::vector<std::pair<std::string, std::string>>& args) const;
  // Link from this page to a site path such as "en/gpus/rtx-4090/".
  std::string Href(const std::string& site_path) const { return to_root + site_path; }
};

// Typed access to a call's arguments. Every getter reports its own error at the call's
// location and returns a fallback; check ok() before using the results.
class Args {
 public:
  Args(const DirectiveCall& call, Diagnostics* diags) : call_(call), diags_(diags) {}
  bool ok() const { return ok_; }
  std::optional<std::string> Get(const std::string& key) const;
  std::string Required(const std::string& key);
  std::string Or(const std::string& key, const std::string& fallback) const;
  // One of `allowed`, with a did-you-mean.
  std::string Choice(const std::string& key, const std::vector<std::string>& allowed,
                     const std::string& fallback = "");
  double Number(const std::string& key, double fallback, double min, double max);
  int Integer(const std::string& key, int fallback, int min, int max);
  std::vector<std::string> List(const std::string& key);  // comma separated, required
  // Ids that must exist: reports "unknown GPU 'x'; did you mean 'y'?".
  std::string GpuId(const std::string& key, const Dataset& data, bool required = true);
  std::string ModelId(const std::string& key, const Dataset& data);
  // The entry named by key (or by `fallback` when key is absent and fallback is not empty);
  // nullptr after reporting a missing or unknown id.
  const Persona* PersonaRef(const std::string& key, const Dataset& data);
  const CloudOffer* OfferRef(const std::string& key, const Dataset& data,
                             const std::string& fallback = "");
  // segment=S as a filter of one segment; empty (all segments) when absent.
  std::vector<Segment> SegmentFilter(const std::string& key = "segment");
  Workload WorkloadArg(const std::string& key = "workload");
  void Fail(const std::string& message, const std::string& hint = "");
  const DirectiveCall& call() const { return call_; }

 private:
  // The id `value` must be one of the entries' ids: reports "unknown <what> '…'; did you
  // mean …?" and returns nullptr otherwise.
  template <typename T>
  const T* Named(const std::string& value, const std::vector<T>& entries, const char* what);

  const DirectiveCall& call_;
  Diagnostics* diags_;
  bool ok_ = true;
};

using DirectiveFn = std::function<std::string(const DirectiveCall&, PageContext&)>;

class DirectiveRegistry {
 public:
  // `params` lists every argument the directive accepts; "*" accepts positional words.
  void AddBlock(const std::string& name, std::vector<std::string> params, DirectiveFn fn);
  void AddInline(const std::string& name, std::vector<std::string> params, DirectiveFn fn);
  // Checks the name and argument names, then runs the handler.
  std::string RunBlock(const DirectiveCall& call, PageContext& ctx) const;
  std::string RunInline(const DirectiveCall& call, PageContext& ctx) const;
  std::vector<std::string> BlockNames() const;
  std::vector<std::string> InlineNames() const;

 private:
  struct Entry {
    std::vector<std::string> params;
    DirectiveFn fn;
  };
  std::string Run(const std::map<std::string, Entry>& table, const std::string& what,
                  const std::string& shown_name, const DirectiveCall& call, PageContext& ctx) const;
  std::map<std::string, Entry> blocks_;
  std::map<std::string, Entry> inlines_;
};

// The registry with every standard directive (tables, charts, flowchart, inline values).
const DirectiveRegistry& StandardDirectives();

}  // namespace gg
