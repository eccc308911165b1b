// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/frameworks/launch_environment.h"
#include "tests/core/frameworks/framework_fixtures.h"
#include "tests/core/frameworks/launch_test_support.h"

#include <gtest/gtest.h>

#include <map>
#include <regex>

// The environment export has no scenario to read back (a launch environment describes none); its
// tests check instead that the placement puts every rank where the scenario priced it, and that
// each cluster gets the settings its hardware calls for.
namespace paraplan::frameworks::test {
namespace {

std::string envFile(const LaunchBundle& bundle) { return onlyFileNamed(bundle, "paraplan_env.sh"); }

// NAME -> value of each setting.
std::map<std::string, std::string> settingsOf(const Scenario& scenario)
{
    const Result prediction = predictionOf(scenario);
    const LaunchContext context{ scenario, prediction, predictionSummary(scenario, prediction) };
    std::map<std::string, std::string> settings;
    for (const EnvironmentSetting& setting : launchEnvironment(context)) {
        EXPECT_FALSE(setting.reason.empty()) << setting.name;
        EXPECT_EQ(setting.reason.find('\n'), std::string::npos) << setting.name << ": the reason is one line";
        settings[setting.name] = setting.value;
    }
    return settings;
}

nlohmann::json scenarioJson(const std::string& file)
{
    return nlohmann::json::parse(file.empty() ? io::builtinDefaultScenarioText() : fileText(kFrameworksData + "scenarios/" + file));
}

Scenario scenarioOf(const nlohmann::json& document) { return io::readScenario(document, io::builtinCatalog()); }

// Whether launching each node's torchrun as `launches` says runs rank r on GPU rank_to_gpu[r]:
// torchrun's rank is node rank x gpus_per_node + local rank, and local rank i runs on
// CUDA_VISIBLE_DEVICES[i] of its node.
void expectRanksWherePriced(const Scenario& s, const std::vector<NodeLaunch>& launches)
{
    const int64_t perNode = s.cluster.gpusPerNode;
    std::vector<int64_t> gpuOfRank(size_t(s.cluster.gpuCount()), -1);
    for (const NodeLaunch& node : launches) {
        ASSERT_EQ(int64_t(node.visibleDevices.size()), perNode);
        for (int64_t local = 0; local < perNode; ++local)
            gpuOfRank[size_t(node.nodeRank * perNode + local)] = node.node * perNode + node.visibleDevices[size_t(local)];
    }
    for (int64_t rank = 0; rank < s.cluster.gpuCount(); ++rank)
        EXPECT_EQ(gpuOfRank[size_t(rank)], s.parallel.placement.gpuOf(rank)) << "rank " << rank;
}

// Each node's CUDA_VISIBLE_DEVICES and PARAPLAN_NODE_RANK as bash sets them from the file.
std::vector<NodeLaunch> launchesUnderBash(const std::string& text, int64_t nodes)
{
    const TemporaryFile file("paraplan_env.sh", text);
    std::vector<NodeLaunch> launches;
    for (int64_t node = 0; node < nodes; ++node) {
        std::string output;
        const int status = runCommand("env -i SLURM_NODEID=" + std::to_string(node) + " bash -c 'source " + file.path()
                                          + " 2>/dev/null && echo \"$CUDA_VISIBLE_DEVICES $PARAPLAN_NODE_RANK\"'",
                                      output);
        EXPECT_EQ(status, 0) << output;
        std::istringstream words(output);
        std::string devices;
        NodeLaunch launch{ .node = node, .nodeRank = -1, .visibleDevices = {} };
        words >> devices >> launch.nodeRank;
        std::istringstream list(devices);
        for (std::string device; std::getline(list, device, ',');)
            launch.visibleDevices.push_back(std::stoll(device));
        launches.push_back(launch);
    }
    return launches;
}

TEST(LaunchEnvironment, EveryNameIsOneItsProgramReads)
{
    const std::set<std::string> names = namesFrom("nccl_environment.txt");
    for (const NamedScenario& named : exportScenarios()) {
        SCOPED_TRACE(named.name);
        for (const auto& [name, value] : settingsOf(named.scenario))
            EXPECT_TRUE(names.contains(name)) << name;
        const std::string text = envFile(exported(named.scenario, ExportFormat::Env));
        EXPECT_TRUE(text.starts_with("#!/bin/bash\n# Written by ParaPlan"));
        const std::vector<std::string> exported = exportedNames(text);
        EXPECT_GT(exported.size(), 5u);
        for (const std::string& name : exported)
            // PARAPLAN_NODE_RANK and the per-rank tables are the file's own, for the launcher.
            EXPECT_TRUE(names.contains(name) || name.starts_with("PARAPLAN_")) << name;
    }
}

TEST(LaunchEnvironment, ParsesAsBash)
{
    if (!haveProgram("bash"))
        GTEST_SKIP() << "bash is not installed";
    for (const NamedScenario& named : exportScenarios()) {
        SCOPED_TRACE(named.name);
        const TemporaryFile file("env.sh", envFile(exported(named.scenario, ExportFormat::Env)));
        std::string output;
        EXPECT_EQ(runCommand("bash -n " + file.path() + " 2>&1", output), 0) << output;
    }
}

TEST(LaunchEnvironment, SwappedRanksRunWhereTheyWerePriced)
{
    const Scenario s = exportScenarios()[2].scenario; // ranks 1 and 2, 5 and 6 swapped on both nodes
    const std::optional<std::vector<NodeLaunch>> launches = nodeLaunches(s);
    ASSERT_TRUE(launches.has_value());
    ASSERT_EQ(launches->size(), 2u);
    EXPECT_EQ((*launches)[0].visibleDevices, (std::vector<int64_t>{ 0, 2, 1, 3, 4, 6, 5, 7 }));
    expectRanksWherePriced(s, *launches);
    // The file says the same to bash, node by node.
    const std::string text = envFile(exported(s, ExportFormat::Env));
    EXPECT_NE(text.find("case \"$paraplan_node\" in"), std::string::npos);
    if (!haveProgram("bash"))
        GTEST_SKIP() << "bash is not installed: the file's case block was not run";
    expectRanksWherePriced(s, launchesUnderBash(text, s.cluster.nodes));
}

TEST(LaunchEnvironment, WholeNodesMovedBecomeAnotherNodeRank)
{
    // Ranks 0-7 on node 1 in reverse, ranks 8-15 on node 0 in order.
    const Scenario s = pcieWithTable({ 15, 14, 13, 12, 11, 10, 9, 8, 0, 1, 2, 3, 4, 5, 6, 7 });
    const std::optional<std::vector<NodeLaunch>> launches = nodeLaunches(s);
    ASSERT_TRUE(launches.has_value());
    EXPECT_EQ((*launches)[0].nodeRank, 1);
    EXPECT_EQ((*launches)[1].nodeRank, 0);
    expectRanksWherePriced(s, *launches);
    if (haveProgram("bash"))
        expectRanksWherePriced(s, launchesUnderBash(envFile(exported(s, ExportFormat::Env)), s.cluster.nodes));
}

TEST(LaunchEnvironment, RanksScatteredOverNodesGetPerRankTables)
{
    // Rank 1 on node 1, rank 8 on node 0: torchrun's node 0 would span two nodes.
    const Scenario s = pcieWithTable({ 0, 8, 2, 3, 4, 5, 6, 7, 1, 9, 10, 11, 12, 13, 14, 15 });
    EXPECT_FALSE(nodeLaunches(s).has_value());
    const LaunchBundle bundle = exported(s, ExportFormat::Env);
    EXPECT_TRUE(anyNoteHas(bundle.notes, "no CUDA_VISIBLE_DEVICES order can say it"));
    const std::string text = envFile(bundle);
    EXPECT_NE(text.find("export PARAPLAN_NODE_OF_RANK=\"0 1 0 0 0 0 0 0 0 1 1 1 1 1 1 1\""), std::string::npos) << text;
    EXPECT_NE(text.find("export PARAPLAN_GPU_OF_RANK=\"0 0 2 3 4 5 6 7 1 1 2 3 4 5 6 7\""), std::string::npos) << text;
    const RankTargets targets = rankTargets(s);
    for (int64_t rank = 0; rank < s.cluster.gpuCount(); ++rank)
        EXPECT_EQ(targets.node[size_t(rank)] * s.cluster.gpusPerNode + targets.localGpu[size_t(rank)],
                  s.parallel.placement.gpuOf(rank));
}

TEST(LaunchEnvironment, DgxH100GetsNvlsAndItsEightHcas)
{
    const std::map<std::string, std::string> dgx = settingsOf(exportScenarios()[0].scenario); // 8 x DGX H100
    EXPECT_EQ(dgx.at("NCCL_NVLS_ENABLE"), "1"); // 67 % of HBM used
    EXPECT_EQ(dgx.at("NCCL_IB_HCA"), "=mlx5_0:1,mlx5_1:1,mlx5_2:1,mlx5_3:1,mlx5_4:1,mlx5_5:1,mlx5_6:1,mlx5_7:1");
    EXPECT_EQ(dgx.at("NCCL_CROSS_NIC"), "0"); // rail-optimised
    EXPECT_EQ(dgx.at("NCCL_SOCKET_IFNAME"), "ib");
    EXPECT_EQ(dgx.at("CUDA_DEVICE_MAX_CONNECTIONS"), "1"); // tp 8 on Hopper
    EXPECT_FALSE(dgx.contains("NCCL_IB_GID_INDEX"));
    EXPECT_FALSE(dgx.contains("NCCL_P2P_LEVEL"));
    // One NIC per GPU: the file names each GPU's.
    const std::string text = envFile(exported(exportScenarios()[0].scenario, ExportFormat::Env));
    EXPECT_NE(text.find("GPU 0 mlx5_0, GPU 1 mlx5_1"), std::string::npos);
}

TEST(LaunchEnvironment, PcieRoceGetsItsGidIndexAndNoNvls)
{
    const std::map<std::string, std::string> pcie = settingsOf(exportScenarios()[2].scenario); // 2 x 8 H100 PCIe, RoCE
    EXPECT_EQ(pcie.at("NCCL_IB_GID_INDEX"), "3");
    EXPECT_EQ(pcie.at("NCCL_IB_HCA"), "=mlx5_0:1,mlx5_1:1,mlx5_2:1,mlx5_3:1"); // 4 NICs for 8 GPUs
    EXPECT_EQ(pcie.at("NCCL_P2P_LEVEL"), "PXB"); // pairs of GPUs on PCIe switches
    EXPECT_EQ(pcie.at("NCCL_CROSS_NIC"), "1");   // fat tree: a node's NICs meet at one leaf
    EXPECT_FALSE(pcie.contains("NCCL_NVLS_ENABLE"));
    EXPECT_FALSE(pcie.contains("NCCL_SOCKET_IFNAME")); // named in the notes: ParaPlan knows no interface names
    const LaunchBundle bundle = exported(exportScenarios()[2].scenario, ExportFormat::Env);
    EXPECT_TRUE(anyNoteHas(bundle.notes, "NCCL_SOCKET_IFNAME"));
    EXPECT_TRUE(anyNoteHas(bundle.notes, "NCCL_IB_TC"));
}

TEST(LaunchEnvironment, TheScenariosSwitchesAreWhatNcclIsToldToUse)
{
    nlohmann::json document = scenarioJson("");
    EXPECT_FALSE(settingsOf(scenarioOf(document)).contains("NCCL_COLLNET_ENABLE"));
    document["cluster"]["inter_node"] = { { "sharp", true } };
    document["cluster"]["intra_node"] = { { "nvls", false } };
    const std::map<std::string, std::string> settings = settingsOf(scenarioOf(document));
    EXPECT_EQ(settings.at("NCCL_COLLNET_ENABLE"), "1");
    EXPECT_EQ(settings.at("NCCL_NVLS_ENABLE"), "0");
}

TEST(LaunchEnvironment, NvlsStaysOffWhereMemoryIsTight)
{
    // Mixtral fills 92.6 GiB of 80 on its fullest stage: no room for NVLink SHARP's buffers.
    const std::map<std::string, std::string> moe = settingsOf(exportScenarios()[1].scenario);
    EXPECT_EQ(moe.at("NCCL_NVLS_ENABLE"), "0");
    // tp 1 and cp 1: Megatron's TP overlap has nothing to order.
    EXPECT_FALSE(moe.contains("CUDA_DEVICE_MAX_CONNECTIONS"));
}

TEST(LaunchEnvironment, MaxConnectionsFollowsMegatronsRule)
{
    nlohmann::json blackwell = scenarioJson("");
    blackwell["cluster"] = { { "preset", "dgx-b200" }, { "nodes", 8 } };
    EXPECT_FALSE(settingsOf(scenarioOf(blackwell)).contains("CUDA_DEVICE_MAX_CONNECTIONS"))
        << "arguments.py: the requirement no longer exists from Blackwell on";
    nlohmann::json fsdp = scenarioJson("");
    fsdp["parallel"]["zero_stage"] = 3;
    const Scenario sharded = scenarioOf(fsdp);
    EXPECT_FALSE(settingsOf(sharded).contains("CUDA_DEVICE_MAX_CONNECTIONS")) << "Megatron-FSDP asserts it is not 1";
    EXPECT_TRUE(anyNoteHas(exported(sharded, ExportFormat::Env).notes, "do not set it to 1"));
    nlohmann::json torchtitan = scenarioJson("");
    torchtitan["framework"] = { { "name", "torchtitan" } };
    EXPECT_FALSE(settingsOf(scenarioOf(torchtitan)).contains("CUDA_DEVICE_MAX_CONNECTIONS"))
        << "a rule of Megatron's TP layers";
}

TEST(LaunchEnvironment, WorkstationWithoutPeerToPeerOrRdma)
{
    nlohmann::json document = scenarioJson("pcie_swapped_ranks.json");
    document["cluster"] = { { "preset", "workstation-4x-rtx4090" }, { "nodes", 2 } };
    document["model"] = { { "preset", "llama2-7b" } };
    document["parallel"] = { { "tp", 2 }, { "pp", 2 }, { "recompute", "full" } };
    const std::map<std::string, std::string> settings = settingsOf(scenarioOf(document));
    EXPECT_EQ(settings.at("NCCL_P2P_DISABLE"), "1"); // GPUs on CPU root ports only
    EXPECT_EQ(settings.at("NCCL_IB_DISABLE"), "1");  // 100 GbE over TCP
    EXPECT_FALSE(settings.contains("NCCL_IB_HCA"));
    EXPECT_FALSE(settings.contains("NCCL_NVLS_ENABLE"));
}

TEST(LaunchEnvironment, OneNodeNeedsNoNetwork)
{
    nlohmann::json document = scenarioJson("");
    document["cluster"]["nodes"] = 1;
    document["parallel"] = { { "tp", 8 }, { "pp", 1 } };
    document["training"]["global_batch"] = 8;
    const std::map<std::string, std::string> settings = settingsOf(scenarioOf(document));
    EXPECT_FALSE(settings.contains("NCCL_IB_HCA"));
    EXPECT_FALSE(settings.contains("NCCL_CROSS_NIC"));
    EXPECT_TRUE(settings.contains("NCCL_NVLS_ENABLE"));
}

} // namespace
} // namespace paraplan::frameworks::test
