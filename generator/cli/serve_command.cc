#include "cli/serve_command.h"

#include <httplib.h>
#include <sys/socket.h>

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
#include "cli/live_reload.h"

namespace gg {
namespace fs = std::filesystem;

namespace {

// Serving limits: a client that opens a connection and sends nothing (or half a request)
// holds one worker for at most kReadTimeoutSeconds; kWorkers such clients at once are needed
// to delay anyone else. httplib's defaults (5 s, max(8, cores - 1) workers) let 24 idle
// connections stall every request for ~27 s.
constexpr int kWorkers = 64;
constexpr time_t kReadTimeoutSeconds = 2;

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

// Live reload (cli/live_reload.h): the script and the event stream under /__gpuguide/, and a
// thread that rebuilds on every change of the inputs, one build at a time; the served folder
// is swapped atomically by each good build and left as it was by a failed one.
void StartLiveReload(httplib::Server* server, const BuildRequest& req,
                     const std::shared_ptr<ReloadChannel>& channel, std::ostream& out,
                     std::ostream& err) {
  server->Get("/__gpuguide/reload.js", [](const httplib::Request&, httplib::Response& res) {
    res.set_header("Cache-Control", "no-store");
    res.set_content(LiveReloadScript(), "text/javascript; charset=utf-8");
  });
  server->Get("/__gpuguide/events", [channel](const httplib::Request&, httplib::Response& res) {
    res.set_header("Cache-Control", "no-store");
    auto seen = std::make_shared<uint64_t>(0);
    res.set_chunked_content_provider("text/event-stream",
                                     [channel, seen](size_t, httplib::DataSink& sink) {
                                       std::string event = channel->NextEvent(seen.get(), 15000);
                                       if (event.empty()) event = ": still here\n\n";
                                       return sink.write(event.data(), event.size());
                                     });
  });
  std::thread([req, channel, &out, &err] {
    InputWatcher watcher(req.options.root);
    for (;;) {
      watcher.WaitForChange();
      std::ostringstream diagnostics;
      int status = RunBuild(req, out, diagnostics);
      err << diagnostics.str() << std::flush;
      if (status == 0)
        channel->BuildSucceeded();
      else
        channel->BuildFailed(diagnostics.str());
    }
  }).detach();
}

// Every other GET: the file of the served folder (HTML with the live-reload script when
// watching), a redirect to the folder's slash form, or 404.html.
void ServeFolder(httplib::Server* server, const std::string& site, bool watch) {
  auto not_found = [site](httplib::Response& res) {
    std::string body;
    res.status = 404;
    ServeTarget t = ResolveServeTarget(site, "/404.html");
    if (t.kind == ServeTarget::kFile && ReadWholeFile(t.file, &body))
      res.set_content(body, "text/html; charset=utf-8");
    else
      res.set_content("not found\n", "text/plain; charset=utf-8");
  };
  server->Get(".*", [site, not_found, watch](const httplib::Request& r, httplib::Response& res) {
    ServeTarget t = ResolveServeTarget(site, r.path);
    if (t.kind == ServeTarget::kRedirect) {
      res.set_redirect(t.location, 301);
      return;
    }
    std::string body;
    if (t.kind != ServeTarget::kFile || !ReadWholeFile(t.file, &body)) {
      not_found(res);
      return;
    }
    const std::string type = ContentType(fs::path(t.file).extension().string());
    if (watch && type.rfind("text/html", 0) == 0) body = WithReloadScript(body);
    res.set_content(body, type);
  });
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

  httplib::Server server;
  server.new_task_queue = [] { return new httplib::ThreadPool(kWorkers); };
  server.set_read_timeout(kReadTimeoutSeconds, 0);
  server.set_keep_alive_timeout(kReadTimeoutSeconds);
  // SO_REUSEADDR only: httplib's default adds SO_REUSEPORT, which would let another process
  // bind the same port and receive part of the requests.
  server.set_socket_options([](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  // Loopback only: the guide is read locally; publishing is a copy of site/.
  const char* host = "127.0.0.1";
  // The port first: a taken port is reported at once, not after a whole build.
  if (!server.bind_to_port(host, static_cast<int>(port))) {
    err << "gpuguide: error: cannot listen on " << host << ":" << port
        << "; is another server running? choose another port with --port\n";
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
  if (watch) StartLiveReload(&server, req, channel, out, err);

  ServeFolder(&server, site, watch);
  out << "serving " << site << " on http://" << host << ":" << port << "/"
      << (watch ? "; rebuilding and reloading open pages when the inputs change" : "")
      << " (Ctrl-C to stop)\n";
  out.flush();
  server.listen_after_bind();
  return 0;
}

}  // namespace gg
