// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/topology.h"
#include "widgets/common/plot_theme.h"

#include <QColor>
#include <QPalette>

// The topology drawing's colours, light or dark with the palette: a pale fill and a strong edge
// per kind of device, one hue per kind of link (NVLink green, PCIe blue, socket links purple, the
// network vermillion, as the Okabe-Ito set the plots use), and the colours of parallel groups.
namespace paraplan::widgets {

struct TopologyPalette {
    PlotTheme theme;
    QColor frameFill, frameEdge, neutralGpu, selection;

    [[nodiscard]] QColor deviceFill(DeviceKind kind) const;
    [[nodiscard]] QColor deviceEdge(DeviceKind kind) const;
    [[nodiscard]] QColor link(NodeLinkKind kind) const;
    [[nodiscard]] QColor network() const;
    // Group `index` (0, 1, ...): neighbouring groups get clearly different colours; 16 before repeating.
    [[nodiscard]] QColor group(int64_t index) const;
    // Black or white, whichever reads better on `fill`.
    [[nodiscard]] static QColor textOn(const QColor& fill);
    // Pen width of a link: grows with the square root of its bandwidth, so 450 GB/s NVLink stands
    // out from 64 GB/s PCIe without drowning it.
    [[nodiscard]] static double linkWidth(double GBps);

    [[nodiscard]] static TopologyPalette fromPalette(const QPalette& palette);
};

} // namespace paraplan::widgets
