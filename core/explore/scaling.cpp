// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/explore/scaling.h"

#include "core/explore/search.h"
#include "core/explore/uncertainty.h"
#include "core/rules/parallel_rules.h"
#include "core/spec/figure_text.h"
#include "core/spec/translatable.h"
#include "core/spec/units.h"
#include "core/step/evaluator.h"

#include <algorithm>
#include <cstdio>

// Unity builds merge the anonymous namespaces of a batch's files: the helpers live in one of their own.
namespace paraplan::scaling {

namespace {

constexpr double kTokensPerMillion = 1e6;

// ---- carrying the scenario to another node count ------------------------------------------------

// The local GPU of each of one node's ranks, when every node runs its ranks in the same order
// (rank r on node r / g, at local GPU pattern[r % g]); none otherwise.
std::optional<std::vector<int64_t>> perNodePattern(const RankTable& table, int64_t gpusPerNode, int64_t gpus)
{
    if (gpusPerNode <= 0 || int64_t(table.gpuOfRank.size()) != gpus)
        return std::nullopt;
    std::vector<int64_t> pattern(static_cast<size_t>(gpusPerNode));
    for (int64_t r = 0; r < gpus; ++r) {
        const int64_t gpu = table.gpuOfRank[size_t(r)];
        if (gpu < 0 || gpu / gpusPerNode != r / gpusPerNode)
            return std::nullopt;
        const int64_t local = gpu % gpusPerNode;
        if (r < gpusPerNode)
            pattern[size_t(r)] = local;
        else if (pattern[size_t(r % gpusPerNode)] != local)
            return std::nullopt;
    }
    return pattern;
}

std::shared_ptr<const RankTable> repeatedPattern(const std::vector<int64_t>& pattern, int64_t nodes)
{
    const int64_t perNode = int64_t(pattern.size());
    std::vector<int64_t> gpuOfRank;
    gpuOfRank.reserve(size_t(nodes * perNode));
    for (int64_t node = 0; node < nodes; ++node)
        for (int64_t local : pattern)
            gpuOfRank.push_back(node * perNode + local);
    return makeRankTable(std::move(gpuOfRank));
}

// Node kinds in their listed order, the first `nodes` of them kept and any further nodes of the
// last kind: what the fabric itself builds when the counts fall short (core/network/fabric.cpp),
// written into the counts so that validation agrees.
std::shared_ptr<const TopologySpec> topologyAtNodes(const TopologySpec& topology, int64_t nodes)
{
    auto resized = std::make_shared<TopologySpec>(topology);
    resized->preset.clear(); // no longer the catalog's
    resized->nodes.clear();
    int64_t left = nodes;
    for (const NodeSpec& kind : topology.nodes) {
        if (left == 0)
            break;
        resized->nodes.push_back(kind);
        resized->nodes.back().count = std::min(kind.count, left);
        left -= resized->nodes.back().count;
    }
    if (!resized->nodes.empty())
        resized->nodes.back().count += left;
    return resized;
}

bool severalNodeKinds(const ClusterSpec& cluster) { return cluster.topology && cluster.topology->nodes.size() > 1; }

std::vector<Sentence> adaptationNotes(const Scenario& s)
{
    std::vector<Sentence> notes;
    if (s.pins.dp)
        notes.push_back(makeSentence(QT_TRANSLATE_NOOP("Scaling", "parallel.dp (%1) is not held: it follows the node count, "
                                                                  "N / (tp·pp·cp)."),
                                     { countArg(s.parallel.degrees.dp) }));
    if (const auto& table = s.parallel.placement.table) {
        if (perNodePattern(*table, s.cluster.gpusPerNode, s.cluster.gpuCount()))
            notes.push_back(makeSentence(QT_TRANSLATE_NOOP("Scaling", "The rank table (parallel.placement.rank_to_gpu) "
                                                                      "places every node's ranks alike: each node count "
                                                                      "repeats that pattern.")));
        else
            notes.push_back(makeSentence(QT_TRANSLATE_NOOP("Scaling", "The rank table (parallel.placement.rank_to_gpu) is "
                                                                      "not one node's pattern repeated: at counts other "
                                                                      "than %1 nodes rank r runs on GPU r."),
                                         { countArg(s.cluster.nodes) }));
    }
    if (severalNodeKinds(s.cluster))
        notes.push_back(makeSentence(QT_TRANSLATE_NOOP("Scaling", "cluster.topology lists %1 kinds of node: other counts "
                                                                  "keep the first nodes in its order and add nodes of "
                                                                  "the last kind (%2)."),
                                     { countArg(int64_t(s.cluster.topology->nodes.size())),
                                       textArg(s.cluster.topology->nodes.back().name) }));
    return notes;
}

// ---- one configuration at one count ---------------------------------------------------------------

std::optional<double> costPerMillionTokens(const Scenario& s, const Result& r)
{
    if (!r.valid || !s.cluster.gpuHourCostUsd || !(r.tokensPerS > 0))
        return std::nullopt;
    const double usdPerS = double(r.gpus) * *s.cluster.gpuHourCostUsd / kSecondsPerHour;
    return usdPerS / r.tokensPerS * kTokensPerMillion;
}

EvaluateOptions detailedOptions(const ScalingOptions& options)
{
    EvaluateOptions detailed;
    detailed.params = options.params;
    detailed.calibration = options.calibration;
    detailed.diagnostics = true; // the group reports the marks are explained with
    return detailed;
}

ScalingSample sampleOf(Scenario scenario, Result result, const ScalingOptions& options)
{
    ScalingSample sample{ std::move(scenario), std::move(result), std::nullopt };
    if (sample.usable() && options.bands)
        sample.result.uncertainty = uncertaintyOf(sample.scenario, sample.result, *options.bands, options.calibration != nullptr);
    sample.costPerMillionTokensUsd = costPerMillionTokens(sample.scenario, sample.result);
    return sample;
}

Result noConfiguration(const Scenario& s, Diagnostics why)
{
    Result none;
    none.gpus = s.cluster.gpuCount();
    none.diagnostics = std::move(why);
    return none;
}

// The parallel fields a scenario pins, as its JSON names them ("tp, pp, vpp").
std::string pinnedFields(const ParallelPins& pins)
{
    const std::pair<bool, const char*> fields[] = {
        { pins.tp, "tp" },
        { pins.pp, "pp" },
        { pins.dp, "dp" },
        { pins.cp, "cp" },
        { pins.ep, "ep" },
        { pins.etp, "etp" },
        { pins.vpp, "vpp" },
        { pins.schedule, "schedule" },
        { pins.sequenceParallel, "sequence_parallel" },
        { pins.recompute, "recompute" },
        { pins.recomputeModules, "recompute_modules" },
        { pins.zeroStage, "zero_stage" },
        { pins.moeDispatcher, "moe_dispatcher" },
    };
    std::string list;
    for (const auto& [pinned, name] : fields)
        if (pinned)
            list += (list.empty() ? "" : ", ") + std::string(name);
    return list;
}

Diagnostic noConfigurationFound(const Scenario& s, const SearchResult& found)
{
    const DiagnosticArg gpus = countArg(s.cluster.gpuCount());
    if (found.ruleAbiding > 0)
        return makeDiagnostic(Severity::Error, "no_configuration_fits", "cluster.nodes",
                              QT_TRANSLATE_NOOP("Diagnostics", "No configuration of %1 GPUs fits in memory."), { gpus });
    const std::string pinned = pinnedFields(s.pins);
    if (pinned.empty())
        return makeDiagnostic(Severity::Error, "no_configuration", "cluster.nodes",
                              QT_TRANSLATE_NOOP("Diagnostics", "No configuration of %1 GPUs abides by the rules: the GPU count, "
                                                           "the global batch and the model leave no whole tp × pp × cp × dp "
                                                           "split."),
                              { gpus });
    return makeDiagnostic(Severity::Error, "no_configuration", "cluster.nodes",
                          QT_TRANSLATE_NOOP("Diagnostics", "No configuration of %1 GPUs abides by the rules with the fields the "
                                                       "scenario pins (%2): the GPU count, the global batch and the model leave "
                                                       "them no whole tp × pp × cp × dp split."),
                          { gpus, textArg(pinned) });
}

ScalingSample bestAt(Scenario held, const ScalingOptions& options)
{
    if (!options.keepPins)
        held.pins = ParallelPins{};
    Diagnostics problems = problemsBeforeSearch(held);
    if (!problems.empty())
        return sampleOf(held, noConfiguration(held, std::move(problems)), options);
    SearchOptions search;
    search.topK = 1;
    search.params = options.params;
    search.calibration = options.calibration;
    search.threads = options.threads;
    const SearchResult found = searchConfigurations(held, search);
    if (found.best.empty())
        return sampleOf(held, noConfiguration(held, { noConfigurationFound(held, found) }), options);
    const SearchEntry& fastest = found.best.front();
    Scenario best = std::move(held);
    best.parallel = fastest.result.parallel;
    best.training.microBatch = fastest.microBatch;
    return sampleOf(std::move(best), fastest.result, options);
}

// ---- the marks --------------------------------------------------------------------------------

using SeriesOf = const ScalingSample* (*)(const ScalingPoint&);
const ScalingSample* currentSeries(const ScalingPoint& p) { return &p.current; }
const ScalingSample* bestSeries(const ScalingPoint& p) { return p.best ? &*p.best : nullptr; }

std::vector<size_t> usablePoints(const std::vector<ScalingPoint>& points, SeriesOf series)
{
    std::vector<size_t> usable;
    for (size_t i = 0; i < points.size(); ++i)
        if (const ScalingSample* s = series(points[i]); s && s->usable())
            usable.push_back(i);
    return usable;
}

const char* componentNoun(TimeComponent component)
{
    switch (component) {
    case TimeComponent::Compute:
        return QT_TRANSLATE_NOOP("Scaling", "compute");
    case TimeComponent::Recompute:
        return QT_TRANSLATE_NOOP("Scaling", "recomputation");
    case TimeComponent::TpComm:
        return QT_TRANSLATE_NOOP("Scaling", "tensor-parallel communication");
    case TimeComponent::CpComm:
        return QT_TRANSLATE_NOOP("Scaling", "context-parallel exchange");
    case TimeComponent::EpComm:
        return QT_TRANSLATE_NOOP("Scaling", "expert-parallel token exchange");
    case TimeComponent::PpComm:
        return QT_TRANSLATE_NOOP("Scaling", "pipeline sends between stages");
    case TimeComponent::DpComm:
        return QT_TRANSLATE_NOOP("Scaling", "data-parallel gradient reduction");
    case TimeComponent::Bubble:
        return QT_TRANSLATE_NOOP("Scaling", "pipeline bubble");
    case TimeComponent::Optimizer:
        return QT_TRANSLATE_NOOP("Scaling", "optimizer step");
    case TimeComponent::Other:
        return QT_TRANSLATE_NOOP("Scaling", "per-step overhead");
    }
    return "";
}

const char* groupNoun(CommGroup group)
{
    switch (group) {
    case CommGroup::Tp:
        return componentNoun(TimeComponent::TpComm);
    case CommGroup::Cp:
        return componentNoun(TimeComponent::CpComm);
    case CommGroup::Ep:
        return componentNoun(TimeComponent::EpComm);
    case CommGroup::ExpertTp:
        return QT_TRANSLATE_NOOP("Scaling", "expert tensor-parallel communication");
    case CommGroup::DataParallel:
        return componentNoun(TimeComponent::DpComm);
    case CommGroup::ExpertDataParallel:
        return QT_TRANSLATE_NOOP("Scaling", "expert gradient reduction");
    case CommGroup::PipelineHop:
        return componentNoun(TimeComponent::PpComm);
    case CommGroup::EmbeddingSync:
        return QT_TRANSLATE_NOOP("Scaling", "embedding synchronisation");
    }
    return "";
}

// The group whose traffic a communication component times: the dense one where it sends, else its
// expert counterpart (an MoE model's expert gradients, the expert layers' own tensor split).
std::optional<CommGroup> groupCarrying(TimeComponent component, const Result& a, const Result& b)
{
    auto firstSending = [&](CommGroup dense, CommGroup expert) {
        const bool denseSends = findGroup(a.groups, dense) || findGroup(b.groups, dense);
        const bool expertSends = findGroup(a.groups, expert) || findGroup(b.groups, expert);
        return denseSends || !expertSends ? dense : expert;
    };
    switch (component) {
    case TimeComponent::TpComm:
        return CommGroup::Tp;
    case TimeComponent::CpComm:
        return CommGroup::Cp;
    case TimeComponent::EpComm:
        return firstSending(CommGroup::Ep, CommGroup::ExpertTp);
    case TimeComponent::PpComm:
        return CommGroup::PipelineHop;
    case TimeComponent::DpComm:
        return firstSending(CommGroup::DataParallel, CommGroup::ExpertDataParallel);
    default:
        return std::nullopt;
    }
}

std::optional<GroupReport> reportOf(const Result& r, std::optional<CommGroup> group)
{
    const GroupReport* report = group ? findGroup(r.groups, *group) : nullptr;
    return report ? std::optional<GroupReport>(*report) : std::nullopt;
}

// What each part of the step would take after the step up at perfect scaling: the step's tokens
// spread over the GPUs at the same rate per GPU (strong scaling: each part shrinks with the GPUs;
// weak scaling: each part stays as it was).
double perfectScalingFactor(const ScalingSample& before, const ScalingSample& after)
{
    const double tokensBefore = double(before.scenario.training.globalBatch) * double(before.scenario.training.seqLen);
    const double tokensAfter = double(after.scenario.training.globalBatch) * double(after.scenario.training.seqLen);
    return tokensAfter / tokensBefore * double(before.result.gpus) / double(after.result.gpus);
}

ScalingCause causeBetween(const ScalingSample& before, const ScalingSample& after)
{
    ScalingCause c;
    c.comparison = compare(before.scenario, before.result, after.scenario, after.result);
    const double perfect = perfectScalingFactor(before, after);
    // The part furthest behind perfect scaling; under weak scaling that is compare()'s largest growth.
    const auto behind = std::max_element(c.comparison.components.begin(), c.comparison.components.end(),
                                         [&](const ComponentDelta& x, const ComponentDelta& y) {
                                             return x.b - x.a * perfect < y.b - y.a * perfect;
                                         });
    c.component = behind->component;
    c.secondsBefore = behind->a;
    c.secondsAfter = behind->b;
    c.secondsPerfect = behind->a * perfect;
    c.hiddenBefore = behind->hiddenA;
    c.hiddenAfter = behind->hiddenB;
    const std::optional<CommGroup> group = groupCarrying(c.component, before.result, after.result);
    c.groupBefore = reportOf(before.result, group);
    c.groupAfter = reportOf(after.result, group);
    return c;
}

// A fall the sentence's own figures show (equal when printed: no fall to speak of).
bool bandwidthFalls(double before, double after) { return after < before && bandwidthText(after) != bandwidthText(before); }

Sentence groupExplanation(const ScalingCause& c, int64_t nodes)
{
    const GroupReport& to = *c.groupAfter;
    const char* noun = groupNoun(to.group);
    const DiagnosticArg exposedBefore = textArg(durationText(c.secondsBefore)), exposedAfter = textArg(durationText(c.secondsAfter));
    const GroupReport* from = c.groupBefore ? &*c.groupBefore : nullptr;
    if (!from)
        return makeSentence(QT_TRANSLATE_NOOP("Scaling", "From %1 nodes the %2 begins: its groups of %3 GPUs span %4 nodes at a "
                                                         "bus bandwidth of %5 (bound by %6), and its exposed time per step "
                                                         "rises from %7 to %8."),
                            { countArg(nodes), { noun, true }, countArg(to.size), countArg(to.nodesSpanned),
                              textArg(bandwidthText(to.busGBps)), textArg(to.boundBy), exposedBefore, exposedAfter });
    if (to.crossesNodes && !from->crossesNodes && bandwidthFalls(from->busGBps, to.busGBps))
        return makeSentence(QT_TRANSLATE_NOOP("Scaling", "From %1 nodes the %2 crosses nodes: its bus bandwidth falls from %3 to "
                                                         "%4 (bound by %5) and its exposed time per step rises from %6 to %7."),
                            { countArg(nodes), { noun, true }, textArg(bandwidthText(from->busGBps)),
                              textArg(bandwidthText(to.busGBps)), textArg(to.boundBy), exposedBefore, exposedAfter });
    if (bandwidthFalls(from->busGBps, to.busGBps))
        return makeSentence(QT_TRANSLATE_NOOP("Scaling", "From %1 nodes the %2 is bound by %3: its bus bandwidth falls from %4 "
                                                         "to %5 (%6 groups share that link) and its exposed time per step "
                                                         "rises from %7 to %8."),
                            { countArg(nodes), { noun, true }, textArg(to.boundBy), textArg(bandwidthText(from->busGBps)),
                              textArg(bandwidthText(to.busGBps)), countArg(to.sharing), exposedBefore, exposedAfter });
    return makeSentence(QT_TRANSLATE_NOOP("Scaling", "From %1 nodes the exposed time per step of the %2 rises from %3 to %4 "
                                                     "at a bus bandwidth of %5 (%6 before), its groups of %7 GPUs spanning "
                                                     "%8 nodes; %9 of it ran hidden under compute."),
                        { countArg(nodes), { noun, true }, exposedBefore, exposedAfter, textArg(bandwidthText(to.busGBps)),
                          textArg(bandwidthText(from->busGBps)), countArg(to.size), countArg(to.nodesSpanned),
                          textArg(durationText(c.hiddenAfter)) });
}

// Transformer layers on the stage whose end defines the step (0 where the result has no stages).
int64_t criticalStageLayers(const Result& r)
{
    return size_t(r.criticalStage) < r.stages.size() ? r.stages[size_t(r.criticalStage)].layers : 0;
}

Sentence explanationOf(const ScalingCause& c, const ScalingSample& before, const ScalingSample& after, int64_t nodes)
{
    const double grew = c.secondsAfter - c.secondsBefore;
    if (grew > 0 && c.groupAfter && !c.groupAfter->boundBy.empty())
        return groupExplanation(c, nodes);
    if (grew > 0 && c.component == TimeComponent::Bubble && before.result.microBatches != after.result.microBatches)
        return makeSentence(QT_TRANSLATE_NOOP("Scaling", "From %1 nodes each pipeline runs %2 micro-batches instead of %3: "
                                                         "the pipeline bubble grows from %4 to %5 of the step (%6 to %7)."),
                            { countArg(nodes), countArg(after.result.microBatches), countArg(before.result.microBatches),
                              textArg(percentText(before.result.bubbleFraction)), textArg(percentText(after.result.bubbleFraction)),
                              textArg(durationText(c.secondsBefore)), textArg(durationText(c.secondsAfter)) });
    if (grew > 0)
        return makeSentence(QT_TRANSLATE_NOOP("Scaling", "From %1 nodes the %2 grows from %3 to %4 per step."),
                            { countArg(nodes), { componentNoun(c.component), true }, textArg(durationText(c.secondsBefore)),
                              textArg(durationText(c.secondsAfter)) });
    std::vector<DiagnosticArg> args{ countArg(nodes), { componentNoun(c.component), true }, textArg(durationText(c.secondsBefore)),
                                     textArg(durationText(c.secondsAfter)), countArg(after.result.gpus), countArg(before.result.gpus),
                                     textArg(durationText(c.secondsPerfect)) };
    const int64_t layersBefore = criticalStageLayers(before.result), layersAfter = criticalStageLayers(after.result);
    if (c.component == TimeComponent::Compute && layersBefore == layersAfter && layersAfter > 0) {
        // Qt fills %1, %2, ... in order, so this sentence, which names no component, numbers its own.
        return makeSentence(QT_TRANSLATE_NOOP("Scaling", "From %1 nodes the compute goes only from %2 to %3 per step: the "
                                                         "pipeline stage that sets the step holds %7 layers at both counts, "
                                                         "where %4 GPUs instead of %5 would take the compute to %6 at perfect "
                                                         "scaling."),
                            { args[0], args[2], args[3], args[4], args[5], args[6], countArg(layersAfter) });
    }
    return makeSentence(QT_TRANSLATE_NOOP("Scaling", "From %1 nodes the %2 goes only from %3 to %4 per step, where %5 GPUs "
                                                     "instead of %6 would take it to %7 at perfect scaling."),
                        std::move(args));
}

// Tokens/s the GPUs added between two counts bring, per GPU, over the per-GPU tokens/s of `base`.
double marginalEfficiency(const Result& base, const Result& from, const Result& to)
{
    const double perGpuBase = base.tokensPerS / double(base.gpus);
    const double perAddedGpu = (to.tokensPerS - from.tokensPerS) / double(to.gpus - from.gpus);
    return perAddedGpu / perGpuBase;
}

Sentence stopsPayingSummary(const ScalingMark& m, const ScalingPoint& from, const ScalingPoint& to, double threshold,
                            SeriesOf series)
{
    const Result &a = series(from)->result, &b = series(to)->result;
    if (b.tokensPerS < a.tokensPerS)
        return makeSentence(QT_TRANSLATE_NOOP("Scaling", "Adding nodes stops paying at %1 nodes: from %2 to %1 nodes tokens/s "
                                                         "fall from %3 to %4 — more nodes, slower training."),
                            { countArg(to.nodes), countArg(from.nodes), textArg(tokenRateText(a.tokensPerS)), textArg(tokenRateText(b.tokensPerS)) });
    return makeSentence(QT_TRANSLATE_NOOP("Scaling", "Adding nodes stops paying at %1 nodes: from %2 to %1 nodes tokens/s rise "
                                                     "only from %3 to %4, so each added GPU brings %5 of the throughput a GPU "
                                                     "has at the smallest count (the mark is below %6)."),
                        { countArg(to.nodes), countArg(from.nodes), textArg(tokenRateText(a.tokensPerS)), textArg(tokenRateText(b.tokensPerS)),
                          textArg(percentText(m.marginalEfficiency)), textArg(percentText(threshold)) });
}

Sentence peakSummary(const ScalingPoint& peak, const ScalingPoint& next, SeriesOf series)
{
    const Result &a = series(peak)->result, &b = series(next)->result;
    std::vector<DiagnosticArg> args{ countArg(peak.nodes), textArg(tokenRateText(a.tokensPerS)), countArg(next.nodes),
                                     textArg(durationText(b.time.step)), textArg(durationText(a.time.step)),
                                     textArg(tokenRateText(b.tokensPerS)) };
    // Qt fills %1, %2, ... in order: the one-node sentence drops the count rather than skip %1.
    if (peak.nodes == 1)
        return makeSentence(QT_TRANSLATE_NOOP("Scaling", "Throughput peaks on one node with %1 tokens/s; at %2 nodes the step "
                                                         "takes %3 instead of %4 and tokens/s fall to %5."),
                            std::vector<DiagnosticArg>(args.begin() + 1, args.end()));
    return makeSentence(QT_TRANSLATE_NOOP("Scaling", "Throughput peaks at %1 nodes with %2 tokens/s; at %3 nodes the step takes "
                                                     "%4 instead of %5 and tokens/s fall to %6."),
                        std::move(args));
}

ScalingMark markBetween(ScalingMarkKind kind, const std::vector<ScalingPoint>& points, size_t from, size_t to, size_t base,
                        SeriesOf series)
{
    ScalingMark m;
    m.kind = kind;
    m.point = kind == ScalingMarkKind::Peak ? from : to;
    m.from = from;
    m.to = to;
    const ScalingSample &before = *series(points[from]), &after = *series(points[to]);
    m.marginalEfficiency = marginalEfficiency(series(points[base])->result, before.result, after.result);
    m.cause = causeBetween(before, after);
    m.explanation = explanationOf(m.cause, before, after, points[to].nodes);
    return m;
}

ScalingMarks markSeries(const std::vector<ScalingPoint>& points, SeriesOf series, double threshold)
{
    ScalingMarks marks;
    const std::vector<size_t> usable = usablePoints(points, series);
    if (usable.size() < 2)
        return marks;
    const size_t base = usable.front();
    auto tokens = [&](size_t i) { return series(points[i])->result.tokensPerS; };
    for (size_t k = 1; k < usable.size(); ++k) {
        const double efficiency
            = marginalEfficiency(series(points[base])->result, series(points[usable[k - 1]])->result, series(points[usable[k]])->result);
        if (efficiency < threshold) {
            ScalingMark m = markBetween(ScalingMarkKind::StopsPaying, points, usable[k - 1], usable[k], base, series);
            m.summary = stopsPayingSummary(m, points[usable[k - 1]], points[usable[k]], threshold, series);
            marks.stopsPaying = std::move(m);
            break;
        }
    }
    const auto peak = std::max_element(usable.begin(), usable.end(), [&](size_t a, size_t b) { return tokens(a) < tokens(b); });
    if (peak + 1 != usable.end() && tokens(*(peak + 1)) < tokens(*peak)) {
        ScalingMark m = markBetween(ScalingMarkKind::Peak, points, *peak, *(peak + 1), base, series);
        m.summary = peakSummary(points[*peak], points[*(peak + 1)], series);
        marks.peak = std::move(m);
    }
    return marks;
}

std::vector<int64_t> ascendingCounts(std::vector<int64_t> nodes)
{
    std::sort(nodes.begin(), nodes.end());
    nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
    nodes.erase(nodes.begin(), std::lower_bound(nodes.begin(), nodes.end(), int64_t(1)));
    return nodes;
}

} // namespace

} // namespace paraplan::scaling

namespace paraplan {

const char* toString(BatchScaling batch)
{
    return batch == BatchScaling::FixedGlobalBatch ? "fixed" : "per-replica";
}

std::vector<int64_t> nodeRange(int64_t first, int64_t last, int64_t stride)
{
    std::vector<int64_t> nodes;
    for (int64_t n = first; n <= last && stride > 0; n += stride)
        nodes.push_back(n);
    return nodes;
}

std::optional<int64_t> batchPerReplica(const Scenario& s)
{
    Scenario derived = s;
    derived.parallel.degrees.dp = 0;
    const int64_t dp = dataParallelOf(derived);
    if (dp <= 0 || s.training.globalBatch % dp != 0)
        return std::nullopt;
    return s.training.globalBatch / dp;
}

Scenario scenarioAtNodes(const Scenario& scenario, int64_t nodes, BatchScaling batch)
{
    Scenario s = scenario;
    s.cluster.nodes = nodes;
    s.parallel.degrees.dp = 0;
    s.pins.dp = false;
    // Where dp is not whole the batch is left as it is: validation then names the split that fails.
    if (const std::optional<int64_t> perReplica = batchPerReplica(scenario);
        perReplica && batch == BatchScaling::FixedBatchPerReplica && dataParallelOf(s) > 0)
        s.training.globalBatch = *perReplica * dataParallelOf(s);
    if (nodes == scenario.cluster.nodes)
        return s;
    if (scaling::severalNodeKinds(s.cluster))
        s.cluster.topology = scaling::topologyAtNodes(*s.cluster.topology, nodes);
    if (const auto& table = s.parallel.placement.table) {
        const auto pattern = scaling::perNodePattern(*table, scenario.cluster.gpusPerNode, scenario.cluster.gpuCount());
        s.parallel.placement.table = pattern ? scaling::repeatedPattern(*pattern, nodes) : nullptr;
    }
    return s;
}

ScalingCurve scaleNodes(const Scenario& scenario, const ScalingOptions& options)
{
    ScalingCurve curve;
    curve.batch = options.batch;
    curve.scenarioNodes = scenario.cluster.nodes;
    curve.notes = scaling::adaptationNotes(scenario);
    if (options.batch == BatchScaling::FixedBatchPerReplica && !batchPerReplica(scenario)) {
        curve.problem = makeSentence(QT_TRANSLATE_NOOP("Scaling", "The global batch of %1 does not divide over the scenario's "
                                                                  "data-parallel replicas at its own %2 nodes, so it has no batch "
                                                                  "per replica to hold; make the scenario valid at its own size "
                                                                  "or hold the global batch fixed."),
                                     { countArg(scenario.training.globalBatch), countArg(scenario.cluster.nodes) });
        return curve;
    }
    const EvaluateOptions detailed = scaling::detailedOptions(options);
    for (int64_t nodes : scaling::ascendingCounts(options.nodes)) {
        if (options.cancel && options.cancel->load()) {
            curve.cancelled = true;
            return curve;
        }
        Scenario held = scenarioAtNodes(scenario, nodes, options.batch);
        ScalingPoint point;
        point.nodes = nodes;
        point.gpus = held.cluster.gpuCount();
        point.dp = std::max<int64_t>(dataParallelOf(held), 0);
        if (options.best)
            point.best = scaling::bestAt(held, options);
        Result result = evaluate(held, detailed);
        point.current = scaling::sampleOf(std::move(held), std::move(result), options);
        curve.points.push_back(std::move(point));
    }
    curve.current = scaling::markSeries(curve.points, scaling::currentSeries, options.minMarginalEfficiency);
    if (options.best)
        curve.best = scaling::markSeries(curve.points, scaling::bestSeries, options.minMarginalEfficiency);
    return curve;
}

std::optional<double> quantityOf(const ScalingSample& sample, ScalingQuantity quantity)
{
    if (!sample.usable())
        return std::nullopt;
    const Result& r = sample.result;
    switch (quantity) {
    case ScalingQuantity::StepS:
        return r.time.step;
    case ScalingQuantity::TokensPerS:
        return r.tokensPerS;
    case ScalingQuantity::Mfu:
        return r.mfu;
    case ScalingQuantity::CostPerMillionTokensUsd:
        return sample.costPerMillionTokensUsd;
    case ScalingQuantity::TimeToTrainS:
        return r.timeToTrainS;
    }
    return std::nullopt;
}

ScalingSeries seriesOf(const ScalingCurve& curve, ScalingConfiguration configuration, ScalingQuantity quantity, ScalingAxis axis)
{
    ScalingSeries series;
    for (size_t i = 0; i < curve.points.size(); ++i) {
        const ScalingPoint& p = curve.points[i];
        const ScalingSample* sample = (configuration == ScalingConfiguration::Held ? scaling::currentSeries : scaling::bestSeries)(p);
        const std::optional<double> value = sample ? quantityOf(*sample, quantity) : std::nullopt;
        if (!value)
            continue;
        const double x = axis == ScalingAxis::Nodes ? double(p.nodes)
            : axis == ScalingAxis::Gpus             ? double(p.gpus)
                                                    : double(sample->result.parallel.degrees.dp);
        series.x.push_back(x);
        series.y.push_back(*value);
        series.points.push_back(i);
    }
    return series;
}

} // namespace paraplan
