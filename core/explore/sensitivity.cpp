// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/explore/sensitivity.h"

#include "core/explore/uncertainty.h"
#include "core/spec/figure_text.h"
#include "core/spec/translatable.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace paraplan {

// The helpers live in a namespace of their own: a unity build compiles this file in one unit with
// other explore/ files, whose anonymous namespaces would otherwise share these names.
namespace {
namespace tornado {

// How a move is said in the verdict: a rate by how much lower or higher it is ("inter-node
// bandwidth is 4.4 % lower"), a size halved or doubled, anything else by its value ("framework
// overhead per step is 0 s instead of 17.6 ms").
enum class MoveWording { Relative, Scaled, Absolute };

struct InputTraits {
    const char* code;
    const char* label;
    const char* unit;
    MoveWording wording;
    double EfficiencyParams::*constant;  // null: the input moves the scenario
    double EfficiencyParams::*companion; // a constant moved along with it, or null
};

// In SensitivityInput's order. The bandwidths move NCCL's efficiency on the links of their kind:
// every group's bus rate is the link's GB/s times it (core/network/placement.cpp), whether the
// cluster is a summary or an explicit topology.
constexpr std::array<InputTraits, kSensitivityInputs.size()> kTraits{ {
    { "inter_node_bandwidth", QT_TRANSLATE_NOOP("Sensitivity", "inter-node bandwidth"), "fraction",
      MoveWording::Relative, &EfficiencyParams::ncclInterNodeEfficiency, nullptr },
    { "intra_node_bandwidth", QT_TRANSLATE_NOOP("Sensitivity", "intra-node bandwidth"), "fraction",
      MoveWording::Relative, &EfficiencyParams::ncclIntraNodeEfficiency, nullptr },
    { "gemm_efficiency", QT_TRANSLATE_NOOP("Sensitivity", "GEMM efficiency"), "fraction", MoveWording::Relative,
      &EfficiencyParams::gemmCeiling, nullptr },
    { "attention_efficiency", QT_TRANSLATE_NOOP("Sensitivity", "attention efficiency"), "fraction",
      MoveWording::Relative, &EfficiencyParams::attentionEfficiency, nullptr },
    { "hbm_efficiency", QT_TRANSLATE_NOOP("Sensitivity", "HBM efficiency"), "fraction", MoveWording::Relative,
      &EfficiencyParams::hbmEfficiency, nullptr },
    { "micro_batch", QT_TRANSLATE_NOOP("Sensitivity", "micro-batch"), "sequences", MoveWording::Scaled, nullptr,
      nullptr },
    { "sequence_length", QT_TRANSLATE_NOOP("Sensitivity", "sequence length"), "tokens", MoveWording::Scaled, nullptr,
      nullptr },
    { "straggler_jitter", QT_TRANSLATE_NOOP("Sensitivity", "straggler jitter"), "fraction", MoveWording::Absolute,
      &EfficiencyParams::rankJitter, nullptr },
    { "framework_overhead", QT_TRANSLATE_NOOP("Sensitivity", "framework overhead per step"), "s",
      MoveWording::Absolute, &EfficiencyParams::stepOverheadS, nullptr },
    // The host's launch time per layer and per micro-batch are the same framework on the same CPU:
    // a slower host is slower at both, so they move together.
    { "host_overhead", QT_TRANSLATE_NOOP("Sensitivity", "host launch time per layer"), "s", MoveWording::Absolute,
      &EfficiencyParams::hostLayerOverheadS, &EfficiencyParams::hostMicroBatchOverheadS },
} };

const InputTraits& traitsOf(SensitivityInput input) { return kTraits[size_t(input)]; }

const EfficiencyParamInfo& infoOf(double EfficiencyParams::*member)
{
    return *std::find_if(kEfficiencyParamInfo.begin(), kEfficiencyParamInfo.end(),
                         [&](const EfficiencyParamInfo& info) { return info.member == member; });
}

enum class Direction { Down, Up };

std::string wholeText(double value) { return std::to_string(std::llround(value)); }

// A value of the input as its sentences write it.
std::string valueText(SensitivityInput input, double value)
{
    const std::string unit = unitOf(input);
    if (unit == "fraction")
        return percentText(value);
    if (unit == "s")
        return durationText(value);
    return wholeText(value);
}

DiagnosticArg labelArg(SensitivityInput input) { return { labelOf(input), true }; }

AbsentSide atPhysicalLimit(SensitivityInput input, double value)
{
    return { "at_physical_limit",
             makeSentence(QT_TRANSLATE_NOOP("Sensitivity", "The %1 is already at the end of its physical range (%2)."),
                          { labelArg(input), { valueText(input, value) } }),
             std::nullopt };
}

// What a move does before anything is evaluated: the scenario and constants it prices, the value
// it tried, or why it cannot be made at all.
struct Move {
    Scenario scenario;
    EvaluateOptions options;
    double value = 0;
    std::optional<AbsentSide> refused;
};

double movedConstant(double EfficiencyParams::*member, const EfficiencyParams& params, Direction direction)
{
    const ConstantRange range = realisticRange(infoOf(member), params.*member);
    return direction == Direction::Down ? range.low : range.high;
}

Move moveConstant(SensitivityInput input, Direction direction, Move move)
{
    const InputTraits& traits = traitsOf(input);
    EfficiencyParams& params = move.options.params;
    const double base = params.*traits.constant;
    move.value = movedConstant(traits.constant, params, direction);
    if (move.value == base)
        move.refused = atPhysicalLimit(input, base);
    params.*traits.constant = move.value;
    if (traits.companion)
        params.*traits.companion = movedConstant(traits.companion, params, direction);
    return move;
}

Move moveMicroBatch(Direction direction, Move move)
{
    TrainingSpec& t = move.scenario.training;
    if (direction == Direction::Up) {
        t.microBatch *= 2;
        move.value = double(t.microBatch);
        return move;
    }
    move.value = double(t.microBatch) / 2;
    if (t.microBatch % 2 != 0)
        move.refused = AbsentSide{ "no_half_micro_batch",
                                   makeSentence(QT_TRANSLATE_NOOP("Sensitivity", "A micro-batch of %1 cannot be halved "
                                                                                 "into whole sequences."),
                                                { { wholeText(double(t.microBatch)) } }),
                                   std::nullopt };
    t.microBatch /= 2;
    return move;
}

// The same tokens per step: a sequence twice as long takes half the sequences (a run that goes to
// 8k keeps its batch in tokens), so the step compares the same work.
Move moveSequence(Direction direction, Move move)
{
    TrainingSpec& t = move.scenario.training;
    if (direction == Direction::Down) {
        move.value = double(t.seqLen) / 2;
        if (t.seqLen % 2 != 0)
            move.refused = AbsentSide{ "no_half_sequence",
                                       makeSentence(QT_TRANSLATE_NOOP("Sensitivity", "A sequence of %1 tokens cannot "
                                                                                     "be halved into whole tokens."),
                                                    { { wholeText(double(t.seqLen)) } }),
                                       std::nullopt };
        t.seqLen /= 2;
        t.globalBatch *= 2;
        return move;
    }
    move.value = double(t.seqLen) * 2;
    if (t.globalBatch % 2 != 0)
        move.refused = AbsentSide{ "odd_global_batch",
                                   makeSentence(QT_TRANSLATE_NOOP("Sensitivity",
                                                                  "Twice the sequence at the same tokens per step "
                                                                  "takes half the global batch, and %1 sequences "
                                                                  "cannot be halved."),
                                                { { wholeText(double(t.globalBatch)) } }),
                                   std::nullopt };
    t.seqLen *= 2;
    t.globalBatch /= 2;
    return move;
}

Move moveInput(SensitivityInput input, Direction direction, const Scenario& scenario, const EvaluateOptions& options)
{
    Move move{ scenario, options, 0, std::nullopt };
    if (traitsOf(input).constant)
        return moveConstant(input, direction, std::move(move));
    return input == SensitivityInput::MicroBatch ? moveMicroBatch(direction, std::move(move))
                                                 : moveSequence(direction, std::move(move));
}

double baseValueOf(SensitivityInput input, const Scenario& scenario, const EvaluateOptions& options)
{
    if (const auto constant = traitsOf(input).constant)
        return options.params.*constant;
    return double(input == SensitivityInput::MicroBatch ? scenario.training.microBatch : scenario.training.seqLen);
}

AbsentSide brokenRule(SensitivityInput input, double value, const Diagnostics& diagnostics)
{
    const Diagnostic& rule = *std::find_if(diagnostics.begin(), diagnostics.end(),
                                           [](const Diagnostic& d) { return d.severity == Severity::Error; });
    // The rule's own sentence (context "Diagnostics") is the last figure: the GUI can put its
    // translation there from `brokenRule`.
    return { rule.code,
             makeSentence(QT_TRANSLATE_NOOP("Sensitivity", "With the %1 at %2 the configuration breaks a rule: %3"),
                          { labelArg(input), { valueText(input, value) }, { rule.message } }),
             rule };
}

AbsentSide outOfMemory(SensitivityInput input, double value, const Result& moved)
{
    return { "out_of_memory",
             makeSentence(QT_TRANSLATE_NOOP("Sensitivity", "With the %1 at %2 the fullest stage needs %3 per GPU, "
                                                           "more than the GPU's %4."),
                          { labelArg(input), { valueText(input, value) }, { gibText(moved.memory.total()) },
                            { gibText(moved.capacityBytes) } }),
             std::nullopt };
}

// The move priced. A side is absent where the move breaks a rule, or no longer fits where the base
// did (a base that does not fit is still priced: its moves show what the assumptions do).
SensitivitySide sideOf(SensitivityInput input, Move move, const Result& base)
{
    SensitivitySide side;
    side.value = move.value;
    if (move.refused) {
        side.absent = std::move(move.refused);
        return side;
    }
    Result moved = evaluate(move.scenario, move.options);
    if (!moved.valid)
        side.absent = brokenRule(input, move.value, moved.diagnostics);
    else if (base.fits && !moved.fits)
        side.absent = outOfMemory(input, move.value, moved);
    else
        side.result = std::move(moved);
    return side;
}

double swingOf(const SensitivityBar& bar, double baseStep)
{
    const auto stepOr = [&](const SensitivitySide& side) { return side.present() ? side.result->time.step : baseStep; };
    return std::fabs(stepOr(bar.high) - stepOr(bar.low));
}

SensitivityBar barOf(SensitivityInput input, const Scenario& scenario, const EvaluateOptions& options,
                     const Result& base)
{
    SensitivityBar bar;
    bar.input = input;
    bar.baseValue = baseValueOf(input, scenario, options);
    bar.low = sideOf(input, moveInput(input, Direction::Down, scenario, options), base);
    bar.high = sideOf(input, moveInput(input, Direction::Up, scenario, options), base);
    bar.swingS = swingOf(bar, base.time.step);
    return bar;
}

// ---- Order flips ------------------------------------------------------------------------------

const SensitivityBar& barFor(const Sensitivity& sensitivity, SensitivityInput input)
{
    return *std::find_if(sensitivity.bars.begin(), sensitivity.bars.end(),
                         [&](const SensitivityBar& bar) { return bar.input == input; });
}

FlipSide flipSideOf(const SensitivitySide& a, const SensitivitySide& b, Faster atBase)
{
    FlipSide side;
    side.valueA = a.value;
    side.valueB = b.value;
    if (!a.present() || !b.present()) {
        side.absent = a.absent ? a.absent : b.absent;
        return side;
    }
    side.stepA = a.result->time.step;
    side.stepB = b.result->time.step;
    side.faster = fasterOf(side.stepA, side.stepB);
    side.flipped = atBase != Faster::Neither && side.faster != Faster::Neither && side.faster != atBase;
    return side;
}

// How far ahead the base's faster configuration is on a side, relative to its own step: negative
// where the order reversed; infinite where the side is absent or the base is a tie.
double leadOf(const FlipSide& side, Faster atBase)
{
    if (side.absent || atBase == Faster::Neither)
        return std::numeric_limits<double>::infinity();
    return atBase == Faster::A ? (side.stepB - side.stepA) / side.stepA : (side.stepA - side.stepB) / side.stepB;
}

double closestLead(const InputFlip& flip, Faster atBase)
{
    return std::min(leadOf(flip.low, atBase), leadOf(flip.high, atBase));
}

const char* nameOf(Faster which) { return which == Faster::A ? "A" : "B"; }
Faster otherOf(Faster which) { return which == Faster::A ? Faster::B : Faster::A; }

// The side of `flips` where the base's faster configuration leads least (most negative: the
// largest reversal).
struct ClosestSide {
    const InputFlip* flip = nullptr;
    const FlipSide* side = nullptr;
    bool low = false;
};

ClosestSide closestSide(const std::vector<InputFlip>& flips, Faster atBase)
{
    ClosestSide closest;
    double least = std::numeric_limits<double>::infinity();
    for (const InputFlip& flip : flips)
        for (const bool low : { true, false }) {
            const FlipSide& side = low ? flip.low : flip.high;
            if (const double lead = leadOf(side, atBase); lead < least) {
                least = lead;
                closest = { &flip, &side, low };
            }
        }
    return closest;
}

// The move of the closest side in the verdict's words: its template's figures after the two
// configurations' names, and which of the three wordings it takes.
struct MoveWords {
    MoveWording wording;
    bool lower;
    std::vector<DiagnosticArg> args;
};

MoveWords moveWords(const ClosestSide& closest)
{
    const SensitivityInput input = closest.flip->input;
    const MoveWording wording = traitsOf(input).wording;
    MoveWords words{ wording, closest.low, { labelArg(input) } };
    if (wording == MoveWording::Relative)
        words.args.push_back({ percentText(std::fabs(closest.side->valueA / closest.flip->baseValueA - 1)) });
    else if (wording == MoveWording::Absolute) {
        words.args.push_back({ valueText(input, closest.side->valueA) });
        words.args.push_back({ valueText(input, closest.flip->baseValueA) });
    }
    return words;
}

// The templates by wording (relative lower, relative higher, halved, doubled, absolute): those
// where the order holds, then those where it reverses.
const char* stayTemplate(const MoveWords& words)
{
    switch (words.wording) {
    case MoveWording::Relative:
        return words.lower ? QT_TRANSLATE_NOOP("Sensitivity", "%1 stays faster than %2 under every input's realistic "
                                                              "range; the closest call is the %3 %4 lower, where %1 "
                                                              "still leads by %5.")
                           : QT_TRANSLATE_NOOP("Sensitivity", "%1 stays faster than %2 under every input's realistic "
                                                              "range; the closest call is the %3 %4 higher, where %1 "
                                                              "still leads by %5.");
    case MoveWording::Scaled:
        return words.lower ? QT_TRANSLATE_NOOP("Sensitivity", "%1 stays faster than %2 under every input's realistic "
                                                              "range; the closest call is the %3 halved, where %1 "
                                                              "still leads by %4.")
                           : QT_TRANSLATE_NOOP("Sensitivity", "%1 stays faster than %2 under every input's realistic "
                                                              "range; the closest call is the %3 doubled, where %1 "
                                                              "still leads by %4.");
    case MoveWording::Absolute:
        break;
    }
    return QT_TRANSLATE_NOOP("Sensitivity", "%1 stays faster than %2 under every input's realistic range; the closest "
                                            "call is the %3 at %4 instead of %5, where %1 still leads by %6.");
}

const char* flipTemplate(const MoveWords& words)
{
    switch (words.wording) {
    case MoveWording::Relative:
        return words.lower ? QT_TRANSLATE_NOOP("Sensitivity", "%1 becomes faster than %2 when the %3 is %4 lower: %5 "
                                                              "against %6 (%7 of the %8 moves reverse the order).")
                           : QT_TRANSLATE_NOOP("Sensitivity", "%1 becomes faster than %2 when the %3 is %4 higher: %5 "
                                                              "against %6 (%7 of the %8 moves reverse the order).");
    case MoveWording::Scaled:
        return words.lower ? QT_TRANSLATE_NOOP("Sensitivity", "%1 becomes faster than %2 when the %3 is halved: %4 "
                                                              "against %5 (%6 of the %7 moves reverse the order).")
                           : QT_TRANSLATE_NOOP("Sensitivity", "%1 becomes faster than %2 when the %3 is doubled: %4 "
                                                              "against %5 (%6 of the %7 moves reverse the order).");
    case MoveWording::Absolute:
        break;
    }
    return QT_TRANSLATE_NOOP("Sensitivity", "%1 becomes faster than %2 when the %3 is %4 instead of %5: %6 against %7 "
                                            "(%8 of the %9 moves reverse the order).");
}

int movesMade(const std::vector<InputFlip>& flips)
{
    int made = 0;
    for (const InputFlip& flip : flips)
        made += int(!flip.low.absent) + int(!flip.high.absent);
    return made;
}

Sentence verdictOf(const OrderFlips& f)
{
    const double stepA = f.baseA.time.step, stepB = f.baseB.time.step;
    if (f.faster == Faster::Neither)
        return makeSentence(QT_TRANSLATE_NOOP("Sensitivity", "A and B predict the same step, %1: which is faster "
                                                             "depends on the inputs."),
                            { { durationText(stepA) } });
    const ClosestSide closest = closestSide(f.inputs, f.faster);
    const DiagnosticArg winner{ nameOf(f.faster) }, loser{ nameOf(otherOf(f.faster)) };
    if (!closest.flip)
        return makeSentence(QT_TRANSLATE_NOOP("Sensitivity", "%1 is faster than %2 (%3 against %4); no input could "
                                                             "be moved to test it."),
                            { winner, loser, { durationText(std::min(stepA, stepB)) },
                              { durationText(std::max(stepA, stepB)) } });
    MoveWords words = moveWords(closest);
    const FlipSide& side = *closest.side;
    std::vector<DiagnosticArg> args;
    if (!side.flipped) {
        args = { winner, loser };
        args.insert(args.end(), words.args.begin(), words.args.end());
        args.push_back({ percentText(leadOf(side, f.faster)) });
        return makeSentence(stayTemplate(words), std::move(args));
    }
    const double newWinner = std::min(side.stepA, side.stepB), newLoser = std::max(side.stepA, side.stepB);
    args = { loser, winner };
    args.insert(args.end(), words.args.begin(), words.args.end());
    args.push_back({ durationText(newWinner) });
    args.push_back({ durationText(newLoser) });
    args.push_back({ std::to_string(f.flips) });
    args.push_back({ std::to_string(movesMade(f.inputs)) });
    return makeSentence(flipTemplate(words), std::move(args));
}

bool overlaps(const StepUncertainty& a, const StepUncertainty& b)
{
    return std::max(a.p10, b.p10) <= std::min(a.p90, b.p90);
}

Sentence bandVerdictOf(const StepUncertainty& a, const StepUncertainty& b, bool overlap)
{
    std::vector<DiagnosticArg> args{ { durationText(a.p10) }, { durationText(a.p90) }, { durationText(b.p10) },
                                     { durationText(b.p90) } };
    return makeSentence(overlap ? QT_TRANSLATE_NOOP("Sensitivity", "The 80 % bands overlap (A %1 to %2, B %3 to %4): "
                                                                   "the model's own error could reverse the order, "
                                                                   "whatever the inputs.")
                                : QT_TRANSLATE_NOOP("Sensitivity", "The 80 % bands do not overlap (A %1 to %2, B %3 to "
                                                                   "%4): the model's own error alone does not reverse "
                                                                   "the order."),
                        std::move(args));
}

Sentence invalidVerdict(const Result& a, const Result& b)
{
    const bool aBroken = !a.valid;
    const Diagnostics& diagnostics = aBroken ? a.diagnostics : b.diagnostics;
    const auto rule = std::find_if(diagnostics.begin(), diagnostics.end(),
                                   [](const Diagnostic& d) { return d.severity == Severity::Error; });
    return makeSentence(QT_TRANSLATE_NOOP("Sensitivity", "%1 is not a valid configuration: %2"),
                        { { aBroken ? "A" : "B" }, { rule != diagnostics.end() ? rule->message : std::string() } });
}

void attachBands(OrderFlips& f, const Scenario& a, const Scenario& b, const UncertaintyBands& bands, bool calibrated)
{
    f.baseA.uncertainty = uncertaintyOf(a, f.baseA, bands, calibrated);
    f.baseB.uncertainty = uncertaintyOf(b, f.baseB, bands, calibrated);
    if (!f.baseA.uncertainty || !f.baseB.uncertainty)
        return;
    f.bandsOverlap = overlaps(*f.baseA.uncertainty, *f.baseB.uncertainty);
    f.bandVerdict = bandVerdictOf(*f.baseA.uncertainty, *f.baseB.uncertainty, *f.bandsOverlap);
}

} // namespace tornado
} // namespace

const char* codeOf(SensitivityInput input) { return tornado::traitsOf(input).code; }
const char* labelOf(SensitivityInput input) { return tornado::traitsOf(input).label; }
const char* unitOf(SensitivityInput input) { return tornado::traitsOf(input).unit; }

const EfficiencyParamInfo* constantOf(SensitivityInput input)
{
    const auto constant = tornado::traitsOf(input).constant;
    return constant ? &tornado::infoOf(constant) : nullptr;
}

ConstantRange realisticRange(const EfficiencyParamInfo& info, double value)
{
    return { std::clamp(value - info.priorSpread, info.lower, info.upper),
             std::clamp(value + info.priorSpread, info.lower, info.upper) };
}

Sensitivity sensitivityOf(const Scenario& scenario, const EvaluateOptions& options)
{
    Sensitivity sensitivity;
    sensitivity.base = evaluate(scenario, options);
    if (!sensitivity.base.valid)
        return sensitivity;
    EvaluateOptions moved = options;
    moved.recordTimeline = false; // a bar needs the step, not its slices
    moved.diagnostics = true;     // a moved scenario may break a rule: the side then says which
    for (const SensitivityInput input : kSensitivityInputs)
        sensitivity.bars.push_back(tornado::barOf(input, scenario, moved, sensitivity.base));
    std::stable_sort(sensitivity.bars.begin(), sensitivity.bars.end(),
                     [](const SensitivityBar& x, const SensitivityBar& y) { return x.swingS > y.swingS; });
    return sensitivity;
}

Faster fasterOf(double stepA, double stepB)
{
    return stepA < stepB ? Faster::A : stepB < stepA ? Faster::B : Faster::Neither;
}

OrderFlips orderFlips(const Scenario& a, const Scenario& b, const EvaluateOptions& options,
                      const UncertaintyBands& bands)
{
    const Sensitivity onA = sensitivityOf(a, options), onB = sensitivityOf(b, options);
    OrderFlips f;
    f.baseA = onA.base;
    f.baseB = onB.base;
    f.valid = f.baseA.valid && f.baseB.valid;
    if (!f.valid) {
        f.verdict = tornado::invalidVerdict(f.baseA, f.baseB);
        return f;
    }
    tornado::attachBands(f, a, b, bands, options.calibration != nullptr);
    f.faster = fasterOf(f.baseA.time.step, f.baseB.time.step);
    for (const SensitivityInput input : kSensitivityInputs) {
        const SensitivityBar &barA = tornado::barFor(onA, input), &barB = tornado::barFor(onB, input);
        InputFlip flip{ input, barA.baseValue, barB.baseValue, tornado::flipSideOf(barA.low, barB.low, f.faster),
                        tornado::flipSideOf(barA.high, barB.high, f.faster) };
        f.flips += int(flip.low.flipped) + int(flip.high.flipped);
        f.inputs.push_back(std::move(flip));
    }
    std::stable_sort(f.inputs.begin(), f.inputs.end(), [&](const InputFlip& x, const InputFlip& y) {
        return tornado::closestLead(x, f.faster) < tornado::closestLead(y, f.faster);
    });
    f.verdict = tornado::verdictOf(f);
    return f;
}

} // namespace paraplan
