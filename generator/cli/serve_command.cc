#include "cli/serve_command.h"

#include <httplib.h>

#include <cstdlib>
#include <iostream>

#include "base/files.h"
#include "cli/cli.h"
#include "cli/command_line.h"

namespace gg {

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
  int status = RunBuild(req, out, err);
  if (status != 0) return status;
  const std::string site = req.out_dir;
  httplib::Server server;
  if (!server.set_mount_point("/", site)) {
    err << "gpuguide: error: cannot serve " << site << "\n";
    return 1;
  }
  server.set_error_handler([site](const httplib::Request&, httplib::Response& res) {
    std::string body;
    if (res.status == 404 && ReadWholeFile(site + "/404.html", &body))
      res.set_content(body, "text/html; charset=utf-8");
  });
  // Loopback only: the guide is read locally; publishing is a copy of site/.
  const char* host = "127.0.0.1";
  if (!server.bind_to_port(host, static_cast<int>(port))) {
    err << "gpuguide: error: cannot listen on " << host << ":" << port << "\n";
    return 2;
  }
  out << "serving " << site << " on http://" << host << ":" << port << "/ (Ctrl-C to stop)\n";
  out.flush();
  server.listen_after_bind();
  return 0;
}

}  // namespace gg
