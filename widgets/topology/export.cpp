// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/topology/export.h"

#include "widgets/topology/scene.h"

#include <QPainter>
#include <QPdfWriter>

#include <algorithm>

namespace paraplan::widgets {

namespace {
constexpr double kMostPixels = 8000;

QRectF drawingRect(const TopologyScene& scene) { return scene.itemsBoundingRect().adjusted(-20, -20, 20, 20); }
} // namespace

QImage renderTopology(TopologyScene& scene, double scale)
{
    const QRectF source = drawingRect(scene);
    scale = std::min(scale, kMostPixels / std::max({ source.width(), source.height(), 1.0 }));
    QImage image((source.size() * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.fill(scene.palette().theme.background);
    QPainter painter(&image);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    scene.render(&painter, QRectF(QPointF(0, 0), image.size()), source);
    return image;
}

bool writeTopologyPdf(TopologyScene& scene, const QString& path)
{
    const QRectF source = drawingRect(scene);
    QPdfWriter writer(path);
    writer.setPageSize(QPageSize(source.size(), QPageSize::Point));
    writer.setPageMargins(QMarginsF(0, 0, 0, 0));
    writer.setResolution(72); // one point per scene unit
    QPainter painter;
    if (!painter.begin(&writer))
        return false;
    scene.render(&painter, QRectF(QPointF(0, 0), source.size()), source);
    return painter.end();
}

} // namespace paraplan::widgets
