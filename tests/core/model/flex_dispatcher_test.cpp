// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// The flex dispatcher (Megatron-Core's --moe-token-dispatcher-type flex with DeepEP or HybridEP)
// and group-limited routing (issue #13): a token crosses the network once per remote node holding
// its experts; the expected count against brute-force enumeration, its effect on the step, the
// rules and the search.
#include "core/explore/search.h"
#include "core/model/layer_shapes.h"
#include "core/rules/validation.h"
#include "core/step/evaluator.h"
#include "tests/core/scenario_fixtures.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

using namespace paraplan;

namespace {

// The remote nodes a token reaches, averaged over every choice of `picks` of `items` (experts, or
// groups), items spread evenly over `nodes` nodes, the token on node 0.
double enumeratedRemoteNodes(int items, int picks, int nodes)
{
    const int perNode = items / nodes;
    std::vector<bool> chosen(size_t(items), false);
    std::fill(chosen.begin(), chosen.begin() + picks, true);
    double sum = 0, count = 0;
    do {
        std::vector<bool> reached(size_t(nodes), false);
        for (int i = 0; i < items; ++i)
            if (chosen[size_t(i)])
                reached[size_t(i / perNode)] = true;
        sum += double(std::count(reached.begin() + 1, reached.end(), true));
        ++count;
    } while (std::prev_permutation(chosen.begin(), chosen.end()));
    return sum / count;
}

bool hasCode(const Diagnostics& diagnostics, const std::string& code)
{
    return std::any_of(diagnostics.begin(), diagnostics.end(), [&](const Diagnostic& d) { return d.code == code; });
}

Scenario deepSeekOn(int64_t nodes, int64_t ep, const char* dispatcher)
{
    return test::scenarioFromJson(std::string(R"({ "model": { "preset": "deepseek-v3" },
        "training": { "seq_len": 4096, "global_batch": 1024, "precision": "fp8", "fp8_recipe": "blockwise" },
        "cluster": { "preset": "dgx-h100", "nodes": )") + std::to_string(nodes) + R"( },
        "parallel": { "tp": 1, "pp": 16, "ep": )" + std::to_string(ep) + R"(, "recompute": "full",
                      "moe_dispatcher": ")" + dispatcher + R"(" } })");
}

} // namespace

TEST(FlexDispatcher, RemoteNodesMatchEnumeration)
{
    MoeSpec moe;
    moe.experts = 16;
    moe.topK = 4;
    EXPECT_NEAR(remoteNodesPerToken(moe, 4), enumeratedRemoteNodes(16, 4, 4), 1e-12);
    EXPECT_NEAR(remoteNodesPerToken(moe, 2), enumeratedRemoteNodes(16, 4, 2), 1e-12);
    // Group-limited: the token's experts lie in 3 of 8 groups, two groups a node.
    moe.groups = 8;
    moe.groupTopK = 3;
    EXPECT_NEAR(remoteNodesPerToken(moe, 4), enumeratedRemoteNodes(8, 3, 4), 1e-12);
    EXPECT_EQ(remoteNodesPerToken(moe, 1), 0.0);
}

// DeepSeek-V3 over 8 nodes (k = 8, 4 of 8 groups, a group a node): 3.5 remote nodes a token where
// an all-to-all sends 7 copies across; inside one node nothing changes.
TEST(FlexDispatcher, DeepSeekSendsHalfAcrossTheNetwork)
{
    const ModelSpec m = deepSeekOn(8, 8, "flex").model;
    ASSERT_TRUE(m.moe.groupLimited());
    EXPECT_DOUBLE_EQ(remoteNodesPerToken(m.moe, 8), 3.5);
    EXPECT_DOUBLE_EQ(flexNetworkShare(m.moe, 8), 0.5);
    EXPECT_DOUBLE_EQ(flexNetworkShare(m.moe, 1), 1.0);
    MoeSpec unlimited = m.moe;
    unlimited.groups = unlimited.groupTopK = 0; // any 8 of 256 experts: nearly every node
    EXPECT_GT(remoteNodesPerToken(unlimited, 8), 4.5);
}

TEST(FlexDispatcher, PricesTheNetworkBytesItSaves)
{
    // EP 64 over 8 nodes of a 128-node job: the all-to-all crosses InfiniBand.
    const Result alltoall = evaluate(deepSeekOn(128, 64, "alltoall"));
    const Result flex = evaluate(deepSeekOn(128, 64, "flex"));
    ASSERT_TRUE(alltoall.valid && flex.valid);
    EXPECT_LT(flex.time.epComm, 0.6 * alltoall.time.epComm);
    EXPECT_GT(flex.time.epComm, 0.4 * alltoall.time.epComm);
    EXPECT_LT(flex.time.step, alltoall.time.step);
    // EP 8 inside a node: the same.
    const Result inNodeAlltoall = evaluate(deepSeekOn(16, 8, "alltoall"));
    const Result inNodeFlex = evaluate(deepSeekOn(16, 8, "flex"));
    EXPECT_DOUBLE_EQ(inNodeFlex.time.epComm, inNodeAlltoall.time.epComm);
}

TEST(FlexDispatcher, MegatronsRulesAreRules)
{
    Scenario s = deepSeekOn(16, 8, "flex");
    EXPECT_FALSE(hasErrors(validateScenario(s)));
    s.parallel.degrees.ep = 1;
    EXPECT_TRUE(hasCode(validateScenario(s), "flex_dispatcher_without_expert_split"));
    s.parallel.degrees.ep = 8;
    s.model.moe.capacityFactor = 1.25;
    s.model.moe.padToCapacity = true;
    EXPECT_TRUE(hasCode(validateScenario(s), "flex_dispatcher_with_padding"));
    s.model.moe.padToCapacity = false;
    s.model.moe.groupTopK = 9; // more groups than there are
    EXPECT_TRUE(hasCode(validateScenario(s), "moe_invalid"));
    s.model.moe.groupTopK = 1; // one group of 32 experts holds the 8 a token takes
    EXPECT_FALSE(hasErrors(validateScenario(s)));
    s.model.moe.groups = 256; // one group of one expert does not
    EXPECT_TRUE(hasCode(validateScenario(s), "moe_invalid"));
}

// The search prices flex where the ETP x EP group spans nodes, and only there.
TEST(FlexDispatcher, TheSearchTriesItAcrossNodes)
{
    Scenario s = deepSeekOn(128, 64, "alltoall");
    s.pins.moeDispatcher = false;
    s.pins.ep = false;
    const std::vector<Candidate> candidates = enumerateCandidates(s);
    bool acrossNodes = false;
    for (const Candidate& c : candidates) {
        if (c.moeDispatcher != MoeDispatcher::Flex)
            continue;
        EXPECT_GT(c.degrees.expertSplit(), s.cluster.gpusPerNode);
        acrossNodes = true;
    }
    EXPECT_TRUE(acrossNodes);
}
