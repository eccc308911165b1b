// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/state/workbench.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTreeWidget;

// The Engine view: the devices paraplan-probe finds, the validation ladder adapted to them (run
// here with progress, live log and cancel), commands and scripts for a cluster and the import of
// what they produce, measured vs predicted, and the calibration that closes the loop. The state
// lives in the EngineSession, so this panel can be rebuilt at any time.
namespace paraplan::widgets {

class EngineResultsView;
class EngineSession;

// "Calibrated: <device> (<source>)", or that the model's own figures are used; CPU profiles say so.
[[nodiscard]] QString calibrationSummary(const CalibrationPtr& calibration);

class EnginePanel : public QWidget {
    Q_OBJECT
public:
    explicit EnginePanel(EngineSession* session, QWidget* parent = nullptr);

    [[nodiscard]] EngineSession* session() const { return m_session; }
    [[nodiscard]] QTreeWidget* devices() const { return m_devices; }
    [[nodiscard]] QTreeWidget* ladder() const { return m_ladder; }
    [[nodiscard]] EngineResultsView* results() const { return m_results; }
    [[nodiscard]] QPlainTextEdit* log() const { return m_log; }
    [[nodiscard]] QLabel* calibrationLabel() const { return m_calibration; }
    [[nodiscard]] QLabel* messageLabel() const { return m_message; }
    [[nodiscard]] QPushButton* applyButton() const { return m_apply; }

    // The texts the cluster buttons show, for the current scenario.
    [[nodiscard]] QString mpirunText() const;
    [[nodiscard]] QString slurmText() const;

private:
    [[nodiscard]] QWidget* buildDevices();
    [[nodiscard]] QWidget* buildLadder();
    [[nodiscard]] QWidget* buildCluster();
    [[nodiscard]] QWidget* buildCalibrationBar();
    void showDevices();
    void showLadder();
    void showCalibration();
    void showBusy(bool busy);
    void showMessage(const QString& text, bool error);
    void appendLog(const QString& text, bool error, bool warning);
    void runSelected();
    void runAll();
    void importResults();
    void writeLaunch(bool slurm);
    void applySelected();
    void loadProfile();
    void saveProfile();

    EngineSession* m_session;
    QComboBox* m_backend = nullptr;
    QPushButton* m_discover = nullptr;
    QLabel* m_devicesStatus = nullptr;
    QTreeWidget* m_devices = nullptr;
    QTreeWidget* m_ladder = nullptr;
    QPushButton* m_runSelected = nullptr;
    QPushButton* m_runAll = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_progressText = nullptr;
    QLabel* m_message = nullptr;
    EngineResultsView* m_results = nullptr;
    QPushButton* m_apply = nullptr;
    QPlainTextEdit* m_log = nullptr;
    QLabel* m_calibration = nullptr;
    QPushButton* m_saveProfile = nullptr;
    QPushButton* m_removeCalibration = nullptr;
};

} // namespace paraplan::widgets
