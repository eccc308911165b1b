// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "engine/runtime/world.h"

namespace paraplan::engine::test {

// The one-rank world the tests share.
World& world();

} // namespace paraplan::engine::test
