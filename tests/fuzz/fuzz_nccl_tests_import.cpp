// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// nccl-tests output (core/io/nccl_tests_import), as `paraplan-cli calibration import-nccl-tests`
// reads it, with and without --collective: the profile it makes reads back and prices a scenario.
#include "tests/fuzz/fuzz_target.h"
#include "tests/fuzz/scenario_input.h"

#include "core/io/nccl_tests_import.h"

namespace paraplan::fuzz {

int fuzzOne(const uint8_t* data, size_t size)
{
    const std::string text = textOf(data, size);
    for (const std::optional<Collective> unnamed :
        { std::optional<Collective>(), std::optional(Collective::AllGather) }) {
        const std::optional<io::NcclTestsRun> run = readOrRefuse([&] { return io::importNcclTests(text, unnamed); });
        if (!run)
            continue;
        CalibrationProfile profile;
        profile.device = run->device;
        profile.source = "nccl-tests";
        profile.collectives = run->measurements;
        requireProfileReadsBackAndPrices(profile);
    }
    return 0;
}

} // namespace paraplan::fuzz
