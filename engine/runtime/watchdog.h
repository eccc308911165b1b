// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "engine/protocol/event_log.h"

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

// Bounds every step of a run: a stalled rank, a hung collective or a driver that stopped
// answering ends the process with an error event instead of a hang. On expiry it runs the abort
// hooks (NCCL communicators abort, so the other ranks' calls return), then exits with
// kExitCode; mpirun and srun end the whole job when one rank exits non-zero.
namespace paraplan::engine {

class Watchdog {
public:
    static constexpr int kExitCode = 3;

    Watchdog(EventLog& log, std::chrono::duration<double> limit);
    ~Watchdog();
    Watchdog(const Watchdog&) = delete;
    Watchdog& operator=(const Watchdog&) = delete;

    // Starts timing `step`; a step already armed is replaced.
    void arm(std::string step);
    void disarm();
    void addAbortHook(std::function<void()> hook);

private:
    void watch();

    EventLog& m_log;
    std::chrono::duration<double> m_limit;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    bool m_armed = false;
    std::string m_step;
    std::chrono::steady_clock::time_point m_deadline;
    std::vector<std::function<void()>> m_abortHooks;
    std::thread m_thread;
};

// Arms the watchdog for one step and disarms it on leaving the scope.
class WatchdogStep {
public:
    WatchdogStep(Watchdog& watchdog, std::string step)
        : m_watchdog(watchdog)
    {
        m_watchdog.arm(std::move(step));
    }
    ~WatchdogStep() { m_watchdog.disarm(); }
    WatchdogStep(const WatchdogStep&) = delete;
    WatchdogStep& operator=(const WatchdogStep&) = delete;

private:
    Watchdog& m_watchdog;
};

} // namespace paraplan::engine
