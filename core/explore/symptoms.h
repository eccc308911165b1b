// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/diagnostics.h"
#include "core/spec/scenario.h"
#include "core/step/evaluator.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// From what a user sees on the real cluster to its likely causes (seed 000 §4.2's troubleshooting
// table, docs/advisor.md): each cause weighed by what the model predicts for this configuration,
// with the seed's commands to check it and its fix. Causes the model cannot see (data loading,
// RDMA settings) are listed after those it can weigh, never dropped.
namespace paraplan {

enum class Symptom { LowGpuUtilization, LossSpikesAfterDpChange, HangAtStep, OomWithFreeMemory, MultiNodeSlower, OneGpuMemoryHigher };
inline constexpr std::array<const char*, 6> kSymptomCodes = { "low_gpu_utilization", "loss_spikes_after_dp_change",
                                                              "hang_at_step",        "oom_with_free_memory",
                                                              "multi_node_slower",   "one_gpu_memory_higher" };
[[nodiscard]] std::optional<Symptom> parseSymptom(std::string_view code);
[[nodiscard]] const char* toString(Symptom symptom);
// The symptom as a user would say it (context "Symptoms"), for lists and reports.
[[nodiscard]] const char* symptomTitle(Symptom symptom);

struct SymptomCause {
    std::string code;
    // What the model can say of it here: the share of the step it costs, or of the memory it takes,
    // in [0, 1]; absent where the model does not see it (a cause to check all the same).
    std::optional<double> weight;
    Sentence why;                    // with this configuration's figures (context "Symptoms")
    std::vector<std::string> checks; // commands to run on the cluster
    Sentence fix;                    // (context "Symptoms")
};

struct SymptomDiagnosis {
    Symptom symptom = Symptom::LowGpuUtilization;
    // Weighed causes by weight, largest first, then the ones the model does not see.
    std::vector<SymptomCause> causes;
};

// `baseline`: the configuration before a change the user made (a loss spike after a DP change).
[[nodiscard]] SymptomDiagnosis diagnoseSymptom(Symptom symptom, const Scenario& scenario, const EvaluateOptions& options,
                                               const std::optional<Scenario>& baseline = std::nullopt);

} // namespace paraplan
