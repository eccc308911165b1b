// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include "core/io/json_reader.h"
#include "core/io/topo_import.h"

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

using paraplan::DeviceKind;
using paraplan::NodeLinkKind;
using paraplan::NodeSpec;
using paraplan::io::importNvidiaSmiTopology;
using paraplan::io::ReadError;
using paraplan::io::TopoImportOptions;

// A real `nvidia-smi topo -m` output from tests/data/topo (sources in its README).
std::string topoSample(const std::string& name)
{
    std::ifstream in(std::string(PARAPLAN_TEST_DATA_DIR) + "/topo/" + name);
    EXPECT_TRUE(in) << name;
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

int64_t count(const NodeSpec& node, DeviceKind kind)
{
    return std::count_if(node.devices.begin(), node.devices.end(), [&](const auto& d) { return d.kind == kind; });
}

int64_t count(const NodeSpec& node, NodeLinkKind kind)
{
    return std::count_if(node.links.begin(), node.links.end(), [&](const auto& l) { return l.kind == kind; });
}

const paraplan::DeviceSpec& device(const NodeSpec& node, const std::string& id)
{
    const int64_t i = node.deviceIndex(id);
    EXPECT_GE(i, 0) << id;
    return node.devices.at(size_t(i));
}

// The importer links every PCIe child to its parent (`from` below `to`): the chain of switches
// above a device up to its CPU.
std::vector<std::string> pcieAncestors(const NodeSpec& node, std::string id)
{
    std::vector<std::string> chain;
    for (bool climbed = true; climbed;) {
        climbed = false;
        for (const auto& l : node.links)
            if (l.kind == NodeLinkKind::Pcie && l.from == id) {
                chain.push_back(id = l.to);
                climbed = true;
                break;
            }
    }
    return chain;
}

// Where the PCIe paths of two devices meet: a "pcieN" switch, a "cpuN" (through the CPU), or ""
// when they only meet across a socket link.
std::string pcieMeeting(const NodeSpec& node, const std::string& a, const std::string& b)
{
    const std::vector<std::string> up = pcieAncestors(node, a);
    for (const std::string& id : pcieAncestors(node, b))
        if (std::find(up.begin(), up.end(), id) != up.end())
            return id;
    return "";
}

bool linked(const NodeSpec& node, const std::string& a, const std::string& b, NodeLinkKind kind)
{
    return std::any_of(node.links.begin(), node.links.end(), [&](const auto& l) {
        return l.kind == kind && ((l.from == a && l.to == b) || (l.from == b && l.to == a));
    });
}

// Every device reachable from the first through the links.
bool connected(const NodeSpec& node)
{
    std::set<std::string> seen = { node.devices.front().id };
    for (size_t before = 0; before != seen.size();) {
        before = seen.size();
        for (const auto& l : node.links)
            if (seen.count(l.from) || seen.count(l.to)) {
                seen.insert(l.from);
                seen.insert(l.to);
            }
    }
    return seen.size() == node.devices.size();
}

void expectBandwidths(const NodeSpec& node, const TopoImportOptions& o, double nvlinkGBps)
{
    for (const auto& l : node.links) {
        const double expected = l.kind == NodeLinkKind::Pcie ? o.pcieGBps
            : l.kind == NodeLinkKind::SocketLink             ? o.socketLinkGBps
                                                             : nvlinkGBps;
        EXPECT_DOUBLE_EQ(l.GBps, expected) << l.from << " - " << l.to;
    }
    for (const auto& d : node.devices)
        EXPECT_TRUE(d.kind != DeviceKind::Nic || d.nicGBps == o.nicGBps) << d.id;
}

// The path ("line N") of the ReadError that importing `text` throws.
std::string errorLine(const std::string& text, std::string* message = nullptr)
{
    try {
        (void)importNvidiaSmiTopology(text);
    } catch (const ReadError& e) {
        if (message)
            *message = e.what();
        return e.path();
    }
    return "no error";
}

// `sample` with the `column`-th cell (0 = the label) of line `line` (1-based) replaced.
std::string withCell(std::string text, int line, size_t column, const std::string& value)
{
    std::vector<std::string> lines;
    std::stringstream in(text);
    for (std::string l; std::getline(in, l);)
        lines.push_back(l);
    std::stringstream words(lines.at(size_t(line - 1)));
    std::vector<std::string> cells;
    for (std::string w; words >> w;)
        cells.push_back(w);
    cells.at(column) = value;
    std::string rebuilt;
    for (const std::string& c : cells)
        rebuilt += c + "\t";
    lines[size_t(line - 1)] = rebuilt;
    std::string out;
    for (const std::string& l : lines)
        out += l + "\n";
    return out;
}

TEST(TopoImportDgxA100, GpusHangOffOneNvSwitchAndNicsKeepTheirLegendNames)
{
    const NodeSpec node = importNvidiaSmiTopology(topoSample("dgx_a100.txt"));
    EXPECT_EQ(node.gpuCount(), 8);
    EXPECT_EQ(node.nicCount(), 10);
    EXPECT_EQ(count(node, DeviceKind::NvSwitch), 1);
    EXPECT_EQ(count(node, NodeLinkKind::NvLink), 8);
    EXPECT_TRUE(linked(node, "gpu7", "nvswitch", NodeLinkKind::NvLink));
    EXPECT_EQ(node.devices.front().id, "gpu0");
    EXPECT_EQ(device(node, "mlx5_9").kind, DeviceKind::Nic);
    EXPECT_EQ(node.deviceIndex("NIC0"), -1);
    EXPECT_TRUE(connected(node));
    expectBandwidths(node, {}, 12 * 25);
}

TEST(TopoImportDgxA100, EveryNumaNodeIsACpuAndGpuPairsShareASwitchWithTheirNics)
{
    const NodeSpec node = importNvidiaSmiTopology(topoSample("dgx_a100.txt"));
    // SYS between the NPS4 NUMA nodes: the four of the GPU pairs and the storage NICs' one.
    EXPECT_EQ(count(node, DeviceKind::Cpu), 5);
    EXPECT_EQ(count(node, NodeLinkKind::SocketLink), 5 * 4 / 2);
    // One PXB switch per GPU pair with its two NICs, one PIX switch for the storage NICs.
    EXPECT_EQ(count(node, DeviceKind::PcieSwitch), 5);
    const std::string pairSwitch = pcieMeeting(node, "gpu0", "gpu1");
    EXPECT_EQ(device(node, pairSwitch).kind, DeviceKind::PcieSwitch);
    EXPECT_EQ(pcieMeeting(node, "gpu0", "mlx5_1"), pairSwitch);
    EXPECT_EQ(pcieMeeting(node, "gpu0", "gpu2"), "");
    EXPECT_EQ(device(node, pcieMeeting(node, "mlx5_8", "mlx5_9")).kind, DeviceKind::PcieSwitch);
    EXPECT_EQ(pcieMeeting(node, "mlx5_8", "gpu0"), "");
}

TEST(TopoImportDgxH100, EachGpuSharesASwitchWithItsNicsUnderTwoSockets)
{
    TopoImportOptions ndr;
    ndr.nicGBps = 50;
    ndr.pcieGBps = 64;
    const NodeSpec node = importNvidiaSmiTopology(topoSample("dgx_h100.txt"), ndr);
    EXPECT_EQ(node.gpuCount(), 8);
    EXPECT_EQ(node.nicCount(), 12);
    EXPECT_EQ(count(node, DeviceKind::NvSwitch), 1);
    EXPECT_EQ(count(node, DeviceKind::Cpu), 2);
    EXPECT_EQ(count(node, NodeLinkKind::SocketLink), 1);
    EXPECT_EQ(count(node, DeviceKind::PcieSwitch), 8);
    // GPU0's switch also holds the storage ports mlx5_1 and mlx5_2 (DGX H100 User Guide).
    const std::string gpu0Switch = pcieMeeting(node, "gpu0", "mlx5_0");
    EXPECT_EQ(device(node, gpu0Switch).kind, DeviceKind::PcieSwitch);
    EXPECT_EQ(pcieMeeting(node, "gpu0", "mlx5_2"), gpu0Switch);
    EXPECT_EQ(pcieMeeting(node, "gpu7", "mlx5_11"), pcieAncestors(node, "gpu7").front());
    // NODE: through the CPU; SYS: across the sockets.
    EXPECT_EQ(pcieMeeting(node, "gpu0", "gpu1"), "cpu0");
    EXPECT_EQ(pcieMeeting(node, "gpu4", "gpu5"), "cpu1");
    EXPECT_EQ(pcieMeeting(node, "gpu0", "gpu4"), "");
    EXPECT_TRUE(connected(node));
    expectBandwidths(node, ndr, 18 * 25);
}

TEST(TopoImportPcieServer, SwitchesNestUnderTwoSocketsWithoutNvLink)
{
    const NodeSpec node = importNvidiaSmiTopology(topoSample("pcie_8gpu_2socket.txt"));
    EXPECT_EQ(node.gpuCount(), 8);
    EXPECT_EQ(node.nicCount(), 2);
    EXPECT_EQ(count(node, DeviceKind::NvSwitch), 0);
    EXPECT_EQ(count(node, NodeLinkKind::NvLink), 0);
    EXPECT_EQ(count(node, DeviceKind::Cpu), 2);
    // Leaves: GPU2+3, GPU6+7 (PIX), the two NIC ports; parents: one per socket (PXB).
    EXPECT_EQ(count(node, DeviceKind::PcieSwitch), 5);
    const std::string leaf = pcieMeeting(node, "gpu2", "gpu3");
    const std::string parent = pcieMeeting(node, "gpu0", "gpu1");
    EXPECT_EQ(device(node, leaf).kind, DeviceKind::PcieSwitch);
    EXPECT_EQ(device(node, parent).kind, DeviceKind::PcieSwitch);
    EXPECT_NE(leaf, parent);
    EXPECT_EQ(pcieMeeting(node, "gpu0", "gpu3"), parent);
    EXPECT_EQ(pcieAncestors(node, "gpu3"), (std::vector<std::string>{ leaf, parent, "cpu0" }));
    EXPECT_EQ(pcieMeeting(node, "gpu0", "mlx5_0"), "cpu0");
    EXPECT_EQ(device(node, pcieMeeting(node, "mlx5_0", "mlx5_1")).kind, DeviceKind::PcieSwitch);
    EXPECT_EQ(pcieMeeting(node, "gpu0", "gpu4"), "");
    EXPECT_EQ(pcieAncestors(node, "gpu7").back(), "cpu1");
    EXPECT_TRUE(connected(node));
    expectBandwidths(node, {}, 0);
}

TEST(TopoImportDgx1, OlderSocFormatWithGluedHeaderGivesDirectNvLinksOfTheCubeMesh)
{
    const NodeSpec node = importNvidiaSmiTopology(topoSample("dgx1_p100_soc.txt"));
    EXPECT_EQ(node.gpuCount(), 8);
    EXPECT_EQ(node.nicCount(), 4);
    EXPECT_EQ(count(node, DeviceKind::NvSwitch), 0);
    EXPECT_EQ(count(node, NodeLinkKind::NvLink), 8 * 4 / 2); // four NV1 peers each
    EXPECT_TRUE(linked(node, "gpu0", "gpu4", NodeLinkKind::NvLink));
    EXPECT_FALSE(linked(node, "gpu0", "gpu5", NodeLinkKind::NvLink));
    EXPECT_EQ(count(node, DeviceKind::Cpu), 2);
    EXPECT_EQ(count(node, DeviceKind::PcieSwitch), 4);
    EXPECT_EQ(pcieMeeting(node, "gpu0", "mlx5_0"), pcieMeeting(node, "gpu0", "gpu1"));
    EXPECT_EQ(pcieMeeting(node, "gpu0", "gpu2"), "cpu0");
    EXPECT_EQ(pcieMeeting(node, "gpu0", "gpu4"), "");
    // NICs in row order: the i-th NIC is on rail i.
    std::vector<std::string> nics;
    for (const auto& d : node.devices)
        if (d.kind == DeviceKind::Nic)
            nics.push_back(d.id);
    EXPECT_EQ(nics, (std::vector<std::string>{ "mlx5_0", "mlx5_2", "mlx5_1", "mlx5_3" }));
    EXPECT_TRUE(connected(node));
    expectBandwidths(node, {}, 25);
}

TEST(TopoImportWorkstation, PhbJoinsTwoSwitchesThroughOneCpu)
{
    const NodeSpec node = importNvidiaSmiTopology(topoSample("workstation_7gpu_phb.txt"));
    EXPECT_EQ(node.gpuCount(), 7);
    EXPECT_EQ(node.nicCount(), 0);
    EXPECT_EQ(count(node, DeviceKind::Cpu), 1);
    EXPECT_EQ(count(node, NodeLinkKind::SocketLink), 0);
    EXPECT_EQ(count(node, DeviceKind::PcieSwitch), 2);
    EXPECT_EQ(device(node, pcieMeeting(node, "gpu4", "gpu6")).kind, DeviceKind::PcieSwitch);
    EXPECT_EQ(pcieMeeting(node, "gpu0", "gpu3"), "cpu0");
    EXPECT_TRUE(connected(node));
}

TEST(TopoImportHgx4Gpu, AFourGpuMeshIsDirectLinksNotASwitch)
{
    // 6 links to each of 3 peers is all 18 an H100 has: a mesh, not an NVSwitch.
    const NodeSpec node = importNvidiaSmiTopology(topoSample("hgx_h100_4gpu_nv6.txt"));
    EXPECT_EQ(count(node, DeviceKind::NvSwitch), 0);
    EXPECT_EQ(count(node, NodeLinkKind::NvLink), 6);
    EXPECT_TRUE(linked(node, "gpu1", "gpu3", NodeLinkKind::NvLink));
    EXPECT_EQ(device(node, "NIC2").kind, DeviceKind::Nic);
    EXPECT_EQ(count(node, DeviceKind::Cpu), 4);
    EXPECT_EQ(pcieMeeting(node, "gpu2", "NIC2"), pcieAncestors(node, "gpu2").front());
    EXPECT_TRUE(connected(node));
    expectBandwidths(node, {}, 6 * 25);
}

TEST(TopoImportRules, NumaAffinityPlacesGpusThatOnlyNvLinkDescribes)
{
    const NodeSpec node = importNvidiaSmiTopology("\tGPU0\tGPU1\tGPU2\tGPU3\tCPU Affinity\tNUMA Affinity\n"
                                                  "GPU0\t X \tNV12\tNV12\tNV12\t0-31\t0\n"
                                                  "GPU1\tNV12\t X \tNV12\tNV12\t0-31\t0\n"
                                                  "GPU2\tNV12\tNV12\t X \tNV12\t32-63\t1\n"
                                                  "GPU3\tNV12\tNV12\tNV12\t X \t32-63\t1\n");
    EXPECT_EQ(count(node, DeviceKind::NvSwitch), 1);
    EXPECT_EQ(count(node, DeviceKind::Cpu), 2);
    EXPECT_EQ(pcieMeeting(node, "gpu0", "gpu1"), "cpu0");
    EXPECT_EQ(pcieMeeting(node, "gpu2", "gpu3"), "cpu1");
}

TEST(TopoImportRules, AGpuWithALinkDownKeepsTheSwitchAtItsOwnWidth)
{
    const NodeSpec node = importNvidiaSmiTopology("\tGPU0\tGPU1\tGPU2\tGPU3\tCPU Affinity\n"
                                                  "GPU0\t X \tNV11\tNV11\tNV11\t0-31\n"
                                                  "GPU1\tNV11\t X \tNV12\tNV12\t0-31\n"
                                                  "GPU2\tNV11\tNV12\t X \tNV12\t0-31\n"
                                                  "GPU3\tNV11\tNV12\tNV12\t X \t0-31\n");
    EXPECT_EQ(count(node, DeviceKind::NvSwitch), 1);
    for (const auto& l : node.links)
        EXPECT_TRUE(l.kind != NodeLinkKind::NvLink || l.GBps == (l.from == "gpu0" ? 11 : 12) * 25.0) << l.from;
}

TEST(TopoImportRules, TwoBridgedGpusGetOneDirectLinkFromTheOptions)
{
    TopoImportOptions o;
    o.nvlinkGBpsPerLink = 14;
    const NodeSpec node = importNvidiaSmiTopology("        GPU0    GPU1    CPU Affinity\n"
                                                  "GPU0     X      NV4     0-15\n"
                                                  "GPU1    NV4      X      0-15\n",
                                                  o);
    ASSERT_EQ(count(node, NodeLinkKind::NvLink), 1);
    EXPECT_TRUE(linked(node, "gpu0", "gpu1", NodeLinkKind::NvLink));
    EXPECT_DOUBLE_EQ(node.links.front().GBps, 4 * 14.0);
    EXPECT_EQ(count(node, DeviceKind::Cpu), 1);
    EXPECT_TRUE(connected(node));
}

TEST(TopoImportRules, CrlfAnsiColourAndBlankLinesReadLikeThePlainText)
{
    std::string text = topoSample("dgx_a100.txt");
    std::string noisy = "\r\n\r\n\x1b[4m";
    for (char c : text)
        noisy += c == '\n' ? std::string("\r\n") : std::string(1, c);
    noisy.insert(noisy.find("CPU Affinity") + 12, "\x1b[0m");
    noisy += "\r\n\r\n";
    const NodeSpec plain = importNvidiaSmiTopology(text);
    const NodeSpec read = importNvidiaSmiTopology(noisy);
    EXPECT_EQ(read.devices.size(), plain.devices.size());
    EXPECT_EQ(read.links.size(), plain.links.size());
    EXPECT_GE(read.deviceIndex("mlx5_9"), 0);
    // Line numbers count the blank lines: GPU3's row is now line 7.
    EXPECT_EQ(errorLine(withCell(noisy, 7, 2, "NV")), "line 7");
}

TEST(TopoImportErrors, EmptyOrGarbageTextNamesLineOne)
{
    std::string message;
    EXPECT_EQ(errorLine("", &message), "line 1");
    EXPECT_NE(message.find("empty"), std::string::npos) << message;
    EXPECT_EQ(errorLine("\n  \n\t\n"), "line 1");
    EXPECT_EQ(errorLine("\nhello world\nthis is not a matrix\n", &message), "line 2");
    EXPECT_NE(message.find("GPU0"), std::string::npos) << message;
}

TEST(TopoImportErrors, MissingOrGarbledHeaderNamesItsLine)
{
    const std::string text = topoSample("pcie_8gpu_2socket.txt");
    const std::string headless = text.substr(text.find("GPU0     X"));
    EXPECT_EQ(errorLine(headless), "line 1");
    std::string garbled = text;
    garbled.replace(garbled.find("CPU Affinity"), 12, "CPU Afinity");
    std::string message;
    EXPECT_EQ(errorLine(garbled, &message), "line 2");
    EXPECT_NE(message.find("Afinity"), std::string::npos) << message;
}

TEST(TopoImportErrors, TruncatedRowOrMissingRowNamesTheLine)
{
    const std::string text = topoSample("dgx_a100.txt");
    const std::string truncated = text.substr(0, text.find("\nGPU3\t") + 1) + "GPU3\tNV12\tNV12\tNV12\t X \tNV12\n"
        + text.substr(text.find("\nGPU4\t") + 1);
    std::string message;
    EXPECT_EQ(errorLine(truncated, &message), "line 5");
    EXPECT_NE(message.find("GPU3 has 5 cells; expected 18"), std::string::npos) << message;
    // The file cut after NIC8's row: the row of NIC9 (line 19) is missing.
    const std::string cut = text.substr(0, text.find("\nNIC9\t") + 1);
    EXPECT_EQ(errorLine(cut, &message), "line 19");
    EXPECT_NE(message.find("NIC9"), std::string::npos) << message;
}

TEST(TopoImportErrors, UnknownTokenIsNamedWithTheKnownOnes)
{
    std::string message;
    EXPECT_EQ(errorLine(withCell(topoSample("dgx_a100.txt"), 4, 1, "NV"), &message), "line 4");
    EXPECT_NE(message.find("\"NV\" between GPU2 and GPU0"), std::string::npos) << message;
    EXPECT_NE(message.find("PIX, PXB, PHB, NODE, SYS"), std::string::npos) << message;
    EXPECT_EQ(errorLine(withCell(topoSample("dgx_a100.txt"), 3, 1, "X")), "line 3");
}

TEST(TopoImportErrors, AsymmetricCellNamesBothCells)
{
    // pcie_8gpu_2socket.txt: line 6 is GPU3's row, its third cell GPU2 (PIX on GPU2's row, line 5).
    std::string message;
    EXPECT_EQ(errorLine(withCell(topoSample("pcie_8gpu_2socket.txt"), 6, 3, "PXB"), &message), "line 6");
    EXPECT_NE(message.find("GPU3 to GPU2 is PXB"), std::string::npos) << message;
    EXPECT_NE(message.find("GPU2 to GPU3 (line 5) is PIX"), std::string::npos) << message;
}

TEST(TopoImportErrors, NoGpuRowsDuplicatesAndNvLinkToANic)
{
    EXPECT_EQ(errorLine("\tNIC0\tNIC1\tCPU Affinity\nNIC0\t X \tPIX\nNIC1\tPIX\t X \n"), "line 1");
    EXPECT_EQ(errorLine("\tGPU0\tGPU0\nGPU0\t X \tPIX\nGPU0\tPIX\t X \n"), "line 1");
    std::string message;
    EXPECT_EQ(errorLine("\tGPU0\tNIC0\nGPU0\t X \tPIX\nNIC0\tPIX\t X \n\nNIC Legend:\n\n  NIC0: GPU0\n", &message),
              "line 7");
    EXPECT_EQ(errorLine("\tGPU0\tNIC0\nGPU0\t X \tNV2\nNIC0\tNV2\t X \n", &message), "line 3");
    EXPECT_NE(message.find("NVLink joins GPUs only"), std::string::npos) << message;
    EXPECT_EQ(errorLine("\tGPU0\tNIC0\nGPU0\t X \tPIX\nNIC0\tPIX\t X \n\nNIC Legend:\n  NIC1: mlx5_1\n"), "line 6");
}

TEST(TopoImportErrors, ANameThatIsNotUtf8NamesItsLine)
{
    // Issue #12 (fuzz corpus crash-nic-name-not-utf8): the node's JSON could not be written.
    const std::string matrix = "\tGPU0\tNIC0\nGPU0\t X \tPIX\nNIC0\tPIX\t X \n";
    EXPECT_EQ(errorLine(matrix + "\nNIC Legend:\n\n  NIC0: mlx5_\xff\n"), "line 7");
    EXPECT_EQ(errorLine("\tGPU0\tNIC\xc3\nGPU0\t X \tPIX\nNIC\xc3\tPIX\t X \n"), "line 3");
}

} // namespace
