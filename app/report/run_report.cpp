// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/report/run_report.h"

#include "app/report/text_table.h"

#include "core/run/goodput.h"
#include "core/run/token_budget.h"
#include "core/spec/units.h"

#include <cmath>

namespace paraplan::report {

namespace {

std::string checkpointLine(const RunGoodput& g)
{
    std::string line = fixed(bytesToGib(g.checkpointBytes) / 1024, 2) + " TiB, written in " + duration(g.checkpointWriteS);
    if (g.asyncCheckpoint)
        line += " in the background (" + duration(g.checkpointBlockingS) + " blocking)";
    return line;
}

std::string intervalLine(const RunGoodput& g)
{
    if (g.checkpointIntervalSteps == 0)
        return "none needed (no failures)";
    return duration(g.checkpointIntervalS) + " (" + std::to_string(g.checkpointIntervalSteps) + " steps; "
        + (g.intervalGiven ? "as given, Daly's optimum " + duration(g.dalyIntervalS)
                           : "Daly's optimum, Young's " + duration(g.youngIntervalS))
        + ")";
}

std::string chinchillaLine(double tokens, const ModelSpec& model)
{
    const ChinchillaPoint p = chinchillaPoint(model);
    return compact(p.tokens) + " tokens for " + parameterCount(p.parameters) + (p.dense ? "" : " active")
        + " parameters (20 per parameter); the budget is " + fixed(tokens / p.tokens, 1) + "x that"
        + (p.dense ? "" : " (Chinchilla's fit is of dense models)");
}

} // namespace

std::string renderRunSection(const Scenario& scenario, const Result& result)
{
    if (!result.goodput)
        return {};
    const RunGoodput& g = *result.goodput;
    std::string out = "\nThe whole run: failures, checkpoints and restarts (docs/goodput.md)\n";
    TextTable run({ "", "" }, { false, false });
    run.addRow({ "interruptions", std::isfinite(g.mtbfS)
                     ? "one every " + duration(g.mtbfS) + " (" + fixed(g.failuresPerGpuHour * 1e6, 1) + " per million GPU-hours × "
                         + std::to_string(result.gpus) + " GPUs)"
                     : "none (failures_per_gpu_hour 0)" });
    run.addRow({ "checkpoint", checkpointLine(g) });
    run.addRow({ "checkpoint every", intervalLine(g) });
    run.addRow({ "restart", duration(g.restartS) + ", reading the checkpoint back included" });
    if (std::isfinite(g.mtbfS))
        run.addRow({ "lost per failure", duration(g.lostWorkPerFailureS) + " of work on average" });
    run.addRow({ "goodput", percent(g.fraction) + (g.fractionLow < g.fractionHigh
                                                       ? " (" + percent(g.fractionLow) + "–" + percent(g.fractionHigh)
                                                           + " over the published fleet failure rates)"
                                                       : "") });
    run.addRow({ "effective tokens/s", compact(g.effectiveTokensPerS) });
    if (g.trainTokens) {
        const std::optional<TimeToTrainBand> band = timeToTrainBand(result);
        if (g.timeToTrainS)
            run.addRow({ "time to train " + compact(*g.trainTokens) + " tokens",
                         duration(*g.timeToTrainS)
                             + (band ? " (80 % band " + durationRange(band->lowS, band->highS) + ", the fleet rates' spread in it)"
                                     : "") });
        else
            run.addRow({ "time to train", "never: interrupted faster than it can save and restart" });
        if (g.expectedFailures)
            run.addRow({ "interruptions expected", fixed(*g.expectedFailures, 0) });
        if (g.costUsd)
            run.addRow({ "cost to train", compact(*g.costUsd) + " USD at " + fixed(*scenario.cluster.gpuHourCostUsd, 2) + " USD/GPU-hour" });
        run.addRow({ "Chinchilla reference", chinchillaLine(*g.trainTokens, scenario.model) });
    }
    out += run.render();
    return out;
}

} // namespace paraplan::report
