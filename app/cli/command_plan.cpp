// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/cli/commands.h"
#include "app/cli/loading.h"
#include "app/report/text_report.h"
#include "app/report/text_table.h"

#include "core/explore/phase_plan.h"
#include "core/explore/run_plan.h"
#include "core/io/bands_json.h"
#include "core/io/catalog_reader.h"
#include "core/io/json_reader.h"
#include "core/io/plan_json.h"
#include "core/run/token_budget.h"
#include "core/spec/figure_text.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <ostream>

namespace paraplan::cli {

// Unity builds merge the anonymous namespaces of a batch's files: the helpers live in one of their own.
namespace plan_command {

using namespace paraplan::report;
using io::PlanFile;

namespace {

constexpr const char* kPlanUsage = "usage: paraplan-cli plan PLAN.json [--calibration PROFILE.json] [--json]\n";

std::string usdOrDash(const std::optional<double>& usd) { return usd ? usdText(*usd) : "-"; }

// "tp 8 · pp 4 · dp 16 · vpp 5 · mb 1": the degrees above one beyond tp, pp and dp (dp left out
// where it is 0, derived from each phase's GPUs).
std::string shortParallel(const ParallelSpec& p, int64_t microBatch)
{
    const ParallelDegrees& d = p.degrees;
    std::string s = "tp " + std::to_string(d.tp) + " · pp " + std::to_string(d.pp);
    if (d.dp > 0)
        s += " · dp " + std::to_string(d.dp);
    if (d.cp > 1)
        s += " · cp " + std::to_string(d.cp);
    if (d.ep > 1)
        s += " · ep " + std::to_string(d.ep);
    if (d.vpp > 1)
        s += " · vpp " + std::to_string(d.vpp);
    s += " · mb " + std::to_string(microBatch);
    return s;
}

std::string hardwareName(const ClusterSpec& c) { return c.preset.empty() ? c.name : c.preset; }

std::string place(const PlanPoint& p) { return std::to_string(p.nodes) + " × " + hardwareName(p.scenario.cluster); }

std::string renderHeader(const PlanFile& file)
{
    const Scenario& s = file.request.scenario;
    std::string out = "ParaPlan plan: " + s.model.name + ", sequence " + std::to_string(s.training.seqLen) + ", global batch "
        + std::to_string(s.training.globalBatch) + "\n";
    const ChinchillaPoint chinchilla = chinchillaPoint(s.model);
    const std::string reference = "Chinchilla's compute-optimal point for " + parameterCount(chinchilla.parameters)
        + (chinchilla.dense ? "" : " active") + " parameters: " + compact(chinchilla.tokens) + " tokens";
    if (const std::optional<double> tokens = tokenBudget(s.training))
        out += "Token budget " + compact(*tokens) + " (" + ratioText(tokensOverChinchilla(*tokens, s.model)) + " " + reference
            + ")\n";
    else
        out += "No token budget; " + reference + "\n";
    if (file.request.deadlineS || file.request.budgetUsd)
        out += std::string("Deadline ") + (file.request.deadlineS ? wallClockText(*file.request.deadlineS) : "none") + ", budget "
            + usdOrDash(file.request.budgetUsd) + "\n";
    return out;
}

// F on the frontier, D meets the deadline, B within the budget.
std::string marks(const PlanPoint& p)
{
    return std::string(p.onFrontier ? "F" : "") + (p.meetsDeadline ? "D" : "") + (p.withinBudget ? "B" : "");
}

std::string renderPoints(const RunPlan& plan)
{
    TextTable table({ "#", "hardware", "nodes", "GPUs", "best configuration", "step", "tokens/s", "MFU", "goodput", "time", "80 % band",
                      "cost", "" },
                    { true, false, true, true, false, true, true, true, true, true, true, true, false });
    for (size_t i = 0; i < plan.points.size(); ++i) {
        const PlanPoint& p = plan.points[i];
        const Result& r = p.result;
        std::vector<std::string> row{ std::to_string(i), hardwareName(p.scenario.cluster), std::to_string(p.nodes), std::to_string(r.gpus) };
        if (r.valid && r.fits && r.goodput) {
            row.insert(row.end(), { shortParallel(r.parallel, p.scenario.training.microBatch), duration(r.time.step), compact(r.tokensPerS),
                                    percent(r.mfu), percent(r.goodput->fraction) });
        } else {
            row.insert(row.end(), { "none runs", "-", "-", "-", "-" });
        }
        row.insert(row.end(), { p.timeS ? duration(*p.timeS) : "-",
                                p.timeLowS && p.timeHighS ? durationRange(*p.timeLowS, *p.timeHighS) : "-", usdOrDash(p.costUsd),
                                marks(p) });
        table.addRow(std::move(row));
    }
    return table.render() + "  (F on the frontier, D meets the deadline, B within the budget)\n";
}

std::string pointLine(const PlanPoint& p, size_t index)
{
    return "#" + std::to_string(index) + " " + place(p) + ", " + shortParallel(p.result.parallel, p.scenario.training.microBatch)
        + ": " + duration(*p.timeS) + ", " + usdOrDash(p.costUsd);
}

std::string renderOptima(const RunPlan& plan)
{
    std::string out = "\nThe frontier of time against cost, fastest first:\n";
    if (plan.frontier.empty())
        out += "  none: no plan has both a time and a cost.\n";
    for (size_t i : plan.frontier)
        out += "  " + pointLine(plan.points[i], i) + "\n";
    out += "\nFastest within the budget: "
        + (plan.fastestWithinBudget ? pointLine(plan.points[*plan.fastestWithinBudget], *plan.fastestWithinBudget) : "none") + "\n";
    out += "Cheapest meeting the deadline: "
        + (plan.cheapestMeetingDeadline ? pointLine(plan.points[*plan.cheapestMeetingDeadline], *plan.cheapestMeetingDeadline) : "none")
        + "\n";
    return out;
}

// Each hardware's fastest and cheapest plans.
std::string renderEachHardware(const PlanRequest& request, const RunPlan& plan)
{
    std::string out = "\nOn each kind of hardware:\n";
    for (size_t h = 0; h < request.hardware.size(); ++h) {
        std::optional<size_t> fastest, cheapest;
        for (size_t i = 0; i < plan.points.size(); ++i) {
            const PlanPoint& p = plan.points[i];
            if (p.hardware != h || !p.timeS)
                continue;
            if (!fastest || *p.timeS < *plan.points[*fastest].timeS)
                fastest = i;
            if (p.costUsd && (!cheapest || *p.costUsd < *plan.points[*cheapest].costUsd))
                cheapest = i;
        }
        out += "  " + hardwareName(request.hardware[h].cluster) + ": ";
        if (!fastest) {
            out += "no configuration runs at these node counts\n";
            continue;
        }
        out += "fastest " + pointLine(plan.points[*fastest], *fastest);
        if (cheapest && cheapest != fastest)
            out += "; cheapest " + pointLine(plan.points[*cheapest], *cheapest);
        out += "\n";
    }
    return out;
}

std::string renderRunPlan(const PlanFile& file, const RunPlan& plan)
{
    if (plan.problem)
        return "\nNo plan: " + plan.problem->text + "\n";
    std::string out = "\nThe best configuration at each node count, through failures, checkpoints and restarts:\n"
        + renderPoints(plan) + renderOptima(plan) + renderEachHardware(file.request, plan);
    for (const Sentence& note : plan.notes)
        out += "Note: " + note.text + "\n";
    return out;
}

std::string phaseName(const PlanPhase& phase, size_t index)
{
    if (!phase.name.empty())
        return phase.name;
    std::string number = "#"; // appended, not "#" + ...: GCC 12's -Wrestrict misreads the operator+
    number += std::to_string(index + 1);
    return number;
}

std::string renderPhaseTable(const std::vector<PhaseOutcome>& outcomes, const std::vector<PlanPhase>& phases)
{
    TextTable table({ "phase", "steps", "tokens", "seq", "batch", "nodes", "configuration", "step", "goodput", "time", "switch", "cost" },
                    { false, true, true, true, true, true, false, true, true, true, true, true });
    for (size_t i = 0; i < outcomes.size(); ++i) {
        const PhaseOutcome& o = outcomes[i];
        const TrainingSpec& t = o.scenario.training;
        table.addRow({ phaseName(phases[i], i), compact(o.steps), compact(o.tokens),
                       std::to_string(t.seqLen), std::to_string(t.globalBatch), std::to_string(o.scenario.cluster.nodes),
                       shortParallel(o.result.parallel, t.microBatch), duration(o.result.time.step),
                       o.result.goodput ? percent(o.result.goodput->fraction) : "-", duration(o.timeS),
                       o.switchS > 0 ? duration(o.switchS) : "-", usdOrDash(o.costUsd) });
    }
    return table.render();
}

std::string renderPhases(const PhasePlan& plan, const std::vector<PlanPhase>& phases)
{
    std::string out = "\nThe run in phases (each switch saves the checkpoint, reads it back re-sharded and restarts):\n";
    if (plan.problem)
        return out + "  " + plan.problem->text + "\n";
    out += renderPhaseTable(plan.phases, phases);
    out += "  total " + duration(plan.totalS) + ", " + usdOrDash(plan.totalCostUsd) + "\n";
    ParallelSpec fixed = plan.fixedParallel;
    fixed.degrees.dp = 0; // each phase's GPUs give it
    out += "\nThe same run with one configuration, " + shortParallel(fixed, plan.fixedMicroBatch) + " (dp as each phase's GPUs give):\n";
    out += renderPhaseTable(plan.fixedPhases, phases);
    out += "  total " + duration(plan.fixedTotalS) + ", " + usdOrDash(plan.fixedTotalCostUsd) + "\n";
    const double difference = plan.fixedTotalS - plan.totalS;
    if (std::fabs(difference) < 1)
        out += "\nThe phases take as long as one configuration throughout.\n";
    else
        out += "\nThe phases " + std::string(difference > 0 ? "save " : "lose ") + percent(std::fabs(difference) / plan.fixedTotalS)
            + " of the wall clock (" + duration(std::fabs(difference)) + ") against one configuration throughout.\n";
    for (const Sentence& note : plan.notes)
        out += "Note: " + note.text + "\n";
    return out;
}

// Nothing could be planned: the hardware gave no plan that runs, or the phases cannot run.
bool nothingPlanned(const PlanFile& file, const RunPlan& plan, const std::optional<PhasePlan>& phases)
{
    const bool anyRuns = std::any_of(plan.points.begin(), plan.points.end(), [](const PlanPoint& p) { return p.timeS.has_value(); });
    const bool hardwareFailed = !file.request.hardware.empty() && (plan.problem || !anyRuns);
    const bool phasesFailed = phases && phases->problem;
    return hardwareFailed || phasesFailed;
}

} // namespace

} // namespace plan_command

int runPlan(Arguments args, std::ostream& out, std::ostream& err)
{
    using namespace plan_command;
    const bool json = args.flag("--json");
    std::string error;
    const std::optional<std::string> calibrationPath = args.option("--calibration", error);
    const std::vector<std::string> files = args.positional(error);
    if (error.empty() && files.size() != 1)
        error = "plan takes one plan file";
    if (!error.empty()) {
        err << "paraplan-cli plan: " << error << "\n" << kPlanUsage;
        return kExitUnreadable;
    }
    const std::optional<std::string> text = readInputFile(files.front(), error);
    if (!text) {
        err << "paraplan-cli: " << error << "\n";
        return kExitUnreadable;
    }
    std::optional<io::PlanFile> file;
    try {
        file = io::readPlan(io::parseJson(*text), io::builtinCatalog(), std::filesystem::path(files.front()).parent_path());
    } catch (const io::ReadError& e) {
        err << "paraplan-cli: " << files.front() << ": " << e.what() << "\n";
        return kExitUnreadable;
    }
    PlanOptions options;
    if (calibrationPath && !(options.calibration = loadCalibration(*calibrationPath, err)))
        return kExitUnreadable;
    options.bands = std::make_shared<const UncertaintyBands>(io::builtinUncertaintyBands());

    const RunPlan plan = file->request.hardware.empty() ? RunPlan{} : planRun(file->request, options);
    std::optional<PhasePlan> phases;
    if (!file->phases.empty())
        phases = planPhases(file->request.scenario, file->phases, file->fixedParallel, options);
    if (json) {
        out << io::toJson(*file, plan, phases).dump(2) << "\n";
    } else {
        if (options.calibration)
            out << renderCalibrationNote(options.calibration->profile());
        out << renderHeader(*file);
        if (!file->request.hardware.empty())
            out << renderRunPlan(*file, plan);
        if (phases)
            out << renderPhases(*phases, file->phases);
    }
    return nothingPlanned(*file, plan, phases) ? kExitInvalid : kExitOk;
}

} // namespace paraplan::cli
