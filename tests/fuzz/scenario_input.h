// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/network/calibration.h"
#include "core/spec/scenario.h"
#include "core/step/result.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

// What the targets that reach the cost model share: reading a scenario as paraplan-cli does and
// writing it back, the scenario a topology reaches the model in, the bound on what a search may
// cost, evaluate() with its checks, and the checks of a calibration profile a reader made.
namespace paraplan::fuzz {

// The input through the scenario reader and the built-in catalog; nullopt when it is refused.
[[nodiscard]] std::optional<Scenario> readScenarioInput(const uint8_t* data, size_t size);

// Throws FuzzFinding unless the scenario, written by the scenario writer (as projects and the
// workbench save it), reads back as the same scenario.
void requireWrittenScenarioReadsBack(const Scenario& scenario);

// A small scenario (Llama 3.1 8B, TP 2 on two DGX H100 nodes) as text, with `topologyJson` as its
// cluster.topology: how a topology file or an imported node reaches the cost model.
[[nodiscard]] std::string scenarioWithTopology(const std::string& topologyJson);

// Whether a search or a landscape of `scenario` takes milliseconds, so that no input can take
// seconds: a cluster of few GPUs and a model of few layers.
[[nodiscard]] bool smallEnoughToSearch(const Scenario& scenario);

// evaluate() as `paraplan-cli evaluate` runs it (with the timeline the workbench draws, the step's
// band, the JSON and the text report); throws FuzzFinding for a NaN or an infinity anywhere in it.
Result evaluateAndCheck(const Scenario& scenario, const std::shared_ptr<const Calibration>& calibration = nullptr);

// Throws FuzzFinding unless `profile`, written as paraplan-cli writes it, reads back as the same
// profile and, unless measured on CPUs (which the CLI refuses), prices the small scenario above
// with finite figures.
void requireProfileReadsBackAndPrices(const CalibrationProfile& profile);

} // namespace paraplan::fuzz
