// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/explore/advisor.h"
#include "widgets/common/plot_theme.h"

#include <QImage>
#include <QPicture>
#include <QPointer>
#include <QWidget>

#include <optional>

class QCPItemRect;
class QCPTextElement;
class QCustomPlot;
class QVBoxLayout;

// The frame every plot shares: a QCustomPlot that zooms and pans, follows the light or dark
// palette, shows a tooltip with exact values where the mouse rests, and exports itself as PNG or
// PDF at presentation resolution or to the clipboard.
namespace paraplan::widgets {

class PlotView : public QWidget {
    Q_OBJECT
public:
    explicit PlotView(QWidget* parent = nullptr);
    ~PlotView() override;

    // The view's name in menus and file names.
    [[nodiscard]] virtual QString title() const = 0;
    [[nodiscard]] QCustomPlot* plot() const { return m_plot; }

    // PNG at `scale` times the on-screen size (2 = presentation resolution), or PDF (vector).
    bool exportPng(const QString& path, double scale = 2.0);
    bool exportPdf(const QString& path);
    void copyToClipboard(double scale = 2.0);
    // The plot laid out at width x height and recorded as vector drawing commands (a report draws
    // it onto a PDF page at any size), or drawn as an image at `scale` times that size.
    [[nodiscard]] QPicture picture(int width, int height) const;
    [[nodiscard]] QImage image(int width, int height, double scale) const;
    // Replots now; views call it after new data.
    void replotNow();
    // Back to the extent of the data.
    virtual void resetZoom();
    // Marks what an advisor's finding points at (a stage, a part of the step) with a band across
    // the plot, until the next call; nullopt clears it.
    void setHighlight(const std::optional<FindingFocus>& focus);

Q_SIGNALS:
    // The user asked to export the view ("png" or "pdf"); the window asks where.
    void exportRequested(const QString& format);

protected:
    // The tooltip for a point under the mouse, in widget pixels; empty for none.
    [[nodiscard]] virtual QString toolTipAt(const QPointF& position) const = 0;
    // Where a finding's focus lies in plot coordinates: a range along the x axis (`alongX`) or the
    // y axis; nullopt where this view has nothing for it.
    struct HighlightBand {
        bool alongX = true;
        double from = 0, to = 0;
    };
    [[nodiscard]] virtual std::optional<HighlightBand> highlightBand(const FindingFocus& focus) const;
    // Rebuilds the plot from the current data with the current theme.
    virtual void redraw() = 0;
    // New data: redraws now if the view is visible, else when it is next shown (hidden views cost
    // nothing while sliders move).
    void dataChanged();
    void showEvent(QShowEvent* event) override;
    [[nodiscard]] const PlotTheme& theme() const { return m_theme; }
    // The legend in a row of its own under the plot, so it never covers the data.
    void placeLegendBelowPlot();
    // The plot's title, drawn inside it so exports carry it.
    void setPlotTitle(const QString& title);
    // A note in the middle of the plot, in the theme's subtle colour: why there is nothing to draw
    // yet (computing, no valid configuration, nothing to compare).
    void showCentreNote(const QString& text);
    // The frame's layout: views may put widgets (key figures) above the plot.
    [[nodiscard]] QVBoxLayout* frameLayout() const;
    // Styles axes, grid, legend and background from the theme (called before redraw()).
    void applyTheme();
    bool eventFilter(QObject* watched, QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void showContextMenu(const QPoint& position);
    // Layout depends on the plot's size (legend rows, titles, labels that must fit): redrawn once
    // a resize of the plot itself settles (the view's own resize comes before its layout sizes the
    // plot).
    void plotResized();
    void fitLegendColumns();
    // The highlight's band again, after a redraw that may have cleared it.
    void refreshHighlight();

    // Room either side of a legend below the plot.
    static constexpr int kLegendSideMargin = 8;

    QCustomPlot* m_plot;
    QCPTextElement* m_title = nullptr;
    std::optional<FindingFocus> m_highlight;
    QPointer<QCPItemRect> m_highlightItem;
    PlotTheme m_theme;
    bool m_stale = false;
    bool m_redrawQueued = false;
    bool m_legendBelow = false;
};

} // namespace paraplan::widgets
