// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/cli/commands.h"
#include "app/cli/loading.h"
#include "app/report/text_report.h"
#include "app/report/text_table.h"

#include "core/explore/scaling.h"
#include "core/io/bands_json.h"
#include "core/io/scaling_json.h"

#include <algorithm>
#include <map>
#include <ostream>

namespace paraplan::cli {

// Unity builds merge the anonymous namespaces of a batch's files: the helpers live in one of their own.
namespace scale_command {

using namespace paraplan::report;

namespace {

constexpr const char* kScaleUsage = "usage: paraplan-cli scale [SCENARIO.json] --nodes A..B [--step K] "
                                    "[--batch fixed|per-replica] [--current-only | --unpinned] [--calibration PROFILE.json] "
                                    "[--json]\n";

// "A..B" (or one count, "N") within 1 ≤ A ≤ B ≤ kMostScalingNodes; sets `error` otherwise.
std::optional<std::pair<int64_t, int64_t>> parseNodeRange(const std::string& text, std::string& error)
{
    const size_t dots = text.find("..");
    const std::string first = dots == std::string::npos ? text : text.substr(0, dots);
    const std::string last = dots == std::string::npos ? text : text.substr(dots + 2);
    std::string ignored;
    const std::optional<long long> a = parsePositive(first, "--nodes", ignored);
    const std::optional<long long> b = parsePositive(last, "--nodes", ignored);
    if (!a || !b || *a > *b || *b > kMostScalingNodes) {
        error = "--nodes takes A..B with 1 ≤ A ≤ B ≤ " + std::to_string(kMostScalingNodes) + " (e.g. --nodes 1..16), not \""
            + text + "\"";
        return std::nullopt;
    }
    return std::pair<int64_t, int64_t>{ *a, *b };
}

std::optional<BatchScaling> parseBatchMode(const std::string& text, std::string& error)
{
    if (text == "fixed")
        return BatchScaling::FixedGlobalBatch;
    if (text == "per-replica")
        return BatchScaling::FixedBatchPerReplica;
    error = "--batch takes fixed (the global batch held) or per-replica (each data-parallel replica's batch held), not \""
        + text + "\"";
    return std::nullopt;
}

// "tp 8 pp 4 dp 2 vpp 5 mb 1 ZeRO-1 SP auto": the degrees above 1 and the choices that differ.
std::string shortConfiguration(const ScalingSample& sample)
{
    const ParallelSpec& p = sample.result.parallel;
    const ParallelDegrees& d = p.degrees;
    std::string s = "tp " + std::to_string(d.tp) + " pp " + std::to_string(d.pp) + " dp " + std::to_string(d.dp);
    if (d.cp > 1)
        s += " cp " + std::to_string(d.cp);
    if (d.ep > 1)
        s += " ep " + std::to_string(d.ep);
    if (d.vpp > 1)
        s += " vpp " + std::to_string(d.vpp);
    s += " mb " + std::to_string(sample.scenario.training.microBatch) + " ZeRO-" + std::to_string(p.zeroStage);
    if (p.sequenceParallel)
        s += " SP";
    if (sample.result.recomputeChosen != Recompute::None)
        s += std::string(" rc ") + toString(sample.result.recomputeChosen);
    return s;
}

// Step, tokens/s and MFU of a sample; "invalid" where it is not, "*" where it does not fit.
std::vector<std::string> figureCells(const ScalingSample& s)
{
    if (!s.result.valid)
        return { "invalid", "-", "-" };
    return { duration(s.result.time.step) + (s.result.fits ? "" : " *"), compact(s.result.tokensPerS), percent(s.result.mfu) };
}

std::string firstError(const Result& r)
{
    for (const Diagnostic& d : r.diagnostics)
        if (d.severity == Severity::Error)
            return "[" + d.code + "] " + d.message;
    return "";
}

std::string nodeList(const std::vector<int64_t>& nodes)
{
    std::string list;
    for (int64_t n : nodes)
        list += (list.empty() ? "" : ", ") + std::to_string(n);
    return list + (nodes.size() == 1 && nodes.front() == 1 ? " node" : " nodes");
}

// The counts a series is invalid at, grouped by the validator's first error code, each with its
// message at the first of them.
std::string renderInvalid(const ScalingCurve& curve, bool best)
{
    std::vector<std::string> order;
    std::map<std::string, std::pair<std::vector<int64_t>, std::string>> byCode;
    for (const ScalingPoint& p : curve.points) {
        const ScalingSample* s = best ? (p.best ? &*p.best : nullptr) : &p.current;
        if (!s || s->result.valid)
            continue;
        const std::string why = firstError(s->result);
        const std::string code = why.substr(0, why.find(']') + 1);
        auto [it, added] = byCode.try_emplace(code, std::vector<int64_t>{}, why);
        if (added)
            order.push_back(code);
        it->second.first.push_back(p.nodes);
    }
    if (order.empty())
        return "";
    std::string out = best ? "No best configuration at:\n" : "The held configuration is invalid at:\n";
    for (const std::string& code : order) {
        const auto& [nodes, why] = byCode[code];
        out += "  " + nodeList(nodes) + ": " + why + (nodes.size() > 1 ? " (at " + std::to_string(nodes.front()) + ")" : "")
            + "\n";
    }
    return out;
}

std::string renderMarks(const ScalingMarks& marks, const char* series)
{
    std::string out;
    const ScalingMark* explained = nullptr; // the peak often compares the very step the other mark did
    for (const std::optional<ScalingMark>* mark : { &marks.stopsPaying, &marks.peak }) {
        if (!*mark)
            continue;
        out += std::string("  [") + series + "] " + (*mark)->summary.text + "\n";
        if (!explained || explained->from != (*mark)->from || explained->to != (*mark)->to) {
            out += "    " + (*mark)->explanation.text + "\n";
            if ((*mark)->cause.comparison.noRealDifference)
                out += "    (the two steps lie within each other's 80 % band: the model cannot tell them apart)\n";
        }
        explained = &**mark;
    }
    return out;
}

bool anyBeyondMemory(const ScalingCurve& curve)
{
    auto beyond = [](const ScalingSample& s) { return s.result.valid && !s.result.fits; };
    return std::any_of(curve.points.begin(), curve.points.end(),
                       [&](const ScalingPoint& p) { return beyond(p.current) || (p.best && beyond(*p.best)); });
}

// Counts where the series runs and fits: the marks need two.
size_t usableCounts(const ScalingCurve& curve, ScalingConfiguration configuration)
{
    return seriesOf(curve, configuration, ScalingQuantity::StepS).points.size();
}

// One row per count: the held configuration's figures, then the best's where it was searched.
std::string renderTable(const ScalingCurve& curve, bool withBest)
{
    std::vector<std::string> header{ "nodes", "GPUs", "dp", "step", "tokens/s", "MFU", "$/Mtoken" };
    std::vector<bool> right{ true, true, true, true, true, true, true };
    if (withBest) {
        header.insert(header.end(), { "best configuration", "step", "tokens/s", "MFU" });
        right.insert(right.end(), { false, true, true, true });
    }
    TextTable table(header, right);
    for (const ScalingPoint& p : curve.points) {
        std::vector<std::string> row{ std::to_string(p.nodes), std::to_string(p.gpus), p.dp > 0 ? std::to_string(p.dp) : "-" };
        for (std::string& cell : figureCells(p.current))
            row.push_back(std::move(cell));
        row.push_back(p.current.costPerMillionTokensUsd ? fixed(*p.current.costPerMillionTokensUsd, 2) : "-");
        if (withBest) {
            row.push_back(p.best->result.valid ? shortConfiguration(*p.best) : "none");
            for (std::string& cell : figureCells(*p.best))
                row.push_back(std::move(cell));
        }
        table.addRow(std::move(row));
    }
    return table.render() + (anyBeyondMemory(curve) ? "  (* does not fit in GPU memory)\n" : "");
}

std::string renderMarkSection(const ScalingCurve& curve)
{
    const std::string marks = renderMarks(curve.current, "held") + renderMarks(curve.best, "best");
    if (!marks.empty())
        return marks;
    if (usableCounts(curve, ScalingConfiguration::Held) < 2 && usableCounts(curve, ScalingConfiguration::Best) < 2)
        return "  too few counts where a configuration runs and fits in memory to tell.\n";
    return "  nowhere in this range: every step up in nodes brings at least " + percent(kStopsPayingEfficiency, 0)
        + " of a GPU's throughput at the smallest count, and none is slower.\n";
}

std::string renderScaling(const Scenario& s, const ScalingCurve& curve, bool keepPins)
{
    const bool withBest = !curve.points.empty() && curve.points.front().best.has_value();
    std::string out = "ParaPlan scaling: " + s.model.name + " on " + s.cluster.gpu.name + " nodes of "
        + std::to_string(s.cluster.gpusPerNode) + " (the scenario has " + std::to_string(s.cluster.nodes) + "), sequence "
        + std::to_string(s.training.seqLen) + ", "
        + (curve.batch == BatchScaling::FixedGlobalBatch
               ? "global batch " + std::to_string(s.training.globalBatch) + " held fixed"
               : "global batch growing with dp, " + std::to_string(batchPerReplica(s).value_or(0)) + " per replica")
        + "\n";
    for (const Sentence& note : curve.notes)
        out += "Note: " + note.text + "\n";
    out += "\nThe configuration held";
    if (withBest)
        out += keepPins ? " | the best configuration at each count, the scenario's pinned fields held"
                        : " | the best configuration at each count, every field searched";
    out += ":\n" + renderTable(curve, withBest) + "\n";
    out += renderInvalid(curve, false);
    if (withBest)
        out += renderInvalid(curve, true);
    return out + "\nWhere adding nodes stops paying:\n" + renderMarkSection(curve);
}

} // namespace

} // namespace scale_command

int runScale(Arguments args, std::ostream& out, std::ostream& err)
{
    using namespace scale_command;
    const bool json = args.flag("--json");
    const bool currentOnly = args.flag("--current-only");
    const bool unpinned = args.flag("--unpinned");
    std::string error;
    const std::optional<std::string> nodesText = args.option("--nodes", error);
    const std::optional<std::string> stepText = args.option("--step", error);
    const std::optional<std::string> batchText = args.option("--batch", error);
    const std::optional<std::string> calibrationPath = args.option("--calibration", error);
    const std::vector<std::string> files = args.positional(error);
    ScalingOptions options;
    options.best = !currentOnly;
    options.keepPins = !unpinned;
    std::optional<std::pair<int64_t, int64_t>> range;
    int64_t stride = 1;
    if (error.empty() && currentOnly && unpinned)
        error = "--unpinned sets the best configuration's search free, and --current-only turns that search off: give one";
    if (error.empty() && !nodesText)
        error = "scale needs --nodes A..B";
    if (error.empty())
        range = parseNodeRange(*nodesText, error);
    if (error.empty() && stepText)
        if (const std::optional<long long> k = parsePositive(*stepText, "--step", error))
            stride = *k;
    if (error.empty() && batchText)
        if (const std::optional<BatchScaling> batch = parseBatchMode(*batchText, error))
            options.batch = *batch;
    if (error.empty() && files.size() > 1)
        error = "scale takes one scenario file";
    if (error.empty() && size_t((range->second - range->first) / stride + 1) > kMostScalingCounts)
        error = "--nodes " + *nodesText + " gives " + std::to_string((range->second - range->first) / stride + 1)
            + " node counts, more than the " + std::to_string(kMostScalingCounts) + " a curve takes: narrow the range or give --step K";
    if (!error.empty()) {
        err << "paraplan-cli scale: " << error << "\n" << kScaleUsage;
        return kExitUnreadable;
    }
    const std::string path = files.empty() ? std::string() : files.front();
    const std::optional<Scenario> scenario = loadScenario(path, err);
    if (!scenario)
        return kExitUnreadable;
    if (calibrationPath && !(options.calibration = loadCalibration(*calibrationPath, err)))
        return kExitUnreadable;
    options.nodes = nodeRange(range->first, range->second, stride);
    options.bands = std::make_shared<const UncertaintyBands>(io::builtinUncertaintyBands());

    const ScalingCurve curve = scaleNodes(*scenario, options);
    if (curve.problem) {
        err << "paraplan-cli scale: " << curve.problem->text << "\n";
        return kExitInvalid;
    }
    if (json) {
        out << io::toJson(curve).dump(2) << "\n";
        return kExitOk;
    }
    if (path.empty())
        out << "(built-in default scenario; give a SCENARIO.json to scale your own)\n";
    if (options.calibration)
        out << renderCalibrationNote(options.calibration->profile());
    out << renderScaling(*scenario, curve, options.keepPins);
    return kExitOk;
}

} // namespace paraplan::cli
