// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/explore/run_plan.h"

#include "core/explore/scaling.h"
#include "core/run/goodput.h"
#include "core/spec/figure_text.h"
#include "core/spec/translatable.h"

#include <algorithm>
#include <limits>
#include <tuple>

// Unity builds merge the anonymous namespaces of a batch's files: the helpers live in one of their own.
namespace paraplan::run_plan {

namespace {

// What a plan's sentences call a kind of hardware: its catalog id, or its name when it has none.
std::string hardwareLabel(const ClusterSpec& cluster) { return cluster.preset.empty() ? cluster.name : cluster.preset; }

// "512 × dgx-h100"
std::string planPlace(const PlanPoint& p) { return std::to_string(p.nodes) + " × " + hardwareLabel(p.scenario.cluster); }

// The request's scenario on one kind of hardware, priced at the option's rate so that the goodput
// (core/run/goodput.h) costs the run at it.
Scenario scenarioOn(const Scenario& request, const HardwareOption& option)
{
    Scenario s = request;
    s.cluster = option.cluster;
    s.cluster.gpuHourCostUsd = option.gpuHourUsd();
    return s;
}

// The best configuration at each count (scaling's search with the pins held, the global batch fixed:
// the run's batch is a training decision the hardware does not change).
ScalingCurve bestAtEachCount(const Scenario& scenario, const HardwareOption& option, const PlanOptions& options)
{
    ScalingOptions scaling;
    scaling.nodes = option.nodes;
    scaling.batch = BatchScaling::FixedGlobalBatch;
    scaling.best = true;
    scaling.keepPins = true;
    scaling.params = options.params;
    scaling.calibration = options.calibration;
    scaling.bands = options.bands;
    scaling.threads = options.threads;
    scaling.cancel = options.cancel;
    return scaleNodes(scenario, scaling);
}

PlanPoint planPointOf(size_t hardware, ScalingPoint& counted, const PlanRequest& request)
{
    PlanPoint p;
    p.hardware = hardware;
    p.nodes = counted.nodes;
    p.scenario = std::move(counted.best->scenario);
    p.result = std::move(counted.best->result);
    if (p.result.valid && p.result.fits) {
        p.result.goodput = goodputOf(p.scenario, p.result);
        p.timeS = p.result.goodput->timeToTrainS;
        p.costUsd = p.result.goodput->costUsd;
        if (const std::optional<TimeToTrainBand> band = timeToTrainBand(p.result)) {
            p.timeLowS = band->lowS;
            p.timeHighS = band->highS;
        }
    }
    p.meetsDeadline = p.timeS && (!request.deadlineS || *p.timeS <= *request.deadlineS);
    p.withinBudget = p.timeS && (!request.budgetUsd || (p.costUsd && *p.costUsd <= *request.budgetUsd));
    return p;
}

// The plans no other plan beats on both time and cost, fastest first: walked by time, a plan is on
// the frontier when it is cheaper than every faster one.
std::vector<size_t> frontierOf(std::vector<PlanPoint>& points)
{
    std::vector<size_t> priced;
    for (size_t i = 0; i < points.size(); ++i)
        if (points[i].priced())
            priced.push_back(i);
    std::sort(priced.begin(), priced.end(), [&](size_t a, size_t b) {
        return std::tie(*points[a].timeS, *points[a].costUsd, a) < std::tie(*points[b].timeS, *points[b].costUsd, b);
    });
    std::vector<size_t> frontier;
    double cheapest = std::numeric_limits<double>::infinity();
    for (size_t i : priced) {
        if (*points[i].costUsd < cheapest) {
            frontier.push_back(i);
            points[i].onFrontier = true;
            cheapest = *points[i].costUsd;
        }
    }
    return frontier;
}

// The index of the best point among those `eligible` by `better`, or none.
template <typename Eligible, typename Better>
std::optional<size_t> bestPoint(const std::vector<PlanPoint>& points, Eligible eligible, Better better)
{
    std::optional<size_t> best;
    for (size_t i = 0; i < points.size(); ++i)
        if (eligible(points[i]) && (!best || better(points[i], points[*best])))
            best = i;
    return best;
}

bool faster(const PlanPoint& a, const PlanPoint& b)
{
    return *a.timeS < *b.timeS || (*a.timeS == *b.timeS && a.costUsd.value_or(0) < b.costUsd.value_or(0));
}

bool cheaper(const PlanPoint& a, const PlanPoint& b)
{
    return *a.costUsd < *b.costUsd || (*a.costUsd == *b.costUsd && *a.timeS < *b.timeS);
}

// ---- the notes: why an optimum is missing, what a kind of hardware lacks --------------------------

std::optional<Sentence> noPlanMeetsTheDeadline(const RunPlan& plan, const PlanRequest& request)
{
    if (!request.deadlineS || plan.cheapestMeetingDeadline)
        return std::nullopt;
    const auto timed = [](const PlanPoint& p) { return p.timeS.has_value(); };
    const std::optional<size_t> fastest = bestPoint(plan.points, timed, faster);
    if (!fastest)
        return std::nullopt;
    const PlanPoint& p = plan.points[*fastest];
    if (p.meetsDeadline) // it meets the deadline but has no price: the missing price says why
        return std::nullopt;
    return makeSentence(QT_TRANSLATE_NOOP("Plan", "No plan meets the deadline of %1: the fastest takes %2 on %3."),
                        { textArg(wallClockText(*request.deadlineS)), textArg(wallClockText(*p.timeS)), textArg(planPlace(p)) });
}

std::optional<Sentence> noPlanWithinTheBudget(const RunPlan& plan, const PlanRequest& request)
{
    if (!request.budgetUsd || plan.fastestWithinBudget)
        return std::nullopt;
    const std::optional<size_t> cheapest = bestPoint(plan.points, [](const PlanPoint& p) { return p.priced(); }, cheaper);
    if (!cheapest)
        return std::nullopt;
    const PlanPoint& p = plan.points[*cheapest];
    return makeSentence(QT_TRANSLATE_NOOP("Plan", "No plan stays within the budget of %1: the cheapest costs %2 and takes %3 "
                                                  "on %4."),
                        { textArg(usdText(*request.budgetUsd)), textArg(usdText(*p.costUsd)), textArg(wallClockText(*p.timeS)),
                          textArg(planPlace(p)) });
}

std::string countRange(const std::vector<int64_t>& nodes)
{
    const auto [low, high] = std::minmax_element(nodes.begin(), nodes.end());
    return *low == *high ? std::to_string(*low) : std::to_string(*low) + "–" + std::to_string(*high);
}

std::vector<Sentence> hardwareNotes(const RunPlan& plan, const PlanRequest& request)
{
    std::vector<Sentence> notes;
    for (size_t h = 0; h < request.hardware.size(); ++h) {
        const HardwareOption& option = request.hardware[h];
        if (option.nodes.empty())
            continue;
        const bool anyRuns = std::any_of(plan.points.begin(), plan.points.end(),
                                         [&](const PlanPoint& p) { return p.hardware == h && p.timeS; });
        if (!anyRuns)
            notes.push_back(makeSentence(QT_TRANSLATE_NOOP("Plan", "No configuration of %1 runs on %2 at node counts %3 within "
                                                                   "memory and the rules."),
                                         { textArg(request.scenario.model.name), textArg(hardwareLabel(option.cluster)),
                                           textArg(countRange(option.nodes)) }));
        else if (!option.gpuHourUsd())
            notes.push_back(makeSentence(QT_TRANSLATE_NOOP("Plan", "%1 has no price: give its node_hour_usd, or its cluster's "
                                                                   "gpu_hour_cost_usd, to cost its plans."),
                                         { textArg(hardwareLabel(option.cluster)) }));
    }
    return notes;
}

std::optional<Sentence> problemOf(const PlanRequest& request)
{
    const std::optional<double> tokens = tokenBudget(request.scenario.training);
    if (!tokens || !(*tokens > 0))
        return makeSentence(QT_TRANSLATE_NOOP("Plan", "The run has no token budget: give training.train_tokens, or "
                                                      "training.dataset_tokens and training.epochs."));
    const bool anyCount = std::any_of(request.hardware.begin(), request.hardware.end(),
                                      [](const HardwareOption& o) { return !o.nodes.empty(); });
    if (!anyCount)
        return makeSentence(QT_TRANSLATE_NOOP("Plan", "The plan names no hardware to run on: list a cluster with the node "
                                                      "counts to try under hardware."));
    return std::nullopt;
}

} // namespace

} // namespace paraplan::run_plan

namespace paraplan {

std::optional<double> HardwareOption::gpuHourUsd() const
{
    if (nodeHourUsd)
        return cluster.gpusPerNode > 0 ? std::optional(*nodeHourUsd / double(cluster.gpusPerNode)) : std::nullopt;
    return cluster.gpuHourCostUsd;
}

std::vector<int64_t> planNodeCounts(int64_t first, int64_t last)
{
    first = std::max<int64_t>(first, 1);
    if (last < first)
        return {};
    std::vector<int64_t> counts{ first, last };
    auto within = [&](int64_t n) {
        if (n > first && n < last)
            counts.push_back(n);
    };
    for (int64_t power = 1; power < last; power *= 2) {
        within(power);
        if (power >= 2)
            within(power + power / 2); // halfway to the next power: 3, 6, 12, ...
        if (power > last / 2)
            break;
    }
    std::sort(counts.begin(), counts.end());
    counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
    return counts;
}

RunPlan planRun(const PlanRequest& request, const PlanOptions& options)
{
    using namespace run_plan;
    RunPlan plan;
    plan.problem = problemOf(request);
    if (plan.problem)
        return plan;
    for (size_t h = 0; h < request.hardware.size(); ++h) {
        if (options.cancel && options.cancel->load()) {
            plan.cancelled = true;
            return plan;
        }
        const HardwareOption& option = request.hardware[h];
        ScalingCurve curve = bestAtEachCount(scenarioOn(request.scenario, option), option, options);
        if (curve.cancelled) {
            plan.cancelled = true;
            return plan;
        }
        for (ScalingPoint& counted : curve.points)
            plan.points.push_back(planPointOf(h, counted, request));
    }
    plan.frontier = frontierOf(plan.points);
    plan.fastestWithinBudget = bestPoint(plan.points, [](const PlanPoint& p) { return p.withinBudget; }, faster);
    plan.cheapestMeetingDeadline
        = bestPoint(plan.points, [](const PlanPoint& p) { return p.meetsDeadline && p.costUsd.has_value(); }, cheaper);
    for (auto note : { noPlanMeetsTheDeadline(plan, request), noPlanWithinTheBudget(plan, request) })
        if (note)
            plan.notes.push_back(std::move(*note));
    for (Sentence& note : hardwareNotes(plan, request))
        plan.notes.push_back(std::move(note));
    return plan;
}

} // namespace paraplan
