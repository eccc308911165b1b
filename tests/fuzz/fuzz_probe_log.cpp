// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// A probe results file (core/io/probe_log), as `paraplan-cli calibration from-probe` and the
// Engine tab read it: the calibration profile its measurements make reads back and prices a small
// scenario with finite figures.
#include "tests/fuzz/fuzz_target.h"
#include "tests/fuzz/scenario_input.h"

#include "app/report/text_report.h"

#include "core/io/probe_log.h"

namespace paraplan::fuzz {

int fuzzOne(const uint8_t* data, size_t size)
{
    const std::optional<io::ProbeLog> log = readOrRefuse([&] { return io::readProbeLog(textOf(data, size)); });
    if (!log)
        return 0;
    if (log->overlap)
        (void)report::describeOverlap(*log->overlap);
    if (const auto profile = readOrRefuse([&] { return io::calibrationFromProbe(*log, "paraplan-probe: fuzz"); }))
        requireProfileReadsBackAndPrices(*profile);
    return 0;
}

} // namespace paraplan::fuzz
