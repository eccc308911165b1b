// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/network/group_report.h"
#include "core/network/placement.h"
#include "core/spec/diagnostics.h"

// Warnings that name a group whose collectives run well below what its GPUs' own links allow,
// and the link that holds it back: a TP group across PCIe switches through the CPU, DP groups
// sharing one NIC, an oversubscribed spine (seed 000's placement lessons) or core, flows that
// ECMP hashes unevenly onto a switch's uplinks.
namespace paraplan {

// How much slower than its own links a group must run before it is worth a warning.
inline constexpr double kSlowGroupFactor = 1.25;

void addPlacementWarnings(Diagnostics& diagnostics, const GroupPlacements& groups, const EfficiencyParams& params);

// Each kind of group that communicates, with the link that bounds it (for reports).
[[nodiscard]] std::vector<GroupReport> groupReports(const GroupPlacements& groups, const EfficiencyParams& params);

} // namespace paraplan
