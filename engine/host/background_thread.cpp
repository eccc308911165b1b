// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/host/background_thread.h"

#include <utility>

namespace paraplan::engine {

BackgroundThread::BackgroundThread()
    : m_thread([this] { run(); })
{
}

BackgroundThread::~BackgroundThread()
{
    {
        const std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_changed.notify_all();
    m_thread.join();
}

void BackgroundThread::post(std::function<void()> work)
{
    {
        const std::lock_guard lock(m_mutex);
        // Until wait() hands the caller a failure, what it posts still counts on the failed piece.
        if (m_failure)
            return;
        m_queue.push_back(std::move(work));
    }
    m_changed.notify_all();
}

double BackgroundThread::wait()
{
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [this] { return m_queue.empty() && !m_running; });
    const double seconds = m_firstStart ? std::chrono::duration<double>(m_lastEnd - *m_firstStart).count() : 0.0;
    m_firstStart.reset();
    if (std::exception_ptr failure = std::exchange(m_failure, nullptr))
        std::rethrow_exception(failure);
    return seconds;
}

void BackgroundThread::run()
{
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_changed.wait(lock, [this] { return m_stopping || !m_queue.empty(); });
        if (m_queue.empty())
            return; // stopping, and everything queued has run
        std::function<void()> work = std::move(m_queue.front());
        m_queue.pop_front();
        m_running = true;
        lock.unlock();
        const Clock::time_point start = Clock::now();
        std::exception_ptr failure;
        try {
            work();
        } catch (...) {
            failure = std::current_exception();
        }
        const Clock::time_point end = Clock::now();
        lock.lock();
        if (!m_firstStart)
            m_firstStart = start;
        m_lastEnd = end;
        if (failure && !m_failure) {
            m_failure = failure;
            m_queue.clear(); // what followed the failed piece counted on it
        }
        m_running = false;
        m_changed.notify_all();
    }
}

} // namespace paraplan::engine
