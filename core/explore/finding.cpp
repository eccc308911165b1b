// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/explore/finding.h"

namespace paraplan {

const char* toString(FindingSeverity severity)
{
    switch (severity) {
    case FindingSeverity::High:
        return "high";
    case FindingSeverity::Medium:
        return "medium";
    case FindingSeverity::Low:
        return "low";
    }
    return "low";
}

const char* toString(FindingView view)
{
    switch (view) {
    case FindingView::Timeline:
        return "timeline";
    case FindingView::Bubble:
        return "bubble";
    case FindingView::Memory:
        return "memory";
    case FindingView::Breakdown:
        return "breakdown";
    case FindingView::Topology:
        return "topology";
    case FindingView::Compare:
        return "compare";
    }
    return "breakdown";
}

} // namespace paraplan
