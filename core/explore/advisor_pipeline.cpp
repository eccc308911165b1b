// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// The pipeline's findings: a bubble high for its schedule, and stages that do not take equal work.
#include "core/explore/advice_context.h"

#include "core/rules/parallel_rules.h"
#include "core/rules/pipeline_split.h"
#include "core/rules/schedule_rules.h"
#include "core/spec/figure_text.h"
#include "core/spec/translatable.h"
#include "core/step/pipeline_schedule.h"

#include <algorithm>
#include <numeric>

namespace paraplan::advice {

namespace {

// A bubble above a tenth of the step is worth a look: seed 000 §2.1 finds 30-45 % in the field
// and brings it to 18 % by fewer stages and more micro-batches.
constexpr double kBubbleWorthALook = 0.10;
// The critical stage busy this much above the average stage: the first and last stages carry the
// embedding and the logits (seed 000 §2.1: 3.2x between them).
constexpr double kUnevenWorthALook = 1.05;

// Fewer stages (each halving while it divides, down to two: no pipeline at all is the memory
// findings' business) with every smaller micro-batch, more chunks per stage, and the zero-bubble
// schedules the framework ships: the seed's move (pp 8 → 4, 16 → 32 micro-batches) is one of them.
std::vector<Scenario> bubbleProposals(const Scenario& s, const Result& r)
{
    std::vector<Scenario> proposals;
    const ParallelDegrees& d = r.parallel.degrees;
    for (int64_t pp = d.pp; pp >= 2; pp /= 2) {
        for (int64_t vpp : { int64_t(1), int64_t(2), int64_t(4) }) {
            for (int64_t b = s.training.microBatch; b >= 1; --b) {
                Scenario p = withDegrees(s, d.tp, pp, vpp);
                p.parallel.degrees.cp = d.cp;
                p.parallel.degrees.ep = d.ep;
                p.training.microBatch = b;
                proposals.push_back(std::move(p));
            }
        }
        if (pp % 2 != 0)
            break;
    }
    for (PipelineSchedule schedule : { PipelineSchedule::ZbH1, PipelineSchedule::ZbV }) {
        if (d.pp < 2 || !frameworkShipsSchedule(s.framework, schedule))
            continue;
        Scenario p = withDegrees(s, d.tp, d.pp, chunksFor(schedule, d.vpp));
        p.parallel.schedule = schedule;
        proposals.push_back(std::move(p));
    }
    return proposals;
}

void addBubbleFinding(const Context& c, std::vector<Finding>& findings)
{
    const Result& r = c.result();
    const ParallelDegrees& d = r.parallel.degrees;
    const double share = r.time.bubble / r.time.step;
    if (d.pp < 2 || share < kBubbleWorthALook)
        return;
    const std::optional<Tried> best = c.fastest(bubbleProposals(c.scenario(), r));
    if (!best || !c.worthIt(*best))
        return;
    const double textbook = textbookBubbleFraction(d.pp, d.vpp, r.microBatches);
    Sentence evidence = makeSentence(
        QT_TRANSLATE_NOOP("Advisor", "The pipeline idles %1 of the step (%2): %3 stages share %4 micro-batches under %5; "
                                     "uniform stages would idle %6."),
        { textArg(percentText(share)), textArg(durationText(r.time.bubble)), countArg(d.pp), countArg(r.microBatches),
          textArg(toString(r.schedule)), textArg(percentText(textbook)) });
    findings.push_back(c.finding("bubble_high", FindingView::Bubble, FindingFocus::onComponent(TimeComponent::Bubble), std::move(evidence),
                                 { { "bubble_fraction", share },
                                   { "bubble_s", r.time.bubble },
                                   { "pp", double(d.pp) },
                                   { "micro_batches", double(r.microBatches) },
                                   { "textbook_bubble_fraction", textbook } },
                                 QT_TRANSLATE_NOOP("Advisor", "Run %1: the pipeline idles %2 of the step instead of %3."),
                                 { textArg(percentText(best->result.time.bubble / best->result.time.step)), textArg(percentText(share)) },
                                 *best));
}

// Lighter end stages, as Megatron splits them: the embedding and the loss counted as layers, or
// the first and last virtual stage one to three layers lighter than the even split.
std::vector<Scenario> balancingProposals(const Scenario& s, const Result& r)
{
    std::vector<Scenario> proposals;
    const ParallelDegrees& d = r.parallel.degrees;
    Scenario counted = s;
    counted.parallel.layersPerStage.clear();
    counted.parallel.firstStageLayers.reset();
    counted.parallel.lastStageLayers.reset();
    counted.parallel.embeddingAsLayer = counted.parallel.lossAsLayer = true;
    proposals.push_back(counted);
    for (int64_t trim = 1; trim <= 3; ++trim) {
        std::vector<int64_t> split = trimmedEndsSplit(s.model.layers, d.virtualStages(), trim);
        if (split.empty())
            break;
        Scenario p = s;
        p.parallel.firstStageLayers.reset();
        p.parallel.lastStageLayers.reset();
        p.parallel.embeddingAsLayer = p.parallel.lossAsLayer = false;
        p.parallel.layersPerStage = std::move(split);
        proposals.push_back(std::move(p));
    }
    return proposals;
}

void addUnevenStagesFinding(const Context& c, std::vector<Finding>& findings)
{
    const Result& r = c.result();
    if (r.stages.size() < 2)
        return;
    double total = 0;
    for (const StageReport& stage : r.stages)
        total += stage.busy;
    const double mean = total / double(r.stages.size());
    const auto busiest = std::max_element(r.stages.begin(), r.stages.end(),
                                          [](const StageReport& a, const StageReport& b) { return a.busy < b.busy; });
    if (mean <= 0 || busiest->busy < kUnevenWorthALook * mean)
        return;
    const std::optional<Tried> best = c.fastest(balancingProposals(c.scenario(), r));
    if (!best || !c.worthIt(*best))
        return;
    const int64_t stage = busiest - r.stages.begin();
    Sentence evidence = makeSentence(
        QT_TRANSLATE_NOOP("Advisor", "Stage %1 computes for %2 per step, %3 more than the average stage (%4): the first stage "
                                     "also holds the embedding and the last the logits and the loss, and the other stages wait "
                                     "for it."),
        { countArg(stage), textArg(durationText(busiest->busy)), textArg(percentText(busiest->busy / mean - 1)),
          textArg(durationText(mean)) });
    findings.push_back(c.finding("uneven_stages", FindingView::Timeline, FindingFocus::onStage(stage), std::move(evidence),
                                 { { "busiest_stage", double(stage) },
                                   { "busiest_stage_busy_s", busiest->busy },
                                   { "mean_stage_busy_s", mean } },
                                 QT_TRANSLATE_NOOP("Advisor", "Split the layers unevenly, %1: the ends take less so no stage waits "
                                                              "as long."),
                                 {}, *best));
}

} // namespace

void addPipelineFindings(const Context& context, std::vector<Finding>& findings)
{
    addBubbleFinding(context, findings);
    addUnevenStagesFinding(context, findings);
}

} // namespace paraplan::advice
