// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/common/plot_theme.h"

#include <QCoreApplication>

namespace paraplan::widgets {

namespace {
// Okabe & Ito (2008), "Color Universal Design".
const QColor kBlue(0x00, 0x72, 0xB2), kSky(0x56, 0xB4, 0xE9), kOrange(0xE6, 0x9F, 0x00), kVermillion(0xD5, 0x5E, 0x00),
    kGreen(0x00, 0x9E, 0x73), kYellow(0xF0, 0xE4, 0x42), kPurple(0xCC, 0x79, 0xA7);

QColor lifted(const QColor& c, bool dark) { return dark ? c.lighter(125) : c; }
} // namespace

QColor PlotTheme::component(TimeComponent component) const
{
    switch (component) {
    case TimeComponent::Compute:
        return lifted(kBlue, dark);
    case TimeComponent::Recompute:
        return lifted(kSky, dark);
    case TimeComponent::TpComm:
        return lifted(kOrange, dark);
    case TimeComponent::CpComm:
        return lifted(kYellow.darker(130), dark);
    case TimeComponent::EpComm:
        return lifted(kPurple.darker(120), dark);
    case TimeComponent::PpComm:
        return lifted(kPurple, dark);
    case TimeComponent::DpComm:
        return lifted(kGreen, dark);
    case TimeComponent::Bubble:
        return dark ? QColor(0x9E, 0x9E, 0x9E) : QColor(0xB0, 0xB0, 0xB0);
    case TimeComponent::Optimizer:
        return lifted(kVermillion, dark);
    case TimeComponent::Other:
        return dark ? QColor(0x70, 0x70, 0x70) : QColor(0x60, 0x60, 0x60);
    }
    return foreground;
}

QColor PlotTheme::memory(MemoryPart part) const
{
    switch (part) {
    case MemoryPart::Weights:
        return lifted(kBlue, dark);
    case MemoryPart::Gradients:
        return lifted(kSky, dark);
    case MemoryPart::Optimizer:
        return lifted(kGreen, dark);
    case MemoryPart::Activations:
        return lifted(kOrange, dark);
    case MemoryPart::Other:
        return dark ? QColor(0x9E, 0x9E, 0x9E) : QColor(0xA0, 0xA0, 0xA0);
    }
    return foreground;
}

// Forward and backward blocks sit side by side by the thousand: a light and a deep blue.
QColor PlotTheme::forward() const { return dark ? QColor(0x8C, 0xD3, 0xFF) : kSky; }
QColor PlotTheme::backward() const { return dark ? QColor(0x2A, 0x6F, 0xBF) : QColor(0x00, 0x4F, 0x8A); }
QColor PlotTheme::weightGradient() const { return lifted(kGreen, dark); }

PlotTheme PlotTheme::fromPalette(const QPalette& palette)
{
    PlotTheme t;
    t.background = palette.color(QPalette::Base);
    t.foreground = palette.color(QPalette::Text);
    t.dark = t.background.lightness() < 128;
    t.grid = t.dark ? QColor(0x44, 0x44, 0x44) : QColor(0xDD, 0xDD, 0xDD);
    t.subtle = t.dark ? QColor(0x99, 0x99, 0x99) : QColor(0x70, 0x70, 0x70);
    t.warning = t.dark ? QColor(0xFF, 0x5C, 0x5C) : QColor(0xC6, 0x28, 0x28);
    t.caution = lifted(kVermillion, t.dark);
    t.highlight = t.dark ? QColor(0xFF, 0xD5, 0x4F) : QColor(0xD8, 0x1B, 0x60);
    t.tied = lifted(kOrange, t.dark);
    return t;
}

QString componentName(TimeComponent component)
{
    const char* names[] = { QT_TRANSLATE_NOOP("Components", "compute"),
                            QT_TRANSLATE_NOOP("Components", "recompute"),
                            QT_TRANSLATE_NOOP("Components", "TP communication"),
                            QT_TRANSLATE_NOOP("Components", "CP communication"),
                            QT_TRANSLATE_NOOP("Components", "EP communication"),
                            QT_TRANSLATE_NOOP("Components", "PP send/recv"),
                            QT_TRANSLATE_NOOP("Components", "DP communication"),
                            QT_TRANSLATE_NOOP("Components", "pipeline bubble"),
                            QT_TRANSLATE_NOOP("Components", "optimizer"),
                            QT_TRANSLATE_NOOP("Components", "step overhead") };
    return QCoreApplication::translate("Components", names[int(component)]);
}

QString memoryPartName(MemoryPart part)
{
    const char* names[] = { QT_TRANSLATE_NOOP("Components", "weights"), QT_TRANSLATE_NOOP("Components", "gradients"),
                            QT_TRANSLATE_NOOP("Components", "optimizer states"),
                            QT_TRANSLATE_NOOP("Components", "activations"),
                            QT_TRANSLATE_NOOP("Components", "runtime and reserve") };
    return QCoreApplication::translate("Components", names[int(part)]);
}

} // namespace paraplan::widgets
