// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/frameworks/launch_export.h"

#include "core/spec/units.h"
#include "core/spec/version.h"

#include <cstdio>

namespace paraplan::frameworks {

const char* toString(ExportFormat format) { return kExportFormatNames[size_t(format)]; }

std::optional<ExportFormat> exportFormatNamed(std::string_view name)
{
    for (size_t i = 0; i < kExportFormatNames.size(); ++i)
        if (name == kExportFormatNames[i])
            return ExportFormat(i);
    return std::nullopt;
}

namespace {

std::string format(const char* pattern, auto... values)
{
    char buffer[512];
    std::snprintf(buffer, sizeof buffer, pattern, values...);
    return buffer;
}

} // namespace

std::vector<std::string> predictionSummary(const Scenario& scenario, const Result& prediction)
{
    const ParallelDegrees& d = prediction.parallel.degrees;
    std::vector<std::string> lines;
    lines.push_back(format("Written by ParaPlan %s: %s on %lld x %s (%lld GPUs)", kVersion,
                           (scenario.model.name.empty() ? scenario.model.preset : scenario.model.name).c_str(),
                           (long long)scenario.cluster.nodes,
                           (scenario.cluster.name.empty() ? scenario.cluster.preset : scenario.cluster.name).c_str(),
                           (long long)prediction.gpus));
    lines.push_back(format("tp %lld, pp %lld, dp %lld, cp %lld, ep %lld, vpp %lld, schedule %s, micro-batch %lld, "
                           "%lld micro-batches per step",
                           (long long)d.tp, (long long)d.pp, (long long)d.dp, (long long)d.cp, (long long)d.ep,
                           (long long)d.vpp, toString(prediction.schedule), (long long)scenario.training.microBatch,
                           (long long)prediction.microBatches));
    std::string step = format("predicted step %.3f s", prediction.time.step);
    if (prediction.uncertainty)
        step += format(" (80 %% band %.3f-%.3f s)", prediction.uncertainty->p10, prediction.uncertainty->p90);
    step += format(", %.0f tokens/s, MFU %.1f %%, bubble %.1f %%", prediction.tokensPerS, 100 * prediction.mfu,
                   100 * prediction.bubbleFraction);
    lines.push_back(step);
    std::string memory = "memory per GPU by stage (GiB):";
    for (const StageReport& stage : prediction.stages)
        memory += format(" %.1f", stage.memory.total() / kBytesPerGiB);
    if (prediction.stages.empty())
        memory += format(" %.1f", prediction.memory.total() / kBytesPerGiB);
    memory += format(" of %.0f", prediction.capacityBytes / kBytesPerGiB);
    lines.push_back(memory);
    return lines;
}

std::string commentBlock(const std::vector<std::string>& lines, std::string_view mark)
{
    std::string text;
    for (const std::string& line : lines)
        (text += mark) += line + "\n";
    return text;
}

} // namespace paraplan::frameworks
