// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "app/gui/project_document.h"
#include "core/explore/advisor.h"
#include "widgets/state/workbench.h"
#include "widgets/view_deck.h"

#include <QMainWindow>
#include <QSize>

class QDockWidget;
class QLabel;
class QMenu;
class QUndoStack;

namespace paraplan::widgets {
class AdvisorPanel;
class EngineSession;
class MessageBanner;
class ScenarioPanel;
} // namespace paraplan::widgets

// The workbench window: the scenario panel on the left, the plots in the middle, the banner above
// them for anything wrong; menus for files, undo, views, language. The state lives in the
// Workbench and the undo stack, so the interface can be rebuilt (for a new language) at any time.
namespace paraplan::app {

class Settings;

class RecoveryCopy;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(Settings& settings, QWidget* parent = nullptr);
    ~MainWindow() override;

    [[nodiscard]] widgets::Workbench* workbench() const { return m_workbench; }
    [[nodiscard]] widgets::EngineSession* engine() const { return m_engine; }
    [[nodiscard]] widgets::ViewDeck* deck() const { return m_deck; }
    [[nodiscard]] widgets::ScenarioPanel* panel() const { return m_panel; }
    [[nodiscard]] widgets::AdvisorPanel* advisor() const { return m_advisor; }
    [[nodiscard]] widgets::MessageBanner* banner() const { return m_banner; }
    [[nodiscard]] QUndoStack* undoStack() const { return m_undo; }
    [[nodiscard]] const QString& documentPath() const { return m_path; }

    // Starts a fresh, unsaved document on `scenario` (no undo history).
    void newDocument(const Scenario& scenario);
    // Opens a project or scenario file; on any problem the current work stays and the error is
    // returned (and shown).
    bool openDocument(const QString& path, QString* error = nullptr);
    bool saveDocument(const QString& path, QString* error = nullptr);
    // Makes the cluster's topology the node read from a saved `nvidia-smi topo -m` (one undo step);
    // on a problem the work stays as it was and the error ("FILE: line N: ...") is shown and returned.
    bool importTopology(const QString& path, QString* error = nullptr);
    // Writes the step the views show as a Chrome trace (docs/trace.md); on a problem the error is
    // shown and returned.
    bool exportTimelineTrace(const QString& path, QString* error = nullptr);
    // Writes the report (report_document.h) of the configuration on show, compared with the pinned
    // one where there is one: PDF or HTML by the file's suffix. On a problem the error is shown and
    // returned.
    bool exportReport(const QString& path, QString* error = nullptr);
    // Reads the measured traces (one per rank) and draws them under the predicted timeline; on a
    // broken file says why and keeps what was shown.
    bool importMeasuredTraces(const QStringList& paths, QString* error = nullptr);
    // A Hugging Face config.json (or its folder) as the model, or a framework's launch file or
    // config as the scenario (framework_import.h), in one undo step; what the file did not say is
    // listed for the user. On a problem the work stays and the error is shown and returned.
    bool importFrameworkFile(const QString& path, QString* error = nullptr);
    // File ▸ Export launch files…, not yet shown (the caller shows or renders it).
    [[nodiscard]] class LaunchFilesDialog* makeLaunchFilesDialog();
    [[nodiscard]] ProjectState projectState() const;
    // Unsaved work an earlier session left when it crashed or was killed (recovery_copy.h): the
    // file, or empty. Restoring makes it the current, unsaved work; declining deletes it.
    [[nodiscard]] QString foundRecovery() const;
    bool restoreRecovery(QString* error = nullptr);
    void declineRecovery();
    // Rebuilds every visible string in the current language.
    void retranslate();

protected:
    void closeEvent(QCloseEvent* event) override;
    // Files dropped on the window: framework files are imported, anything else opened.
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    // Below this the views cannot show their figures; a 1024 x 600 screen still holds it.
    static constexpr QSize kMinimumSize{ 800, 480 };
    // The first start's size where the screen is larger: every view at ease, not a wall of plot.
    static constexpr QSize kComfortableSize{ 1680, 1050 };
    // The scenario panel's share of the first start's width at most, and room for its scroll bar.
    static constexpr double kPanelShare = 0.3;
    static constexpr int kScrollBarAllowance = 24;

    void buildInterface();
    void placeForFirstStart();
    void adoptState(const ProjectState& state);
    void buildMenus();
    void connectWorkbench();
    void showEverything();
    void applyScenarioEdit(const Scenario& scenario, const QString& what, int mergeKey);
    void updateComparison();
    void updateAdvice();
    // Shows a finding's view and marks its evidence there; nullopt clears every mark.
    void pointAt(FindingView view, const std::optional<FindingFocus>& focus);
    void updateTitle();
    // The window now stands for the file at `path`, just opened or saved: clean, recent, titled.
    void adoptDocumentPath(const QString& path);
    void exportView(const QString& format);
    void chooseTopologyFile();
    void chooseTraceFile();
    void chooseReportFile();
    // Asks where to export (in the last folder used, which it then remembers); empty: cancelled.
    [[nodiscard]] QString chooseExportPath(const QString& caption, const QString& suggestedName, const QString& filter);
    // An export's outcome for the user: `problem` shown and returned, or the status bar's "Exported".
    bool reportExport(const QString& path, const QString& problem, QString* error);
    void chooseMeasuredTraces();
    void chooseFrameworkFile();
    void chooseLanguage(const QString& language);
    void setDarkTheme(bool dark);
    bool maybeSave();
    void rebuildRecentMenu();
    void showError(const QString& message);
    void showCalibration();

    Settings& m_settings;
    widgets::Workbench* m_workbench;
    // Outlives the interface (rebuilt for a new language): a probe run goes on meanwhile.
    widgets::EngineSession* m_engine;
    QUndoStack* m_undo;
    RecoveryCopy* m_recovery = nullptr;
    QString m_path;
    // Rebuilt by buildInterface():
    widgets::ViewDeck* m_deck = nullptr;
    widgets::ScenarioPanel* m_panel = nullptr;
    widgets::MessageBanner* m_banner = nullptr;
    QDockWidget* m_dock = nullptr;
    widgets::AdvisorPanel* m_advisor = nullptr;
    QDockWidget* m_adviceDock = nullptr;
    QMenu* m_recentMenu = nullptr;
    QLabel* m_calibrationStatus = nullptr;
    bool m_retranslatePending = false;
    std::vector<QMetaObject::Connection> m_connections;
};

} // namespace paraplan::app
