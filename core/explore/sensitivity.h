// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/diagnostics.h"
#include "core/spec/efficiency_params.h"
#include "core/spec/scenario.h"
#include "core/spec/uncertainty_bands.h"
#include "core/step/evaluator.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

// Which assumption a prediction rests on (docs/sensitivity.md): each input the model cannot know
// exactly moved down and up by a realistic amount and the scenario re-evaluated (the data of a
// tornado chart), and for two pinned configurations whether any such move reverses which is faster.
namespace paraplan {

// The inputs moved, in the order the docs list them.
enum class SensitivityInput {
    InterNodeBandwidth,
    IntraNodeBandwidth,
    GemmEfficiency,
    AttentionEfficiency,
    HbmEfficiency,
    MicroBatch,
    SequenceLength,
    StragglerJitter,
    FrameworkOverhead,
    HostOverhead,
};
inline constexpr std::array<SensitivityInput, 10> kSensitivityInputs = {
    SensitivityInput::InterNodeBandwidth, SensitivityInput::IntraNodeBandwidth, SensitivityInput::GemmEfficiency,
    SensitivityInput::AttentionEfficiency, SensitivityInput::HbmEfficiency,     SensitivityInput::MicroBatch,
    SensitivityInput::SequenceLength,      SensitivityInput::StragglerJitter,   SensitivityInput::FrameworkOverhead,
    SensitivityInput::HostOverhead,
};

// A stable code for scripts: "inter_node_bandwidth", "micro_batch", ...
[[nodiscard]] const char* codeOf(SensitivityInput input);
// The input in English words, a noun the GUI translates (context "Sensitivity").
[[nodiscard]] const char* labelOf(SensitivityInput input);
// The unit of the input's values: "fraction" (a share of a peak or link, or a relative standard
// deviation), "s", "sequences" or "tokens".
[[nodiscard]] const char* unitOf(SensitivityInput input);

// The efficiency constant an input moves (the first of two for the host overhead, which moves
// hostLayerOverheadS and hostMicroBatchOverheadS together); null for the micro-batch and the
// sequence length, which move the scenario.
[[nodiscard]] const EfficiencyParamInfo* constantOf(SensitivityInput input);

// A constant's realistic range about `value`: one prior standard deviation either way, clipped to
// its physical range (kEfficiencyParamInfo).
struct ConstantRange {
    double low = 0;
    double high = 0;
};
[[nodiscard]] ConstantRange realisticRange(const EfficiencyParamInfo& info, double value);

// Why a side of a bar has no step.
struct AbsentSide {
    // "at_physical_limit", "no_half_micro_batch", "no_half_sequence", "odd_global_batch",
    // "out_of_memory", or the code of the rule the move breaks.
    std::string code;
    Sentence reason;                      // context "Sensitivity"
    std::optional<Diagnostic> brokenRule; // the first error where a rule breaks: what it says to change
};

struct SensitivitySide {
    double value = 0;             // the input's value tried, in its unit
    std::optional<Result> result; // the re-evaluation; none where the side is absent
    std::optional<AbsentSide> absent;

    [[nodiscard]] bool present() const { return result.has_value(); }
};

struct SensitivityBar {
    SensitivityInput input = SensitivityInput::InterNodeBandwidth;
    double baseValue = 0;
    SensitivitySide low;  // the input moved down
    SensitivitySide high; // the input moved up
    // |step at high − step at low|; with one side absent, that side's distance from the base step;
    // 0 with both absent.
    double swingS = 0;
};

struct Sensitivity {
    Result base; // evaluate(scenario, options) itself
    // By swing, largest first (ties in kSensitivityInputs order); empty when the base is invalid.
    std::vector<SensitivityBar> bars;
};

[[nodiscard]] Sensitivity sensitivityOf(const Scenario& scenario, const EvaluateOptions& options);

// Which of two configurations is faster.
enum class Faster { A, B, Neither };
[[nodiscard]] Faster fasterOf(double stepA, double stepB);

// One side of an input's move applied to both configurations.
struct FlipSide {
    double valueA = 0, valueB = 0; // the input's value tried on each (micro-batches may differ)
    std::optional<AbsentSide> absent; // either configuration's side absent (A's reason first)
    double stepA = 0, stepB = 0;
    Faster faster = Faster::Neither;
    bool flipped = false; // the faster one at the base is the slower one here

    [[nodiscard]] double marginS() const { return stepB - stepA; } // positive: A is faster
};

struct InputFlip {
    SensitivityInput input = SensitivityInput::InterNodeBandwidth;
    double baseValueA = 0, baseValueB = 0;
    FlipSide low, high;
};

struct OrderFlips {
    bool valid = false; // both configurations valid; else only `verdict` says which is not
    Result baseA, baseB; // as evaluate() gives them, with their 80 % band where the table has one
    Faster faster = Faster::Neither; // at the base
    // Reversals first, then by how little the base's faster configuration leads, closest first.
    std::vector<InputFlip> inputs;
    int flips = 0;   // sides that reverse the order
    Sentence verdict; // context "Sensitivity"
    // Whether the two 80 % bands overlap (the model's own error could reverse the order), and why;
    // none where either configuration has no band.
    std::optional<bool> bandsOverlap;
    std::optional<Sentence> bandVerdict;
};

// `a` and `b` are priced with the same options; `bands` gives each its 80 % band
// (core/explore/uncertainty.h), `options.calibration` the regime's calibration.
[[nodiscard]] OrderFlips orderFlips(const Scenario& a, const Scenario& b, const EvaluateOptions& options,
                                    const UncertaintyBands& bands);

} // namespace paraplan
