// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/io/sensitivity_json.h"

#include "core/io/result_json.h"

#include <cmath>

namespace paraplan::io {

// The helpers live in a namespace of their own: a unity build compiles this file in one unit with
// other io/ files, whose anonymous namespaces would otherwise share these names.
namespace {
namespace tornado_json {

nlohmann::json number(double value) { return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(); }

nlohmann::json absentJson(const AbsentSide& absent)
{
    nlohmann::json j = { { "code", absent.code }, { "reason", absent.reason.text } };
    if (absent.brokenRule)
        j["rule"] = { { "code", absent.brokenRule->code },
                      { "path", absent.brokenRule->path },
                      { "message", absent.brokenRule->message } };
    return { { "absent", j } };
}

nlohmann::json sideJson(const SensitivitySide& side)
{
    if (!side.present())
        return absentJson(*side.absent);
    return { { "value", number(side.value) },
             { "step_s", number(side.result->time.step) },
             { "tokens_per_s", number(side.result->tokensPerS) },
             { "micro_batches", side.result->microBatches },
             { "recompute", toString(side.result->recomputeChosen) },
             { "fits", side.result->fits } };
}

nlohmann::json inputJson(SensitivityInput input)
{
    return { { "code", codeOf(input) }, { "label", labelOf(input) }, { "unit", unitOf(input) } };
}

const char* fasterName(Faster faster)
{
    switch (faster) {
    case Faster::A:
        return "a";
    case Faster::B:
        return "b";
    case Faster::Neither:
        break;
    }
    return "neither";
}

nlohmann::json flipSideJson(const FlipSide& side)
{
    if (side.absent)
        return absentJson(*side.absent);
    return { { "value_a", number(side.valueA) }, { "value_b", number(side.valueB) },
             { "step_a_s", number(side.stepA) }, { "step_b_s", number(side.stepB) },
             { "margin_s", number(side.marginS()) }, { "faster", fasterName(side.faster) },
             { "flipped", side.flipped } };
}

nlohmann::json bandJson(const std::optional<StepUncertainty>& band)
{
    if (!band)
        return nullptr;
    return { { "p10", number(band->p10) }, { "p50", number(band->p50) }, { "p90", number(band->p90) } };
}

nlohmann::json errorsOf(const Result& result) { return toJson(result)["errors"]; }

} // namespace tornado_json
} // namespace

nlohmann::json toJson(const Sensitivity& sensitivity)
{
    using namespace tornado_json;
    const Result& base = sensitivity.base;
    if (!base.valid)
        return { { "valid", false }, { "errors", errorsOf(base) } };
    nlohmann::json inputs = nlohmann::json::array();
    for (const SensitivityBar& bar : sensitivity.bars) {
        nlohmann::json j = inputJson(bar.input);
        j["base_value"] = number(bar.baseValue);
        j["low"] = sideJson(bar.low);
        j["high"] = sideJson(bar.high);
        j["swing_s"] = number(bar.swingS);
        inputs.push_back(std::move(j));
    }
    return { { "valid", true },
             { "base_step_s", number(base.time.step) },
             { "base_tokens_per_s", number(base.tokensPerS) },
             { "inputs", std::move(inputs) } };
}

nlohmann::json toJson(const OrderFlips& flips)
{
    using namespace tornado_json;
    if (!flips.valid)
        return { { "valid", false },
                 { "verdict", flips.verdict.text },
                 { "a_errors", errorsOf(flips.baseA) },
                 { "b_errors", errorsOf(flips.baseB) } };
    nlohmann::json inputs = nlohmann::json::array();
    for (const InputFlip& flip : flips.inputs) {
        nlohmann::json j = inputJson(flip.input);
        j["base_value_a"] = number(flip.baseValueA);
        j["base_value_b"] = number(flip.baseValueB);
        j["low"] = flipSideJson(flip.low);
        j["high"] = flipSideJson(flip.high);
        inputs.push_back(std::move(j));
    }
    return { { "valid", true },
             { "a_step_s", number(flips.baseA.time.step) },
             { "b_step_s", number(flips.baseB.time.step) },
             { "faster", fasterName(flips.faster) },
             { "flips", flips.flips },
             { "verdict", flips.verdict.text },
             { "bands", { { "a", bandJson(flips.baseA.uncertainty) }, { "b", bandJson(flips.baseB.uncertainty) } } },
             { "bands_overlap", flips.bandsOverlap ? nlohmann::json(*flips.bandsOverlap) : nlohmann::json() },
             { "band_verdict", flips.bandVerdict ? nlohmann::json(flips.bandVerdict->text) : nlohmann::json() },
             { "inputs", std::move(inputs) } };
}

} // namespace paraplan::io
