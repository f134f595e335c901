// Diagnostics: every problem the build finds, collected rather than thrown, so that one
// run reports all of them (sorted by file, line and column) before exiting with code 1.
#pragma once

#include <memory>
#include <string>
#if !defined(__wasi__)
#include <mutex>
#endif
#include <vector>

namespace gg {

// A line and column found only when asked for: a JSON data file's positions are worked out
// the first time one of them is needed (data/json_doc.h), which in a build without problems
// is never. Thread-safe.
class DeferredPosition {
 public:
  virtual ~DeferredPosition() = default;
  virtual void Find(int* line, int* col) const = 0;
};

// A position in an input file. line and col are 1-based; 0 means "unknown" and is omitted
// when printed. file is relative to the project root so diagnostics are machine-independent.
// With `deferred`, line and col are 0 until Resolved(); Diagnostics resolves every location
// it is given, so diagnostics always carry their line and column.
struct SourceLoc {
  std::string file;
  int line = 0;
  int col = 0;
  std::shared_ptr<const DeferredPosition> deferred = nullptr;

  // Whether the location names a position (resolved or not), not only a file.
  bool HasPosition() const { return line > 0 || deferred != nullptr; }
  // The same location with its line and column found.
  SourceLoc Resolved() const;
};

enum class Severity { kError, kWarning };

struct Diagnostic {
  SourceLoc loc;
  Severity severity = Severity::kError;
  std::string message;
  std::string hint;  // e.g. "did you mean 'memory_gb'?"; appended after "; "
};

// Formats as GCC does, so editors jump to it: "path:line:col: error: message; hint".
std::string FormatDiagnostic(const Diagnostic& d);

// The sink. Thread-safe: pages are rendered in parallel and all report here.
class Diagnostics {
 public:
  void Error(SourceLoc loc, std::string message, std::string hint = {});
  void Warning(SourceLoc loc, std::string message, std::string hint = {});
  void Add(Diagnostic d);
  void Merge(const Diagnostics& other);
  // How many diagnostics were added, to any Diagnostics, by the calling thread so far: a job
  // that runs on one thread learns whether it reported anything (incremental builds keep
  // only pages that did not, site/page_cache.h).
  static int AddedOnThisThread();

  bool HasErrors() const;
  int ErrorCount() const;
  int WarningCount() const;
  // Sorted by file, line, col, then message; exact duplicates removed.
  std::vector<Diagnostic> Sorted() const;
  // All diagnostics, one formatted line each, sorted.
  std::string Render() const;

 private:
  int CountOf(Severity severity) const;

  // The browser build (wasm32-wasi) has no threads, and its libc++ no std::mutex.
#if defined(__wasi__)
  struct Mutex {
    void lock() {}
    void unlock() {}
  };
#else
  using Mutex = std::mutex;
#endif
  struct Lock {
    explicit Lock(Mutex& m) : mu(m) { mu.lock(); }
    ~Lock() { mu.unlock(); }
    Lock(const Lock&) = delete;
    Lock& operator=(const Lock&) = delete;
    Mutex& mu;
  };

  mutable Mutex mu_;
  std::vector<Diagnostic> items_;
};

}  // namespace gg
