// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/network/group_report.h"

namespace paraplan {

const GroupReport* findGroup(const std::vector<GroupReport>& reports, CommGroup group)
{
    for (const GroupReport& report : reports)
        if (report.group == group)
            return &report;
    return nullptr;
}

} // namespace paraplan
