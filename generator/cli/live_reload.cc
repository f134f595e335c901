#include "cli/live_reload.h"

#include <poll.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <thread>

#include "base/files.h"

namespace gg {
namespace {

using namespace std::chrono_literals;

// JSON string literal of a text (for the data line of an event).
std::string JsonString(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

}  // namespace

std::string InputWatcher::Signature() const {
  std::string sig;
  for (const char* dir : {"data", "content", "templates", "assets"}) {
    for (const auto& rel : ListFiles(root_, dir)) {
      struct stat st;
      if (::stat((root_ + "/" + rel).c_str(), &st) != 0) continue;
      sig += rel + ' ' + std::to_string(st.st_size) + ' ' + std::to_string(st.st_mtim.tv_sec) +
             '.' + std::to_string(st.st_mtim.tv_nsec) + '\n';
    }
  }
  return sig;
}

InputWatcher::InputWatcher(std::string root) : root_(std::move(root)) {
  inotify_ = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  WatchFolders();
  last_ = Signature();
}

InputWatcher::~InputWatcher() {
  if (inotify_ >= 0) ::close(inotify_);
}

void InputWatcher::WatchFolders() {
  if (inotify_ < 0) return;
  constexpr uint32_t kEvents = IN_CLOSE_WRITE | IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_FROM |
                               IN_MOVED_TO | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF;
  namespace fs = std::filesystem;
  std::error_code ec;
  auto watch = [&](const fs::path& folder) {
    if (::inotify_add_watch(inotify_, folder.c_str(), kEvents) < 0) {
      ::close(inotify_);  // no watches left: poll instead
      inotify_ = -1;
    }
  };
  watch(root_);  // a top folder created or replaced
  for (const char* top : {"data", "content", "templates", "assets"}) {
    const fs::path dir = fs::path(root_) / top;
    if (inotify_ < 0 || !fs::is_directory(dir, ec)) continue;
    watch(dir);
    for (auto it = fs::recursive_directory_iterator(dir, ec);
         inotify_ >= 0 && !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
      if (it->is_directory(ec) && !it->is_symlink(ec)) watch(it->path());
  }
}

void InputWatcher::WaitForEvent() const {
  if (inotify_ < 0) {
    std::this_thread::sleep_for(100ms);
    return;
  }
  pollfd p{inotify_, POLLIN, 0};
  if (::poll(&p, 1, 100) > 0) {  // drain: the signature says what changed
    char buf[16384];
    while (::read(inotify_, buf, sizeof buf) > 0) {
    }
  }
}

void InputWatcher::WaitForChange() {
  for (;;) {
    WaitForEvent();
    std::string now = Signature();
    if (now == last_) continue;
    // Quiet: the signature unchanged for kQuietMs (each wake-up within it is checked).
    auto quiet_since = std::chrono::steady_clock::now();
    while (std::chrono::steady_clock::now() - quiet_since < std::chrono::milliseconds(kQuietMs)) {
      WaitForEvent();
      std::string again = Signature();
      if (again != now) {
        now = std::move(again);
        quiet_since = std::chrono::steady_clock::now();
      }
    }
    last_ = std::move(now);
    WatchFolders();  // new folders; a watch added twice is kept once
    return;
  }
}

bool InputWatcher::ChangedSinceLast() const {
  return Signature() != last_;
}

void ReloadChannel::BuildSucceeded() {
  std::lock_guard<std::mutex> lock(mutex_);
  ++generation_;
  error_.clear();
}

void ReloadChannel::BuildFailed(const std::string& diagnostics) {
  std::lock_guard<std::mutex> lock(mutex_);
  ++generation_;
  error_ = diagnostics.empty() ? "the build failed" : diagnostics;
}

std::string ReloadChannel::NextEvent(uint64_t* seen) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (*seen == generation_) return "";
  const bool first = *seen == 0;
  *seen = generation_;
  // A page that connects is told the generation it was served at ("hello") and any error; a
  // page that was connected reloads after a good build or shows the failed one's errors.
  if (!error_.empty()) return "event: failed\ndata: " + JsonString(error_) + "\n\n";
  return std::string(first ? "event: hello" : "event: reload") +
         "\ndata: " + std::to_string(generation_) + "\n\n";
}

const std::string& LiveReloadScript() {
  static const std::string script =
      R"JS(// gpuguide serve: live reload (not part of the published site).
(() => {
  const events = new EventSource('/__gpuguide/events');
  let box = null;
  let generation = null;
  events.addEventListener('reload', () => location.reload());
  // After a reconnection (the server restarted, or the page slept): reload when a build
  // finished meanwhile, or when the errors shown are gone.
  events.addEventListener('hello', (e) => {
    if ((generation !== null && e.data !== generation) || box) location.reload();
    generation = e.data;
  });
  events.addEventListener('failed', (e) => {
    if (!box) {
      box = document.createElement('div');
      box.setAttribute('role', 'alert');
      box.id = 'gpuguide-build-errors';
      box.style.cssText = 'position:fixed;inset:auto 0 0 0;max-height:60vh;overflow:auto;' +
        'margin:0;padding:1em;background:#fff0f0;color:#5c0000;border-top:3px solid #b00020;' +
        'font:14px/1.4 monospace;white-space:pre-wrap;z-index:2147483647';
      document.body.append(box);
    }
    box.textContent = 'gpuguide: the build failed; this is the last good page.\n\n' +
      JSON.parse(e.data);
  });
})();
)JS";
  return script;
}

std::string WithReloadScript(const std::string& html) {
  static const std::string tag = "<script src=\"/__gpuguide/reload.js\" defer></script>";
  const size_t head = html.find("</head>");
  if (head == std::string::npos) return html + tag;
  return html.substr(0, head) + tag + html.substr(head);
}

}  // namespace gg
