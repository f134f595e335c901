#include "cli/sibling.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <ostream>
#include <system_error>

namespace gg {

int ExecSibling(const std::string& name, const std::vector<std::string>& args, std::ostream& out,
                std::ostream& err) {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  const std::string path = ec ? name : (self.parent_path() / name).string();
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(path.c_str()));
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  out.flush();
  err.flush();
  execv(path.c_str(), argv.data());
  const int e = errno;
  err << "gpuguide: error: '" << (args.empty() ? name : args[0]) << "' runs in " << name
      << ", which could not be started (" << path << ": " << std::strerror(e)
      << "); it is built next to gpuguide (cmake --build build)\n";
  return 2;
}

}  // namespace gg
