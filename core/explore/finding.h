// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/diagnostics.h"
#include "core/spec/rank_layout.h"
#include "core/spec/scenario.h"
#include "core/step/time_components.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

// One of the advisor's findings (core/explore/advisor.h): what it saw, what it recommends, and the
// recommended scenario re-evaluated.
namespace paraplan {

enum class FindingSeverity { High, Medium, Low };
[[nodiscard]] const char* toString(FindingSeverity severity); // "high", "medium", "low"

// The view that shows a finding's evidence.
enum class FindingView { Timeline, Bubble, Memory, Breakdown, Topology, Compare };
[[nodiscard]] const char* toString(FindingView view); // "timeline", "bubble", ...

// What a view highlights for the finding: a stage, a kind of group, a part of the step.
struct FindingFocus {
    std::optional<int64_t> stage;
    std::optional<CommGroup> group;
    std::optional<TimeComponent> component;

    [[nodiscard]] static FindingFocus onStage(int64_t stage) { return { stage, std::nullopt, std::nullopt }; }
    [[nodiscard]] static FindingFocus onComponent(TimeComponent c) { return { std::nullopt, std::nullopt, c }; }
    [[nodiscard]] static FindingFocus onGroup(CommGroup g, TimeComponent c) { return { std::nullopt, g, c }; }

    bool operator==(const FindingFocus&) const = default;
};

struct Finding {
    std::string code; // stable, for scripts: "bubble_high", "tp_group_on_shared_link", ...
    FindingSeverity severity = FindingSeverity::Low;
    FindingView view = FindingView::Breakdown;
    FindingFocus focus;
    Sentence evidence; // the figures that show it (context "Advisor")
    std::vector<std::pair<std::string, double>> figures; // the same figures for scripts, SI units
    Sentence change;   // the recommended change in words (context "Advisor")
    Scenario changed;  // the scenario with the change made: the patch is its difference
    double stepBefore = 0;
    double stepAfter = 0; // evaluate(changed)
    double peakMemoryAfter = 0; // bytes, the fullest stage of the changed scenario
    // stepBefore − stepAfter; may be negative where the change buys safety (memory headroom).
    double gainS = 0;
    bool safety = false; // the change is about running at all, not speed: listed first
};

} // namespace paraplan
