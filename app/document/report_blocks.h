// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>
#include <QImage>
#include <QString>
#include <QWidget>

#include <memory>
#include <vector>

// A report as a list of blocks (app/document/report_document.h): what it says, independent of whether
// it becomes PDF pages or an HTML file.
namespace paraplan::widgets {
class PlotView;
}

namespace paraplan::app {

// The report's words, translated under one context.
struct Report {
    Q_DECLARE_TR_FUNCTIONS(Report)
};

struct ReportBlock {
    enum class Kind { Heading, Subheading, Text, Plot, Image, PageBreak };
    Kind kind = Kind::Text;
    QString html;                       // Heading/Subheading: plain text; Text: an HTML fragment
    widgets::PlotView* plot = nullptr;  // Plot: drawn as vector graphics in a PDF
    QImage image;                       // Image: a raster drawing (the topology)
    double aspect = 0.5;                // Plot, Image: height over width

    [[nodiscard]] static ReportBlock of(Kind kind, QString html = {})
    {
        ReportBlock block;
        block.kind = kind;
        block.html = std::move(html);
        return block;
    }
};

struct ReportDocument {
    QString title;
    QString subtitle;
    QString footer; // version and date; the page number goes beside it
    std::vector<ReportBlock> blocks;
    // The views drawn for the plots, kept alive until the document is written.
    std::vector<std::unique_ptr<QWidget>> owned;
};

// The width every chart is laid out at before it is scaled to the page: wide enough for labels.
inline constexpr int kReportChartWidth = 720;

bool writeReportPdf(const ReportDocument& document, const QString& path, QString* error);
bool writeReportHtml(const ReportDocument& document, const QString& path, QString* error);

} // namespace paraplan::app
