// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "engine/protocol/event_log.h"

#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

// Bounds every step of a run: a stalled rank, a hung collective or a driver that stopped
// answering ends the process with an error event instead of a hang. On expiry it runs the abort
// hooks (NCCL communicators abort, so the other ranks' calls return), then exits with
// kExitCode; mpirun and srun end the whole job when one rank exits non-zero. A step left by an
// error stays watched while the run unwinds: freeing device memory waits for the device, and a
// communicator's release for its peers, either of which can hang when a peer is gone.
namespace paraplan::engine {

class Watchdog {
public:
    static constexpr int kExitCode = 3;
    // Unwinding after an error frees buffers and ends communicators: seconds, or something hangs.
    static constexpr std::chrono::seconds kTeardownLimit{ 10 };

    Watchdog(EventLog& log, std::chrono::duration<double> limit);
    ~Watchdog();
    Watchdog(const Watchdog&) = delete;
    Watchdog& operator=(const Watchdog&) = delete;

    // Starts timing `step`; a step already armed is replaced.
    void arm(std::string step);
    // Starts timing the teardown after an error in `step`, for kTeardownLimit.
    void armTeardown(const std::string& step);
    void disarm();
    void addAbortHook(std::function<void()> hook);

private:
    void arm(std::string step, std::chrono::duration<double> limit, std::string what);
    void watch();

    EventLog& m_log;
    std::chrono::duration<double> m_limit;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    bool m_armed = false;
    std::string m_step;
    std::chrono::duration<double> m_armedLimit{};
    std::string m_what; // what the step failing to finish means
    std::chrono::steady_clock::time_point m_deadline;
    std::vector<std::function<void()>> m_abortHooks;
    std::thread m_thread;
};

// Arms the watchdog for one step and disarms it on leaving the scope; left by an exception, it
// arms the teardown instead.
class WatchdogStep {
public:
    WatchdogStep(Watchdog& watchdog, std::string step)
        : m_watchdog(watchdog)
        , m_step(std::move(step))
        , m_exceptions(std::uncaught_exceptions())
    {
        m_watchdog.arm(m_step);
    }
    ~WatchdogStep()
    {
        if (std::uncaught_exceptions() > m_exceptions)
            m_watchdog.armTeardown(m_step);
        else
            m_watchdog.disarm();
    }
    WatchdogStep(const WatchdogStep&) = delete;
    WatchdogStep& operator=(const WatchdogStep&) = delete;

private:
    Watchdog& m_watchdog;
    std::string m_step;
    int m_exceptions;
};

} // namespace paraplan::engine
