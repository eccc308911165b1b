// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
// The engine's unit tests run in a world of one rank: MPI is joined once for the whole run.
#include "tests/engine/test_world.h"

#include <gtest/gtest.h>

namespace paraplan::engine::test {

namespace {
World* g_world = nullptr;
}

World& world() { return *g_world; }

} // namespace paraplan::engine::test

int main(int argc, char** argv)
{
    // Death tests fork; MPI does not survive a fork, so they re-run this binary instead.
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    ::testing::InitGoogleTest(&argc, argv);
    paraplan::engine::World world(&argc, &argv);
    paraplan::engine::test::g_world = &world;
    return RUN_ALL_TESTS();
}
