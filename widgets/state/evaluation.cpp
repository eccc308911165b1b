// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/state/evaluation.h"

#include "core/explore/landscape.h"
#include "core/explore/uncertainty.h"
#include "core/io/bands_json.h"
#include "core/run/goodput.h"
#include "core/step/evaluator.h"

#include <algorithm>

namespace paraplan::widgets {

namespace {
// Micro-batch counts for the bubble curve: powers of two around the current count, and the
// current count itself, so the marked point lies on the curve.
std::vector<int64_t> curveCounts(int64_t current, int64_t stages)
{
    std::vector<int64_t> counts;
    const int64_t upper = std::max<int64_t>(current * 4, stages * 16);
    for (int64_t m = 1; m <= upper; m *= 2)
        counts.push_back(m);
    for (int64_t m = stages; m <= upper; m *= 2) // multiples of pp, for interleaving
        counts.push_back(m);
    counts.push_back(current);
    std::sort(counts.begin(), counts.end());
    counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
    return counts;
}
} // namespace

int64_t timelineOperations(const Result& result)
{
    return 2 * int64_t(result.stages.size()) * result.parallel.degrees.vpp * result.microBatches;
}

EvaluationPtr evaluateForViews(const Scenario& scenario, const std::shared_ptr<const Calibration>& calibration)
{
    auto e = std::make_shared<Evaluation>();
    e->scenario = scenario;
    EvaluateOptions options;
    options.calibration = calibration;
    e->result = evaluate(scenario, options);
    if (e->result.valid && timelineOperations(e->result) <= kMostDrawnTimelineOperations) {
        options.recordTimeline = true; // again, recording every operation this time: a few hundred microseconds
        e->result = evaluate(scenario, options);
    }
    e->result.uncertainty = uncertaintyOf(scenario, e->result, io::builtinUncertaintyBands(), calibration != nullptr);
    if (e->result.valid) {
        e->result.goodput = goodputOf(scenario, e->result);
        e->bubbleMicroBatches = curveCounts(e->result.microBatches, scenario.parallel.degrees.pp);
        e->bubbleFractions = bubbleFractionByMicroBatches(scenario, e->bubbleMicroBatches, options);
        if (scenario.parallel.degrees.pp > 1)
            e->schedules = compareSchedules(scenario, options);
    }
    return e;
}

} // namespace paraplan::widgets
