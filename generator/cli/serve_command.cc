#include "cli/serve_command.h"

#include <httplib.h>

#include <cstdlib>
#include <iostream>

#include "base/files.h"
#include "cli/cli.h"

namespace gg {

int RunServeCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::vector<std::string> build_args = {"build"};
  int port = 8008;
  std::string root = ".";
  for (size_t i = 1; i < args.size(); ++i) {
    if (args[i] == "--help") {
      out << "usage: gpuguide serve [--root DIR] [--port N] [--jobs N] [--drafts]\n"
             "  Builds ROOT/site, then serves it on http://127.0.0.1:PORT/ (default 8008).\n"
             "  Listens on the loopback interface only.\n";
      return 0;
    }
    if (args[i] == "--port" && i + 1 < args.size()) {
      char* end = nullptr;
      long p = std::strtol(args[i + 1].c_str(), &end, 10);
      if (*end || p < 1 || p > 65535) {
        err << "gpuguide: error: --port takes a number from 1 to 65535\n";
        return 2;
      }
      port = static_cast<int>(p);
      ++i;
      continue;
    }
    if (args[i] == "--root" && i + 1 < args.size()) root = args[i + 1];
    build_args.push_back(args[i]);
  }
  int status = RunCli(build_args, out, err, true);
  if (status != 0) return status;
  std::string site = root + "/site";
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
  if (!server.bind_to_port(host, port)) {
    err << "gpuguide: error: cannot listen on " << host << ":" << port << "\n";
    return 2;
  }
  out << "serving " << site << " on http://" << host << ":" << port << "/ (Ctrl-C to stop)\n";
  out.flush();
  server.listen_after_bind();
  return 0;
}

}  // namespace gg
