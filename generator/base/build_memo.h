// Results made once per build and shared by the pages that ask for the same key (drawings,
// rankings, directive outputs). A kept value is what a new computation would give, so using
// the memo never changes the output; it lives as long as the memo (one build).
//
// Thread safety: Find and Keep may be called concurrently. Two threads that miss the same key
// at once both compute it; the first value kept is the one every later Find returns.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace gg {

template <typename T>
class BuildMemo {
 public:
  // The value kept under `key`, or null.
  std::shared_ptr<const T> Find(const std::string& key) const {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = kept_.find(key);
    if (it == kept_.end()) return nullptr;
    ++found_;
    return it->second;
  }
  // Keeps `value` unless the key has one already; returns the value kept.
  std::shared_ptr<const T> Keep(const std::string& key, T value) {
    auto kept = std::make_shared<const T>(std::move(value));
    std::lock_guard<std::mutex> lock(mu_);
    return kept_.emplace(key, std::move(kept)).first->second;
  }
  // How many Find calls found a value, and how many values are kept (tests, --verbose).
  int Found() const {
    std::lock_guard<std::mutex> lock(mu_);
    return found_;
  }
  int Size() const {
    std::lock_guard<std::mutex> lock(mu_);
    return static_cast<int>(kept_.size());
  }

 private:
  mutable std::mutex mu_;
  mutable int found_ = 0;
  std::unordered_map<std::string, std::shared_ptr<const T>> kept_;
};

}  // namespace gg
