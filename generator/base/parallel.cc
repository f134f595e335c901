#include "base/parallel.h"

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

namespace gg {

int ThreadCount(int jobs_option) {
  if (jobs_option > 0) return jobs_option;
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

void ParallelFor(int n, int threads, const std::function<void(int)>& job) {
  threads = std::max(1, std::min(threads, n));
  std::atomic<int> next{0};
  auto worker = [&] {
    for (int i = next++; i < n; i = next++) job(i);
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
}

}  // namespace gg
