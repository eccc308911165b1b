// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/probe/probe_run.h"

#include "engine/confirm/synthetic_step.h"

#include "core/io/atomic_file.h"
#include "core/io/kineto_writer.h"
#include "core/step/evaluator.h"
#include "core/step/measured_trace.h"

#include <unistd.h>

#include <filesystem>
#include <string>

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

// This rank's recorded steps as DIR/rank<R>.pt.trace.json: a PyTorch profiler trace of the synthetic
// step, its kernels named as on the scenario's GPUs and saying what really ran them.
void writeTrace(const ProbeRun& run, const Scenario& scenario, MeasuredRank& trace)
{
    const bool cpu = run.backend.measuresCpu();
    if (cpu)
        trace.deviceName = "CPU (paraplan-probe host backend)";
    io::KinetoTraceHeader header;
    header.backend = cpu ? "mpi" : "nccl";
    header.hostPid = int64_t(getpid());
    header.producer = "paraplan-probe confirm --backend " + run.backend.name() + ": the synthetic step of "
        + run.options.scenario + " (" + scenario.model.name + "), each operation named as the kernel a run on "
        + scenario.cluster.gpu.name + " launches"
        + (cpu ? "; times measured on this machine's CPUs" : "; times measured on this device")
        + (run.options.slowNormStage >= 0 ? "; stage " + std::to_string(run.options.slowNormStage)
                                                + "'s norms deliberately slowed (--slow-norms)"
                                          : "");
    const std::filesystem::path folder(run.options.traceOut);
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
    const std::filesystem::path file = folder / ("rank" + std::to_string(run.world.rank()) + ".pt.trace.json");
    std::string error;
    if (!io::replaceFile(file, io::kinetoTraceJson(trace, header).dump() + "\n", &error))
        throw engine::EngineError(io::ProbeCode::UnwritableOutput, "cannot write the trace: " + error);
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
    engine::ConfirmOptions options;
    options.steps = run.options.steps;
    options.slowNormStage = run.options.slowNormStage;
    options.slowNormFactor = run.options.slowNormFactor;
    MeasuredRank trace;
    if (!run.options.traceOut.empty())
        options.trace = &trace;
    const io::ProbeStep measured = engine::runSyntheticSteps(loaded.scenario, loaded.predicted, run.backend,
                                                                   run.world, run.log, run.watchdog, options);
    if (options.trace)
        writeTrace(run, loaded.scenario, trace);
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
