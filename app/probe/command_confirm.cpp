// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "probe_run.h"

#include "confirm/synthetic_step.h"

#include "evaluator.h"

namespace paraplan::probe {

namespace {

nlohmann::json predictionJson(const Result& r)
{
    nlohmann::json stages = nlohmann::json::array();
    for (size_t i = 0; i < r.stages.size(); ++i)
        stages.push_back({ { "stage", i }, { "busy_s", r.stages[i].busy }, { "idle_s", r.stages[i].idle },
                           { "send_s", r.stages[i].send }, { "tail_s", r.stages[i].tail } });
    return { { "step_s", r.time.step }, { "bubble_fraction", r.bubbleFraction }, { "stages", stages } };
}

// The model for the synthetic step itself: no framework (Python, dispatcher) between kernels.
EfficiencyParams withoutFramework(EfficiencyParams params)
{
    params.hostLayerOverheadS = 0;
    params.hostMicroBatchOverheadS = 0;
    params.stepOverheadS = 0;
    return params;
}

} // namespace

int runConfirm(const ProbeRun& run)
{
    const LoadedScenario loaded = loadScenario(run.options.scenario, run.options.calibration);
    const engine::Discovery discovery = discoverDevices(run);
    if (run.world.isRoot() && run.backend.measuresCpu())
        run.log.warning("cpu_measurements", "the host backend runs the step on this machine's CPUs: the times "
                                            "describe them, not the scenario's GPUs");
    injectFaults(run);
    const engine::ConfirmReport report = engine::runSyntheticSteps(loaded.scenario, loaded.predicted, run.backend,
                                                                   run.world, run.log, run.watchdog,
                                                                   { run.options.steps });
    if (!run.world.isRoot())
        return 0;
    EvaluateOptions synthetic;
    synthetic.params = withoutFramework(synthetic.params);
    synthetic.calibration = loaded.calibration;
    const Result forSteps = evaluate(loaded.scenario, synthetic);
    nlohmann::json result = { { "command", "confirm" },
                              { "backend", run.backend.name() },
                              { "cpu", run.backend.measuresCpu() },
                              { "ranks", run.world.size() },
                              { "calibrated", loaded.calibration != nullptr },
                              { "devices", devicesJson(discovery) },
                              { "measured", engine::toJson(report) },
                              { "predicted", predictionJson(loaded.predicted) },
                              { "predicted_without_framework", predictionJson(forSteps) } };
    run.log.result(std::move(result));
    return 0;
}

} // namespace paraplan::probe
