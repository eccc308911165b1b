// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/probe/probe_run.h"

#include "engine/bench/micro_bench.h"
#include "core/io/atomic_file.h"

#include "core/io/calibration_json.h"
#include "core/io/probe_log.h"

namespace paraplan::probe {

namespace {

// --profile-out: the result gathered the way the GUI and the CLI gather it, so the three make one
// profile from one run. Replaced whole: a reader never sees half a profile.
void writeProfile(const std::string& path, const io::ProbeResult& result, const std::string& scenarioPath)
{
    io::ProbeLog log;
    io::addProbeEvent(log, { 0, 0, result });
    const CalibrationProfile profile
        = io::calibrationFromProbe(log, "paraplan-probe bench --scenario " + scenarioPath + " (" + log.backend
                                            + ", " + std::to_string(log.ranks) + " ranks)");
    if (!io::replaceFile(path, io::toJson(profile).dump(2) + "\n"))
        throw engine::EngineError(io::ProbeCode::UnwritableOutput,
                                  "cannot write the calibration profile " + path
                                      + ": check that its folder exists and is writable");
}

} // namespace

int runBench(const ProbeRun& run)
{
    const LoadedScenario loaded = loadScenario(run.options.scenario);
    const engine::Discovery discovery = discoverDevices(run);
    const EfficiencyParams params;
    const engine::BenchPlan plan = engine::planBench(loaded.scenario, loaded.predicted, params);
    if (run.world.isRoot()) {
        for (const std::string& note : plan.notes)
            run.log.warning(io::ProbeCode::BenchNote, note);
        if (run.backend.measuresCpu())
            run.log.warning(io::ProbeCode::CpuMeasurements, "the host backend measures this machine's CPUs: the "
                                                            "figures describe them, not the scenario's GPUs");
    }
    injectFaults(run);
    const engine::BenchReport report = engine::runBench(plan, run.backend, run.world, run.log, run.watchdog,
                                                        { run.options.warmup, run.options.iterations });
    if (run.world.isRoot()) {
        io::ProbeResult result = resultOf(run, "bench", discovery);
        result.gemms = report.gemms;
        result.attention = std::vector{ report.attention };
        result.memory = report.memory;
        result.collectives = report.collectives;
        result.overlap = report.overlap;
        if (!run.options.profileOut.empty())
            writeProfile(run.options.profileOut, result, run.options.scenario);
        run.log.write(std::move(result));
    }
    return 0;
}

} // namespace paraplan::probe
