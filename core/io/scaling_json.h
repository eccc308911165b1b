// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/explore/scaling.h"

#include <nlohmann/json.hpp>

// A scaling curve as `paraplan-cli scale --json` prints it (docs/scaling.md): each node count with
// the held and the best configuration as result objects (io::toJson(Result)), the marks and their
// evidence.
namespace paraplan::io {

[[nodiscard]] nlohmann::json toJson(const ScalingCurve& curve);

} // namespace paraplan::io
