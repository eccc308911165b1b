// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/common/plot_view.h"

#include "widgets/common/file_writing.h"

#include <qcustomplot.h>

#include <algorithm>
#include <vector>

#include <QApplication>
#include <QClipboard>
#include <QHelpEvent>
#include <QMenu>
#include <QToolTip>
#include <QVBoxLayout>

namespace paraplan::widgets {

PlotView::PlotView(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
    , m_theme(PlotTheme::fromPalette(palette()))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot, 1); // extra height goes to the plot, never to widgets above it
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->setNoAntialiasingOnDrag(true);
    m_plot->setContextMenuPolicy(Qt::CustomContextMenu);
    m_plot->setMouseTracking(true);
    m_plot->installEventFilter(this);
    connect(m_plot, &QCustomPlot::customContextMenuRequested, this, &PlotView::showContextMenu);
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this] { resetZoom(); });
    setMinimumSize(260, 180); // the overview's quarters on a 1024 x 600 screen
}

PlotView::~PlotView() = default;

void PlotView::applyTheme()
{
    m_theme = PlotTheme::fromPalette(palette());
    m_plot->setBackground(m_theme.background);
    for (QCPAxisRect* rect : m_plot->axisRects()) // views may hold more than one
        for (QCPAxis* axis : rect->axes()) {
            axis->setBasePen(QPen(m_theme.subtle));
            axis->setTickPen(QPen(m_theme.subtle));
            axis->setSubTickPen(QPen(m_theme.subtle));
            axis->setTickLabelColor(m_theme.foreground);
            axis->setLabelColor(m_theme.foreground);
            axis->grid()->setPen(QPen(m_theme.grid, 1, Qt::DotLine));
            axis->grid()->setZeroLinePen(QPen(m_theme.grid));
        }
    QFont legendFont = font();
    legendFont.setPointSizeF(legendFont.pointSizeF() * 0.9);
    m_plot->legend->setFont(legendFont);
    m_plot->legend->setBrush(m_theme.background);
    m_plot->legend->setTextColor(m_theme.foreground);
    m_plot->legend->setBorderPen(QPen(m_theme.grid));
}

QVBoxLayout* PlotView::frameLayout() const { return static_cast<QVBoxLayout*>(layout()); }

void PlotView::setPlotTitle(const QString& title)
{
    if (!m_title) {
        m_plot->plotLayout()->insertRow(0);
        m_title = new QCPTextElement(m_plot, title, QFont(font().family(), font().pointSize() + 3, QFont::Bold));
        m_plot->plotLayout()->addElement(0, 0, m_title);
    }
    m_title->setText(title);
    m_title->setTextColor(m_theme.foreground);
}

void PlotView::showCentreNote(const QString& text)
{
    auto* note = new QCPItemText(m_plot);
    note->position->setType(QCPItemPosition::ptAxisRectRatio);
    note->position->setCoords(0.5, 0.5);
    note->setText(text);
    note->setColor(m_theme.subtle);
}

void PlotView::replotNow()
{
    fitLegendColumns();
    refreshHighlight();
    m_plot->replot(QCustomPlot::rpImmediateRefresh);
}

// As many entries a row as fit the plot's width, at least one: a narrow view stacks its legend
// rather than cutting entries off. Entries fill columns in turn, each column as wide as its widest.
void PlotView::fitLegendColumns()
{
    QCPLegend* legend = m_plot->legend;
    if (!m_legendBelow)
        return;
    std::vector<int> widths; // a wrapped grid counts its empty cells among the items: skipped
    for (int i = 0; i < legend->itemCount(); ++i)
        if (const QCPAbstractLegendItem* item = legend->item(i))
            widths.push_back(item->minimumOuterSizeHint().width());
    const int available = m_plot->width() - 2 * kLegendSideMargin;
    int perRow = std::max<int>(1, int(widths.size()));
    for (; perRow > 1; --perRow) {
        std::vector<int> columns(size_t(perRow), 0);
        for (size_t i = 0; i < widths.size(); ++i)
            columns[i % size_t(perRow)] = std::max(columns[i % size_t(perRow)], widths[i]);
        int total = legend->columnSpacing() * (perRow - 1);
        for (int width : columns)
            total += width;
        if (total <= available)
            break;
    }
    legend->setWrap(perRow);
}

void PlotView::dataChanged()
{
    if (!isVisible()) {
        m_stale = true;
        return;
    }
    m_stale = false;
    redraw();
    replotNow();
}

std::optional<PlotView::HighlightBand> PlotView::highlightBand(const FindingFocus&) const { return std::nullopt; }

void PlotView::setHighlight(const std::optional<FindingFocus>& focus)
{
    // Cleared on every new evaluation: replot only what changes and shows (a hidden view draws its
    // mark when it is next drawn).
    if (m_highlight == focus)
        return;
    m_highlight = focus;
    if (!isVisible())
        return;
    refreshHighlight();
    m_plot->replot();
}

void PlotView::refreshHighlight()
{
    if (m_highlightItem)
        m_plot->removeItem(m_highlightItem);
    const std::optional<HighlightBand> band = m_highlight ? highlightBand(*m_highlight) : std::nullopt;
    if (!band)
        return;
    auto* rect = new QCPItemRect(m_plot);
    // The band spans the other axis whole, in axis-rect coordinates, so zooming keeps it across.
    for (QCPItemPosition* corner : { rect->topLeft, rect->bottomRight }) {
        corner->setTypeX(band->alongX ? QCPItemPosition::ptPlotCoords : QCPItemPosition::ptAxisRectRatio);
        corner->setTypeY(band->alongX ? QCPItemPosition::ptAxisRectRatio : QCPItemPosition::ptPlotCoords);
    }
    rect->topLeft->setCoords(band->alongX ? band->from : 0, band->alongX ? 0 : band->from);
    rect->bottomRight->setCoords(band->alongX ? band->to : 1, band->alongX ? 1 : band->to);
    QColor fill = m_theme.foreground;
    fill.setAlphaF(0.12);
    QColor edge = m_theme.foreground;
    edge.setAlphaF(0.6);
    rect->setBrush(fill);
    rect->setPen(QPen(edge, 1.5, Qt::DashLine));
    rect->setClipToAxisRect(true);
    m_highlightItem = rect;
}

void PlotView::plotResized()
{
    if (m_redrawQueued || !isVisible())
        return;
    m_redrawQueued = true;
    QMetaObject::invokeMethod(
        this,
        [this] {
            m_redrawQueued = false;
            dataChanged();
        },
        Qt::QueuedConnection);
}

void PlotView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_stale)
        dataChanged();
}

void PlotView::resetZoom()
{
    redraw(); // each view's redraw sets the ranges that fit its data
    replotNow();
}

void PlotView::placeLegendBelowPlot()
{
    m_plot->legend->setVisible(true);
    auto* legendRow = new QCPLayoutGrid;
    QCPLayoutGrid* layout = m_plot->plotLayout();
    layout->addElement(layout->rowCount(), 0, legendRow);
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    legendRow->addElement(0, 0, m_plot->legend);
    legendRow->setMargins(QMargins(0, 0, 0, 4));
    m_plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_plot->legend->setIconSize(20, 12); // the swatch says the colour; the name needs the room
    m_legendBelow = true;
    layout->setRowStretchFactor(layout->rowCount() - 1, 0.001); // the row only as tall as the legend
}

bool PlotView::exportPng(const QString& path, double scale)
{
    return writeWholeFileWith(path, [&](const QString& partial) {
        return m_plot->savePng(partial, m_plot->width(), m_plot->height(), scale);
    });
}

bool PlotView::exportPdf(const QString& path)
{
    return writeWholeFileWith(path, [this](const QString& partial) { return m_plot->savePdf(partial); });
}

QPicture PlotView::picture(int width, int height) const
{
    QPicture recorded;
    QCPPainter painter(&recorded);
    m_plot->toPainter(&painter, width, height);
    painter.end();
    return recorded;
}

QImage PlotView::image(int width, int height, double scale) const { return m_plot->toPixmap(width, height, scale).toImage(); }

void PlotView::copyToClipboard(double scale)
{
    QApplication::clipboard()->setPixmap(m_plot->toPixmap(m_plot->width(), m_plot->height(), scale));
}

bool PlotView::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_plot && event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, m_plot);
        return true;
    }
    if (watched == m_plot && event->type() == QEvent::Resize)
        plotResized();
    return QWidget::eventFilter(watched, event);
}

void PlotView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange) {
        applyTheme();
        redraw();
        refreshHighlight();
        m_plot->replot();
    }
    QWidget::changeEvent(event);
}

void PlotView::showContextMenu(const QPoint& position)
{
    QMenu menu(this);
    menu.addAction(tr("Reset zoom"), this, &PlotView::resetZoom);
    menu.addSeparator();
    menu.addAction(tr("Copy image"), this, [this] { copyToClipboard(); });
    menu.addAction(tr("Export as PNG…"), this, [this] { Q_EMIT exportRequested(QStringLiteral("png")); });
    menu.addAction(tr("Export as PDF…"), this, [this] { Q_EMIT exportRequested(QStringLiteral("pdf")); });
    menu.exec(m_plot->mapToGlobal(position));
}

} // namespace paraplan::widgets
