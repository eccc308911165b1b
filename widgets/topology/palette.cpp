// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/topology/palette.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace paraplan::widgets {

namespace {
// Okabe & Ito (2008), as in plot_theme.cpp.
const QColor kBlue(0x00, 0x72, 0xB2), kSky(0x56, 0xB4, 0xE9), kOrange(0xE6, 0x9F, 0x00), kVermillion(0xD5, 0x5E, 0x00),
    kGreen(0x00, 0x9E, 0x73), kYellow(0xF0, 0xE4, 0x42), kPurple(0xCC, 0x79, 0xA7);

// A pale tint of `hue` for fills: mixed into the background, so it suits light and dark alike.
QColor tint(const QColor& hue, const QColor& background, double amount)
{
    return QColor::fromRgbF(float(background.redF() + (hue.redF() - background.redF()) * amount),
                            float(background.greenF() + (hue.greenF() - background.greenF()) * amount),
                            float(background.blueF() + (hue.blueF() - background.blueF()) * amount));
}
} // namespace

QColor TopologyPalette::deviceEdge(DeviceKind kind) const
{
    const bool dark = theme.dark;
    switch (kind) {
    case DeviceKind::Gpu:
        return theme.foreground;
    case DeviceKind::NvSwitch:
        return dark ? kGreen.lighter(130) : kGreen.darker(115);
    case DeviceKind::PcieSwitch:
        return dark ? kSky : kBlue;
    case DeviceKind::Cpu:
        return theme.subtle;
    case DeviceKind::Nic:
        return dark ? kOrange : kVermillion;
    }
    return theme.foreground;
}

QColor TopologyPalette::deviceFill(DeviceKind kind) const
{
    const double amount = theme.dark ? 0.35 : 0.18;
    switch (kind) {
    case DeviceKind::Gpu:
        return neutralGpu;
    case DeviceKind::NvSwitch:
        return tint(kGreen, theme.background, amount);
    case DeviceKind::PcieSwitch:
        return tint(kBlue, theme.background, amount);
    case DeviceKind::Cpu:
        return tint(theme.subtle, theme.background, amount);
    case DeviceKind::Nic:
        return tint(kOrange, theme.background, amount);
    }
    return theme.background;
}

QColor TopologyPalette::link(NodeLinkKind kind) const
{
    const bool dark = theme.dark;
    switch (kind) {
    case NodeLinkKind::NvLink:
        return dark ? kGreen.lighter(125) : kGreen;
    case NodeLinkKind::Pcie:
        return dark ? kSky : kBlue;
    case NodeLinkKind::SocketLink:
        return dark ? kPurple : kPurple.darker(130);
    }
    return theme.foreground;
}

QColor TopologyPalette::network() const { return theme.dark ? kVermillion.lighter(130) : kVermillion; }

QColor TopologyPalette::group(int64_t index) const
{
    // Eight hues, then the same eight a step lighter (darker on dark backgrounds).
    static const std::array<QColor, 8> hues{ kBlue, kOrange, kGreen, kPurple, kSky, kVermillion, kYellow,
                                             QColor(0x99, 0x99, 0x99) };
    const size_t i = size_t(std::max<int64_t>(index, 0) % 16);
    const QColor base = hues[i % 8];
    if (i < 8)
        return theme.dark ? base.lighter(110) : base;
    return theme.dark ? base.darker(160) : tint(base, Qt::white, 0.45);
}

QColor TopologyPalette::textOn(const QColor& fill)
{
    const double luminance = 0.2126 * fill.redF() + 0.7152 * fill.greenF() + 0.0722 * fill.blueF();
    return luminance > 0.5 ? QColor(0x11, 0x11, 0x11) : QColor(0xFA, 0xFA, 0xFA);
}

double TopologyPalette::linkWidth(double GBps) { return std::clamp(0.8 + std::sqrt(std::max(GBps, 0.0)) / 5.0, 1.0, 8.0); }

TopologyPalette TopologyPalette::fromPalette(const QPalette& palette)
{
    TopologyPalette p;
    p.theme = PlotTheme::fromPalette(palette);
    const QColor& bg = p.theme.background;
    p.frameFill = p.theme.dark ? bg.lighter(118) : bg.darker(103);
    p.frameEdge = p.theme.dark ? QColor(0x5A, 0x5A, 0x60) : QColor(0xC4, 0xC4, 0xCA);
    p.neutralGpu = p.theme.dark ? QColor(0x3A, 0x46, 0x55) : QColor(0xE3, 0xEA, 0xF2);
    p.selection = palette.color(QPalette::Highlight);
    return p;
}

} // namespace paraplan::widgets
