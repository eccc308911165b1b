// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/explore/phase_plan.h"
#include "core/explore/run_plan.h"
#include "core/spec/catalog.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

// The plan file `paraplan-cli plan` reads and the result it writes (docs/plan.md): a scenario (inline
// or a path), the hardware to choose among with its node counts and prices, a deadline and a budget,
// and a run in phases.
namespace paraplan::io {

// Each node count of each kind of hardware runs a search (up to a second on a large cluster): a
// plan asks for at most this many, which already takes minutes.
inline constexpr size_t kMostPlanHardware = 16;
inline constexpr size_t kMostPlanNodeCounts = 64; // per kind of hardware
// Runs published in phases have a handful (Llama 3: pre-training, long context, annealing).
inline constexpr size_t kMostPlanPhases = 32;

struct PlanFile {
    // Its scenario complete: without a cluster of its own it takes the first hardware's, at that
    // hardware's smallest node count and price.
    PlanRequest request;
    std::vector<PlanPhase> phases;
    std::optional<ParallelSpec> fixedParallel; // the fixed run's micro-batch is the scenario's
};

// `folder`: where a "scenario" given as a relative path lies (the plan file's folder); none: a plan
// read from text alone, whose scenario must be inline. Throws ReadError naming the JSON path.
[[nodiscard]] PlanFile readPlan(const nlohmann::json& document, const Catalog& catalog,
                                const std::optional<std::filesystem::path>& folder);
// The file at `path`, its scenario path resolved against its folder.
[[nodiscard]] PlanFile readPlanFile(const std::string& path, const Catalog& catalog);

// The result of `paraplan-cli plan --json`: the plans of the hardware with their optima and
// frontier, the token budget against Chinchilla's point, and the phases when the file has some.
[[nodiscard]] nlohmann::json toJson(const PlanFile& file, const RunPlan& plan, const std::optional<PhasePlan>& phases);
// The phases' part of it; `phases` as the plan gave them (their names).
[[nodiscard]] nlohmann::json toJson(const PhasePlan& plan, const std::vector<PlanPhase>& phases);

} // namespace paraplan::io
