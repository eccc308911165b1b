// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>

// The host backend's side stream: one thread that runs the work queued on it in order, beside the
// thread that queued it (a communicator's background all-reduces while the rank computes). MPI
// calls from it need an MPI with thread support (MpiCommunicator checks).
namespace paraplan::engine {

class BackgroundThread {
public:
    BackgroundThread();
    // Finishes what is queued, then ends the thread.
    ~BackgroundThread();
    BackgroundThread(const BackgroundThread&) = delete;
    BackgroundThread& operator=(const BackgroundThread&) = delete;

    // Queues `work`; it starts once the work queued before it has finished. After a piece failed,
    // work posted before wait() reports the failure is dropped: it counted on the failed piece.
    void post(std::function<void()> work);
    // Returns once everything queued has run, with the seconds from the start of the first piece
    // since the last wait to the end of the last (0 when nothing ran). Rethrows the first exception
    // a piece threw; the pieces waiting behind it then were dropped.
    [[nodiscard]] double wait();

private:
    using Clock = std::chrono::steady_clock;

    void run();

    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<std::function<void()>> m_queue;
    bool m_running = false; // a piece has been taken off the queue and not finished
    bool m_stopping = false;
    std::optional<Clock::time_point> m_firstStart;
    Clock::time_point m_lastEnd;
    std::exception_ptr m_failure;
    std::thread m_thread; // last: it starts once every member it uses exists
};

} // namespace paraplan::engine
