// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/explore/advisor.h"
#include "core/explore/symptoms.h"

#include <nlohmann/json.hpp>

// The advisor's findings as JSON (docs/advisor.md): `paraplan-cli advise S --json` prints it.
namespace paraplan::io {

// {"step_s", "findings": [{"code", "severity", "view", "focus", "evidence", "figures", "change",
// "change_text", "step_s_after", "gain_s", "peak_memory_gib_after"}]}, where `change` is the JSON
// merge patch (RFC 7396) that turns `scenario` into the finding's changed scenario.
[[nodiscard]] nlohmann::json toJson(const Advice& advice, const Scenario& scenario);

// {"symptom", "title", "causes": [{"code", "weight" (null where the model does not see it), "why",
// "checks", "fix"}]}.
[[nodiscard]] nlohmann::json toJson(const SymptomDiagnosis& diagnosis);

// The merge patch (RFC 7396) that turns `from` into `to`: objects recurse, anything else that
// differs is replaced whole, and a key `to` lacks is null.
[[nodiscard]] nlohmann::json mergePatchBetween(const nlohmann::json& from, const nlohmann::json& to);

} // namespace paraplan::io
