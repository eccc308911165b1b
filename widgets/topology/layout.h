// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/topology.h"

#include <QPointF>
#include <QRectF>
#include <QSizeF>

#include <vector>

// Where the editor draws the devices of a node kind, in node coordinates (those of
// DeviceSpec.position, top left at 0,0). A device with a position stays there; the others are
// laid out in layers, top to bottom: CPUs, the PCIe switch tree, GPUs, NVSwitches, NICs. GPUs are
// ordered by the tree they hang from so that siblings sit together; a NIC takes a gap between
// GPUs under its switch, so the line down to it passes between them; switches and CPUs sit over
// what they serve. An NVSwitch is a bar under the GPUs it joins. A node of many GPUs (a GB200
// NVL72 rack) wraps into bands of at most 24 GPUs, each with its own layers; a switch joining GPUs
// of several bands gets a bar in each, joined at the left.
namespace paraplan::widgets {

struct DeviceGeometry {
    QPointF centre;
    QSizeF size;
    // For a switch across bands: its bars, relative to `centre` (empty: one bar, or no bar).
    std::vector<QRectF> bars;
};

struct NodeLayout {
    std::vector<DeviceGeometry> devices; // in the order of node.devices
    std::vector<double> bandGaps;        // y of the space between two bands, for the network
};

[[nodiscard]] NodeLayout layoutNode(const NodeSpec& node);

// The drawn size of a device of `kind` (an NVSwitch's width follows the GPUs it joins).
[[nodiscard]] QSizeF deviceSize(DeviceKind kind);

} // namespace paraplan::widgets
