// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/network/calibration.h"

#include <nlohmann/json.hpp>

#include <string>

// Calibration profiles in JSON (docs/calibration.md): the device, where the figures come from,
// GEMM times, collective bus bandwidths, the copy bandwidth and the overlap slowdown.
namespace paraplan::io {

// Reads a profile strictly: unknown fields, wrong types, missing or non-positive figures are
// ReadErrors naming the JSON path ("collectives[3].bus_GBps").
[[nodiscard]] CalibrationProfile readCalibrationProfile(const std::string& text);

[[nodiscard]] nlohmann::json toJson(const CalibrationProfile& profile);

} // namespace paraplan::io
