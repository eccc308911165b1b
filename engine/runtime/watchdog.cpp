// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/runtime/watchdog.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>

namespace paraplan::engine {

Watchdog::Watchdog(EventLog& log, std::chrono::duration<double> limit)
    : m_log(log)
    , m_limit(limit)
    , m_thread([this] { watch(); })
{
}

Watchdog::~Watchdog()
{
    {
        const std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    m_thread.join();
}

void Watchdog::arm(std::string step)
{
    arm("\"" + step + "\"", m_limit, "a rank stalled or a collective hung; the run is aborted (raise --watchdog-s for slow steps)");
}

void Watchdog::armTeardown(const std::string& step)
{
    arm("the teardown after an error in \"" + step + "\"", std::chrono::duration<double>(kTeardownLimit),
        "a device or a peer stopped answering while buffers and communicators were released; the run is aborted");
}

void Watchdog::arm(std::string step, std::chrono::duration<double> limit, std::string what)
{
    {
        const std::lock_guard lock(m_mutex);
        m_armed = true;
        m_step = std::move(step);
        m_armedLimit = limit;
        m_what = std::move(what);
        m_deadline = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(limit);
    }
    m_wake.notify_all();
}

void Watchdog::disarm()
{
    const std::lock_guard lock(m_mutex);
    m_armed = false;
}

void Watchdog::addAbortHook(std::function<void()> hook)
{
    const std::lock_guard lock(m_mutex);
    m_abortHooks.push_back(std::move(hook));
}

void Watchdog::watch()
{
    std::unique_lock lock(m_mutex);
    while (!m_stopping) {
        if (!m_armed) {
            m_wake.wait(lock);
            continue;
        }
        if (m_wake.wait_until(lock, m_deadline) != std::cv_status::timeout || !m_armed || m_stopping)
            continue;
        if (std::chrono::steady_clock::now() < m_deadline)
            continue; // re-armed meanwhile
        const std::string step = m_step, what = m_what;
        const double limit = m_armedLimit.count();
        std::vector<std::function<void()>> hooks = m_abortHooks;
        lock.unlock();
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%.0f", limit);
        m_log.error(io::ProbeCode::WatchdogTimeout, step + " did not finish within " + seconds + " s: " + what);
        for (const auto& hook : hooks)
            hook();
        std::cout.flush();
        std::_Exit(kExitCode);
    }
}

} // namespace paraplan::engine
