// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// How the GPUs' memory and time are spent: memory above the safe margin or left unused, GEMMs
// too small to run well, KV heads replicated by TP, communication the framework could hide, and
// a global batch that changed with data parallelism (seed 000 §2.2's four hidden wastes).
#include "core/explore/advice_context.h"

#include "core/model/memory_model.h"
#include "core/rules/parallel_rules.h"
#include "core/spec/figure_text.h"
#include "core/spec/translatable.h"

#include <cmath>
#include <cstdio>

namespace paraplan::advice {

namespace {

// Less than this share of HBM in use leaves room for a bigger micro-batch or less recomputation.
constexpr double kMemoryUnusedBelow = 0.60;
// Larger GEMMs are worth a finding where the same work computes this much faster.
constexpr double kComputeGainWorthALook = 0.03;

Scenario withMicroBatch(const Scenario& s, int64_t microBatch)
{
    Scenario p = s;
    p.training.microBatch = microBatch;
    return p;
}

Scenario withRecompute(const Scenario& s, Recompute recompute)
{
    Scenario p = s;
    p.parallel.recompute = recompute;
    return p;
}

Scenario withZeroStage(const Scenario& s, int stage)
{
    Scenario p = s;
    p.parallel.zeroStage = stage;
    return p;
}

void addMemoryAboveMarginFinding(const Context& c, std::vector<Finding>& findings)
{
    const Result& r = c.result();
    const double total = r.memory.total();
    if (total <= kSafeMemoryFraction * r.capacityBytes)
        return;
    const Scenario& s = c.scenario();
    const ParallelDegrees& d = r.parallel.degrees;
    std::vector<Scenario> proposals{ withRecompute(s, Recompute::Selective), withRecompute(s, Recompute::Full) };
    if (s.training.microBatch > 1)
        proposals.push_back(withMicroBatch(s, s.training.microBatch / 2));
    for (int stage = s.parallel.zeroStage + 1; stage <= 3; ++stage)
        proposals.push_back(withZeroStage(s, stage));
    proposals.push_back(withDegrees(s, d.tp, d.pp * 2, 1));
    proposals.push_back(withDegrees(s, d.tp * 2, d.pp, d.vpp));
    const std::optional<Tried> best = c.fastest(proposals, kSafeMemoryFraction);
    if (!best)
        return;
    Sentence evidence = makeSentence(
        QT_TRANSLATE_NOOP("Advisor", "Stage %1 needs %2 of the GPU's %3 (%4): above the %5 real runs leave room for "
                                     "fragmentation and transient buffers; such runs fail with out-of-memory while nvidia-smi "
                                     "still shows memory free."),
        { countArg(r.worstStage), textArg(gibText(total)), textArg(gibText(r.capacityBytes)), textArg(percentText(total / r.capacityBytes)),
          textArg(percentText(kSafeMemoryFraction)) });
    Finding f = c.finding(r.fits ? "memory_above_safe_margin" : "out_of_memory", FindingView::Memory,
                          FindingFocus::onStage(r.worstStage), std::move(evidence),
                          { { "peak_memory_bytes", total }, { "capacity_bytes", r.capacityBytes } },
                          QT_TRANSLATE_NOOP("Advisor", "Make room, %1: the fullest stage then needs %2, and the step takes %3 "
                                                       "(%4 now)."),
                          { textArg(gibText(best->result.memory.total())), textArg(durationText(best->result.time.step)),
                            textArg(durationText(c.step())) },
                          *best, FindingSeverity::High);
    f.safety = true;
    findings.push_back(std::move(f));
}

void addMemoryUnusedFinding(const Context& c, std::vector<Finding>& findings)
{
    const Result& r = c.result();
    const double total = r.memory.total();
    if (total >= kMemoryUnusedBelow * r.capacityBytes)
        return;
    const Scenario& s = c.scenario();
    const ParallelDegrees& d = r.parallel.degrees;
    std::vector<Scenario> proposals;
    if (r.recomputeChosen != Recompute::None) {
        proposals.push_back(withRecompute(s, Recompute::None));
        proposals.push_back(withRecompute(s, Recompute::Selective));
    }
    proposals.push_back(withMicroBatch(s, s.training.microBatch * 2));
    for (int stage = s.parallel.zeroStage - 1; stage >= 1; --stage)
        proposals.push_back(withZeroStage(s, stage));
    if (d.pp % 2 == 0)
        proposals.push_back(withDegrees(s, d.tp, d.pp / 2, 1));
    const std::optional<Tried> best = c.fastest(proposals, kSafeMemoryFraction);
    if (!best || !c.worthIt(*best))
        return;
    Sentence evidence = makeSentence(
        QT_TRANSLATE_NOOP("Advisor", "The fullest stage uses %1 of the GPU's %2 (%3): %4 per GPU stays unused while the step "
                                     "pays for %5."),
        { textArg(gibText(total)), textArg(gibText(r.capacityBytes)), textArg(percentText(total / r.capacityBytes)),
          textArg(gibText(r.capacityBytes - total)),
          textArg(r.recomputeChosen != Recompute::None ? std::string("recompute ") + toString(r.recomputeChosen)
                                                      : "micro-batch " + std::to_string(s.training.microBatch)) });
    findings.push_back(c.finding("memory_unused", FindingView::Memory, FindingFocus::onStage(r.worstStage), std::move(evidence),
                                 { { "peak_memory_bytes", total }, { "capacity_bytes", r.capacityBytes } },
                                 QT_TRANSLATE_NOOP("Advisor", "Spend the memory, %1: the fullest stage then needs %2."),
                                 { textArg(gibText(best->result.memory.total())) }, *best));
}

// Compute per step, recomputation included: the same work in larger GEMMs takes less of it.
double computeSeconds(const Result& r) { return r.time.compute + r.time.recompute; }

void addSmallMicroBatchFinding(const Context& c, std::vector<Finding>& findings)
{
    const Result& r = c.result();
    const Scenario& s = c.scenario();
    std::vector<Scenario> proposals;
    for (int64_t factor : { 2, 4 })
        proposals.push_back(withMicroBatch(s, s.training.microBatch * factor));
    const std::optional<Tried> best = c.fastest(proposals, kSafeMemoryFraction);
    if (!best || !c.worthIt(*best) || computeSeconds(best->result) > (1 - kComputeGainWorthALook) * computeSeconds(r))
        return;
    const int64_t tokens = s.training.microBatch * s.training.seqLen / std::max<int64_t>(r.parallel.degrees.cp, 1);
    Sentence evidence = makeSentence(
        QT_TRANSLATE_NOOP("Advisor", "Each GEMM sees %1 tokens (micro-batch %2 of %3-token sequences): compute takes %4 per "
                                     "step, where micro-batch %5 does the same work in %6."),
        { countArg(tokens), countArg(s.training.microBatch), countArg(s.training.seqLen), textArg(durationText(computeSeconds(r))),
          countArg(best->scenario.training.microBatch), textArg(durationText(computeSeconds(best->result))) });
    findings.push_back(c.finding("small_micro_batch", FindingView::Breakdown, FindingFocus::onComponent(TimeComponent::Compute),
                                 std::move(evidence),
                                 { { "tokens_per_micro_batch", double(tokens) },
                                   { "compute_s", computeSeconds(r) },
                                   { "compute_s_after", computeSeconds(best->result) } },
                                 QT_TRANSLATE_NOOP("Advisor", "Run larger GEMMs, %1."), {}, *best));
}

void addKvHeadsReplicatedFinding(const Context& c, std::vector<Finding>& findings)
{
    const Result& r = c.result();
    const Scenario& s = c.scenario();
    const ParallelDegrees& d = r.parallel.degrees;
    if (kvHeadSplit(s.model, d.tp) != KvHeadSplit::Replicated)
        return;
    std::vector<Scenario> proposals;
    for (int64_t tp = d.tp / 2; tp >= s.model.kvHeads && tp >= 1; tp /= 2) {
        proposals.push_back(withDegrees(s, tp, d.pp, d.vpp));                      // dp grows
        proposals.push_back(withDegrees(s, tp, d.pp * (d.tp / tp), 1));            // the pipeline grows
    }
    const std::optional<Tried> best = c.fastest(proposals);
    if (!best || !c.worthIt(*best))
        return;
    Sentence evidence = makeSentence(
        QT_TRANSLATE_NOOP("Advisor", "tp %1 exceeds the model's %2 KV heads: each KV head's projections are computed and "
                                     "stored on %3 TP ranks."),
        { countArg(d.tp), countArg(s.model.kvHeads), countArg(d.tp / s.model.kvHeads) });
    findings.push_back(c.finding("kv_heads_replicated", FindingView::Memory, FindingFocus::onComponent(TimeComponent::TpComm),
                                 std::move(evidence), { { "tp", double(d.tp) }, { "kv_heads", double(s.model.kvHeads) } },
                                 QT_TRANSLATE_NOOP("Advisor", "Keep tp within the KV heads, %1."), {}, *best));
}

// Each overlap switch with what it hides: a switch whose traffic the configuration does not have
// is not offered.
struct OverlapSwitch {
    bool ParallelSpec::*field;
    const char* name; // the scenario's field
    bool (*applies)(const Scenario&, const ParallelDegrees&);
};

constexpr OverlapSwitch kOverlapSwitches[] = {
    { &ParallelSpec::overlapGradReduce, "overlap_grad_reduce",
      [](const Scenario&, const ParallelDegrees& d) { return d.dataRanks() > 1; } },
    { &ParallelSpec::overlapParamGather, "overlap_param_gather",
      [](const Scenario& s, const ParallelDegrees& d) { return d.dataRanks() > 1 && s.parallel.zeroStage >= 1; } },
    { &ParallelSpec::tpCommOverlap, "tp_comm_overlap", [](const Scenario&, const ParallelDegrees& d) { return d.tp > 1; } },
    { &ParallelSpec::moeA2aOverlap, "moe_a2a_overlap",
      [](const Scenario& s, const ParallelDegrees& d) { return s.model.isMoe() && d.ep > 1; } },
    { &ParallelSpec::moeSharedExpertOverlap, "moe_shared_expert_overlap",
      [](const Scenario& s, const ParallelDegrees&) { return s.model.isMoe() && s.model.moe.sharedExperts > 0; } },
};

std::string exposedByKind(const TimeBreakdown& t)
{
    std::string text;
    const std::pair<const char*, double> kinds[] = { { "TP", t.tpComm }, { "CP", t.cpComm }, { "EP", t.epComm },
                                                     { "PP", t.ppComm }, { "DP", t.dpComm } };
    for (const auto& [name, seconds] : kinds)
        if (seconds > 0)
            text += (text.empty() ? "" : ", ") + std::string(name) + " " + durationText(seconds);
    return text;
}

void addExposedCommunicationFinding(const Context& c, std::vector<Finding>& findings)
{
    const Result& r = c.result();
    const Scenario& s = c.scenario();
    std::vector<Scenario> proposals;
    Scenario everyOverlap = s;
    std::string off;
    for (const OverlapSwitch& overlap : kOverlapSwitches) {
        if (s.parallel.*overlap.field || !overlap.applies(s, r.parallel.degrees))
            continue;
        Scenario p = s;
        p.parallel.*overlap.field = true;
        proposals.push_back(std::move(p));
        everyOverlap.parallel.*overlap.field = true;
        off += (off.empty() ? "" : ", ") + std::string(overlap.name);
    }
    if (proposals.empty() || r.time.exposedCommunication() <= 0)
        return;
    proposals.push_back(everyOverlap);
    const std::optional<Tried> best = c.fastest(proposals);
    if (!best || !c.worthIt(*best))
        return;
    Sentence evidence = makeSentence(
        QT_TRANSLATE_NOOP("Advisor", "%1 of the step is exposed communication (%2), and the framework's overlap of it is off: %3."),
        { textArg(durationText(r.time.exposedCommunication())), textArg(exposedByKind(r.time)), textArg(off) });
    TimeComponent largest = TimeComponent::TpComm;
    for (TimeComponent kind : { TimeComponent::CpComm, TimeComponent::EpComm, TimeComponent::PpComm, TimeComponent::DpComm })
        if (componentSeconds(r.time, kind) > componentSeconds(r.time, largest))
            largest = kind;
    findings.push_back(c.finding("exposed_communication", FindingView::Breakdown, FindingFocus::onComponent(largest),
                                 std::move(evidence),
                                 { { "exposed_communication_s", r.time.exposedCommunication() } },
                                 QT_TRANSLATE_NOOP("Advisor", "Overlap it, %1: exposed communication falls to %2."),
                                 { textArg(durationText(best->result.time.exposedCommunication())) }, *best));
}

std::string factorText(double factor)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", factor);
    return text;
}

// The seed's gradient-accumulation waste: a global batch grown with data parallelism trains with
// the old learning rate and warm-up unless they follow it.
void addGlobalBatchFinding(const Context& c, std::vector<Finding>& findings)
{
    if (!c.baseline())
        return;
    const Scenario& before = *c.baseline();
    const Scenario& s = c.scenario();
    const Result& r = c.result();
    if (before.training.globalBatch == s.training.globalBatch || before.training.globalBatch <= 0)
        return;
    const Result beforeResult = c.evaluateDetailed(before);
    const double k = double(s.training.globalBatch) / double(before.training.globalBatch);
    Scenario restored = s;
    restored.training.globalBatch = before.training.globalBatch;
    Tried change{ s, r };
    if (std::optional<Tried> kept = c.fastest({ restored }))
        change = std::move(*kept);
    Sentence evidence = makeSentence(
        QT_TRANSLATE_NOOP("Advisor", "The global batch went from %1 to %2 samples (%3) as data parallelism went from %4 to %5: "
                                     "unless the optimiser follows, the run takes fewer, larger steps with the old schedule. "
                                     "Scale the peak learning rate by %6 (square-root rule; %7 under the linear rule) and count "
                                     "the warm-up in tokens: %8 of its former steps."),
        { countArg(before.training.globalBatch), countArg(s.training.globalBatch), textArg(ratioText(k)),
          countArg(beforeResult.parallel.degrees.dp), countArg(r.parallel.degrees.dp), textArg(factorText(std::sqrt(k))),
          textArg(factorText(k)), textArg(percentText(1 / k)) });
    findings.push_back(c.finding("global_batch_changed", FindingView::Compare, {}, std::move(evidence),
                                 { { "global_batch_before", double(before.training.globalBatch) },
                                   { "global_batch", double(s.training.globalBatch) },
                                   { "learning_rate_factor_sqrt", std::sqrt(k) },
                                   { "learning_rate_factor_linear", k },
                                   { "warmup_steps_factor", 1 / k } },
                                 change.scenario == s
                                     ? QT_TRANSLATE_NOOP("Advisor", "Keep this batch and change the optimiser as above%1.")
                                     : QT_TRANSLATE_NOOP("Advisor", "Or keep the optimiser and the former batch, %1."),
                                 {}, change, FindingSeverity::Medium));
}

} // namespace

void addResourceFindings(const Context& context, std::vector<Finding>& findings)
{
    addMemoryAboveMarginFinding(context, findings);
    addMemoryUnusedFinding(context, findings);
    addSmallMicroBatchFinding(context, findings);
    addKvHeadsReplicatedFinding(context, findings);
    addExposedCommunicationFinding(context, findings);
    addGlobalBatchFinding(context, findings);
}

} // namespace paraplan::advice
