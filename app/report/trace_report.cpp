// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/report/trace_report.h"

#include "app/report/text_table.h"

#include <filesystem>

namespace paraplan::report {

namespace {

std::string ratioCell(double measured, double predicted)
{
    return predicted > 0 && measured > 0 ? fixed(measured / predicted, measured / predicted >= 10 ? 0 : 2) + "×" : "-";
}

std::string tracesOf(const StageComparison& stage, const std::vector<MeasuredRank>& ranks)
{
    std::string text;
    for (const size_t index : stage.ranks) {
        const MeasuredRank& r = ranks[index];
        text += (text.empty() ? "" : ", ") + std::string("rank ") + (r.rank ? std::to_string(*r.rank) : "?") + " ("
            + std::filesystem::path(r.source).filename().string() + ")";
    }
    return text;
}

} // namespace

std::string renderTraceComparison(const TraceComparison& c, const std::vector<MeasuredRank>& ranks)
{
    std::string out = "Measured against predicted, per step (" + std::to_string(ranks.size()) + " trace"
        + (ranks.size() == 1 ? "" : "s") + "): measured " + duration(c.measuredStep) + ", predicted "
        + duration(c.predictedStep) + "\n";
    for (const StageComparison& s : c.stages) {
        out += "\nStage " + std::to_string(s.stage) + ": ";
        if (!s.hasTrace()) {
            out += "no trace; predicted busy as follows\n";
        } else {
            out += tracesOf(s, ranks) + "; a step " + duration(s.measured.window) + "\n";
        }
        TextTable table({ "component", "measured", "predicted", "ratio" }, { false, true, true, true });
        for (const KernelClass kind : kAllKernelClasses) {
            const double measured = s.measured.of(kind), predicted = s.predicted.of(kind);
            if (measured <= 0 && predicted <= 0)
                continue;
            table.addRow({ toString(kind), s.hasTrace() ? duration(measured) : "-", duration(predicted),
                           s.hasTrace() ? ratioCell(measured, predicted) : "-" });
        }
        table.addRow({ "idle", s.hasTrace() ? duration(s.measured.idle) : "-", duration(s.predicted.idle),
                       s.hasTrace() ? ratioCell(s.measured.idle, s.predicted.idle) : "-" });
        out += table.render();
    }
    out += "\nFindings:\n";
    for (const TraceFinding& f : c.findings)
        out += "  - " + f.message + "\n";
    if (c.findings.size() <= 1)
        out += "  - Nothing else stands out: no part of a stage is " + fixed(kTraceOutlierRatio, 1)
            + "× away from the other stages or from the prediction at the trace's pace.\n";
    if (!c.notes.empty()) {
        out += "\nNotes:\n";
        for (const std::string& note : c.notes)
            out += "  - " + note + "\n";
    }
    return out;
}

} // namespace paraplan::report
