// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/explore/advice_context.h"

#include "core/rules/schedule_rules.h"

namespace paraplan::advice {

namespace {

// A change that saves less than this share of the step is within what the model can resolve
// (its cross-validated error is several per cent; docs/accuracy.md): not worth a finding.
constexpr double kGainWorthAChange = 0.005;
// Severity by the share of the step a change saves: a tenth is a day in ten of a run.
constexpr double kHighGainShare = 0.10;
constexpr double kMediumGainShare = 0.03;

FindingSeverity severityOfGain(double gain, double step)
{
    if (gain >= kHighGainShare * step)
        return FindingSeverity::High;
    if (gain >= kMediumGainShare * step)
        return FindingSeverity::Medium;
    return FindingSeverity::Low;
}

std::string arrow(const char* name, int64_t from, int64_t to)
{
    return std::string(name) + " " + std::to_string(from) + " → " + std::to_string(to);
}

std::string arrow(const char* name, const char* from, const char* to)
{
    return std::string(name) + " " + from + " → " + to;
}

std::string onOff(bool on) { return on ? "on" : "off"; }

} // namespace

Context::Context(const Scenario& scenario, const EvaluateOptions& options, std::optional<Scenario> baseline)
    : m_scenario(scenario), m_options(options), m_baseline(std::move(baseline))
{
    m_options.diagnostics = true;
    m_options.recordTimeline = false;
    m_result = evaluate(m_scenario, m_options);
}

Result Context::evaluateDetailed(const Scenario& scenario) const { return evaluate(scenario, m_options); }

std::optional<Tried> Context::fastest(const std::vector<Scenario>& proposals, double memoryShare) const
{
    std::optional<Tried> best;
    for (const Scenario& proposal : proposals) {
        if (proposal == m_scenario)
            continue;
        Result r = evaluateDetailed(proposal);
        if (!r.valid || !r.fits || r.memory.total() > memoryShare * r.capacityBytes)
            continue;
        if (!best || r.time.step < best->result.time.step)
            best = Tried{ proposal, std::move(r) };
    }
    return best;
}

bool Context::worthIt(const Tried& tried) const { return step() - tried.result.time.step > kGainWorthAChange * step(); }

Finding Context::finding(const char* code, FindingView view, FindingFocus focus, Sentence evidence,
                         std::vector<std::pair<std::string, double>> figures, const char* changeTemplate,
                         std::vector<DiagnosticArg> changeArgs, const Tried& tried, std::optional<FindingSeverity> severity) const
{
    Finding f;
    f.code = code;
    f.view = view;
    f.focus = focus;
    f.evidence = std::move(evidence);
    f.figures = std::move(figures);
    changeArgs.insert(changeArgs.begin(), textArg(changeList(m_scenario, m_result, tried.scenario, tried.result)));
    f.change = makeSentence(changeTemplate, std::move(changeArgs));
    f.changed = tried.scenario;
    f.stepBefore = step();
    f.stepAfter = tried.result.time.step;
    f.peakMemoryAfter = tried.result.memory.total();
    f.gainS = f.stepBefore - f.stepAfter;
    f.severity = severity.value_or(severityOfGain(f.gainS, f.stepBefore));
    return f;
}

std::string changeList(const Scenario& from, const Result& fromResult, const Scenario& to, const Result& toResult)
{
    std::vector<std::string> parts;
    const ParallelDegrees& a = fromResult.parallel.degrees;
    const ParallelDegrees& b = toResult.parallel.degrees;
    const auto degree = [&](const char* name, int64_t x, int64_t y) {
        if (x != y)
            parts.push_back(arrow(name, x, y));
    };
    degree("tp", a.tp, b.tp);
    degree("pp", a.pp, b.pp);
    degree("dp", a.dp, b.dp);
    degree("cp", a.cp, b.cp);
    degree("ep", a.ep, b.ep);
    degree("vpp", a.vpp, b.vpp);
    if (fromResult.schedule != toResult.schedule)
        parts.push_back(arrow("schedule", toString(fromResult.schedule), toString(toResult.schedule)));
    degree("global batch", from.training.globalBatch, to.training.globalBatch);
    degree("micro-batch", from.training.microBatch, to.training.microBatch);
    if (fromResult.microBatches != toResult.microBatches)
        parts.push_back("(" + std::to_string(fromResult.microBatches) + " → " + std::to_string(toResult.microBatches)
                        + " micro-batches per step)");
    const ParallelSpec& p = from.parallel;
    const ParallelSpec& q = to.parallel;
    if (fromResult.recomputeChosen != toResult.recomputeChosen)
        parts.push_back(arrow("recompute", toString(fromResult.recomputeChosen), toString(toResult.recomputeChosen)));
    degree("zero_stage", p.zeroStage, q.zeroStage);
    const auto toggle = [&](const char* name, bool x, bool y) {
        if (x != y)
            parts.push_back(std::string(name) + " " + onOff(x) + " → " + onOff(y));
    };
    toggle("sequence_parallel", p.sequenceParallel, q.sequenceParallel);
    toggle("overlap_grad_reduce", p.overlapGradReduce, q.overlapGradReduce);
    toggle("overlap_param_gather", p.overlapParamGather, q.overlapParamGather);
    toggle("tp_comm_overlap", p.tpCommOverlap, q.tpCommOverlap);
    toggle("moe_a2a_overlap", p.moeA2aOverlap, q.moeA2aOverlap);
    toggle("moe_shared_expert_overlap", p.moeSharedExpertOverlap, q.moeSharedExpertOverlap);
    if (p.placement.table && !q.placement.table)
        parts.push_back("rank_to_gpu removed (rank r on GPU r)");
    if (p.placement.order != q.placement.order)
        parts.push_back("placement order " + toString(p.placement.order) + " → " + toString(q.placement.order));
    if (fromResult.pipelineLayout != toResult.pipelineLayout && !toResult.pipelineLayout.empty())
        parts.push_back("pipeline layout " + toResult.pipelineLayout);
    std::string text;
    for (const std::string& part : parts)
        text += (text.empty() || part.front() == '(' ? (text.empty() ? "" : " ") : ", ") + part;
    return text;
}

Scenario withDegrees(const Scenario& scenario, int64_t tp, int64_t pp, int64_t vpp)
{
    Scenario s = scenario;
    s.parallel.degrees.tp = tp;
    s.parallel.degrees.pp = pp;
    s.parallel.degrees.vpp = vpp;
    s.parallel.degrees.dp = 0;
    s.parallel.layersPerStage.clear();
    s.parallel.firstStageLayers.reset();
    s.parallel.lastStageLayers.reset();
    if (s.parallel.schedule && !scheduleMatchesChunks(*s.parallel.schedule, vpp))
        s.parallel.schedule.reset();
    return s;
}

} // namespace paraplan::advice
