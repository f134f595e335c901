#include "base/write_at.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace gg {

int OpenFolderAt(int dir_fd, const std::string& name, bool create) {
  if (create && mkdirat(dir_fd, name.c_str(), 0777) != 0 && errno != EEXIST) return -1;
  return openat(dir_fd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
}

bool WriteFileAt(int dir_fd, const std::string& tmp_name, const std::string& name,
                 std::initializer_list<std::string_view> parts, bool sync, mode_t mode,
                 std::string* error) {
  const int fd =
      openat(dir_fd, tmp_name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) {
    *error = "cannot create " + tmp_name + ": " + std::strerror(errno);
    return false;
  }
  auto fail = [&](const std::string& what) {
    *error = what + ": " + std::strerror(errno);
    close(fd);
    unlinkat(dir_fd, tmp_name.c_str(), 0);
    return false;
  };
  for (std::string_view part : parts) {
    size_t done = 0;
    while (done < part.size()) {
      const ssize_t n = write(fd, part.data() + done, part.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) return fail("cannot write " + tmp_name);
      if (n == 0) {
        errno = EIO;
        return fail("cannot write " + tmp_name);
      }
      done += static_cast<size_t>(n);
    }
  }
  if (fchmod(fd, mode) != 0) return fail("cannot set the permissions of " + tmp_name);
  if (sync && fsync(fd) != 0) return fail("cannot write " + tmp_name + " to disk");
  if (close(fd) != 0) {
    *error = "cannot write " + tmp_name + ": " + std::strerror(errno);
    unlinkat(dir_fd, tmp_name.c_str(), 0);
    return false;
  }
  if (renameat(dir_fd, tmp_name.c_str(), dir_fd, name.c_str()) != 0) {
    *error = "cannot replace " + name + ": " + std::strerror(errno);
    unlinkat(dir_fd, tmp_name.c_str(), 0);
    return false;
  }
  return true;
}

}  // namespace gg
