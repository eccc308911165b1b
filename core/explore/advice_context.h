// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/explore/finding.h"
#include "core/step/evaluator.h"

#include <optional>
#include <vector>

// The advisor's parts (core/explore/advisor.h): what every finding shares, and one function per
// family of findings, each in its own file (advisor_pipeline.cpp, advisor_placement.cpp,
// advisor_resources.cpp).
namespace paraplan::advice {

// A proposed scenario and its detailed evaluation.
struct Tried {
    Scenario scenario;
    Result result;
};

class Context {
public:
    Context(const Scenario& scenario, const EvaluateOptions& options, std::optional<Scenario> baseline);

    [[nodiscard]] const Scenario& scenario() const { return m_scenario; }
    [[nodiscard]] const Result& result() const { return m_result; }
    [[nodiscard]] const std::optional<Scenario>& baseline() const { return m_baseline; }
    [[nodiscard]] double step() const { return m_result.time.step; }

    // Rules checked, groups reported, no timeline: what a finding's evidence and gain read.
    [[nodiscard]] Result evaluateDetailed(const Scenario& scenario) const;
    // The fastest proposal that is valid and fits under `memoryShare` of the GPU's memory; on a tie
    // the earlier one, so proposals come smallest change first.
    [[nodiscard]] std::optional<Tried> fastest(const std::vector<Scenario>& proposals, double memoryShare = 1.0) const;
    // A speed finding: reported only where its best proposal gains enough to be worth a change.
    [[nodiscard]] bool worthIt(const Tried& tried) const;

    // The finding with its change re-evaluated: severity from the gain unless `severity` is given.
    [[nodiscard]] Finding finding(const char* code, FindingView view, FindingFocus focus, Sentence evidence,
                                  std::vector<std::pair<std::string, double>> figures, const char* changeTemplate,
                                  std::vector<DiagnosticArg> changeArgs, const Tried& tried,
                                  std::optional<FindingSeverity> severity = std::nullopt) const;

private:
    Scenario m_scenario;
    EvaluateOptions m_options;
    std::optional<Scenario> m_baseline;
    Result m_result;
};

// What changed from the scenario to a proposal, in the fields' own terms: "pp 8 → 4, dp 1 → 2,
// micro-batch 4 → 1 (16 → 32 micro-batches per step)".
[[nodiscard]] std::string changeList(const Scenario& from, const Result& fromResult, const Scenario& to, const Result& toResult);

// The scenario with new degrees: dp derived again, and the layer split (a split is per stage) left
// to the rules' even one.
[[nodiscard]] Scenario withDegrees(const Scenario& scenario, int64_t tp, int64_t pp, int64_t vpp);

// The families of findings (advisor_pipeline.cpp, advisor_placement.cpp, advisor_resources.cpp).
void addPipelineFindings(const Context& context, std::vector<Finding>& findings);
void addPlacementFindings(const Context& context, std::vector<Finding>& findings);
void addResourceFindings(const Context& context, std::vector<Finding>& findings);

} // namespace paraplan::advice
