// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/document/report_blocks.h"

#include "widgets/common/file_writing.h"
#include "widgets/common/plot_view.h"

#include <QBuffer>
#include <QFile>
#include <QPainter>
#include <QPdfWriter>
#include <QPicture>
#include <QTextDocument>

#include <algorithm>

namespace paraplan::app {

namespace {

// A4 in points (the PDF's unit at 72 dpi), with margins a printer keeps.
constexpr double kPageWidth = 595, kPageHeight = 842, kMargin = 48, kFooterHeight = 24, kGap = 10;
constexpr double kContentWidth = kPageWidth - 2 * kMargin;
constexpr double kContentBottom = kPageHeight - kMargin - kFooterHeight;

QString headingHtml(const ReportBlock& block)
{
    return block.kind == ReportBlock::Kind::Heading ? QStringLiteral("<h2>%1</h2>").arg(block.html.toHtmlEscaped())
                                                    : QStringLiteral("<h3>%1</h3>").arg(block.html.toHtmlEscaped());
}

bool isText(const ReportBlock& block)
{
    return block.kind == ReportBlock::Kind::Heading || block.kind == ReportBlock::Kind::Subheading
        || block.kind == ReportBlock::Kind::Text;
}

// One block laid out: its text as a document at the page's width, or a chart's height.
struct Placed {
    const ReportBlock* block;
    std::unique_ptr<QTextDocument> text;
    double height = 0;
    int page = 0;
    double y = 0;
};

std::unique_ptr<QTextDocument> textDocument(const QString& html)
{
    auto document = std::make_unique<QTextDocument>();
    QFont font = document->defaultFont();
    font.setPointSizeF(9.5);
    document->setDefaultFont(font);
    document->setDocumentMargin(0);
    document->setDefaultStyleSheet(QStringLiteral("h1 { font-size: 20pt; } h2 { font-size: 14pt; margin-top: 6pt; } "
                                                  "h3 { font-size: 11pt; } td, th { padding: 2pt 6pt; } "
                                                  "th { text-align: left; background-color: #eeeeee; }"));
    document->setHtml(html);
    document->setTextWidth(kContentWidth);
    return document;
}

// Pages by height: a block that does not fit below the last one starts a page; a heading never
// ends one (it moves with the block after it).
std::vector<Placed> layOut(const ReportDocument& document)
{
    std::vector<Placed> placed;
    placed.push_back({ nullptr, textDocument(QStringLiteral("<h1>%1</h1><p>%2</p>")
                                                 .arg(document.title.toHtmlEscaped(), document.subtitle.toHtmlEscaped())),
                       0, 0, kMargin });
    placed.back().height = placed.back().text->size().height();
    for (const ReportBlock& block : document.blocks) {
        Placed p{ &block, nullptr, 0, 0, 0 };
        if (isText(block)) {
            p.text = textDocument(block.kind == ReportBlock::Kind::Text ? block.html : headingHtml(block));
            p.height = p.text->size().height();
        } else if (block.kind != ReportBlock::Kind::PageBreak) {
            p.height = kContentWidth * block.aspect;
        }
        placed.push_back(std::move(p));
    }
    int page = 0;
    double y = kMargin + placed.front().height + kGap;
    for (size_t i = 1; i < placed.size(); ++i) {
        Placed& p = placed[i];
        if (p.block->kind == ReportBlock::Kind::PageBreak) {
            if (y > kMargin) {
                ++page;
                y = kMargin;
            }
            continue;
        }
        const bool heading = p.block->kind == ReportBlock::Kind::Heading || p.block->kind == ReportBlock::Kind::Subheading;
        const double keepWithNext = heading && i + 1 < placed.size() ? placed[i + 1].height + kGap : 0;
        if (y + p.height + keepWithNext > kContentBottom && y > kMargin) {
            ++page;
            y = kMargin;
        }
        p.page = page;
        p.y = y;
        y += p.height + kGap;
    }
    return placed;
}

// Vector drawing commands, scaled from the chart's layout size to the page's area.
void drawPlot(QPainter& painter, const widgets::PlotView& view, const QRectF& area)
{
    const int width = kReportChartWidth;
    const int height = int(width * area.height() / area.width());
    const QPicture picture = view.picture(width, height);
    painter.save();
    painter.translate(area.topLeft());
    painter.scale(area.width() / width, area.height() / height);
    painter.drawPicture(0, 0, picture);
    painter.restore();
}

QByteArray pngOf(const QImage& image)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return bytes;
}

QImage plotImage(const widgets::PlotView& view, double aspect)
{
    return view.image(kReportChartWidth, int(kReportChartWidth * aspect), 1.5);
}

} // namespace

bool writeReportPdf(const ReportDocument& document, const QString& path, QString* error)
{
    const std::vector<Placed> placed = layOut(document);
    int pages = 1;
    for (const Placed& p : placed)
        pages = std::max(pages, p.page + 1);
    const bool written = widgets::writeWholeFileWith(path, [&](const QString& partial) {
        QPdfWriter pdf(partial);
        pdf.setPageSize(QPageSize(QPageSize::A4));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setResolution(72); // one unit a point
        pdf.setTitle(document.title);
        pdf.setCreator(QStringLiteral("ParaPlan"));
        QPainter painter(&pdf);
        if (!painter.isActive())
            return false;
        int page = 0;
        const auto footer = [&] {
            QFont font = painter.font();
            font.setPointSizeF(8);
            painter.setFont(font);
            painter.setPen(QColor(0x66, 0x66, 0x66));
            painter.drawText(QRectF(kMargin, kPageHeight - kMargin - 12, kContentWidth, 14), Qt::AlignLeft,
                             document.footer);
            painter.drawText(QRectF(kMargin, kPageHeight - kMargin - 12, kContentWidth, 14), Qt::AlignRight,
                             Report::tr("page %1 of %2").arg(page + 1).arg(pages));
        };
        for (const Placed& p : placed) {
            if (p.block && p.block->kind == ReportBlock::Kind::PageBreak)
                continue;
            while (page < p.page) {
                footer();
                pdf.newPage();
                ++page;
            }
            const QRectF area(kMargin, p.y, kContentWidth, p.height);
            if (p.text) {
                painter.save();
                painter.translate(area.topLeft());
                p.text->drawContents(&painter);
                painter.restore();
            } else if (p.block->kind == ReportBlock::Kind::Plot && p.block->plot) {
                drawPlot(painter, *p.block->plot, area);
            } else if (p.block->kind == ReportBlock::Kind::Image) {
                painter.drawImage(area, p.block->image);
            }
        }
        footer();
        return painter.end();
    });
    if (!written && error)
        *error = Report::tr("cannot write %1").arg(path);
    return written;
}

bool writeReportHtml(const ReportDocument& document, const QString& path, QString* error)
{
    QString html = QStringLiteral("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>%1</title>"
                                  "<style>body { font-family: sans-serif; max-width: 60em; margin: 2em auto; } "
                                  "img { width: 100%; } td, th { padding: 2px 8px; } th { text-align: left; "
                                  "background: #eee; } footer { color: #666; margin-top: 3em; }</style></head><body>\n"
                                  "<h1>%1</h1><p>%2</p>\n")
                       .arg(document.title.toHtmlEscaped(), document.subtitle.toHtmlEscaped());
    for (const ReportBlock& block : document.blocks) {
        switch (block.kind) {
        case ReportBlock::Kind::Heading:
        case ReportBlock::Kind::Subheading:
            html += headingHtml(block) + QLatin1Char('\n');
            break;
        case ReportBlock::Kind::Text:
            html += block.html + QLatin1Char('\n');
            break;
        case ReportBlock::Kind::Plot:
            if (block.plot)
                html += QStringLiteral("<img alt=\"%1\" src=\"data:image/png;base64,%2\">\n")
                            .arg(block.plot->title().toHtmlEscaped(),
                                 QString::fromLatin1(pngOf(plotImage(*block.plot, block.aspect)).toBase64()));
            break;
        case ReportBlock::Kind::Image:
            html += QStringLiteral("<img src=\"data:image/png;base64,%1\">\n").arg(QString::fromLatin1(pngOf(block.image).toBase64()));
            break;
        case ReportBlock::Kind::PageBreak:
            html += QStringLiteral("<hr>\n");
            break;
        }
    }
    html += QStringLiteral("<footer>%1</footer></body></html>\n").arg(document.footer.toHtmlEscaped());
    const bool written = widgets::writeWholeFileWith(path, [&](const QString& partial) {
        QFile file(partial);
        return file.open(QIODevice::WriteOnly) && file.write(html.toUtf8()) >= 0;
    });
    if (!written && error)
        *error = Report::tr("cannot write %1").arg(path);
    return written;
}

} // namespace paraplan::app
