#include "cli/cli.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>

#include "base/files.h"
#include "base/suggest.h"
#include "base/text.h"
#include "cli/calc_command.h"
#include "cli/diff_command.h"
#include "cli/serve_command.h"
#include "content/page_source.h"
#include "data/load_dataset.h"
#include "site/build.h"
#include "write/commit_site.h"

namespace gg {
namespace {

constexpr const char* kVersion = "gpuguide 0.1.0";

const char* kUsage =
    "usage: gpuguide <command> [options]\n"
    "\n"
    "commands:\n"
    "  build   build the site into ROOT/site (or --out), replacing it only on success\n"
    "  check   load, validate and render everything in memory; write nothing\n"
    "  stamp   record that a translation is up to date with its source page\n"
    "  calc    run one calculation: vram, fit, breakeven, rank\n"
    "  serve   build, then serve the site on 127.0.0.1 for reading it locally\n"
    "  diff    show what changed between two builds (for reviewing a data change)\n"
    "\n"
    "gpuguide <command> --help shows the command's options; gpuguide --version the version.\n";

const char* kBuildHelp =
    "usage: gpuguide build [--root DIR] [--out DIR] [--jobs N] [--drafts] [--verbose]\n"
    "  --root DIR   project folder (default: the current folder)\n"
    "  --out DIR    output folder (default: ROOT/site); replaced atomically on success\n"
    "  --jobs N     render with N threads (default: one per core); output is identical\n"
    "  --drafts     also publish pages marked draft: true\n"
    "  --verbose    print the time of each phase and each file written\n";

const char* kCheckHelp =
    "usage: gpuguide check [--root DIR] [--jobs N] [--drafts]\n"
    "  Loads and validates every input and renders every page in memory. Writes nothing.\n"
    "  Prints every problem as file:line:col; exits 1 if any is an error.\n";

const char* kStampHelp =
    "usage: gpuguide stamp [--root DIR] [--print] FILE...\n"
    "  FILE is a translation such as content/fr/guide.md. Sets its front matter\n"
    "  'translation_of' to the current revision of the default-language page, so that\n"
    "  'check' stops reporting it stale. --print only prints the revision.\n";

struct Flags {
  std::map<std::string, std::string> values;
  std::vector<std::string> positional;
};

// Parses --flag VALUE / --flag=VALUE / --switch. Unknown flags -> error with did-you-mean.
bool ParseFlags(const std::vector<std::string>& args, size_t start,
                const std::vector<std::string>& with_value,
                const std::vector<std::string>& switches, Flags* flags, std::ostream& err) {
  std::vector<std::string> all = with_value;
  all.insert(all.end(), switches.begin(), switches.end());
  for (size_t i = start; i < args.size(); ++i) {
    std::string a = args[i];
    if (!StartsWith(a, "--")) {
      flags->positional.push_back(a);
      continue;
    }
    std::string value;
    bool has_inline = false;
    size_t eq = a.find('=');
    if (eq != std::string::npos) {
      value = a.substr(eq + 1);
      a = a.substr(0, eq);
      has_inline = true;
    }
    if (std::find(switches.begin(), switches.end(), a) != switches.end()) {
      flags->values[a] = "1";
    } else if (std::find(with_value.begin(), with_value.end(), a) != with_value.end()) {
      if (!has_inline) {
        if (i + 1 >= args.size()) {
          err << "gpuguide: error: " << a << " needs a value\n";
          return false;
        }
        value = args[++i];
      }
      flags->values[a] = value;
    } else {
      std::string hint = DidYouMean(a, all);
      err << "gpuguide: error: unknown option '" << a << "'" << (hint.empty() ? "" : "; " + hint)
          << "\n";
      return false;
    }
  }
  return true;
}

bool ParseJobs(const Flags& f, int* jobs, std::ostream& err) {
  auto it = f.values.find("--jobs");
  if (it == f.values.end()) return true;
  char* end = nullptr;
  long n = std::strtol(it->second.c_str(), &end, 10);
  if (it->second.empty() || *end || n < 1 || n > 256) {
    err << "gpuguide: error: --jobs takes a whole number from 1 to 256, not '" << it->second
        << "'\n";
    return false;
  }
  *jobs = static_cast<int>(n);
  return true;
}

void PrintDiagnostics(const Diagnostics& d, std::ostream& err) {
  err << d.Render();
}

std::string RootOf(const Flags& f) {
  auto it = f.values.find("--root");
  return it == f.values.end() ? "." : it->second;
}

int Build(const std::vector<std::string>& args, std::ostream& out, std::ostream& err, bool tty,
          bool write) {
  Flags f;
  std::vector<std::string> with_value = {"--root", "--jobs"};
  if (write) with_value.push_back("--out");
  if (!ParseFlags(args, 1, with_value, {"--drafts", "--verbose", "--help"}, &f, err)) {
    err << (write ? kBuildHelp : kCheckHelp);
    return 2;
  }
  if (f.values.count("--help")) {
    out << (write ? kBuildHelp : kCheckHelp);
    return 0;
  }
  if (!f.positional.empty()) {
    err << "gpuguide: error: unexpected argument '" << f.positional[0] << "'\n"
        << (write ? kBuildHelp : kCheckHelp);
    return 2;
  }
  BuildOptions opt;
  opt.root = RootOf(f);
  opt.drafts = f.values.count("--drafts") > 0;
  if (!ParseJobs(f, &opt.jobs, err)) return 2;
  if (!std::filesystem::is_directory(opt.root)) {
    err << "gpuguide: error: --root '" << opt.root << "' is not a folder\n";
    return 2;
  }
  bool verbose = f.values.count("--verbose") > 0;
  auto start = std::chrono::steady_clock::now();
  Diagnostics diags;
  BuildOutput result;
  bool ok = BuildSite(opt, &diags, &result);
  PrintDiagnostics(diags, err);
  if (verbose)
    for (const auto& t : result.timings)
      err << "  " << std::left << std::setw(9) << t.phase << std::right << std::fixed
          << std::setprecision(1) << std::setw(9) << t.ms << " ms\n";
  if (!ok || diags.HasErrors()) {
    err << "gpuguide: " << diags.ErrorCount() << " error(s), " << diags.WarningCount()
        << " warning(s); " << (write ? "the previous site was left untouched" : "nothing written")
        << "\n";
    return 1;
  }
  CommitStats stats;
  if (write) {
    std::string out_dir = f.values.count("--out") ? f.values["--out"] : opt.root + "/site";
    std::string error;
    auto t0 = std::chrono::steady_clock::now();
    if (!CommitSite(out_dir, result.files, &stats, &error)) {
      err << "gpuguide: error: " << error << "; the previous site was left untouched\n";
      return 1;
    }
    result.timings.push_back(
        {"write",
         std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count()});
  }
  double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (verbose) {
    if (write)
      err << "  write    " << std::fixed << std::setprecision(1) << std::setw(9)
          << result.timings.back().ms << " ms\n";
    for (const auto& [lang, words] : result.words)
      err << "  words[" << lang << "] " << words << "\n";
  }
  if (tty || verbose) {
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

int Stamp(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  Flags f;
  if (!ParseFlags(args, 1, {"--root"}, {"--print", "--help"}, &f, err)) {
    err << kStampHelp;
    return 2;
  }
  if (f.values.count("--help")) {
    out << kStampHelp;
    return 0;
  }
  if (f.positional.empty()) {
    err << "gpuguide: error: stamp needs a translation file\n" << kStampHelp;
    return 2;
  }
  std::string root = RootOf(f);
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
    if (!StartsWith(rel, "content/") || !EndsWith(rel, ".md") ||
        rel.find('/', 8) == std::string::npos) {
      err << "gpuguide: error: '" << rel << "' is not a page under content/<lang>/\n";
      return 2;
    }
    std::string lang = rel.substr(8, rel.find('/', 8) - 8);
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
    if (f.values.count("--print")) {
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
    std::istringstream in(text);
    std::string line, result;
    int dashes = 0;
    bool done = false;
    while (std::getline(in, line)) {
      if (line == "---") {
        ++dashes;
        if (dashes == 2 && !done) {
          result += "translation_of: " + rev + "\n";
          done = true;
        }
      } else if (dashes == 1 && StartsWith(line, "translation_of:")) {
        line = "translation_of: " + rev;
        done = true;
      }
      result += line + "\n";
    }
    if (!EndsWith(text, "\n")) result.pop_back();
    std::ofstream o(root + "/" + rel, std::ios::binary | std::ios::trunc);
    o << result;
    out << rel << ": translation_of: " << rev << " (" << source << ")\n";
  }
  PrintDiagnostics(diags, err);
  return diags.HasErrors() ? 1 : status;
}

int Calc(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::vector<std::string> rest(args.begin() + 1, args.end());
  std::string root = ".";
  for (size_t i = 0; i + 1 < rest.size(); ++i) {
    if (rest[i] == "--root") {
      root = rest[i + 1];
      rest.erase(rest.begin() + static_cast<long>(i), rest.begin() + static_cast<long>(i) + 2);
      break;
    }
  }
  bool help = rest.empty() || rest[0] == "--help";
  Dataset data;
  if (!help) {
    Diagnostics diags;
    data = LoadDataset(root, &diags);
    if (diags.HasErrors()) {
      PrintDiagnostics(diags, err);
      return 1;
    }
  }
  return RunCalcCommand(rest, data, out, err);
}

}  // namespace

int RunCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err, bool tty) {
  if (args.empty()) {
    err << kUsage;
    return 2;
  }
  const std::string& cmd = args[0];
  if (cmd == "--help" || cmd == "-h" || cmd == "help") {
    out << kUsage;
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
  if (cmd == "serve") return RunServeCommand(args, out, err);
  if (cmd == "diff") return RunDiffCommand(args, out, err);
  std::string hint = DidYouMean(cmd, {"build", "check", "stamp", "calc", "serve", "diff"});
  err << "gpuguide: error: unknown command '" << cmd << "'" << (hint.empty() ? "" : "; " + hint)
      << "\n"
      << kUsage;
  return 2;
}

}  // namespace gg
