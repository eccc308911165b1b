// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/app/cli/command_run.h"
#include "tests/scratch_path.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace paraplan::cli;
using namespace paraplan::cli::test;

namespace {

CommandRun topoImport(std::vector<std::string> args) { return run(runTopoImport, std::move(args)); }

std::string sample(const std::string& name) { return data("topo/" + name); }

} // namespace

TEST(TopoImport, PrintsTheNodeAsClusterTopologyJson)
{
    const CommandRun r = topoImport({ sample("dgx_a100.txt"), "--nic-GBps", "50", "--nvlink-GBps-per-link", "20" });
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_TRUE(r.err.empty());
    const nlohmann::json topology = nlohmann::json::parse(r.out);
    ASSERT_EQ(topology["nodes"].size(), 1u);
    const nlohmann::json& node = topology["nodes"][0];
    EXPECT_EQ(node["count"], 1);
    int gpus = 0, nvswitches = 0;
    for (const nlohmann::json& d : node["devices"]) {
        gpus += d["kind"] == "gpu";
        nvswitches += d["kind"] == "nvswitch";
        EXPECT_TRUE(d["id"] != "mlx5_0" || d["GBps"] == 50);
    }
    EXPECT_EQ(gpus, 8);
    EXPECT_EQ(nvswitches, 1);
    EXPECT_EQ(node["devices"][0]["id"], "gpu0");
    bool gpu0ToSwitch = false;
    for (const nlohmann::json& l : node["links"])
        gpu0ToSwitch = gpu0ToSwitch || (l["from"] == "gpu0" && l["to"] == "nvswitch" && l["GBps"] == 12 * 20);
    EXPECT_TRUE(gpu0ToSwitch);
    EXPECT_EQ(topology["network"]["kind"], "single_switch");
}

TEST(TopoImport, BadFileExitsOneNamingFileAndLine)
{
    const auto path = paraplan::test::scratchPath("cli-test-topo.txt");
    std::ofstream(path) << "\tGPU0\tGPU1\tCPU Affinity\nGPU0\t X \tNV4\t0-7\nGPU1\tNV\t X \t0-7\n";
    const CommandRun r = topoImport({ path.string() });
    EXPECT_EQ(r.code, kExitUnreadable);
    EXPECT_TRUE(r.out.empty());
    EXPECT_NE(r.err.find(path.string() + ": line 3: "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("\"NV\""), std::string::npos) << r.err;
}

TEST(TopoImport, UsageErrorsExitOne)
{
    EXPECT_EQ(topoImport({}).code, kExitUnreadable);
    EXPECT_EQ(topoImport({ sample("dgx_a100.txt"), sample("dgx_h100.txt") }).code, kExitUnreadable);
    const CommandRun badValue = topoImport({ sample("dgx_a100.txt"), "--pcie-GBps", "fast" });
    EXPECT_EQ(badValue.code, kExitUnreadable);
    EXPECT_NE(badValue.err.find("--pcie-GBps takes a positive number"), std::string::npos) << badValue.err;
    EXPECT_EQ(topoImport({ "/nonexistent/topo.txt" }).code, kExitUnreadable);
}
