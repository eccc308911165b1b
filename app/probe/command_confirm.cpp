// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/probe/probe_run.h"

#include "engine/confirm/synthetic_step.h"

#include "core/step/evaluator.h"

namespace paraplan::probe {

namespace {

io::ProbeStep predictedStep(const Result& r)
{
    io::ProbeStep step;
    step.stepS = r.time.step;
    step.bubbleFraction = r.bubbleFraction;
    for (size_t i = 0; i < r.stages.size(); ++i)
        step.stages.push_back({ int64_t(i), r.stages[i].busy, r.stages[i].idle, r.stages[i].send, r.stages[i].tail });
    return step;
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
        run.log.warning(io::ProbeCode::CpuMeasurements, "the host backend runs the step on this machine's CPUs: the "
                                                        "times describe them, not the scenario's GPUs");
    injectFaults(run);
    const io::ProbeStep measured = engine::runSyntheticSteps(loaded.scenario, loaded.predicted, run.backend,
                                                                   run.world, run.log, run.watchdog,
                                                                   { run.options.steps });
    if (!run.world.isRoot())
        return 0;
    const Result forSteps = predictSyntheticStep(loaded);
    io::ProbeResult result = resultOf(run, "confirm", discovery);
    result.calibrated = loaded.calibration != nullptr;
    result.measured = measured;
    result.predicted = predictedStep(loaded.predicted);
    result.predictedWithoutFramework = predictedStep(forSteps);
    run.log.write(std::move(result));
    return 0;
}

} // namespace paraplan::probe
