// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/frameworks/torchtitan_config.h"
#include "tests/core/frameworks/framework_fixtures.h"

#include <gtest/gtest.h>
