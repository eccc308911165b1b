// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// Calibration profiles (core/io/calibration_json), as --calibration reads them: a profile accepted
// reads back unchanged and prices a small scenario with finite figures.
#include "tests/fuzz/fuzz_target.h"
#include "tests/fuzz/scenario_input.h"

#include "core/io/calibration_json.h"

namespace paraplan::fuzz {

int fuzzOne(const uint8_t* data, size_t size)
{
    if (const auto profile = readOrRefuse([&] { return io::readCalibrationProfile(textOf(data, size)); }))
        requireProfileReadsBackAndPrices(*profile);
    return 0;
}

} // namespace paraplan::fuzz
