// Live reload for `gpuguide serve`: a watcher of the inputs, and the channel through which open
// pages learn that a rebuild finished (they reload) or failed (they show the diagnostics over
// the last good page). None of it is part of the published site: the server adds one script
// tag to the HTML it sends, and the script and the event stream are served from the reserved
// path /__gpuguide/ of the local server only.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>

namespace gg {

// Watches the inputs a build reads (data/, content/, templates/, assets/ under root). A change
// is what the signature — path, size and modification time of every file — says; inotify
// (Linux) wakes the watcher as soon as a file is written, renamed or removed, and when it is
// not available (another system, no watches left) the signature is polled every 100 ms.
// Either way editors that replace files by renaming are seen.
class InputWatcher {
 public:
  explicit InputWatcher(std::string root);
  ~InputWatcher();
  InputWatcher(const InputWatcher&) = delete;
  InputWatcher& operator=(const InputWatcher&) = delete;
  // Blocks until the inputs differ from the last time they were seen and have then stayed
  // the same for kQuietMs: a burst of saves (an editor's several writes, a script's edits,
  // a checkout) is one change, built once.
  void WaitForChange();
  // Whether the inputs differ from what the last WaitForChange returned (checked now, without
  // waiting): a build that ran meanwhile read a state that is already gone.
  bool ChangedSinceLast() const;

  static constexpr int kQuietMs = 200;

 private:
  std::string Signature() const;
  void WatchFolders();        // (re)adds an inotify watch on every input folder
  void WaitForEvent() const;  // returns on an inotify event or after 100 ms
  std::string root_;
  std::string last_;
  int inotify_ = -1;  // -1: polling
};

// The state every open page follows: a generation number that grows with each finished
// build, and the diagnostics of the last build when it failed.
class ReloadChannel {
 public:
  void BuildSucceeded();
  void BuildFailed(const std::string& diagnostics);

  // One server-sent-events message for a client that has seen `seen` (0: just connected),
  // at once: "" when there is no news. *seen is advanced to the generation reported. The
  // server asks every open stream after each build (cli/http_server.h, Wake), so no stream
  // waits on a thread of its own.
  std::string NextEvent(uint64_t* seen);

 private:
  std::mutex mutex_;
  uint64_t generation_ = 1;
  std::string error_;  // diagnostics of the newest build, empty when it succeeded
};

// The script that listens to /__gpuguide/events (reload, or show the build's errors).
const std::string& LiveReloadScript();

// The HTML with <script src="/__gpuguide/reload.js" defer></script> before </head> (appended
// when there is none); other files are never changed.
std::string WithReloadScript(const std::string& html);

}  // namespace gg
