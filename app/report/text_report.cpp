// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/report/text_report.h"

#include "app/report/run_report.h"
#include "app/report/text_table.h"

#include "core/explore/search_ties.h"
#include "core/explore/statistics.h"
#include "core/explore/uncertainty.h"
#include "core/spec/units.h"
#include "core/step/time_components.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace paraplan::report {

namespace {

// "#4" in the search table's numbering.
std::string entryName(const std::vector<SearchEntry>& entries, const SearchEntry& entry)
{
    std::string name = "#"; // appended, not `"#" + ...`: GCC 12 misreads that as an overlapping copy
    name += std::to_string(&entry - entries.data() + 1);
    return name;
}

// Why `entry` ranks below `above` (named `aboveName`) among the tied, with the figures the rule compared.
std::string tieReason(const SearchEntry& entry, const SearchEntry& above, const std::string& aboveName)
{
    const Result &r = entry.result, &a = above.result;
    const std::string below = "below " + aboveName + " by ";
    switch (entry.decidedBy) {
    case TieRule::FrameworkSchedule:
        return below + "its " + toString(r.schedule) + " schedule, which the framework's release lacks";
    case TieRule::ExposedCommunication:
        return below + "more exposed communication (" + duration(r.time.exposedCommunication()) + " against "
            + duration(a.time.exposedCommunication()) + ")";
    case TieRule::TpWithinNodes:
        return below + "its TP group spanning nodes";
    case TieRule::MemoryHeadroom:
        return below + "less memory headroom (" + fixed(bytesToGib(r.capacityBytes - r.memory.total()), 1)
            + " GiB against " + fixed(bytesToGib(a.capacityBytes - a.memory.total()), 1) + " GiB)";
    case TieRule::PredictedStep:
        return below + "a slower predicted step (" + duration(r.time.step) + ", " + duration(r.time.step - a.time.step)
            + " more)";
    case TieRule::SearchOrder:
        return "after " + aboveName + " in the search's order: no rule tells them apart";
    case TieRule::None:
        break;
    }
    return "";
}

// The configurations tied with the fastest, most robust first, each with the rule that placed it.
std::string renderTies(const SearchResult& search)
{
    std::vector<const SearchEntry*> tied;
    for (const SearchEntry& e : search.best)
        if (e.tiedWithBest)
            tied.push_back(&e);
    if (tied.empty())
        return {};
    std::sort(tied.begin(), tied.end(), [](auto* x, auto* y) { return x->robustRank < y->robustRank; });
    std::string out = "\n" + std::to_string(tied.size())
        + " configurations lie within each other's 80 % band with #1: the model cannot tell them apart. By\n"
          "robustness (a schedule the framework ships, less exposed communication, TP within nodes, more memory headroom, "
          "then the step):\n";
    for (size_t k = 0; k < tied.size(); ++k) {
        out += "  robust " + std::to_string(k + 1) + ": " + entryName(search.best, *tied[k]);
        out += k == 0 ? "\n" : ", " + tieReason(*tied[k], *tied[k - 1], entryName(search.best, *tied[k - 1])) + "\n";
    }
    return out;
}

// A search entry's schedule, and "ends -1" where it found lighter end stages (its own split).
std::string scheduleAndSplit(const Scenario& s, const Result& r)
{
    const bool ownSplit = !r.parallel.layersPerStage.empty() && s.parallel.layersPerStage.empty();
    return std::string(toString(r.schedule)) + (ownSplit ? ", ends -1" : "");
}

} // namespace

namespace {

// EP, and where the experts split their own way, the expert tensor split and the dispatcher.
std::string expertSplit(const ParallelSpec& p)
{
    std::string s = std::to_string(p.degrees.ep);
    if (p.degrees.etp > 0 && p.degrees.etp != p.degrees.tp)
        s += " etp " + std::to_string(p.degrees.etp);
    if (p.moeDispatcher != MoeDispatcher::AllToAll)
        s += std::string(" ") + toString(p.moeDispatcher);
    return s;
}

} // namespace

std::string describeParallel(const ParallelSpec& p, int64_t microBatch)
{
    std::string s = "tp " + std::to_string(p.degrees.tp) + " · pp " + std::to_string(p.degrees.pp) + " · dp " + std::to_string(p.degrees.dp)
        + " · cp " + std::to_string(p.degrees.cp) + " · ep " + expertSplit(p) + " · vpp " + std::to_string(p.degrees.vpp)
        + " · micro-batch " + std::to_string(microBatch) + " · ZeRO-" + std::to_string(p.zeroStage) + " · SP "
        + (p.sequenceParallel ? "on" : "off") + " · recompute " + toString(p.recompute);
    if (p.recompute == Recompute::Selective)
        s += " (" + moduleList(p.recomputeModules) + ")";
    if (p.schedule)
        s += std::string(" · schedule ") + toString(*p.schedule);
    return s;
}

std::string renderDiagnostics(const Result& r)
{
    std::string out;
    for (const Diagnostic& d : r.diagnostics) {
        out += std::string(d.severity == Severity::Error ? "  error   " : "  warning ") + "[" + d.code + "] ";
        out += (d.path.empty() ? "" : d.path + ": ") + d.message + "\n";
    }
    return out;
}

std::string renderEvaluation(const Scenario& s, const Result& r)
{
    std::string out = "ParaPlan evaluation: " + s.model.name + " on " + std::to_string(r.gpus) + " × " + s.cluster.gpu.name
        + " (" + std::to_string(s.cluster.nodes) + " node" + (s.cluster.nodes == 1 ? "" : "s") + " × "
        + std::to_string(s.cluster.gpusPerNode) + ")\n";
    out += "Training: sequence " + std::to_string(s.training.seqLen) + " tokens, global batch "
        + std::to_string(s.training.globalBatch) + " sequences, " + toString(s.training.precision) + "\n";
    if (!r.valid) {
        out += "\nThe scenario is invalid:\n" + renderDiagnostics(r);
        return out;
    }
    ParallelSpec shown = r.parallel;
    out += "Configuration: " + describeParallel(shown, s.training.microBatch) + "; "
        + std::to_string(r.microBatches) + " micro-batches per step\n";
    if (s.parallel.recompute == Recompute::Auto)
        out += "  (recompute auto chose " + std::string(toString(r.recomputeChosen)) + ")\n";
    if (!r.pipelineLayout.empty())
        out += "  layers by stage, as Megatron's --pipeline-model-parallel-layout: " + r.pipelineLayout + "\n";

    const MemoryBreakdown& m = r.memory;
    out += "\nMemory per GPU, worst stage (" + std::to_string(r.worstStage) + " of " + std::to_string(r.stages.size())
        + ")\n";
    TextTable memory({ "", "GiB", "share" }, { false, true, true });
    const double total = m.total();
    for (auto [name, bytes] : { std::pair{ "weights", m.weights }, std::pair{ "gradients", m.gradients },
                                std::pair{ "optimizer states", m.optimizer }, std::pair{ "activations", m.activations },
                                std::pair{ "runtime and reserve", m.other } })
        memory.addRow({ name, fixed(bytesToGib(bytes), 2), percent(bytes / total) });
    memory.addRow({ "total", fixed(bytesToGib(total), 2), "" });
    memory.addRow({ "HBM capacity", fixed(bytesToGib(r.capacityBytes), 2),
                    percent(total / r.capacityBytes) + (r.fits ? " used" : " NEEDED") });
    out += memory.render();

    out += "\nStep time, exposed parts on the critical stage (" + std::to_string(r.criticalStage) + ")\n";
    const TimeBreakdown& t = r.time;
    TextTable time({ "", "time", "share", "hidden under compute" }, { false, true, true, true });
    for (auto [name, component] :
         { std::pair{ "compute", TimeComponent::Compute }, std::pair{ "recompute", TimeComponent::Recompute },
           std::pair{ "TP communication", TimeComponent::TpComm }, std::pair{ "CP communication", TimeComponent::CpComm },
           std::pair{ "EP communication", TimeComponent::EpComm }, std::pair{ "PP send/recv", TimeComponent::PpComm },
           std::pair{ "DP communication", TimeComponent::DpComm }, std::pair{ "pipeline bubble", TimeComponent::Bubble },
           std::pair{ "optimizer", TimeComponent::Optimizer }, std::pair{ "step overhead", TimeComponent::Other } }) {
        const double seconds = componentSeconds(t, component), hidden = hiddenSeconds(t, component);
        if (seconds > 0 || hidden > 0)
            time.addRow({ name, duration(seconds), percent(seconds / t.step), hidden > 0 ? duration(hidden) : "" });
    }
    time.addRow({ "step", duration(t.step), "" });
    out += time.render();
    out += "  (hidden: communication that ran under compute, off the critical path; not in the step)\n";
    if (r.uncertainty) {
        out += "  Step " + duration(t.step) + " (" + durationRange(r.uncertainty->p10, r.uncertainty->p90)
            + ", 80 % band)\n  Band from " + describeBasis(*r.uncertainty) + "\n";
        if (bandSide(*r.uncertainty, t.step) == BandSide::AbovePrediction)
            out += "  (the model was too fast on most of these runs: expect a longer step than predicted)\n";
        if (bandSide(*r.uncertainty, t.step) == BandSide::BelowPrediction)
            out += "  (the model was too slow on most of these runs: expect a shorter step than predicted)\n";
    }

    out += "\nThroughput\n";
    // A throughput's band is the step's turned over: the slowest step gives the lowest rate.
    const std::optional<StepUncertainty>& u = r.uncertainty;
    auto rate = [&](double value, std::string (*format)(double)) {
        return u ? format(value * t.step / u->p90) + "–" + format(value * t.step / u->p10) : std::string();
    };
    auto oneDecimal = [](double v) { return fixed(v, 1); };
    auto twoDecimals = [](double v) { return fixed(v, 2); };
    auto share = [](double v) { return percent(v); };
    TextTable speed({ "", "", u ? "80 % band" : "" }, { false, true, true });
    speed.addRow({ "tokens/s", compact(r.tokensPerS), rate(r.tokensPerS, compact) });
    speed.addRow({ "samples/s", fixed(r.samplesPerS, 2), rate(r.samplesPerS, twoDecimals) });
    speed.addRow({ "model TFLOP/s per GPU", fixed(r.modelTflopsPerGpu, 1), rate(r.modelTflopsPerGpu, oneDecimal) });
    speed.addRow({ "hardware TFLOP/s per GPU", fixed(r.hardwareTflopsPerGpu, 1), rate(r.hardwareTflopsPerGpu, oneDecimal) });
    speed.addRow({ "MFU", percent(r.mfu), rate(r.mfu, share) });
    speed.addRow({ "HFU", percent(r.hfu), rate(r.hfu, share) });
    speed.addRow({ "bubble fraction", percent(r.bubbleFraction), "" });
    if (r.timeToTrainS)
        speed.addRow({ "time to train " + compact(*tokenBudget(s.training)) + " tokens, no failures", duration(*r.timeToTrainS),
                       u ? durationRange(*r.timeToTrainS * u->p10 / t.step, *r.timeToTrainS * u->p90 / t.step) : "" });
    if (r.costUsd)
        speed.addRow({ "cost at " + fixed(*s.cluster.gpuHourCostUsd, 2) + " USD/GPU-hour", compact(*r.costUsd) + " USD",
                       u ? compact(*r.costUsd * u->p10 / t.step) + "–" + compact(*r.costUsd * u->p90 / t.step) + " USD" : "" });
    out += speed.render();
    out += "  (MFU counts model FLOPs in the Megatron convention: full attention scores, no recomputation.)\n";
    out += renderRunSection(s, r);

    out += "\nPipeline stages\n";
    TextTable stages({ "stage", "layers", "memory GiB", "busy", "send", "idle", "tail", "done at" },
                     { true, true, true, true, true, true, true, true });
    for (size_t i = 0; i < r.stages.size(); ++i) {
        const StageReport& st = r.stages[i];
        stages.addRow({ std::to_string(i), std::to_string(st.layers), fixed(bytesToGib(st.memory.total()), 2),
                        duration(st.busy), duration(st.send), duration(st.idle), duration(st.tail), duration(st.end) });
    }
    out += stages.render();

    if (!r.groups.empty()) {
        out += "\nCommunication groups (each kind runs all its groups at once)\n";
        TextTable groups({ "group", "size", "groups", "nodes", "bus GB/s", "latency", "bound by", "sharing", "slowdown" },
                         { false, true, true, true, true, true, false, true, true });
        for (const GroupReport& g : r.groups)
            groups.addRow({ toString(g.group), std::to_string(g.size), std::to_string(g.count), std::to_string(g.nodesSpanned),
                            fixed(g.busGBps, 1), duration(usToSeconds(g.latencyUs)), g.boundBy, std::to_string(g.sharing),
                            fixed(g.slowdown, 2) + "x" });
        out += groups.render();
    }

    if (!r.diagnostics.empty())
        out += "\nWarnings\n" + renderDiagnostics(r);
    return out;
}

std::string renderSearch(const Scenario& s, const SearchResult& search)
{
    std::string out = "ParaPlan search: " + s.model.name + " on " + std::to_string(s.cluster.gpuCount()) + " × "
        + s.cluster.gpu.name + ", sequence " + std::to_string(s.training.seqLen) + ", global batch "
        + std::to_string(s.training.globalBatch) + "\n";
    out += "Grid points " + std::to_string(search.gridPoints) + ": " + std::to_string(search.ruleAbiding)
        + " abide by the rules, " + std::to_string(search.memoryPriced) + " memory-priced, " + std::to_string(search.fits)
        + " fit in memory, " + std::to_string(search.bounded) + " bounded, " + std::to_string(search.simulated)
        + " simulated in full; " + fixed(search.elapsedS, 3)
        + " s.\n\n";
    if (search.ruleAbiding == 0) {
        out += "No configuration abides by the rules: the GPU count, the global batch and the model's heads, layers "
               "and sequence leave no whole tp x pp x cp x dp split. Change the number of nodes or the global batch, "
               "or check the pinned parallel fields.\n";
        return out;
    }
    if (search.best.empty()) {
        out += "No configuration fits in memory. Add GPUs, use GPUs with more memory, or shorten the sequence.\n";
        return out;
    }
    TextTable table({ "#", "tp", "pp", "dp", "cp", "ep", "vpp", "schedule", "mb", "ZeRO", "recompute", "SP", "GiB/GPU",
                      "step", "80 % band", "tokens/s", "MFU", "tie" },
                    { true, true, true, true, true, true, true, false, true, true, false, false, true, true, true, true,
                      true, false });
    for (size_t i = 0; i < search.best.size(); ++i) {
        const SearchEntry& e = search.best[i];
        const Result& r = e.result;
        const ParallelSpec& p = r.parallel;
        table.addRow({ std::to_string(i + 1), std::to_string(p.degrees.tp), std::to_string(p.degrees.pp), std::to_string(p.degrees.dp),
                       std::to_string(p.degrees.cp), expertSplit(p), std::to_string(p.degrees.vpp),
                       scheduleAndSplit(s, r), std::to_string(e.microBatch), std::to_string(p.zeroStage), toString(p.recompute),
                       p.sequenceParallel ? "on" : "off", fixed(bytesToGib(r.memory.total()), 1), duration(r.time.step),
                       r.uncertainty ? durationRange(r.uncertainty->p10, r.uncertainty->p90) : "",
                       compact(r.tokensPerS), percent(r.mfu), e.tiedWithBest ? "robust " + std::to_string(e.robustRank) : "" });
    }
    out += table.render();
    out += renderTies(search);
    return out;
}

std::string renderValidation(const std::vector<CaseOutcome>& outcomes, bool summaryOnly)
{
    std::string out;
    if (!summaryOnly) {
        TextTable table({ "case", "metric", "published", "predicted", "error" }, { false, false, true, true, true });
        for (const CaseOutcome& o : outcomes) {
            const ValidationCase& c = *o.validationCase;
            if (o.evaluated)
                table.addRow({ c.id, toString(c.metric), fixed(c.published, 3), fixed(o.predicted, 3), percent(o.error) });
            else
                table.addRow({ c.id, toString(c.metric), fixed(c.published, 3), "invalid", "-" });
        }
        out += table.render() + "\n";
    }
    TextTable summary({ "group", "count", "MAPE", "median APE", "p90 APE", "max APE" },
                      { false, true, true, true, true, true });
    auto addSummary = [&](const std::string& name, const ErrorSummary& s) {
        summary.addRow({ name, std::to_string(s.count) + (s.invalid ? " (+" + std::to_string(s.invalid) + " invalid)" : ""),
                         percent(s.mape), percent(s.medianApe), percent(s.p90Ape), percent(s.maxApe) });
    };
    const std::vector<GroupErrors> groups = summarizeByGroup(outcomes);
    if (groups.size() > 1)
        for (const GroupErrors& g : groups)
            addSummary(g.group, g.errors);
    addSummary("all", summarizeErrors(outcomes));
    out += summary.render();
    return out;
}

std::string renderCrossValidation(const CrossValidation& cv, const std::vector<CaseOutcome>& inSample,
                                  const BandCoverage& coverage, const BandCoverage& heldOut, const std::string& bandsPath)
{
    std::string out = "Leave one group out: each group predicted by constants fitted on the others (each group\n"
                      "weighing the same); in-sample, the shipped constants on every case.\n\n";
    TextTable table({ "left out", "count", "MAPE", "median APE", "p90 APE", "in-sample MAPE" },
                    { false, true, true, true, true, true });
    const std::vector<GroupErrors> inSampleGroups = summarizeByGroup(inSample);
    for (const GroupErrors& g : summarizeByGroup(cv.outcomes)) {
        const auto same = std::find_if(inSampleGroups.begin(), inSampleGroups.end(),
                                       [&](const GroupErrors& s) { return s.group == g.group; });
        table.addRow({ g.group, std::to_string(g.errors.count), percent(g.errors.mape), percent(g.errors.medianApe),
                       percent(g.errors.p90Ape), same == inSampleGroups.end() ? "-" : percent(same->errors.mape) });
    }
    const ErrorSummary all = summarizeErrors(cv.outcomes);
    table.addRow({ "all", std::to_string(all.count), percent(all.mape), percent(all.medianApe), percent(all.p90Ape),
                   percent(summarizeErrors(inSample).mape) });
    out += table.render();
    // Mean over groups, each weighing the same: a group of 1,500 runs from one source does not
    // drown the others.
    double groupMean = 0, inSampleGroupMean = 0;
    const std::vector<GroupErrors> cvGroups = summarizeByGroup(cv.outcomes);
    for (const GroupErrors& g : cvGroups)
        groupMean += g.errors.mape / double(cvGroups.size());
    for (const GroupErrors& g : inSampleGroups)
        inSampleGroupMean += g.errors.mape / double(inSampleGroups.size());
    out += "\nMean over groups: " + percent(groupMean) + " cross-validated, " + percent(inSampleGroupMean) + " in-sample.\n";
    out += "80 % band: " + std::to_string(coverage.inside) + " of " + std::to_string(coverage.count)
        + " published figures inside their band (" + percent(coverage.fraction()) + ") with "
        + (bandsPath.empty() ? "the shipped bands" : "the bands written to " + bandsPath) + ";\n"
        + std::to_string(heldOut.inside) + " of " + std::to_string(heldOut.count) + " (" + percent(heldOut.fraction())
        + ") with each group's bands from the other groups only.\n";
    return out;
}

std::string renderCalibrationNote(const CalibrationProfile& profile)
{
    std::string note = "(calibrated: " + profile.device + ", " + std::to_string(profile.gemms.size())
        + " GEMM measurements, " + std::to_string(profile.collectives.size())
        + " bus-bandwidth measurements replace the model's where they apply";
    if (profile.overlapSlowdown)
        note += "; overlapped compute runs " + percent(*profile.overlapSlowdown, 0) + " slower, as measured";
    return note + ")\n";
}

std::string describeOverlap(const io::ProbeOverlap& o)
{
    return "GEMM " + duration(o.gemmAloneS) + " alone, " + duration(o.timing.medianS) + " beside "
        + std::to_string(o.queued) + " x " + fixed(o.bytes / kBytesPerMiB, 0) + " MiB all-reduce over "
        + std::to_string(o.ranks) + " ranks: compute " + percent(o.slowdown, 0)
        + " slower while overlapped (the model assumes " + percent(o.predictedSlowdown, 0)
        + "; the all-reduces' bus bandwidth " + fixed(o.busGBps, 2) + " GB/s beside it, " + fixed(o.busGBpsAlone, 2)
        + " GB/s alone)";
}

} // namespace paraplan::report
