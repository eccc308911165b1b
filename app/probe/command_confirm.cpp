// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/probe/probe_run.h"

#include "engine/confirm/synthetic_step.h"

#include "core/step/evaluator.h"

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

// The model of the synthetic step itself: no framework (Python, dispatcher) between kernels, and
// attention the unfused way the backends run it, in the configuration the step ran (recompute as
// resolved for the scenario).
Result predictSyntheticStep(const LoadedScenario& loaded)
{
    Scenario synthetic = loaded.scenario;
    synthetic.training.flashAttention = false;
    synthetic.parallel = loaded.predicted.parallel;
    EvaluateOptions options;
    options.params.hostLayerOverheadS = 0;
    options.params.hostMicroBatchOverheadS = 0;
    options.params.stepOverheadS = 0;
    options.calibration = loaded.calibration;
    return evaluate(synthetic, options);
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
    const Result forSteps = predictSyntheticStep(loaded);
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
