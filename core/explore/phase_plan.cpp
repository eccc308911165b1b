// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/explore/phase_plan.h"

#include "core/explore/scaling.h"
#include "core/run/checkpoint.h"
#include "core/run/goodput.h"
#include "core/spec/figure_text.h"
#include "core/spec/translatable.h"
#include "core/spec/units.h"
#include "core/step/evaluator.h"

#include <algorithm>
#include <cmath>

// Unity builds merge the anonymous namespaces of a batch's files: the helpers live in one of their own.
namespace paraplan::phase_plan {

namespace {

// Global batches of a ramp evaluated at most: the step time per sample changes smoothly with the
// batch (fewer micro-batches, a larger bubble share), so the levels between are interpolated.
constexpr size_t kMostRampSamples = 8;
// Levels a ramp may have: each is a term of the phase's sum. Published ramps have tens (Megatron's
// GPT-3 175B example, --rampup-batch-size 16 16 5859375 up to 1536: 95).
constexpr int64_t kMostRampLevels = 10000;

struct Evaluated {
    Scenario scenario;
    Result result;
};

// What a phase costs, or why it cannot run.
struct Timed {
    PhaseOutcome outcome;
    std::optional<Sentence> problem;
};

std::string phaseLabel(const PlanPhase& phase, size_t index)
{
    if (!phase.name.empty())
        return phase.name;
    std::string number = "#"; // appended, not "#" + ...: GCC 12's -Wrestrict misreads the operator+
    number += std::to_string(index + 1);
    return number;
}

// "tp 4 · pp 2 · dp 8": the degrees above one, as the phases' sentences name a configuration.
std::string degreesText(const ParallelDegrees& d)
{
    std::string text = "tp " + std::to_string(d.tp) + " · pp " + std::to_string(d.pp) + " · dp " + std::to_string(d.dp);
    if (d.cp > 1)
        text += " · cp " + std::to_string(d.cp);
    if (d.ep > 1)
        text += " · ep " + std::to_string(d.ep);
    if (d.vpp > 1)
        text += " · vpp " + std::to_string(d.vpp);
    return text;
}

EvaluateOptions evaluateOptions(const PlanOptions& options)
{
    EvaluateOptions evaluate;
    evaluate.params = options.params;
    evaluate.calibration = options.calibration;
    return evaluate;
}

// The scenario at the phase's sequence length, global batch (its final one) and node count.
Scenario phaseScenario(const Scenario& base, const PlanPhase& phase)
{
    Scenario s = base;
    if (phase.seqLen)
        s.training.seqLen = *phase.seqLen;
    if (phase.globalBatch)
        s.training.globalBatch = *phase.globalBatch;
    if (phase.nodes && *phase.nodes != s.cluster.nodes)
        s = scenarioAtNodes(s, *phase.nodes, BatchScaling::FixedGlobalBatch);
    return s;
}

double phaseTokens(const PlanPhase& phase, const Scenario& s)
{
    if (phase.tokens)
        return *phase.tokens;
    return double(phase.steps.value_or(0)) * double(s.training.globalBatch) * double(s.training.seqLen);
}

// The configuration given for the phase, held as given (recompute "auto" unless it names one).
Evaluated chosenConfiguration(Scenario s, const ParallelSpec& parallel, std::optional<int64_t> microBatch,
                              const PlanOptions& options)
{
    s.parallel = parallel;
    if (microBatch)
        s.training.microBatch = *microBatch;
    Result r = evaluate(s, evaluateOptions(options));
    return { std::move(s), std::move(r) };
}

// The search's fastest configuration that fits at the phase's size, the scenario's pins held.
Evaluated bestConfiguration(const Scenario& s, const PlanOptions& options)
{
    ScalingOptions scaling;
    scaling.nodes = { s.cluster.nodes };
    scaling.params = options.params;
    scaling.calibration = options.calibration;
    scaling.threads = options.threads;
    ScalingCurve curve = scaleNodes(s, scaling);
    if (curve.points.empty() || !curve.points.front().best) {
        Result none;
        none.gpus = s.cluster.gpuCount();
        return { s, std::move(none) };
    }
    ScalingSample& best = *curve.points.front().best;
    return { std::move(best.scenario), std::move(best.result) };
}

std::string firstError(const Result& r)
{
    for (const Diagnostic& d : r.diagnostics)
        if (d.severity == Severity::Error)
            return d.message;
    return "no configuration abides by the rules";
}

// Why a configuration cannot run the phase; none when it runs and fits.
std::optional<Sentence> cannotRun(const Evaluated& e, const std::string& phase)
{
    if (!e.result.valid)
        return makeSentence(QT_TRANSLATE_NOOP("Plan", "Phase %1 cannot run: %2"), { textArg(phase), textArg(firstError(e.result)) });
    if (!e.result.fits)
        return makeSentence(QT_TRANSLATE_NOOP("Plan", "Phase %1 does not fit in GPU memory with %2: it needs %3 per GPU of the "
                                                      "%4 there are; choose another configuration or let parallel.recompute be "
                                                      "\"auto\"."),
                            { textArg(phase), textArg(degreesText(e.result.parallel.degrees)),
                              textArg(gibText(e.result.memory.total())), textArg(gibText(e.result.capacityBytes)) });
    return std::nullopt;
}

// Wall-clock seconds per sequence trained at this evaluation, failures, checkpoints and restarts
// included; none when the job is interrupted faster than it can save.
std::optional<double> wallSecondsPerSample(const Evaluated& e)
{
    const RunGoodput g = goodputOf(e.scenario, e.result);
    const double batch = double(e.scenario.training.globalBatch);
    if (!(g.fraction > 0) || !(batch > 0))
        return std::nullopt;
    return e.result.time.step / (batch * g.fraction);
}

Sentence interruptedFasterThanItSaves(const std::string& phase)
{
    return makeSentence(QT_TRANSLATE_NOOP("Plan", "Phase %1 is interrupted faster than it can save a checkpoint: it would never "
                                                  "finish. Give the cluster faster storage or fewer failures."),
                        { textArg(phase) });
}

// The ramp's levels as Megatron takes them (megatron/core/num_microbatches_calculator.py,
// RampupBatchsizeNumMicroBatchesCalculator): start, start + increment, ... below the full batch,
// each for an equal share of the ramp's samples.
std::vector<int64_t> rampLevels(const BatchRamp& ramp, int64_t fullBatch)
{
    std::vector<int64_t> levels;
    for (int64_t b = ramp.start; b < fullBatch; b += ramp.increment)
        levels.push_back(b);
    return levels;
}

// What Megatron asserts of a ramp, worded; none when it can run.
std::optional<Sentence> rampProblem(const BatchRamp& ramp, const Evaluated& full, double phaseSamples, const std::string& phase)
{
    const int64_t batch = full.scenario.training.globalBatch;
    if (ramp.start < 1 || ramp.increment < 1 || ramp.start >= batch || (batch - ramp.start) % ramp.increment != 0)
        return makeSentence(QT_TRANSLATE_NOOP("Plan", "Phase %1's batch ramp must start above zero and below the global batch "
                                                      "of %2 and reach it in whole increments; it starts at %3 and grows by %4."),
                            { textArg(phase), countArg(batch), countArg(ramp.start), countArg(ramp.increment) });
    if ((batch - ramp.start) / ramp.increment > kMostRampLevels)
        return makeSentence(QT_TRANSLATE_NOOP("Plan", "Phase %1's batch ramp has %2 levels, more than the %3 a plan takes: give it "
                                                      "a larger increment."),
                            { textArg(phase), countArg((batch - ramp.start) / ramp.increment), countArg(kMostRampLevels) });
    if (!(ramp.samples > 0) || ramp.samples > phaseSamples)
        return makeSentence(QT_TRANSLATE_NOOP("Plan", "Phase %1's batch ramp takes %2 sequences: it needs some, and at most the phase's %3."),
                            { textArg(phase), textArg(tokenRateText(ramp.samples)), textArg(tokenRateText(phaseSamples)) });
    const int64_t perStep = full.result.parallel.degrees.dp * full.scenario.training.microBatch;
    if (perStep > 0 && (ramp.start % perStep != 0 || ramp.increment % perStep != 0))
        return makeSentence(QT_TRANSLATE_NOOP("Plan", "Phase %1's batch ramp starts at %2 and grows by %3, but every global batch "
                                                      "must divide over data-parallel %4 × micro-batch %5: Megatron refuses it. "
                                                      "Change the ramp or the phase's configuration."),
                            { textArg(phase), countArg(ramp.start), countArg(ramp.increment),
                              countArg(full.result.parallel.degrees.dp), countArg(full.scenario.training.microBatch) });
    return std::nullopt;
}

// Evenly spaced indices into `count` levels, both ends included, at most kMostRampSamples.
std::vector<size_t> sampledLevels(size_t count)
{
    std::vector<size_t> indices;
    const size_t samples = std::min(count, kMostRampSamples);
    for (size_t j = 0; j < samples; ++j)
        indices.push_back(samples == 1 ? 0 : size_t(std::llround(double(j) * double(count - 1) / double(samples - 1))));
    indices.erase(std::unique(indices.begin(), indices.end()), indices.end());
    return indices;
}

struct RampTime {
    double seconds = 0;
    double steps = 0;
};

// The ramp's wall clock: its sampled levels evaluated with the phase's configuration, the levels
// between interpolated in seconds per sequence.
std::optional<RampTime> rampTime(const BatchRamp& ramp, const Evaluated& full, const PlanOptions& options,
                                 const std::string& phase, std::optional<Sentence>& problem)
{
    const std::vector<int64_t> levels = rampLevels(ramp, full.scenario.training.globalBatch);
    const std::vector<size_t> sampled = sampledLevels(levels.size());
    std::vector<double> perSample;
    for (size_t index : sampled) {
        Scenario s = full.scenario;
        s.training.globalBatch = levels[index];
        Evaluated level{ s, evaluate(s, evaluateOptions(options)) };
        if ((problem = cannotRun(level, phase)))
            return std::nullopt;
        const std::optional<double> seconds = wallSecondsPerSample(level);
        if (!seconds) {
            problem = interruptedFasterThanItSaves(phase);
            return std::nullopt;
        }
        perSample.push_back(*seconds);
    }
    const double samplesPerLevel = ramp.samples / double(levels.size());
    RampTime t;
    for (size_t k = 0, j = 0; k < levels.size(); ++k) {
        while (j + 1 < sampled.size() && sampled[j + 1] <= k)
            ++j;
        double seconds = perSample[j];
        if (j + 1 < sampled.size()) {
            const double w = double(k - sampled[j]) / double(sampled[j + 1] - sampled[j]);
            seconds += w * (perSample[j + 1] - perSample[j]);
        }
        t.seconds += samplesPerLevel * seconds;
        t.steps += samplesPerLevel / double(levels[k]);
    }
    return t;
}

// The phase's tokens at its configuration: the ramp's samples at their growing batches, the rest
// at the full batch, each through failures, checkpoints and restarts.
Timed timePhase(const PlanPhase& phase, const std::string& label, Evaluated e, const PlanOptions& options)
{
    Timed t;
    if ((t.problem = cannotRun(e, label)))
        return t;
    PhaseOutcome& o = t.outcome;
    o.tokens = phaseTokens(phase, e.scenario);
    const double seqLen = double(e.scenario.training.seqLen);
    const double fullBatch = double(e.scenario.training.globalBatch);
    double fullSamples = o.tokens / seqLen;
    if (phase.ramp) {
        if ((t.problem = rampProblem(*phase.ramp, e, fullSamples, label)))
            return t;
        const std::optional<RampTime> ramp = rampTime(*phase.ramp, e, options, label, t.problem);
        if (!ramp)
            return t;
        o.timeS += ramp->seconds;
        o.steps += ramp->steps;
        fullSamples -= phase.ramp->samples;
    }
    const std::optional<double> perSample = wallSecondsPerSample(e);
    if (!perSample) {
        t.problem = interruptedFasterThanItSaves(label);
        return t;
    }
    o.timeS += fullSamples * *perSample;
    o.steps += fullSamples / fullBatch;
    e.scenario.training.trainTokens = o.tokens; // the goodput's time and cost are the phase's
    e.scenario.training.datasetTokens.reset();
    e.result.goodput = goodputOf(e.scenario, e.result);
    o.scenario = std::move(e.scenario);
    o.result = std::move(e.result);
    return t;
}

// A switch re-shards the checkpoint where the layout or the launch changes: another parallel
// configuration, micro-batch or node count.
bool sameConfiguration(const PhaseOutcome& a, const PhaseOutcome& b)
{
    return a.result.parallel == b.result.parallel && a.scenario.training.microBatch == b.scenario.training.microBatch
        && a.scenario.cluster.nodes == b.scenario.cluster.nodes;
}

struct Totals {
    double seconds = 0;
    std::optional<double> costUsd;
};

// Each phase's switch into it and its cost (the switch's seconds on its GPUs included), and the sums.
Totals priceSequence(std::vector<PhaseOutcome>& phases)
{
    Totals totals;
    bool allPriced = true;
    double cost = 0;
    for (size_t i = 0; i < phases.size(); ++i) {
        PhaseOutcome& p = phases[i];
        p.switchS = i > 0 && !sameConfiguration(phases[i - 1], p) ? reshardSeconds(phases[i - 1].scenario, p.scenario) : 0;
        if (const std::optional<double> price = p.scenario.cluster.gpuHourCostUsd) {
            p.costUsd = (p.timeS + p.switchS) / kSecondsPerHour * double(p.result.gpus) * *price;
            cost += *p.costUsd;
        } else {
            allPriced = false;
        }
        totals.seconds += p.timeS + p.switchS;
    }
    if (allPriced)
        totals.costUsd = cost;
    return totals;
}

// The phase plan's longest phase (in wall clock): the fixed run's configuration unless one is given.
const PhaseOutcome& longestPhase(const std::vector<PhaseOutcome>& phases)
{
    return *std::max_element(phases.begin(), phases.end(),
                             [](const PhaseOutcome& a, const PhaseOutcome& b) { return a.timeS < b.timeS; });
}

// Every phase with the one configuration, dp following each phase's GPU count; where it cannot run
// a phase, the phase's own configuration takes it and a note says so.
void planFixed(PhasePlan& plan, const Scenario& scenario, const std::vector<PlanPhase>& phases,
               const std::optional<ParallelSpec>& fixed, const PlanOptions& options)
{
    const PhaseOutcome& longest = longestPhase(plan.phases);
    plan.fixedParallel = fixed ? *fixed : longest.result.parallel;
    plan.fixedMicroBatch = fixed ? scenario.training.microBatch : longest.scenario.training.microBatch;
    ParallelSpec held = plan.fixedParallel;
    held.degrees.dp = 0;
    for (size_t i = 0; i < phases.size(); ++i) {
        const std::string label = phaseLabel(phases[i], i);
        Timed t = timePhase(phases[i], label,
                            chosenConfiguration(phaseScenario(scenario, phases[i]), held, plan.fixedMicroBatch, options), options);
        if (t.problem) {
            plan.notes.push_back(makeSentence(QT_TRANSLATE_NOOP("Plan", "The fixed configuration cannot run phase %1 (%2); "
                                                                        "the fixed run takes the phase's own configuration there."),
                                              { textArg(label), textArg(t.problem->text) }));
            plan.fixedPhases.push_back(plan.phases[i]);
        } else {
            plan.fixedPhases.push_back(std::move(t.outcome));
        }
    }
    const Totals totals = priceSequence(plan.fixedPhases);
    plan.fixedTotalS = totals.seconds;
    plan.fixedTotalCostUsd = totals.costUsd;
}

std::optional<Sentence> lengthProblem(const PlanPhase& phase, const std::string& label)
{
    const bool tokens = phase.tokens && *phase.tokens > 0;
    const bool steps = phase.steps && *phase.steps > 0;
    if (tokens != steps)
        return std::nullopt;
    return makeSentence(QT_TRANSLATE_NOOP("Plan", "Phase %1 needs its length: give its tokens or its steps (one of them, "
                                                  "above zero)."),
                        { textArg(label) });
}

} // namespace

} // namespace paraplan::phase_plan

namespace paraplan {

double reshardSeconds(const Scenario& from, const Scenario& to)
{
    // The save must be on storage before the job stops, asynchronous or not; Megatron's distributed
    // checkpoint (torch_dist) is written independently of the layout and re-sharded as it is read.
    const double save = checkpointCost(from, from.cluster.gpuCount()).writeS;
    const double load = checkpointCost(to, to.cluster.gpuCount()).readS;
    return save + load + to.cluster.reliability.restartS.value_or(kDefaultRestartS);
}

PhasePlan planPhases(const Scenario& scenario, const std::vector<PlanPhase>& phases, const std::optional<ParallelSpec>& fixed,
                     const PlanOptions& options)
{
    using namespace phase_plan;
    PhasePlan plan;
    if (phases.empty()) {
        plan.problem = makeSentence(QT_TRANSLATE_NOOP("Plan", "The plan lists no phases."));
        return plan;
    }
    for (size_t i = 0; i < phases.size(); ++i) {
        const PlanPhase& phase = phases[i];
        const std::string label = phaseLabel(phase, i);
        if (options.cancel && options.cancel->load()) {
            plan.problem = makeSentence(QT_TRANSLATE_NOOP("Plan", "Planning was cancelled before phase %1."), { textArg(label) });
            return plan;
        }
        if ((plan.problem = lengthProblem(phase, label)))
            return plan;
        const Scenario s = phaseScenario(scenario, phase);
        Evaluated e = phase.parallel ? chosenConfiguration(s, *phase.parallel, phase.microBatch, options) : bestConfiguration(s, options);
        Timed t = timePhase(phase, label, std::move(e), options);
        if ((plan.problem = std::move(t.problem)))
            return plan;
        plan.phases.push_back(std::move(t.outcome));
    }
    const Totals totals = priceSequence(plan.phases);
    plan.totalS = totals.seconds;
    plan.totalCostUsd = totals.costUsd;
    planFixed(plan, scenario, phases, fixed, options);
    return plan;
}

} // namespace paraplan
