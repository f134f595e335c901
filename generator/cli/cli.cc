#include "cli/cli.h"

#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>

#include "base/content_cache.h"
#include "base/files.h"
#include "base/path_policy.h"
#include "base/suggest.h"
#include "base/text.h"
#include "cli/cache_option.h"
#include "cli/calc_command.h"
#include "cli/calc_wasm_bytes.h"
#include "cli/command_decls.h"
#include "cli/command_line.h"
#include "cli/up_to_date.h"
#include "content/page_source.h"
#include "content/stamp.h"
#include "data/load_dataset.h"
#include "site/build.h"
#include "site/input_fingerprint.h"
#include "site/page_cache.h"
#include "write/commit_site.h"

namespace gg {
namespace {

constexpr const char* kVersion = "gpuguide 0.1.0";

const OptionDecl kRoot = {"--root", "DIR", "project folder (default: the current folder)"};
const OptionDecl kJobs = {"--jobs", "N",
                          "render with N threads (default: one per core); output is identical"};
const OptionDecl kDrafts = {"--drafts", "", "also publish pages marked draft: true"};
const OptionDecl& kCache = CacheOption();
const OptionDecl& kNoCache = NoCacheOption();
const OptionDecl& kCacheLimit = CacheLimitOption();
const OptionDecl kExplain = {"--explain", "",
                             "print each page the cache could not give, and why (a key changed)"};

const CommandDecl kBuild = {
    "build",
    "build the site into ROOT/site (or --out), replacing it only on success",
    {kRoot,
     {"--out", "DIR", "output folder (default: ROOT/site); replaced atomically on success"},
     kJobs,
     kDrafts,
     kCache,
     kNoCache,
     kCacheLimit,
     {"--verbose", "", "print the time of each phase and each file written"},
     kExplain},
    "",
    ""};

const CommandDecl kCheck = {
    "check",
    "load, validate and render everything in memory; write nothing",
    {kRoot, kJobs, kDrafts, kCache, kNoCache, kCacheLimit, kExplain},
    "",
    "  Prints every problem as file:line:col; exits 1 if any is an error.\n"};

const CommandDecl kStamp = {
    "stamp",
    "record that a translation is up to date with its source page",
    {kRoot, {"--print", "", "only print the revision"}},
    "FILE...",
    "  FILE is a translation such as content/fr/guide.md. Sets its front matter\n"
    "  'translation_of' to the current revision of the default-language page, so that\n"
    "  'check' stops reporting it stale.\n"};

}  // namespace

const CommandDecl& ServeCommandDecl() {
  static const CommandDecl decl = {
      "serve",
      "build, then serve the site on 127.0.0.1 for reading it locally",
      {kRoot,
       {"--out", "DIR", "output folder (default: ROOT/site), built and then served"},
       {"--port", "N", "port on 127.0.0.1 (default 8008)"},
       kJobs,
       kDrafts,
       kCache,
       kNoCache,
       kCacheLimit,
       {"--no-watch", "", "serve the first build only: no rebuild on changes, no live reload"}},
      "",
      "  Listens on the loopback interface only. Watches data/, content/, templates/ and\n"
      "  assets/: each change rebuilds the site (incrementally, with the cache) and open pages\n"
      "  reload; a failed build shows its errors in the terminal and over the last good page.\n"};
  return decl;
}

namespace {

// "calc" in the command list: its subcommands, from their declarations.
CommandDecl CalcGroupDecl() {
  std::string names;
  for (const CommandDecl& c : CalcCommands())
    names += (names.empty() ? "" : ", ") + c.name.substr(5);
  return {"calc", "run one calculation: " + names, {}, "", ""};
}

CommandDecl PricesGroupDecl() {
  return {"prices", "record and check price observations: add, remove, import, status", {}, "", ""};
}

const std::vector<CommandDecl>& Commands() {
  static const std::vector<CommandDecl> commands = {kBuild,
                                                    kCheck,
                                                    kStamp,
                                                    CalcGroupDecl(),
                                                    ServeCommandDecl(),
                                                    DiffCommandDecl(),
                                                    ReviewCommandDecl(),
                                                    PricesGroupDecl()};
  return commands;
}

std::string Usage() {
  return CommandList(
      "gpuguide", Commands(),
      "gpuguide <command> --help shows the command's options; gpuguide --version the version.\n");
}

// Parses the command's arguments; on a bad command line prints the error and the command's
// help and returns 2; on --help prints the help and returns 0; else returns -1.
int ParseOrExit(const CommandDecl& decl, const std::vector<std::string>& args, ParsedArgs* f,
                std::ostream& out, std::ostream& err) {
  std::string error;
  if (!ParseCommandLine(decl, args, 1, f, &error)) {
    err << "gpuguide: error: " << error << "\n" << CommandHelp(decl);
    return 2;
  }
  if (f->Has("--help")) {
    out << CommandHelp(decl);
    return 0;
  }
  return -1;
}

bool ParseJobs(const ParsedArgs& f, int* jobs, std::ostream& err) {
  const std::string* v = f.Last("--jobs");
  if (!v) return true;
  long n = 0;
  if (!ParseIntOption(*v, 1, 256, &n)) {
    err << "gpuguide: error: --jobs takes a whole number from 1 to 256, not '" << *v << "'\n";
    return false;
  }
  *jobs = static_cast<int>(n);
  return true;
}

void PrintDiagnostics(const Diagnostics& d, std::ostream& err) {
  err << d.Render();
}

int Build(const std::vector<std::string>& args, std::ostream& out, std::ostream& err, bool tty,
          bool write) {
  const CommandDecl& decl = write ? kBuild : kCheck;
  ParsedArgs f;
  if (int code = ParseOrExit(decl, args, &f, out, err); code >= 0) return code;
  BuildRequest req;
  req.options.root = f.Or("--root", ".");
  req.options.drafts = f.Has("--drafts");
  if (!ParseJobs(f, &req.options.jobs, err)) return 2;
  req.write = write;
  req.out_dir = f.Or("--out", req.options.root + "/site");
  req.verbose = f.Has("--verbose");
  req.options.explain = f.Has("--explain");
  req.tty = tty;
  req.cache_dir = CacheDirOf(f, req.options.root);
  if (!CacheLimitOf(f, &req.cache_limit, err)) return 2;
  return RunBuild(req, out, err);
}

}  // namespace

namespace {

// What a build with a record prints: the recorded diagnostics and summary, nothing written.
int ReplayRecord(const BuildRecord& r, const BuildRequest& req,
                 std::chrono::steady_clock::time_point start, std::ostream& err) {
  err << r.diagnostics;
  if (r.errors > 0) {
    err << "gpuguide: " << r.errors << " error(s), " << r.warnings << " warning(s); "
        << (req.write ? "the previous site was left untouched" : "nothing written") << "\n";
    return 1;
  }
  if (req.verbose) err << "  up to date: the inputs and the output folder are as last built\n";
  if (req.tty || req.verbose) {
    double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::ostringstream line;
    line << "gpuguide: " << r.pages << " pages, " << r.files << " files";
    if (req.write) line << " (0 written, " << r.files << " unchanged, 0 removed)";
    line << ", " << r.warnings << " warning(s), " << std::fixed << std::setprecision(2) << total
         << " s";
    err << line.str() << "\n";
  }
  return 0;
}

}  // namespace

namespace {

// The key of this build's record: the command, the inputs' fingerprint, the output folder.
std::string RecordKey(const BuildRequest& req, const BuildOptions& opt) {
  std::error_code ec;
  KeyWriter key;
  key.Str(req.write ? "build" : "check").Str(InputFingerprint(opt));
  if (req.write) key.Str(std::filesystem::weakly_canonical(req.out_dir, ec).string());
  return key.Hash();
}

// The record of an earlier build that this one would repeat: same key, and for a build an
// output folder that still lists as that build left it.
// `listing` is OutputListing(req.out_dir) for a build.
std::optional<BuildRecord> ReplayableRecord(const BuildRequest& req, ContentCache* cache,
                                            const std::string& key, const std::string& listing) {
  auto bytes = cache->Get("record", key);
  if (!bytes) return std::nullopt;
  auto record = UnpackRecord(*bytes);
  if (!record) return std::nullopt;
  if (req.write && (record->output_listing.empty() || record->output_listing != listing))
    return std::nullopt;
  return record;
}

// The output folder as the last build into it left it: the content hash of each file, kept
// in the cache under the folder's path with the folder's listing (sizes, times, inodes). Only
// given when the folder still lists exactly so: a file touched since is never trusted.
std::string OutputKey(const std::string& out_dir) {
  std::error_code ec;
  return ContentHashHex("output/1\n" + std::filesystem::weakly_canonical(out_dir, ec).string());
}

std::optional<OutputHashes> PreviousOutput(ContentCache* cache, const std::string& out_dir,
                                           const std::string& listing) {
  if (listing.empty()) return std::nullopt;
  auto bytes = cache->Get("output", OutputKey(out_dir));
  std::vector<std::string> f;
  if (!bytes || !UnpackFields(*bytes, &f) || f.size() != 2 || f[0] != listing) return std::nullopt;
  OutputHashes hashes;
  for (size_t s = 0, e; (e = f[1].find('\n', s)) != std::string::npos; s = e + 1) {
    const size_t tab = f[1].find('\t', s);
    if (tab == std::string::npos || tab > e) return std::nullopt;
    hashes[f[1].substr(s, tab - s)] = f[1].substr(tab + 1, e - tab - 1);
  }
  return hashes;
}

void KeepOutput(ContentCache* cache, const std::string& out_dir, const std::string& listing,
                const std::vector<OutputFile>& files) {
  std::string hashes;
  for (const auto& f : files)
    hashes += f.path + '\t' +
              (f.placed                   ? f.placed_hash
               : f.unchanged_hash.empty() ? ContentHashHex(f.bytes)
                                          : f.unchanged_hash) +
              '\n';
  cache->Put("output", OutputKey(out_dir), PackFields({listing, hashes}));
}

void PrintVerboseTail(const BuildRequest& req, const BuildOutput& result, const ContentCache* cache,
                      std::ostream& err) {
  // The phases after the commit (write, and record when there is a cache).
  for (const auto& t : result.timings)
    if (t.phase == "write" || t.phase == "record" || t.phase == "trim cache")
      err << "  " << std::left << std::setw(13) << t.phase << std::right << std::fixed
          << std::setprecision(1) << std::setw(9) << t.ms << " ms\n";
  for (const auto& [lang, words] : result.words) err << "  words[" << lang << "] " << words << "\n";
  if (cache) {
    CacheStats c = cache->Stats();
    err << "  cache    " << c.hits << " hit(s), " << c.misses << " miss(es), " << c.writes
        << " written, " << c.corrupt << " corrupt entr" << (c.corrupt == 1 ? "y" : "ies")
        << " ignored (" << req.cache_dir << ")\n";
  }
}

}  // namespace

int RunBuild(const BuildRequest& request, std::ostream&, std::ostream& err) {
  BuildRequest req = request;
  if (req.write) {
    // An output folder given as a symbolic link is resolved once, here, and said: the build
    // swaps the folder the link points to and keeps the link (every later step works on the
    // real folder, so nothing replaces the link with a folder or writes through another).
    struct stat st;
    if (lstat(req.out_dir.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
      char* real = realpath(req.out_dir.c_str(), nullptr);
      struct stat target;
      if (!real || stat(real, &target) != 0 || !S_ISDIR(target.st_mode)) {
        err << "gpuguide: error: --out '" << req.out_dir << "' is a symbolic link to no folder ("
            << (real ? "not a folder" : "dangling")
            << "); point it at a folder or remove it; nothing was written\n";
        free(real);
        return 2;
      }
      err << "gpuguide: --out " << req.out_dir << " is a symbolic link; building into " << real
          << ", the folder it points to (the link is kept)\n";
      req.out_dir = real;
      free(real);
    }
  }
  BuildOptions opt = req.options;
  opt.calc_wasm = CalcWasmBytes();  // the calculator page's module, when this binary has one
  opt.page_dependencies = false;    // nothing here reads them
  const bool write = req.write, verbose = req.verbose;
  if (!std::filesystem::is_directory(opt.root)) {
    err << "gpuguide: error: --root '" << opt.root << "' is not a folder\n";
    return 2;
  }
  if (write) {
    // The path policy, before anything is read or written (base/path_policy.h).
    std::string why = CheckOutputFolder(opt.root, req.out_dir);
    if (!why.empty()) {
      err << "gpuguide: error: --out '" << req.out_dir << "': " << why
          << "; a build replaces its output folder, so nothing was written\n";
      return 2;
    }
  }
  auto start = std::chrono::steady_clock::now();
  std::unique_ptr<ContentCache> cache;
  if (!req.cache_dir.empty()) {
    if (!OpenCacheDir(req.options.root, req.cache_dir, &cache, err)) return 2;
    opt.cache = cache.get();
  }
  // The no-change fast path (cli/up_to_date.h): same inputs, same output folder as recorded.
  std::string record_key;
  std::optional<OutputHashes> previous;
  std::map<std::string, std::string> input_hashes;
  InputSnapshot snapshot;                 // the inputs as hashed: the build loads these bytes
  std::vector<PhaseTiming> before_build;  // --verbose: the phases around BuildSite's own
  auto since = [](std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
  };
  // The output folder and its standby tree (write/commit_site.h) are listed while the inputs
  // are hashed: independent walks of the file system, ~2 ms each on the guide, a tenth of a
  // one-price edit's build.
  std::future<OutputTrees> trees_listed;
  if (write)
    trees_listed = std::async(std::launch::async, [&] { return ListOutputTrees(req.out_dir); });
  std::optional<OutputTrees> trees;
  auto listed_trees = [&]() -> const OutputTrees& {
    if (!trees) trees = trees_listed.get();
    return *trees;
  };
  if (cache) {
    auto t0 = std::chrono::steady_clock::now();
    input_hashes = InputFileHashes(opt.root, &snapshot, cache.get());
    opt.input_hashes = &input_hashes;
    // Charts are painted when the data or the UI strings changed, not for prose.
    opt.charts_likely =
        std::any_of(snapshot.changed.begin(), snapshot.changed.end(), [](const std::string& f) {
          return StartsWith(f, "data/") || EndsWith(f, "/_strings.json");
        });
    record_key = RecordKey(req, opt);
    before_build.push_back({"hash inputs", since(t0)});
    t0 = std::chrono::steady_clock::now();
    const std::string listing =
        write && listed_trees().output_clean ? OutputListingFrom(listed_trees().output) : "";
    if (auto record = ReplayableRecord(req, cache.get(), record_key, listing))
      return ReplayRecord(*record, req, start, err);
    if (write) previous = PreviousOutput(cache.get(), req.out_dir, listing);
    if (previous) opt.previous_output = &*previous;
    before_build.push_back({"list output", since(t0)});
  }
  // A build that writes stages its pages as it renders them (write/commit_site.h): the lock
  // on the output folder is taken now, and a build that fails or is stopped leaves the folder
  // as it was (the staging folder is removed, or by the next build if this one is killed).
  auto waiting = [&] {
    err << "gpuguide: another build is writing " << req.out_dir << "; waiting for it to finish\n";
  };
  std::optional<Staging> staging;
  if (write) {
    std::string error;
    staging.emplace();
    if (!staging->Open(req.out_dir, waiting, opt.previous_output, cache != nullptr, &error,
                       &listed_trees())) {
      err << "gpuguide: error: " << error << "; the previous site was left untouched\n";
      return 1;
    }
    if (!staging->PreviousTrusted()) {  // another build committed meanwhile
      previous.reset();
      opt.previous_output = nullptr;
    }
    opt.sink = &*staging;
  }
  Diagnostics diags;
  BuildOutput result;
  bool ok;
  {
    InputSnapshotScope inputs(cache ? &snapshot : nullptr);
    ok = BuildSite(opt, &diags, &result);
  }
  result.timings.insert(result.timings.begin(), before_build.begin(), before_build.end());
  auto keep_record = [&](const std::string& listing) {
    if (!cache) return;
    BuildRecord r{diags.Render(),
                  diags.ErrorCount(),
                  diags.WarningCount(),
                  result.pages,
                  static_cast<int>(result.files.size()),
                  listing};
    cache->Put("record", record_key, PackRecord(r));
  };
  if (!write) keep_record("");
  PrintDiagnostics(diags, err);
  for (const auto& [page, why] : result.rendered_because)
    err << "  rendered " << page << ": " << why << "\n";
  if (verbose)
    for (const auto& t : result.timings)
      err << "  " << std::left << std::setw(13) << t.phase << std::right << std::fixed
          << std::setprecision(1) << std::setw(9) << t.ms << " ms\n";
  if (!ok || diags.HasErrors()) {
    err << "gpuguide: " << diags.ErrorCount() << " error(s), " << diags.WarningCount()
        << " warning(s); " << (write ? "the previous site was left untouched" : "nothing written")
        << "\n";
    if (cache) cache->Trim(req.cache_limit);
    return 1;
  }
  CommitStats stats;
  if (write) {
    const std::string& out_dir = req.out_dir;
    std::string error;
    auto t0 = std::chrono::steady_clock::now();
    std::vector<TreeFile> committed;
    if (!staging->Commit(result.files, &stats, &error, cache ? &committed : nullptr)) {
      err << "gpuguide: error: " << error << "; the previous site was left untouched\n";
      return 1;
    }
    result.timings.push_back({"write", since(t0)});
    if (cache) {
      t0 = std::chrono::steady_clock::now();
      // The folder holds exactly the plan's files, as the commit placed them: no walk.
      const std::string listing = OutputListingFrom(committed);
      keep_record(listing);
      KeepOutput(cache.get(), out_dir, listing, result.files);
      result.timings.push_back({"record", since(t0)});
    }
  }
  if (cache) {
    auto t0 = std::chrono::steady_clock::now();
    const CacheTrim trim = cache->Trim(req.cache_limit);
    result.timings.push_back({"trim cache", since(t0)});
    if (verbose && trim.listed)
      err << "  cache trimmed: " << trim.bytes_before << " -> " << trim.bytes_after << " bytes, "
          << trim.removed << " file(s) removed (limit " << req.cache_limit << ")\n";
  }
  double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (verbose) PrintVerboseTail(req, result, cache.get(), err);
  if (req.tty || verbose) {
    std::ostringstream line;
    line << "gpuguide: " << result.pages << " pages, " << result.files.size() << " files";
    if (write)
      line << " (" << stats.written << " written, " << stats.unchanged << " unchanged, "
           << stats.removed << " removed)";
    line << ", " << diags.WarningCount() << " warning(s), " << std::fixed << std::setprecision(2)
         << total << " s";
    err << line.str() << "\n";
  }
  return 0;
}

namespace {

int Stamp(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  ParsedArgs f;
  if (int code = ParseOrExit(kStamp, args, &f, out, err); code >= 0) return code;
  if (f.positional.empty()) {
    err << "gpuguide: error: stamp needs a translation file\n" << CommandHelp(kStamp);
    return 2;
  }
  std::string root = f.Or("--root", ".");
  Diagnostics diags;
  SiteConfig site;
  std::string site_text;
  if (ReadInputFile(root, "data/site.json", &site_text, &diags))
    LoadSiteConfig("data/site.json", site_text, &site, &diags);
  if (diags.HasErrors()) {
    PrintDiagnostics(diags, err);
    return 1;
  }
  int status = 0;
  for (std::string rel : f.positional) {
    if (StartsWith(rel, "./")) rel = rel.substr(2);
    // content/<lang>/<path>.md -> content/<default>/<path>.md
    std::string lang;
    if (!IsLanguagePagePath(rel, &lang)) {
      err << "gpuguide: error: '" << rel
          << "' is not a page under content/<lang>/ (no '..' or '.' in the path)\n";
      return 2;
    }
    if (lang == site.default_language) {
      err << "gpuguide: error: " << rel << " is in the default language; stamp its translations\n";
      return 2;
    }
    std::string source = "content/" + site.default_language + rel.substr(8 + lang.size());
    std::string src_text, text;
    if (!ReadInputFile(root, source, &src_text, &diags) ||
        !ReadInputFile(root, rel, &text, &diags)) {
      status = 1;
      continue;
    }
    std::string rev = SourceRevision(src_text);
    if (f.Has("--print")) {
      out << rel << ": translation_of: " << rev << "\n";
      continue;
    }
    PageSource page;
    if (!ParsePageSource(rel, text, &page, &diags)) {
      status = 1;
      continue;
    }
    // Rewrite only the translation_of line of the front matter (or add it before the closing
    // ---), so that the rest of the file stays byte for byte as the translator wrote it.
    std::string result = WithTranslationOf(text, rev);
    std::string error;
    if (result.empty() || !ReplaceFileAtomically(root + "/" + rel, result, &error)) {
      err << "gpuguide: error: " << rel << ": " << (result.empty() ? "no front matter" : error)
          << "; the file was left as it was\n";
      status = 1;
      continue;
    }
    // The write is checked: the file must now hold what was written.
    std::string written;
    if (!ReadWholeFile(root + "/" + rel, &written) || written != result) {
      err << "gpuguide: error: " << rel
          << ": the stamped file does not read back as written; check the disk and the file\n";
      status = 1;
      continue;
    }
    out << rel << ": translation_of: " << rev << " (" << source << ")\n";
  }
  PrintDiagnostics(diags, err);
  return diags.HasErrors() ? 1 : status;
}

int Calc(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::vector<std::string> rest(args.begin() + 1, args.end());
  auto load = [&err](const std::string& root, Dataset* data) {
    Diagnostics diags;
    *data = LoadDataset(root, &diags);
    PrintDiagnostics(diags, err);
    return !diags.HasErrors();
  };
  return RunCalcCommand(rest, load, out, err);
}

}  // namespace

int RunCommandLine(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                   bool tty, const SeparateCommands& separate) {
  if (args.empty()) {
    err << Usage();
    return 2;
  }
  const std::string& cmd = args[0];
  if (cmd == "--help" || cmd == "-h" || cmd == "help") {
    out << Usage();
    return 0;
  }
  if (cmd == "--version") {
    out << kVersion << "\n";
    return 0;
  }
  if (cmd == "build") return Build(args, out, err, tty, true);
  if (cmd == "check") return Build(args, out, err, tty, false);
  if (cmd == "stamp") return Stamp(args, out, err);
  if (cmd == "calc") return Calc(args, out, err);
  if (cmd == "serve") return separate.serve(args, out, err);
  if (cmd == "diff") return separate.diff(args, out, err);
  if (cmd == "review") return separate.review(args, out, err);
  if (cmd == "prices") return separate.prices(args, out, err);
  std::vector<std::string> names;
  for (const CommandDecl& c : Commands()) names.push_back(c.name);
  std::string hint = DidYouMean(cmd, names);
  err << "gpuguide: error: unknown command '" << cmd << "'" << (hint.empty() ? "" : "; " + hint)
      << "\n"
      << Usage();
  return 2;
}

}  // namespace gg
