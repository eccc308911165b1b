// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/step/trace_comparison.h"

#include "core/spec/figure_text.h"
#include "core/spec/rank_layout.h"
#include "core/spec/translatable.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace paraplan {

namespace {

// The pace counts as the prediction's own within this band: the findings then need not say that
// they compare at the trace's pace.
constexpr double kPaceBand = 1.25;

// The parts compared across stages and with the prediction: those the model prices, less
// send/receive, whose kernels wait for the neighbouring stages (a slow stage makes the others'
// grow) and the classes the model has no part for.
constexpr std::array<KernelClass, 9> kComparedClasses{
    KernelClass::Gemm,      KernelClass::Attention, KernelClass::Norm,          KernelClass::Elementwise,
    KernelClass::Optimizer, KernelClass::AllReduce, KernelClass::AllGather,     KernelClass::ReduceScatter,
    KernelClass::AllToAll,
};
constexpr std::array<KernelClass, 3> kUnmodelledClasses{ KernelClass::OtherCollective, KernelClass::Memcpy,
                                                         KernelClass::Other };

double medianOf(std::vector<double> values)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const size_t mid = values.size() / 2;
    return values.size() % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

std::string ratioFigure(double ratio)
{
    char text[32];
    std::snprintf(text, sizeof text, ratio >= 9.95 ? "%.0f" : "%.1f", ratio);
    return text;
}

std::string percentFigure(double share)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.0f", 100 * share);
    return text;
}

TraceFinding traceFinding(TraceFindingKind kind, const char* messageTemplate, std::vector<DiagnosticArg> args)
{
    TraceFinding f;
    f.kind = kind;
    f.messageTemplate = messageTemplate;
    f.args = std::move(args);
    f.message = fillTemplate(messageTemplate, f.args);
    return f;
}

DiagnosticArg componentArg(KernelClass kind) { return { titleOf(kind), true }; }
DiagnosticArg plainArg(std::string text) { return { std::move(text), false }; }

// Per stage, the mean of its ranks' figures.
void measureStages(TraceComparison& c, const std::vector<MeasuredRank>& ranks)
{
    for (StageComparison& stage : c.stages) {
        if (stage.ranks.empty())
            continue;
        MeasuredSeconds sum;
        for (const size_t index : stage.ranks) {
            const MeasuredSeconds one = measuredSecondsPerStep(ranks[index]);
            for (size_t k = 0; k < kKernelClasses; ++k) {
                sum.byClass[k] += one.byClass[k];
                sum.typicalByClass[k] += one.typicalByClass[k];
            }
            sum.idle += one.idle;
            sum.window += one.window;
        }
        const double n = double(stage.ranks.size());
        for (double& seconds : sum.byClass)
            seconds /= n;
        for (double& seconds : sum.typicalByClass)
            seconds /= n;
        sum.idle /= n;
        sum.window /= n;
        stage.measured = sum;
    }
}

// The stage's kernel time in the parts compared, measured as its kernels typically take, and predicted.
double comparedTypical(const StageComparison& s)
{
    double sum = 0;
    for (const KernelClass kind : kComparedClasses)
        sum += s.measured.typicalOf(kind);
    return sum;
}

double comparedPredicted(const StageComparison& s)
{
    double sum = 0;
    for (const KernelClass kind : kComparedClasses)
        sum += s.predicted.of(kind);
    return sum;
}

// One kernel name on one stage: its median duration and the seconds a step it typically takes
// (the mean of the stage's ranks').
struct NamedKernel {
    KernelClass kind = KernelClass::Other;
    double median = 0;
    double perStep = 0;
};
using NamedKernels = std::map<std::string, NamedKernel, std::less<>>;

std::vector<NamedKernels> namedKernelsByStage(const TraceComparison& c, const std::vector<MeasuredRank>& ranks)
{
    std::vector<NamedKernels> stages(c.stages.size());
    for (size_t s = 0; s < c.stages.size(); ++s) {
        const std::vector<size_t>& members = c.stages[s].ranks;
        for (const size_t index : members) {
            const MeasuredRank& r = ranks[index];
            std::map<std::string_view, std::pair<KernelClass, std::vector<double>>> durations;
            for (const MeasuredKernel& k : r.kernels) {
                auto& entry = durations[k.name];
                entry.first = k.kind;
                entry.second.push_back(k.seconds);
            }
            const double steps = double(std::max<size_t>(1, r.steps.size()));
            for (auto& [name, entry] : durations) {
                const double median = medianOf(entry.second);
                NamedKernel& named = stages[s][std::string(name)];
                named.kind = entry.first;
                named.median += median / double(members.size());
                named.perStep += median * double(entry.second.size()) / steps / double(members.size());
            }
        }
    }
    return stages;
}

// Where most of a stage's part runs kernels that the other stages run too (a layer's norm, GEMMs,
// collectives), how much longer they take there than elsewhere: the geometric mean over them, by
// their weight on the stage, of the median duration over the other stages' median; nullopt where the
// part is mostly the stage's own (the loss on the last stage, the embedding on the first).
std::optional<double> sameKernelsRatio(const std::vector<NamedKernels>& named,
                                       const std::vector<const StageComparison*>& traced, const StageComparison& stage,
                                       KernelClass kind)
{
    double weight = 0, logSum = 0, total = 0;
    for (const auto& [name, k] : named[size_t(stage.stage)]) {
        if (k.kind != kind || k.median <= 0)
            continue;
        total += k.perStep;
        std::vector<double> elsewhere;
        for (const StageComparison* o : traced) {
            if (o == &stage)
                continue;
            const auto found = named[size_t(o->stage)].find(name);
            if (found != named[size_t(o->stage)].end() && found->second.median > 0)
                elsewhere.push_back(found->second.median);
        }
        if (elsewhere.empty())
            continue;
        weight += k.perStep;
        logSum += k.perStep * std::log(k.median / medianOf(elsewhere));
    }
    if (total <= 0 || weight < 0.5 * total)
        return std::nullopt;
    return std::exp(logSum / weight);
}

// A stage's part against the same part on the other stages, each as measured (its kernels' typical
// time) over predicted, so that stages with more or other work compare fairly; where the part runs
// the same kernels as on the other stages, those kernels must also take as much longer (or
// shorter), which is then the figure given: a device that runs large copies slower than small ones
// makes a last stage's loss look slow against the prediction, not its kernels against the others'.
void findOutliers(TraceComparison& c, const std::vector<NamedKernels>& named)
{
    std::vector<const StageComparison*> traced;
    for (const StageComparison& s : c.stages)
        if (s.hasTrace())
            traced.push_back(&s);
    if (traced.size() < 2)
        return;
    for (const KernelClass kind : kComparedClasses) {
        for (const StageComparison* s : traced) {
            const double measured = s->measured.typicalOf(kind), predicted = s->predicted.of(kind);
            if (predicted <= 0 || measured <= 0)
                continue;
            std::vector<double> others;
            for (const StageComparison* o : traced)
                if (o != s && o->predicted.of(kind) > 0 && o->measured.typicalOf(kind) > 0)
                    others.push_back(o->measured.typicalOf(kind) / o->predicted.of(kind));
            if (others.empty())
                continue;
            const double reference = medianOf(others);
            const double workRatio = measured / predicted / reference;
            const double expected = reference * predicted;
            const double excess = measured - expected;
            const bool slower = workRatio >= kTraceOutlierRatio;
            // A faster stage stands out only against two others or more: of two stages, the slow
            // one is the finding.
            const bool faster = workRatio <= 1 / kTraceOutlierRatio && others.size() >= 2;
            // It must weigh something in the stage's kernel time, as measured or as the scenario's
            // device would spend it (a trace from another device weighs its parts differently).
            const double weight = std::max(measured / std::max(comparedTypical(*s), 1e-300),
                                           predicted / std::max(comparedPredicted(*s), 1e-300));
            if ((!slower && !faster) || weight < kTraceOutlierShare)
                continue;
            const std::optional<double> same = sameKernelsRatio(named, traced, *s, kind);
            if (same && (slower ? *same < kTraceOutlierRatio : *same > 1 / kTraceOutlierRatio))
                continue;
            const double ratio = same ? *same : workRatio;
            const double versusPrediction = measured / predicted / c.pace;
            TraceFinding f = slower
                ? traceFinding(TraceFindingKind::StageOutlier,
                          QT_TRANSLATE_NOOP("TraceComparison",
                                            "Stage %1: %2 take %3× longer than on the other stages (%4 a step, "
                                            "where the other stages' pace gives %5), %6× the prediction at the "
                                            "trace's pace."),
                          { plainArg(std::to_string(s->stage)), componentArg(kind), plainArg(ratioFigure(ratio)),
                            plainArg(durationText(measured)), plainArg(durationText(expected)),
                            plainArg(ratioFigure(versusPrediction)) })
                : traceFinding(TraceFindingKind::StageOutlier,
                          QT_TRANSLATE_NOOP("TraceComparison",
                                            "Stage %1: %2 take %3× less time than on the other stages (%4 a step, "
                                            "where the other stages' pace gives %5), %6× the prediction at the "
                                            "trace's pace."),
                          { plainArg(std::to_string(s->stage)), componentArg(kind), plainArg(ratioFigure(1 / ratio)),
                            plainArg(durationText(measured)), plainArg(durationText(expected)),
                            plainArg(ratioFigure(versusPrediction)) });
            f.stage = s->stage;
            f.component = kind;
            f.versusOtherStages = ratio;
            f.versusPrediction = versusPrediction;
            f.measuredSeconds = measured;
            f.expectedSeconds = expected;
            f.excessSeconds = std::fabs(excess);
            c.findings.push_back(std::move(f));
        }
    }
}

void findSystematic(TraceComparison& c)
{
    double steps = 0; // the traced stages' steps, summed
    for (const StageComparison& s : c.stages)
        steps += s.hasTrace() ? s.measured.window : 0.0;
    if (steps <= 0)
        return;
    for (const KernelClass kind : kComparedClasses) {
        std::vector<double> ratios, measuredParts, expectedParts;
        double measuredSum = 0, expectedSum = 0;
        for (const StageComparison& s : c.stages) {
            if (!s.hasTrace() || s.predicted.of(kind) <= 0 || s.measured.of(kind) <= 0)
                continue;
            ratios.push_back(s.measured.of(kind) / (c.pace * s.predicted.of(kind)));
            measuredParts.push_back(s.measured.of(kind));
            expectedParts.push_back(c.pace * s.predicted.of(kind));
            measuredSum += s.measured.of(kind);
            expectedSum += c.pace * s.predicted.of(kind);
        }
        if (ratios.empty())
            continue;
        const double ratio = medianOf(ratios);
        const bool off = ratio >= kTraceOutlierRatio || ratio <= 1 / kTraceOutlierRatio;
        if (!off || std::max(measuredSum, expectedSum) < kTraceSystematicShare * steps)
            continue;
        TraceFinding f = traceFinding(TraceFindingKind::Systematic,
                                 QT_TRANSLATE_NOOP("TraceComparison",
                                                   "On every stage, %1 take %2× the prediction at the trace's pace "
                                                   "(%3 a step on the median stage, where the prediction at this "
                                                   "pace gives %4)."),
                                 { componentArg(kind), plainArg(ratioFigure(ratio)),
                                   plainArg(durationText(medianOf(measuredParts))),
                                   plainArg(durationText(medianOf(expectedParts))) });
        f.component = kind;
        f.versusPrediction = ratio;
        f.measuredSeconds = medianOf(measuredParts);
        f.expectedSeconds = medianOf(expectedParts);
        f.excessSeconds = std::fabs(measuredSum - expectedSum);
        c.findings.push_back(std::move(f));
    }
}

// The longest-running kernel name of a class, over every rank given.
std::string longestKernelOf(const std::vector<MeasuredRank>& ranks, KernelClass kind)
{
    std::map<std::string, double> byName;
    for (const MeasuredRank& r : ranks)
        for (const MeasuredKernel& k : r.kernels)
            if (k.kind == kind)
                byName[k.name] += k.seconds;
    const auto longest = std::max_element(byName.begin(), byName.end(),
                                          [](const auto& a, const auto& b) { return a.second < b.second; });
    if (longest == byName.end())
        return {};
    constexpr size_t kShown = 80;
    return longest->first.size() > kShown ? longest->first.substr(0, kShown) + "…" : longest->first;
}

void findUnmodelled(TraceComparison& c, const std::vector<MeasuredRank>& ranks)
{
    double steps = 0;
    int traced = 0;
    for (const StageComparison& s : c.stages)
        if (s.hasTrace()) {
            steps += s.measured.window;
            ++traced;
        }
    if (traced == 0 || steps <= 0)
        return;
    for (const KernelClass kind : kUnmodelledClasses) {
        double measured = 0;
        for (const StageComparison& s : c.stages)
            measured += s.hasTrace() ? s.measured.of(kind) : 0.0;
        if (measured < kTraceUnmodelledShare * steps)
            continue;
        const double perStep = measured / traced;
        TraceFinding f = traceFinding(TraceFindingKind::Unmodelled,
                                 QT_TRANSLATE_NOOP("TraceComparison",
                                                   "%1 a step (%2 % of the step) runs in %3, which the model has no "
                                                   "part for; the longest: %4."),
                                 { plainArg(durationText(perStep)), plainArg(percentFigure(measured / steps)),
                                   componentArg(kind), plainArg(longestKernelOf(ranks, kind)) });
        f.component = kind;
        f.measuredSeconds = perStep;
        f.excessSeconds = measured;
        c.findings.push_back(std::move(f));
    }
}

} // namespace

int64_t stageOfRank(const Scenario& scenario, const ParallelDegrees& degrees, int64_t worldRank)
{
    const RankPlacement& placement = scenario.parallel.placement;
    int64_t rank = worldRank;
    for (int64_t r = 0; r < degrees.ranks(); ++r)
        if (placement.gpuOf(r) == worldRank) {
            rank = r;
            break;
        }
    return denseCoordinate(rank, ParallelDim::Pp, degrees, placement.order);
}

TraceComparison compareTrace(const Scenario& scenario, const Result& result, const EvaluateOptions& options,
                             const std::vector<MeasuredRank>& ranks)
{
    TraceComparison c;
    c.predictedStep = result.time.step;
    const std::vector<PredictedStage> predicted = predictKernelClasses(scenario, result, options);
    for (size_t s = 0; s < predicted.size(); ++s) {
        StageComparison stage;
        stage.stage = int64_t(s);
        stage.predicted = predicted[s];
        c.stages.push_back(std::move(stage));
    }
    const ParallelDegrees& degrees = result.parallel.degrees;
    const int64_t gpus = degrees.ranks();
    for (size_t i = 0; i < ranks.size(); ++i) {
        const MeasuredRank& r = ranks[i];
        for (const std::string& note : r.notes)
            c.notes.push_back(r.source + ": " + note);
        int64_t rank = int64_t(i);
        if (r.rank)
            rank = *r.rank;
        else
            c.notes.push_back(r.source + ": the trace does not say its rank; taken as rank " + std::to_string(rank)
                              + ", its place in the list");
        if (r.worldSize && *r.worldSize != gpus)
            c.notes.push_back(r.source + ": the trace's job has " + std::to_string(*r.worldSize) + " ranks, the scenario "
                              + std::to_string(gpus) + " GPUs: is it the same configuration?");
        if (rank >= gpus) {
            c.notes.push_back(r.source + ": rank " + std::to_string(rank) + " is beyond the scenario's "
                              + std::to_string(gpus) + " GPUs; left out");
            continue;
        }
        c.stages[size_t(stageOfRank(scenario, degrees, rank))].ranks.push_back(i);
    }
    std::string untraced;
    for (const StageComparison& s : c.stages)
        if (!s.hasTrace())
            untraced += (untraced.empty() ? "" : ", ") + std::to_string(s.stage);
    if (!untraced.empty() && !ranks.empty())
        c.notes.push_back("no trace of stage " + untraced + ": give a trace of one rank per stage, or of every rank");

    measureStages(c, ranks);
    for (const StageComparison& s : c.stages)
        c.measuredStep = std::max(c.measuredStep, s.measured.window);
    if (c.measuredStep <= 0 || c.predictedStep <= 0)
        return c;
    c.pace = c.measuredStep / c.predictedStep;
    const bool nearPrediction = c.pace <= kPaceBand && c.pace >= 1 / kPaceBand;
    TraceFinding pace = nearPrediction
        ? traceFinding(TraceFindingKind::Pace,
                  QT_TRANSLATE_NOOP("TraceComparison", "The measured step takes %1 against %2 predicted (%3× the "
                                                       "prediction)."),
                  { plainArg(durationText(c.measuredStep)), plainArg(durationText(c.predictedStep)),
                    plainArg(ratioFigure(c.pace)) })
        : traceFinding(TraceFindingKind::Pace,
                  QT_TRANSLATE_NOOP("TraceComparison",
                                    "The measured step takes %1 against %2 predicted (%3× the prediction: another "
                                    "device, or one the model is not calibrated for); the findings below compare each "
                                    "part at this pace."),
                  { plainArg(durationText(c.measuredStep)), plainArg(durationText(c.predictedStep)),
                    plainArg(ratioFigure(c.pace)) });
    pace.versusPrediction = c.pace;
    pace.measuredSeconds = c.measuredStep;
    pace.expectedSeconds = c.predictedStep;
    findOutliers(c, namedKernelsByStage(c, ranks));
    findSystematic(c);
    findUnmodelled(c, ranks);
    // What one stage does differently first (the story a trace is imported for), then what every
    // stage does, then what the model has no part for; each by weight.
    // Outliers by how far off they are, the others by how much time they weigh.
    std::stable_sort(c.findings.begin(), c.findings.end(), [](const TraceFinding& a, const TraceFinding& b) {
        if (a.kind != b.kind)
            return int(a.kind) < int(b.kind);
        if (a.kind == TraceFindingKind::StageOutlier)
            return std::fabs(std::log(a.versusOtherStages)) > std::fabs(std::log(b.versusOtherStages));
        return a.excessSeconds > b.excessSeconds;
    });
    c.findings.insert(c.findings.begin(), std::move(pace));
    return c;
}


} // namespace paraplan
