// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QImage>
#include <QString>

// The whole topology drawing (not just what the view shows) as an image or a one-page PDF.
namespace paraplan::widgets {

class TopologyScene;

// At `scale` times the drawing's size, kept under 8000 pixels a side.
[[nodiscard]] QImage renderTopology(TopologyScene& scene, double scale);
bool writeTopologyPdf(TopologyScene& scene, const QString& path);

} // namespace paraplan::widgets
