// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/cli/commands.h"
#include "app/cli/loading.h"
#include "app/report/text_report.h"
#include "app/report/text_table.h"

#include "core/explore/sensitivity.h"
#include "core/io/bands_json.h"
#include "core/io/sensitivity_json.h"

#include <algorithm>
#include <cmath>
#include <ostream>
#include <string>

namespace paraplan::cli {

using namespace paraplan::report;

// The helpers live in a namespace of their own: a unity build compiles this file in one unit with
// the other commands, whose anonymous namespaces would otherwise share these names.
namespace {
namespace sensitivity_text {

constexpr const char* kUsage
    = "usage: paraplan-cli sensitivity [SCENARIO.json] [--compare B.json] [--calibration PROFILE.json] [--json]\n";

// Half the width of the tornado column: the largest move away from the base fills it.
constexpr int kHalfBarWidth = 12;

// An input's value in its unit: shares as percentages (two decimals below 10 %, where the jitter
// lives), seconds in a unit that suits them, sizes whole.
std::string valueText(SensitivityInput input, double value)
{
    const std::string unit = unitOf(input);
    if (unit == "fraction")
        return percent(value, value < 0.1 ? 2 : 1);
    if (unit == "s")
        return value == 0 ? "0 s" : duration(value);
    return fixed(value, 0);
}

std::string stepText(double seconds) { return fixed(seconds, 3) + " s"; }

std::string sideValueText(SensitivityInput input, const SensitivitySide& side)
{
    return side.present() ? valueText(input, side.value) : "–";
}

std::string sideStepText(const SensitivitySide& side)
{
    return side.present() ? stepText(side.result->time.step) : "absent";
}

// How far each side takes the step below and above the base.
struct Extent {
    double faster = 0;
    double slower = 0;
};

Extent extentOf(const SensitivityBar& bar, double baseStep)
{
    Extent extent;
    for (const SensitivitySide* side : { &bar.low, &bar.high })
        if (side->present()) {
            extent.faster = std::max(extent.faster, baseStep - side->result->time.step);
            extent.slower = std::max(extent.slower, side->result->time.step - baseStep);
        }
    return extent;
}

// "-----|++": a faster step to the left of the base, a slower one to the right, scaled so the
// largest extent of any bar fills half the column.
std::string tornadoBar(const Extent& extent, double largest)
{
    const auto cells = [&](double seconds) {
        return largest > 0 ? int(std::lround(kHalfBarWidth * seconds / largest)) : 0;
    };
    return std::string(size_t(kHalfBarWidth - cells(extent.faster)), ' ')
        + std::string(size_t(cells(extent.faster)), '-') + "|" + std::string(size_t(cells(extent.slower)), '+');
}

std::string renderBars(const Sensitivity& sensitivity)
{
    const double baseStep = sensitivity.base.time.step;
    double largest = 0;
    for (const SensitivityBar& bar : sensitivity.bars) {
        const Extent extent = extentOf(bar, baseStep);
        largest = std::max({ largest, extent.faster, extent.slower });
    }
    // The header's bar sits over the bars' base line.
    const std::string tornadoHeader = std::string(size_t(kHalfBarWidth) - 6, ' ') + "faster|slower";
    TextTable table({ "input", "low → base → high", "step at low", "step at high", "swing", tornadoHeader },
                    { false, false, true, true, true, false });
    for (const SensitivityBar& bar : sensitivity.bars)
        table.addRow({ labelOf(bar.input),
                       sideValueText(bar.input, bar.low) + " → " + valueText(bar.input, bar.baseValue) + " → "
                           + sideValueText(bar.input, bar.high),
                       sideStepText(bar.low), sideStepText(bar.high), duration(bar.swingS),
                       tornadoBar(extentOf(bar, baseStep), largest) });
    return table.render();
}

std::string absentLine(const char* label, const char* side, const AbsentSide& absent)
{
    return std::string("  ") + label + ", " + side + ": " + absent.reason.text + "\n";
}

std::string renderAbsentSides(const Sensitivity& sensitivity)
{
    std::string text;
    for (const SensitivityBar& bar : sensitivity.bars) {
        if (bar.low.absent)
            text += absentLine(labelOf(bar.input), "low", *bar.low.absent);
        if (bar.high.absent)
            text += absentLine(labelOf(bar.input), "high", *bar.high.absent);
    }
    return text.empty() ? text : "Absent sides:\n" + text;
}

std::string renderSensitivity(const Sensitivity& sensitivity)
{
    const Result& base = sensitivity.base;
    return "Base step " + stepText(base.time.step) + ", " + compact(base.tokensPerS)
        + " tokens/s. Each input moved down and up by its realistic range (docs/sensitivity.md), largest swing "
          "first:\n"
        + renderBars(sensitivity) + renderAbsentSides(sensitivity);
}

const char* fasterText(Faster faster) { return faster == Faster::A ? "A" : faster == Faster::B ? "B" : "tie"; }

std::string moveText(SensitivityInput input, const char* side, const FlipSide& move)
{
    if (move.valueA == move.valueB)
        return std::string(side) + " " + valueText(input, move.valueA);
    return std::string(side) + " A " + valueText(input, move.valueA) + ", B " + valueText(input, move.valueB);
}

void addFlipRow(TextTable& table, SensitivityInput input, const char* side, const FlipSide& move)
{
    if (move.absent) {
        table.addRow({ labelOf(input), side, "absent", "", "", move.absent->reason.text });
        return;
    }
    table.addRow({ labelOf(input), moveText(input, side, move), stepText(move.stepA), stepText(move.stepB),
                   fasterText(move.faster), move.flipped ? "order flips" : "" });
}

std::string renderFlips(const OrderFlips& flips, const std::string& nameA, const std::string& nameB)
{
    const double stepA = flips.baseA.time.step, stepB = flips.baseB.time.step;
    std::string text = "\nCan the order flip? A = " + nameA + " (" + stepText(stepA) + "), B = " + nameB + " ("
        + stepText(stepB) + ")";
    if (flips.faster != Faster::Neither)
        text += ": " + std::string(fasterText(flips.faster)) + " is faster by "
            + percent(std::fabs(stepA - stepB) / std::min(stepA, stepB));
    text += ".\n";
    TextTable table({ "input", "move", "A step", "B step", "faster", "" }, { false, false, true, true, false, false });
    for (const InputFlip& flip : flips.inputs) {
        addFlipRow(table, flip.input, "low", flip.low);
        addFlipRow(table, flip.input, "high", flip.high);
    }
    text += table.render() + "Verdict: " + flips.verdict.text + "\n";
    if (flips.bandVerdict)
        text += "Bands: " + flips.bandVerdict->text + "\n";
    return text;
}

int invalid(const Result& result, const std::string& name, std::ostream& err)
{
    err << "paraplan-cli sensitivity: " << name << " is invalid:\n" << renderDiagnostics(result);
    return kExitInvalid;
}

} // namespace sensitivity_text
} // namespace

int runSensitivity(Arguments args, std::ostream& out, std::ostream& err)
{
    using namespace sensitivity_text;
    const bool json = args.flag("--json");
    std::string error;
    const std::optional<std::string> comparePath = args.option("--compare", error);
    const std::optional<std::string> calibrationPath = args.option("--calibration", error);
    const std::vector<std::string> files = args.positional(error);
    if (error.empty() && files.size() > 1)
        error = "sensitivity takes one scenario file (give the other configuration with --compare B.json)";
    if (!error.empty()) {
        err << "paraplan-cli sensitivity: " << error << "\n" << kUsage;
        return kExitUnreadable;
    }
    const std::string path = files.empty() ? std::string() : files.front();
    const std::optional<Scenario> scenario = loadScenario(path, err);
    if (!scenario)
        return kExitUnreadable;
    std::optional<Scenario> other;
    if (comparePath && !(other = loadScenario(*comparePath, err)))
        return kExitUnreadable;
    EvaluateOptions options;
    if (calibrationPath && !(options.calibration = loadCalibration(*calibrationPath, err)))
        return kExitUnreadable;

    const std::string nameA = path.empty() ? "the built-in default scenario" : path;
    const Sensitivity sensitivity = sensitivityOf(*scenario, options);
    if (!sensitivity.base.valid)
        return invalid(sensitivity.base, nameA, err);
    std::optional<OrderFlips> flips;
    if (other) {
        flips = orderFlips(*scenario, *other, options, io::builtinUncertaintyBands());
        if (!flips->baseB.valid)
            return invalid(flips->baseB, *comparePath, err);
    }

    if (json) {
        nlohmann::json j = io::toJson(sensitivity);
        if (flips)
            j["flips"] = io::toJson(*flips);
        out << j.dump(2) << "\n";
        return kExitOk;
    }
    if (path.empty())
        out << "(built-in default scenario; give a SCENARIO.json to analyse your own)\n";
    if (options.calibration)
        out << renderCalibrationNote(options.calibration->profile());
    out << renderSensitivity(sensitivity);
    if (flips)
        out << renderFlips(*flips, nameA, *comparePath);
    return kExitOk;
}

} // namespace paraplan::cli
