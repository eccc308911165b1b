// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/network/fabric.h"

#include <QString>

// Links and devices of a fabric named for people, in the interface's language.
namespace paraplan::widgets {

// "pcie0 – cpu0 (PCIe) on node 2", "NIC mlx5_0 of node 1", "the spine uplinks of leaf switch 3".
[[nodiscard]] QString linkText(const Fabric& fabric, int32_t link);
[[nodiscard]] QString linkKindText(NodeLinkKind kind);
// "GPU", "NVSwitch", "PCIe switch", "CPU socket", "NIC".
[[nodiscard]] QString deviceKindText(DeviceKind kind);

} // namespace paraplan::widgets
