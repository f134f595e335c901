#include "base/diagnostics.h"

#include <algorithm>
#include <tuple>

namespace gg {

std::string FormatDiagnostic(const Diagnostic& d) {
  std::string out = d.loc.file.empty() ? std::string("gpuguide") : d.loc.file;
  if (d.loc.line > 0) {
    out += ":" + std::to_string(d.loc.line);
    if (d.loc.col > 0) out += ":" + std::to_string(d.loc.col);
  }
  out += d.severity == Severity::kError ? ": error: " : ": warning: ";
  out += d.message;
  if (!d.hint.empty()) out += "; " + d.hint;
  return out;
}

SourceLoc SourceLoc::Resolved() const {
  if (!deferred) return *this;
  SourceLoc out{file, 0, 0};
  deferred->Find(&out.line, &out.col);
  return out;
}

void Diagnostics::Error(SourceLoc loc, std::string message, std::string hint) {
  Add({std::move(loc), Severity::kError, std::move(message), std::move(hint)});
}

void Diagnostics::Warning(SourceLoc loc, std::string message, std::string hint) {
  Add({std::move(loc), Severity::kWarning, std::move(message), std::move(hint)});
}

namespace {
thread_local int added_on_this_thread = 0;
}  // namespace

int Diagnostics::AddedOnThisThread() {
  return added_on_this_thread;
}

void Diagnostics::Add(Diagnostic d) {
  ++added_on_this_thread;
  if (d.loc.deferred) d.loc = d.loc.Resolved();
  Lock lock(mu_);
  items_.push_back(std::move(d));
}

void Diagnostics::Merge(const Diagnostics& other) {
  auto theirs = other.Sorted();
  Lock lock(mu_);
  items_.insert(items_.end(), theirs.begin(), theirs.end());
}

bool Diagnostics::HasErrors() const {
  Lock lock(mu_);
  return std::any_of(items_.begin(), items_.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::kError; });
}

// Counts are of distinct diagnostics, as printed (Sorted drops exact duplicates).
int Diagnostics::ErrorCount() const {
  return CountOf(Severity::kError);
}
int Diagnostics::WarningCount() const {
  return CountOf(Severity::kWarning);
}

int Diagnostics::CountOf(Severity severity) const {
  auto all = Sorted();
  return static_cast<int>(std::count_if(
      all.begin(), all.end(), [&](const Diagnostic& d) { return d.severity == severity; }));
}

std::vector<Diagnostic> Diagnostics::Sorted() const {
  std::vector<Diagnostic> all;
  {
    Lock lock(mu_);
    all = items_;
  }
  auto key = [](const Diagnostic& d) {
    return std::tie(d.loc.file, d.loc.line, d.loc.col, d.severity, d.message, d.hint);
  };
  std::sort(all.begin(), all.end(),
            [&](const Diagnostic& a, const Diagnostic& b) { return key(a) < key(b); });
  all.erase(std::unique(all.begin(), all.end(),
                        [&](const Diagnostic& a, const Diagnostic& b) { return key(a) == key(b); }),
            all.end());
  return all;
}

std::string Diagnostics::Render() const {
  std::string out;
  for (const auto& d : Sorted()) out += FormatDiagnostic(d) + "\n";
  return out;
}

}  // namespace gg
