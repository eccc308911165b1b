// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/run/goodput.h"

#include "core/run/checkpoint.h"
#include "core/run/fleet_failures.h"
#include "core/spec/units.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace paraplan {

namespace {

// e^x stays finite below this: beyond it the expected wall clock is past any deadline.
constexpr double kLargestExponent = 700;

double mtbfOf(double failuresPerGpuHour, double gpus)
{
    return failuresPerGpuHour > 0 ? kSecondsPerHour / (failuresPerGpuHour * gpus) : std::numeric_limits<double>::infinity();
}

} // namespace

double youngInterval(double checkpointS, double mtbfS) { return std::sqrt(2 * checkpointS * mtbfS); }

double dalyInterval(double checkpointS, double mtbfS)
{
    if (checkpointS >= 2 * mtbfS)
        return mtbfS;
    const double x = checkpointS / (2 * mtbfS);
    return youngInterval(checkpointS, mtbfS) * (1 + std::sqrt(x) / 3 + x / 9) - checkpointS;
}

double goodputFraction(double intervalS, double checkpointS, double restartS, double mtbfS)
{
    if (!(intervalS > 0))
        return 0;
    if (!std::isfinite(mtbfS))
        return intervalS / (intervalS + checkpointS);
    const double restart = restartS / mtbfS, segment = (intervalS + checkpointS) / mtbfS;
    if (restart + segment > kLargestExponent)
        return 0;
    return intervalS / (mtbfS * std::exp(restart) * std::expm1(segment));
}

RunGoodput goodputOf(const Scenario& scenario, const Result& result)
{
    RunGoodput g;
    const ReliabilitySpec& reliability = scenario.cluster.reliability;
    const double gpus = double(std::max<int64_t>(1, result.gpus));
    g.failuresPerGpuHour = reliability.failuresPerGpuHour.value_or(defaultFailuresPerGpuHour());
    g.mtbfS = mtbfOf(g.failuresPerGpuHour, gpus);

    const CheckpointCost checkpoint = checkpointCost(scenario, result.gpus);
    g.checkpointBytes = checkpoint.bytes;
    g.checkpointWriteS = checkpoint.writeS;
    g.checkpointBlockingS = checkpoint.blockingS;
    g.asyncCheckpoint = scenario.training.checkpoint.async;
    g.restartS = reliability.restartS.value_or(kDefaultRestartS) + checkpoint.readS;
    // A failure during an asynchronous write loses that checkpoint: the work rolls back one write
    // further, on top of the restart.
    const double lostWithTheWrite = g.asyncCheckpoint ? checkpoint.writeS : 0;

    const double step = result.time.step;
    const bool failures = std::isfinite(g.mtbfS);
    if (failures) {
        g.youngIntervalS = youngInterval(checkpoint.blockingS, g.mtbfS);
        g.dalyIntervalS = dalyInterval(checkpoint.blockingS, g.mtbfS);
    }
    g.intervalGiven = scenario.training.checkpoint.intervalS.has_value();
    double interval = scenario.training.checkpoint.intervalS.value_or(failures ? g.dalyIntervalS : 0);
    // One asynchronous save at a time: the next starts once the last is on storage.
    if (g.asyncCheckpoint && interval > 0)
        interval = std::max(interval, checkpoint.writeS);
    // Checkpoints are taken between steps (Megatron's --save-interval counts iterations).
    if (interval > 0 && step > 0) {
        g.checkpointIntervalSteps = std::max<int64_t>(1, std::llround(std::min(interval / step, 1e15)));
        g.checkpointIntervalS = double(g.checkpointIntervalSteps) * step;
    }
    const double restartAndLoss = g.restartS + lostWithTheWrite;
    auto fractionAt = [&](double mtbfS) {
        return g.checkpointIntervalS > 0 ? goodputFraction(g.checkpointIntervalS, checkpoint.blockingS, restartAndLoss, mtbfS)
                                         : (std::isfinite(mtbfS) ? 0.0 : 1.0);
    };
    g.fraction = fractionAt(g.mtbfS);
    if (reliability.failuresPerGpuHour) {
        g.fractionLow = g.fractionHigh = g.fraction;
    } else {
        const FailureRateRange rates = publishedFailureRateRange();
        g.fractionLow = fractionAt(mtbfOf(rates.high, gpus));
        g.fractionHigh = fractionAt(mtbfOf(rates.low, gpus));
    }
    g.lostWorkPerFailureS = failures ? (g.checkpointIntervalS + checkpoint.blockingS) / 2 + lostWithTheWrite : 0;
    g.effectiveTokensPerS = result.tokensPerS * g.fraction;

    g.trainTokens = tokenBudget(scenario.training);
    if (g.trainTokens && g.effectiveTokensPerS > 0) {
        g.timeToTrainS = *g.trainTokens / g.effectiveTokensPerS;
        g.expectedFailures = failures ? *g.timeToTrainS / g.mtbfS : 0.0;
        if (scenario.cluster.gpuHourCostUsd)
            g.costUsd = *g.timeToTrainS / kSecondsPerHour * gpus * *scenario.cluster.gpuHourCostUsd;
    }
    return g;
}

std::optional<TimeToTrainBand> timeToTrainBand(const Result& result)
{
    const std::optional<RunGoodput>& g = result.goodput;
    const std::optional<StepUncertainty>& u = result.uncertainty;
    if (!g || !g->timeToTrainS || !u || !(result.time.step > 0) || !(g->fractionLow > 0) || !(g->fractionHigh > 0))
        return std::nullopt;
    const double time = *g->timeToTrainS, step = result.time.step;
    return TimeToTrainBand{ time * u->p10 / step * g->fraction / g->fractionHigh, time * u->p90 / step * g->fraction / g->fractionLow };
}

} // namespace paraplan
