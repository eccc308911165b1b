// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/spec/topology.h"

#include <gtest/gtest.h>

#include <utility>

using namespace paraplan;

namespace {
// gpu0 and gpu1 under one PCIe switch with a NIC, the switch under a CPU; plus two broken links.
NodeSpec pcieNode()
{
    NodeSpec node;
    for (auto [id, kind] : { std::pair{ "gpu0", DeviceKind::Gpu }, std::pair{ "gpu1", DeviceKind::Gpu },
                             std::pair{ "pcie0", DeviceKind::PcieSwitch }, std::pair{ "cpu0", DeviceKind::Cpu },
                             std::pair{ "nic0", DeviceKind::Nic } }) {
        DeviceSpec device;
        device.id = id;
        device.kind = kind;
        device.nicGBps = kind == DeviceKind::Nic ? 50 : 0;
        node.devices.push_back(device);
    }
    node.links = { { "gpu0", "pcie0", NodeLinkKind::Pcie, 32 },  { "pcie0", "gpu1", NodeLinkKind::Pcie, 32 },
                   { "cpu0", "pcie0", NodeLinkKind::Pcie, 32 },  { "nic0", "pcie0", NodeLinkKind::Pcie, 32 },
                   { "gpu0", "gpu9", NodeLinkKind::NvLink, 450 }, { "gpu1", "gpu1", NodeLinkKind::NvLink, 450 } };
    return node;
}
} // namespace

TEST(LinkNeighbours, EachLinkFromBothEndsInListedOrder)
{
    const std::vector<std::vector<LinkNeighbour>> n = linkNeighbours(pcieNode());
    ASSERT_EQ(n.size(), 5u);
    ASSERT_EQ(n[2].size(), 4u); // the switch: gpu0, gpu1, cpu0, nic0
    EXPECT_EQ(n[2][0].device, 0);
    EXPECT_TRUE(n[2][0].reverse); // listed gpu0 -> pcie0
    EXPECT_EQ(n[2][1].device, 1);
    EXPECT_FALSE(n[2][1].reverse);
    EXPECT_EQ(n[2][3].link, 3);
    ASSERT_EQ(n[0].size(), 1u);
    EXPECT_EQ(n[0][0].device, 2);
    EXPECT_EQ(n[0][0].link, 0);
    EXPECT_FALSE(n[0][0].reverse);
}

TEST(LinkNeighbours, LinksToUnknownDevicesOrToThemselvesAreLeftOut)
{
    const std::vector<std::vector<LinkNeighbour>> n = linkNeighbours(pcieNode());
    for (const auto& links : n)
        for (const LinkNeighbour& link : links)
            EXPECT_LT(link.link, 4) << "link " << link.link << " is broken and must not appear";
    EXPECT_EQ(n[1].size(), 1u); // gpu1: only its PCIe link, not the loop onto itself
}
