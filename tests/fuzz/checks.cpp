// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/fuzz/fuzz_target.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <set>

namespace paraplan::fuzz {

namespace {

    // The fields the contracts let be null (docs/scenario.md): a result's time to train and cost
    // without a token budget, a search entry's robust rank and deciding rule, an invalid case's
    // prediction. Anywhere else a null is a non-finite number the writer masked.
    bool mayBeNull(const std::string& key)
    {
        // docs/scenario.md, docs/goodput.md and docs/plan.md: a figure absent (no token budget, no
        // price, no failures) or one the model cannot give for a hostile input (a run that never
        // finishes, hardware where no configuration runs).
        static const std::set<std::string> optional
            = { "time_to_train_s", "cost_usd", "robust_rank", "decided_by", "predicted", "error",
                "mtbf_s", "train_tokens", "expected_failures", "token_budget", "deadline_s", "budget_usd",
                "budget_over_optimal", "gpu_hour_usd", "why", "parallel", "micro_batch", "step_s", "tokens_per_s",
                "mfu", "goodput", "time_s", "fastest_within_budget", "cheapest_meeting_deadline", "problem",
                "goodput_fraction", "total_s", "total_cost_usd", "fixed", "saving_fraction", "time_band_s" };
        return optional.count(key) > 0;
    }

    // The path of the first non-finite number under `value`, or nullopt.
    std::optional<std::string> firstNonFinite(const nlohmann::json& value, const std::string& at)
    {
        if (value.is_number_float())
            return std::isfinite(value.get<double>()) ? std::nullopt : std::optional(at.empty() ? "(root)" : at);
        if (value.is_object()) {
            for (const auto& [key, member] : value.items()) {
                if (member.is_null() && !mayBeNull(key))
                    return at + "/" + key + " (null)";
                if (auto found = firstNonFinite(member, at + "/" + key))
                    return found;
            }
        }
        if (value.is_array()) {
            for (size_t i = 0; i < value.size(); ++i)
                if (auto found = firstNonFinite(value[i], at + "/" + std::to_string(i)))
                    return found;
        }
        return std::nullopt;
    }

} // namespace

void requireFinite(const nlohmann::json& document, const std::string& what)
{
    if (const std::optional<std::string> path = firstNonFinite(document, ""))
        throw FuzzFinding(what + " holds a non-finite number at " + *path);
}

void require(bool condition, const std::string& what)
{
    if (!condition)
        throw FuzzFinding(what);
}

} // namespace paraplan::fuzz
