// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/rank_layout.h"
#include "core/step/result.h"

#include <array>

// The exposed parts of a step as an enumeration, so plots, tables and comparisons walk them in
// one order with one name each.
namespace paraplan {

enum class TimeComponent { Compute, Recompute, TpComm, CpComm, EpComm, PpComm, DpComm, Bubble, Optimizer, Other };

inline constexpr std::array<TimeComponent, 10> kTimeComponents{
    TimeComponent::Compute, TimeComponent::Recompute, TimeComponent::TpComm,  TimeComponent::CpComm,
    TimeComponent::EpComm,  TimeComponent::PpComm,    TimeComponent::DpComm,  TimeComponent::Bubble,
    TimeComponent::Optimizer, TimeComponent::Other,
};

// The contract's key for the component in `time_s` ("tp_comm", ...).
[[nodiscard]] const char* componentKey(TimeComponent component);
[[nodiscard]] double componentSeconds(const TimeBreakdown& time, TimeComponent component);
// Seconds of a communication component that ran under compute, beside the exposed ones above (TP,
// CP, EP and DP; 0 for every other component).
[[nodiscard]] double hiddenSeconds(const TimeBreakdown& time, TimeComponent component);
// The part of the step a kind of group's traffic is counted in (the expert groups with their dense
// kind's, the embedding's synchronisation with the gradients').
[[nodiscard]] TimeComponent componentOfGroup(CommGroup group);

} // namespace paraplan
