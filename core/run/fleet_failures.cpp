// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/run/fleet_failures.h"

#include <algorithm>
#include <array>

namespace paraplan {

namespace {

const std::array<FleetFailureRecord, 3> kRecords{ {
    // §3.3.4 and Table 5: 466 job interruptions in a 54-day snapshot of pre-training, 47 planned
    // (maintenance, no work lost) and 419 unexpected, about 78 % of them hardware (faulty GPUs 148,
    // HBM3 72, network switches and cables 35, software bugs 54, ...).
    { "Llama 3 405B", "H100 SXM", "Dubey et al., The Llama 3 Herd of Models, arXiv:2407.21783 (2024), §3.3.4, Table 5",
      16384, 54, 419, false },
    // Its training-infrastructure section: "on average 1-2 GPU failures each week" on 48 nodes of
    // 8 A100 over the 3.5 months of training; 1.5 a week taken.
    { "BLOOM 176B", "A100 SXM 80GB", "BigScience Workshop, BLOOM: A 176B-Parameter Open-Access Multilingual Language "
                                     "Model, arXiv:2211.05100 (2022), training infrastructure",
      384, 7, 1.5, false },
    // §2.5: "hardware failures ... contributed to at least 35 manual restarts and the cycling of
    // over 100 hosts over the course of 2 months" on 992 A100 80GB; automatic restarts uncounted.
    { "OPT-175B", "A100 SXM 80GB", "Zhang et al., OPT: Open Pre-trained Transformer Language Models, arXiv:2205.01068 "
                                   "(2022), §2.5",
      992, 60, 35, true },
} };

} // namespace

std::span<const FleetFailureRecord> fleetFailureRecords() { return kRecords; }

double defaultFailuresPerGpuHour() { return kRecords.front().perGpuHour(); }

FailureRateRange publishedFailureRateRange()
{
    FailureRateRange range{ kRecords.front().perGpuHour(), kRecords.front().perGpuHour() };
    for (const FleetFailureRecord& r : kRecords) {
        range.low = std::min(range.low, r.perGpuHour());
        range.high = std::max(range.high, r.perGpuHour());
    }
    return range;
}

} // namespace paraplan
