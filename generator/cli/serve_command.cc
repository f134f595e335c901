#include "cli/serve_command.h"

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <sstream>
#include <thread>

#include "base/files.h"
#include "cli/cache_option.h"
#include "cli/cli.h"
#include "cli/command_line.h"
#include "cli/http_server.h"
#include "cli/live_reload.h"

namespace gg {
namespace fs = std::filesystem;

namespace {

// Whether `inner` is `outer` or below it (both canonical).
bool IsWithin(const fs::path& inner, const fs::path& outer) {
  auto i = inner.begin();
  for (auto o = outer.begin(); o != outer.end(); ++o, ++i)
    if (i == inner.end() || *i != *o) return false;
  return true;
}

// The types of the files a build writes.
const char* ContentType(const std::string& ext) {
  static const std::pair<const char*, const char*> kTypes[] = {
      {".html", "text/html; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".json", "application/json"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".xml", "application/xml"},
      {".txt", "text/plain; charset=utf-8"},
      {".wasm", "application/wasm"},
      {".ico", "image/x-icon"},
      {".csv", "text/csv; charset=utf-8"},
      {".woff2", "font/woff2"},
      {".webmanifest", "application/manifest+json"}};
  for (const auto& [e, type] : kTypes)
    if (ext == e) return type;
  return "application/octet-stream";
}

}  // namespace

ServeTarget ResolveServeTarget(const std::string& site_dir, const std::string& url_path) {
  ServeTarget t;
  if (url_path.empty() || url_path[0] != '/' || url_path.find('\0') != std::string::npos) return t;
  for (const auto& part : fs::path(url_path))
    if (part == "..") return t;
  std::error_code ec;
  fs::path site = fs::canonical(site_dir, ec);
  if (ec) return t;
  fs::path p = site / url_path.substr(1);
  if (fs::is_directory(p, ec)) {
    if (url_path.back() != '/') {
      t.kind = ServeTarget::kRedirect;
      t.location = url_path + "/";
      return t;
    }
    p /= "index.html";
  }
  // Resolve links: whatever the request names must end up inside the served folder.
  fs::path real = fs::canonical(p, ec);
  if (ec || !IsWithin(real, site) || !fs::is_regular_file(real, ec)) return t;
  t.kind = ServeTarget::kFile;
  t.file = real.string();
  return t;
}

namespace {

// Live reload (cli/live_reload.h): a thread that rebuilds when the inputs change and then
// wakes the server, which tells every open page through its event stream. A burst of edits
// is one change (InputWatcher::kQuietMs); a build whose inputs changed while it ran is built
// again before anyone is told, so the pages always end on the last state, and a build that
// read a half-saved state never shows its errors.
void StartRebuilds(HttpServer* server, const BuildRequest& req,
                   const std::shared_ptr<ReloadChannel>& channel, std::ostream& out,
                   std::ostream& err) {
  std::thread([server, req, channel, &out, &err] {
    InputWatcher watcher(req.options.root);
    for (;;) {
      watcher.WaitForChange();
      std::ostringstream diagnostics;
      int status = RunBuild(req, out, diagnostics);
      while (watcher.ChangedSinceLast()) {
        err << "gpuguide: the inputs changed during the build; building again\n" << std::flush;
        watcher.WaitForChange();
        diagnostics.str("");
        status = RunBuild(req, out, diagnostics);
      }
      err << diagnostics.str() << std::flush;
      if (status == 0)
        channel->BuildSucceeded();
      else
        channel->BuildFailed(diagnostics.str());
      server->Wake();
    }
  }).detach();
}

// The file of the served folder (HTML with the live-reload script when watching), a redirect
// to the folder's slash form, or 404.html; the live-reload script and event stream under
// /__gpuguide/ when watching.
HttpResponse Answer(const std::string& site, bool watch, const HttpRequest& r) {
  HttpResponse res;
  if (watch && r.path == "/__gpuguide/reload.js") {
    res.headers.push_back({"Cache-Control", "no-store"});
    res.content_type = "text/javascript; charset=utf-8";
    res.body = LiveReloadScript();
    return res;
  }
  if (watch && r.path == "/__gpuguide/events") {
    res.headers.push_back({"Cache-Control", "no-store"});
    res.event_stream = true;
    return res;
  }
  ServeTarget t = ResolveServeTarget(site, r.path);
  if (t.kind == ServeTarget::kRedirect) {
    res.status = 301;
    res.headers.push_back({"Location", t.location});
    return res;
  }
  if (t.kind == ServeTarget::kFile && ReadWholeFile(t.file, &res.body)) {
    res.content_type = ContentType(fs::path(t.file).extension().string());
    if (watch && res.content_type.rfind("text/html", 0) == 0) res.body = WithReloadScript(res.body);
    return res;
  }
  res.status = 404;
  ServeTarget nf = ResolveServeTarget(site, "/404.html");
  if (nf.kind == ServeTarget::kFile && ReadWholeFile(nf.file, &res.body)) {
    res.content_type = "text/html; charset=utf-8";
  } else {
    res.content_type = "text/plain; charset=utf-8";
    res.body = "not found\n";
  }
  return res;
}

}  // namespace

int RunServeCommand(const CommandDecl& decl, const std::vector<std::string>& args,
                    std::ostream& out, std::ostream& err) {
  ParsedArgs f;
  std::string error;
  if (!ParseCommandLine(decl, args, 1, &f, &error)) {
    err << "gpuguide: error: " << error << "\n" << CommandHelp(decl);
    return 2;
  }
  if (f.Has("--help")) {
    out << CommandHelp(decl);
    return 0;
  }
  long port = 8008;
  if (f.Has("--port") && !ParseIntOption(*f.Last("--port"), 1, 65535, &port)) {
    err << "gpuguide: error: --port takes a number from 1 to 65535\n";
    return 2;
  }
  BuildRequest req;
  req.options.root = f.Or("--root", ".");
  req.options.drafts = f.Has("--drafts");
  if (f.Has("--jobs")) {
    long jobs = 0;
    if (!ParseIntOption(*f.Last("--jobs"), 1, 256, &jobs)) {
      err << "gpuguide: error: --jobs takes a whole number from 1 to 256, not '"
          << *f.Last("--jobs") << "'\n";
      return 2;
    }
    req.options.jobs = static_cast<int>(jobs);
  }
  req.out_dir = f.Or("--out", req.options.root + "/site");
  req.tty = true;
  if (!f.Has("--no-cache")) req.cache_dir = f.Or("--cache", req.options.root + "/.cache");
  if (!CacheLimitOf(f, &req.cache_limit, err)) return 2;

  HttpServer server;
  // Loopback only: the guide is read locally; publishing is a copy of site/.
  const char* host = "127.0.0.1";
  // The port first: a taken port is reported at once, not after a whole build.
  if (!server.Bind(static_cast<int>(port), &error)) {
    err << "gpuguide: error: cannot listen on " << host << ":" << port << " (" << error
        << "); is another server running? choose another port with --port\n";
    return 2;
  }
  const bool watch = !f.Has("--no-watch");
  auto channel = std::make_shared<ReloadChannel>();
  {
    std::ostringstream diagnostics;
    int status = RunBuild(req, out, diagnostics);
    err << diagnostics.str();
    // With nothing to serve, a failed build ends here; with an earlier site in --out and a
    // watch, that site is served with the errors shown over it until the inputs are fixed.
    if (status != 0 && (!watch || !fs::exists(fs::path(req.out_dir) / "index.html"))) return status;
    if (status != 0) channel->BuildFailed(diagnostics.str());
  }
  const std::string site = req.out_dir;
  if (watch) StartRebuilds(&server, req, channel, out, err);

  out << "serving " << site << " on http://" << host << ":" << port << "/"
      << (watch ? "; rebuilding and reloading open pages when the inputs change" : "")
      << " (Ctrl-C to stop)\n";
  out.flush();
  server.Run([&](const HttpRequest& r) { return Answer(site, watch, r); },
             [&](uint64_t* seen) { return channel->NextEvent(seen); });
  return 0;
}

}  // namespace gg
