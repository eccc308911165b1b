// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "app/probe/probe_options.h"

#include "engine/backend/backend.h"
#include "engine/protocol/event_log.h"
#include "engine/runtime/watchdog.h"
#include "engine/runtime/world.h"

#include "core/network/calibration.h"
#include "core/spec/scenario.h"
#include "core/step/result.h"

#include <memory>

// What every probe command works with, and the pieces they share.
namespace paraplan::probe {

struct ProbeRun {
    const ProbeOptions& options;
    engine::World& world;
    engine::EventLog& log;
    engine::Watchdog& watchdog;
    engine::Backend& backend;
};

struct LoadedScenario {
    Scenario scenario;
    std::shared_ptr<const Calibration> calibration; // --calibration's profile, or null
    Result predicted; // the cost model's evaluation of it, calibrated when a profile was given
};

// Reads and evaluates the scenario, with the calibration profile at `calibrationPath` when one is
// given; throws EngineError "unreadable_scenario", "invalid_scenario" (the message lists the rules
// it breaks) or "unreadable_calibration".
[[nodiscard]] LoadedScenario loadScenario(const std::string& path, const std::string& calibrationPath = "");

// Every rank's device (a collective call: every rank makes it).
[[nodiscard]] engine::Discovery discoverDevices(const ProbeRun& run);
// What every command's result starts with: the command, the backend, the ranks and their devices.
[[nodiscard]] io::ProbeResult resultOf(const ProbeRun& run, const char* command, const engine::Discovery& discovery);

// The deliberate faults of --stall-rank and --crash-rank, on the rank they name.
void injectFaults(const ProbeRun& run);

int runDiscover(const ProbeRun& run);
int runBench(const ProbeRun& run);
int runConfirm(const ProbeRun& run);

} // namespace paraplan::probe
