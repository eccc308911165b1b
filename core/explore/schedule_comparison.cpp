// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/explore/schedule_comparison.h"

#include "core/rules/parallel_rules.h"
#include "core/rules/schedule_rules.h"

namespace paraplan {

namespace {

// The chunks a schedule runs this configuration with: chunksFor's, and for interleaving without a
// vpp of its own the fewest the rules allow here (2 where none does: the rules then say why).
int64_t chunksHere(PipelineSchedule schedule, const Scenario& s)
{
    const ParallelDegrees& d = s.parallel.degrees;
    if (scheduleTraits(schedule).chunksPerStage != 0 || d.vpp >= 2)
        return chunksFor(schedule, d.vpp);
    const int64_t dp = dataParallelOf(s);
    const int64_t microBatches = dp > 0 ? microBatchCount(s.training.globalBatch, s.training.microBatch, dp) : 0;
    ParallelDegrees interleaved = d;
    for (interleaved.vpp = 2; interleaved.vpp <= s.model.layers / std::max<int64_t>(d.pp, 1); ++interleaved.vpp)
        if (pipelineRuns(s.model.layers, s.framework, interleaved, microBatches, schedule))
            return interleaved.vpp;
    return chunksFor(schedule, d.vpp);
}

} // namespace

std::vector<ScheduleOption> compareSchedules(const Scenario& scenario, const EvaluateOptions& options)
{
    EvaluateOptions quiet = options;
    quiet.recordTimeline = false;
    quiet.diagnostics = true; // the first error says why a schedule cannot run
    const PipelineSchedule own = effectiveSchedule(scenario.parallel);
    std::vector<ScheduleOption> compared;
    for (size_t i = 0; i < kPipelineScheduleNames.size(); ++i) {
        ScheduleOption option;
        option.schedule = PipelineSchedule(i);
        option.current = option.schedule == own;
        option.shipped = frameworkShipsSchedule(scenario.framework, option.schedule);
        Scenario s = scenario;
        s.parallel.schedule = option.schedule;
        s.parallel.degrees.vpp = option.vpp = chunksHere(option.schedule, scenario);
        s.parallel.layersPerStage.clear(); // a split is per chunk: each schedule splits its own
        if (option.current)
            s.parallel.layersPerStage = scenario.parallel.layersPerStage;
        const Result r = evaluate(s, quiet);
        option.runs = r.valid;
        if (!r.valid) {
            for (const Diagnostic& d : r.diagnostics)
                if (d.severity == Severity::Error) {
                    option.whyNot = d.message;
                    break;
                }
        } else {
            option.stepS = r.time.step;
            option.bubbleFraction = r.bubbleFraction;
            option.peakMemoryBytes = r.memory.total();
            option.fits = r.fits;
        }
        compared.push_back(std::move(option));
    }
    return compared;
}

} // namespace paraplan
