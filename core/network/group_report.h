// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/rank_layout.h"

#include <cstdint>
#include <string>
#include <vector>

// Where one kind of group landed and what bounds its collectives, as a detailed evaluation reports
// it (the result contract's `groups`): what front ends explain and compare configurations with, so
// that their words hold the very figures the step was priced at.
namespace paraplan {

struct GroupReport {
    CommGroup group = CommGroup::Tp;
    int64_t size = 0;
    int64_t count = 0;
    int64_t nodesSpanned = 1;
    bool crossesNodes = false;
    // The link rate the collectives are priced at: its bandwidth after NCCL's efficiency with the
    // evaluation's constants (a calibration then replaces it per message size, docs/calibration.md).
    double busGBps = 0;
    double latencyUs = 0;
    int32_t boundLink = -1; // the fabric link that sets busGBps (-1: none); front ends name it
    std::string boundBy;    // that link in English, for reports
    int32_t sharing = 0;    // groups whose traffic crosses that link
    double slowdown = 1;    // against the group's own links (node links) or its NICs alone (network)
};

// The report of `group`; null when that kind sends nothing (a degree of 1) or the evaluation was
// not a detailed one.
[[nodiscard]] const GroupReport* findGroup(const std::vector<GroupReport>& reports, CommGroup group);

} // namespace paraplan
