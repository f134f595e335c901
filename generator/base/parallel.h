// Runs independent jobs on a few threads. Each job writes its result into its own slot (an
// index into a vector sized beforehand), so the order in which jobs finish never shows in the
// output: what is built is the same for any thread count.
//
// Failure: a job must not throw (an exception escaping a job terminates the process, as from
// any std::thread); jobs report problems through Diagnostics, which is thread-safe.
#pragma once

#include <functional>

namespace gg {

// Threads to use for a `--jobs N` option: N when positive, else one per core (at least 1).
int ThreadCount(int jobs_option);

// Runs job(0) … job(n - 1) on min(threads, n) threads, the calling thread being one of them;
// returns when every job has returned.
void ParallelFor(int n, int threads, const std::function<void(int)>& job);

}  // namespace gg
