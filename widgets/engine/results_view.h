// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/probe_log.h"

#include <QWidget>

#include <optional>

class QLabel;
class QTableWidget;

// Measured vs predicted: a table with a row per run (step, ranks, measured, predicted, ratio),
// and below it the selected run component by component: stages for confirm, GEMM rates and bus
// bandwidths for bench.
namespace paraplan::widgets {

class EngineRatePlot;
class EngineSession;
class EngineStagePlot;

// The run's figure for the table: confirm's step time, or bench's measurements added up (the
// time of one of each GEMM, attention and collective) against the model's sum of the same.
struct RunFigures {
    double measuredS = 0;
    double predictedS = 0; // 0: no prediction
};
[[nodiscard]] std::optional<RunFigures> runFigures(const io::ProbeLog& log);

class EngineResultsView : public QWidget {
    Q_OBJECT
public:
    explicit EngineResultsView(EngineSession* session, QWidget* parent = nullptr);

    [[nodiscard]] QTableWidget* table() const { return m_table; }
    [[nodiscard]] int selectedRun() const;
    void selectRun(int index);
    [[nodiscard]] EngineStagePlot* stagePlot() const { return m_stages; }
    [[nodiscard]] EngineRatePlot* computePlot() const { return m_compute; }
    [[nodiscard]] EngineRatePlot* collectivePlot() const { return m_collectives; }

Q_SIGNALS:
    void selectedRunChanged(int index);

private:
    void rebuild();
    void updateRow(int index);
    void showSelected();

    EngineSession* m_session;
    QTableWidget* m_table;
    EngineStagePlot* m_stages;
    EngineRatePlot* m_compute;
    EngineRatePlot* m_collectives;
    QLabel* m_placeholder; // where the plots go while the selected run has nothing to plot
};

} // namespace paraplan::widgets
