// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/gui/main_window.h"

#include "app/gui/appearance.h"
#include "app/gui/framework_import.h"
#include "app/document/language.h"
#include "app/gui/launch_files_dialog.h"
#include "app/gui/recovery_copy.h"
#include "app/document/report_document.h"
#include "app/gui/scenario_command.h"
#include "app/gui/settings.h"
#include "app/gui/trace_export.h"
#include "app/import/trace_files.h"

#include "widgets/advice/advisor_panel.h"
#include "widgets/common/message_banner.h"
#include "widgets/engine/panel.h"
#include "widgets/engine/session.h"
#include "widgets/plots/breakdown_view.h"
#include "widgets/plots/bubble_view.h"
#include "widgets/plots/compare_view.h"
#include "widgets/plots/landscape_view.h"
#include "widgets/plots/memory_view.h"
#include "widgets/plots/plan_view.h"
#include "widgets/plots/scaling_view.h"
#include "widgets/plots/sensitivity_view.h"
#include "widgets/plots/timeline_view.h"
#include "widgets/scenario_panel.h"
#include "widgets/topology/editor.h"
#include "widgets/topology/import.h"

#include "core/explore/search.h"
#include "core/io/catalog_reader.h"
#include "core/io/scenario_reader.h"
#include "core/network/calibration.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMimeData>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QScrollArea>
#include <QStatusBar>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>

namespace paraplan::app {

using namespace paraplan::widgets;

MainWindow::MainWindow(Settings& settings, QWidget* parent)
    : QMainWindow(parent)
    , m_settings(settings)
    , m_workbench(new Workbench(this))
    , m_engine(new EngineSession(m_workbench, this))
    , m_undo(new QUndoStack(this))
{
    setObjectName(QStringLiteral("ParaPlanMainWindow"));
    setAcceptDrops(true);
    buildInterface();
    connect(m_undo, &QUndoStack::cleanChanged, this, [this] { updateTitle(); });
    m_recovery = new RecoveryCopy(m_settings.recoveryPath(), [this] { return projectJson(projectState()); }, this);
    connect(m_undo, &QUndoStack::indexChanged, this, [this] { m_recovery->workChanged(!m_undo->isClean()); });
    connect(m_undo, &QUndoStack::cleanChanged, this, [this](bool clean) { m_recovery->workChanged(!clean); });
    setMinimumSize(kMinimumSize);
    if (!restoreGeometry(m_settings.windowGeometry()))
        placeForFirstStart();
    restoreState(m_settings.windowState(), Settings::kWindowStateVersion);
}

// No geometry saved yet: most of the screen's available area, up to a size at which every view
// reads comfortably, centred. A window sized by its widgets' hints alone opens cramped.
void MainWindow::placeForFirstStart()
{
    const QScreen* screen = this->screen();
    if (!screen)
        return;
    const QRect available = screen->availableGeometry();
    const QSize wanted = (available.size() * 0.9).boundedTo(kComfortableSize).expandedTo(kMinimumSize);
    resize(wanted.boundedTo(available.size()));
    move(available.center() - QPoint(width() / 2, height() / 2));
    const int panel = std::min(m_panel->sizeHint().width() + kScrollBarAllowance, int(kPanelShare * width()));
    resizeDocks({ m_dock }, { std::max(panel, m_dock->minimumWidth()) }, Qt::Horizontal);
}

MainWindow::~MainWindow() = default;

void MainWindow::buildInterface()
{
    for (const QMetaObject::Connection& c : m_connections)
        disconnect(c);
    m_connections.clear();
    delete m_dock;
    delete m_adviceDock;
    delete centralWidget();
    setMenuBar(new QMenuBar(this)); // the old bar, its menus and actions go with it

    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(4, 4, 4, 4);
    m_banner = new MessageBanner(central);
    m_deck = new ViewDeck(m_engine, central);
    layout->addWidget(m_banner);
    layout->addWidget(m_deck, 1);
    setCentralWidget(central);

    m_panel = new ScenarioPanel;
    auto* scroll = new QScrollArea;
    scroll->setWidget(m_panel);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_dock = new QDockWidget(tr("Scenario"), this);
    m_dock->setObjectName(QStringLiteral("ScenarioDock"));
    m_dock->setWidget(scroll);
    m_dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    // As narrow as the panel's fields allow (the scroll bar beside them), so a small screen leaves
    // the views their room; the first start gives it its preferred width where there is space.
    m_dock->setMinimumWidth(m_panel->minimumSizeHint().width() + kScrollBarAllowance);
    addDockWidget(Qt::LeftDockWidgetArea, m_dock);

    m_advisor = new AdvisorPanel;
    m_adviceDock = new QDockWidget(tr("Advisor"), this);
    m_adviceDock->setObjectName(QStringLiteral("AdvisorDock"));
    m_adviceDock->setWidget(m_advisor);
    m_adviceDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable | QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::RightDockWidgetArea, m_adviceDock);

    buildMenus();
    connectWorkbench();
    delete m_calibrationStatus;
    m_calibrationStatus = new QLabel;
    statusBar()->addPermanentWidget(m_calibrationStatus);
    showCalibration();
    statusBar()->showMessage(tr("MFU counts model FLOPs in the Megatron convention: attention scores in full, "
                                "recomputation not counted."));
    showEverything();
    updateTitle();
}

void MainWindow::connectWorkbench()
{
    auto keep = [this](QMetaObject::Connection c) { m_connections.push_back(c); };
    keep(connect(m_panel, &ScenarioPanel::scenarioEdited, this, &MainWindow::applyScenarioEdit));
    keep(connect(m_workbench, &Workbench::scenarioChanged, m_panel, &ScenarioPanel::setScenario));
    TopologyEditor* topology = m_deck->topology();
    keep(connect(topology, &TopologyEditor::scenarioEdited, this, &MainWindow::applyScenarioEdit));
    keep(connect(m_workbench, &Workbench::scenarioChanged, topology, &TopologyEditor::setScenario));
    keep(connect(topology, &TopologyEditor::importRequested, this, &MainWindow::chooseTopologyFile));
    keep(connect(m_workbench, &Workbench::evaluationAvailable, this, [this](const EvaluationPtr& e) {
        m_deck->showEvaluation(e);
        m_banner->showDiagnostics(e->result.diagnostics, false);
        updateComparison();
        updateAdvice();
    }));
    keep(connect(m_workbench, &Workbench::evaluationRejected, this,
                 [this](const EvaluationPtr& e) { m_banner->showDiagnostics(e->result.diagnostics, bool(m_workbench->evaluation())); }));
    keep(connect(m_workbench, &Workbench::pinnedChanged, this, [this] {
        updateComparison();
        updateAdvice();
    }));
    keep(connect(m_advisor, &AdvisorPanel::applyRequested, this,
                 [this](const Scenario& scenario, const QString& what) { applyScenarioEdit(scenario, what, -1); }));
    keep(connect(m_advisor, &AdvisorPanel::focusRequested, this, &MainWindow::pointAt));
    keep(connect(m_workbench, &Workbench::measuredStepsChanged, this, [this] { updateComparison(); }));
    keep(connect(m_workbench, &Workbench::calibrationChanged, this, &MainWindow::showCalibration));
    keep(connect(m_workbench, &Workbench::landscapeStarted, m_deck->landscape(), &LandscapeView::showComputing));
    keep(connect(m_workbench, &Workbench::landscapeAvailable, m_deck->landscape(), &LandscapeView::showLandscape));
    keep(connect(m_workbench, &Workbench::landscapeStopped, m_deck->landscape(), &LandscapeView::showStopped));
    keep(connect(m_deck->landscape(), &LandscapeView::cancelRequested, m_workbench, &Workbench::stopLandscape));
    keep(connect(m_deck->landscape(), &LandscapeView::computeRequested, m_workbench, &Workbench::requestLandscape));
    // On the landscape, an edit of the model, cluster or batch prices the new landscape at once
    // (stopping one on its way); elsewhere it waits until the view is opened.
    keep(connect(m_workbench, &Workbench::scenarioChanged, this, [this] {
        if (m_deck->current() == ViewId::Landscape)
            m_workbench->requestLandscape();
    }));
    keep(connect(m_deck, &ViewDeck::currentChanged, this, [this](ViewId id) {
        if (id == ViewId::Landscape)
            m_workbench->requestLandscape();
    }));
    keep(connect(m_deck->landscape(), &LandscapeView::candidateChosen, this, [this](const Candidate& candidate) {
        Scenario next = m_workbench->scenario();
        applyCandidate(next, candidate);
        next.parallel.degrees.dp = 0;
        applyScenarioEdit(next, tr("configuration from the landscape"), -1);
    }));
    for (PlotView* view : m_deck->allViews())
        keep(connect(view, &PlotView::exportRequested, this, &MainWindow::exportView));
    // Scaling, sensitivity and the plan price the last valid configuration with the calibration
    // (the sensitivity also the pinned one, for the order flips); each computes only while it is open.
    auto showAnalyses = [this] {
        m_deck->scaling()->showEvaluation(m_workbench->evaluation(), m_workbench->calibration());
        m_deck->sensitivity()->showEvaluation(m_workbench->evaluation(), m_workbench->pinned(), m_workbench->calibration());
        m_deck->plan()->showEvaluation(m_workbench->evaluation(), m_workbench->calibration());
    };
    keep(connect(m_workbench, &Workbench::evaluationAvailable, this, showAnalyses));
    keep(connect(m_workbench, &Workbench::pinnedChanged, this, showAnalyses));
    showAnalyses(); // a rebuilt interface (another language) shows them at once
}

void MainWindow::showEverything()
{
    m_panel->setScenario(m_workbench->scenario());
    m_deck->topology()->setScenario(m_workbench->scenario());
    if (const EvaluationPtr e = m_workbench->evaluation())
        m_deck->showEvaluation(e);
    if (const EvaluationPtr current = m_workbench->current())
        m_banner->showDiagnostics(current->result.diagnostics, !current->result.valid && m_workbench->evaluation());
    if (m_workbench->landscape())
        m_deck->landscape()->showLandscape(m_workbench->landscape());
    else if (m_workbench->isLandscapeComputing())
        m_deck->landscape()->showComputing();
    updateComparison();
    updateAdvice();
}

void MainWindow::applyScenarioEdit(const Scenario& scenario, const QString& what, int mergeKey)
{
    m_undo->push(new ScenarioCommand(m_workbench, m_workbench->scenario(), scenario, what, mergeKey));
}

void MainWindow::updateComparison()
{
    m_deck->compare()->showComparison(m_workbench->pinned(), m_workbench->pinned() ? m_workbench->evaluation() : nullptr,
                                      m_workbench->measuredSteps());
}

void MainWindow::updateAdvice()
{
    const EvaluationPtr pinned = m_workbench->pinned();
    m_advisor->showEvaluation(m_workbench->evaluation(), pinned ? std::optional<Scenario>(pinned->scenario) : std::nullopt,
                              m_workbench->calibration());
}

void MainWindow::pointAt(FindingView view, const std::optional<FindingFocus>& focus)
{
    for (PlotView* plot : m_deck->allViews())
        plot->setHighlight(std::nullopt);
    if (!focus)
        return;
    const ViewId id = view == FindingView::Timeline ? ViewId::Timeline
                      : view == FindingView::Bubble ? ViewId::Bubble
                      : view == FindingView::Memory ? ViewId::Memory
                      : view == FindingView::Topology ? ViewId::Topology
                      : view == FindingView::Compare ? ViewId::Compare
                                                     : ViewId::Breakdown;
    m_deck->showView(id);
    if (PlotView* plot = m_deck->view(id))
        plot->setHighlight(focus);
    if (id == ViewId::Topology && focus->group) {
        // The group's colouring, and the first GPU's group lit with the links its traffic crosses.
        const CommGroup group = *focus->group;
        m_deck->topology()->setColouring(group == CommGroup::Cp            ? GpuColouring::CpGroup
                                         : group == CommGroup::DataParallel ? GpuColouring::DpReplica
                                         : group == CommGroup::PipelineHop  ? GpuColouring::PpStage
                                                                            : GpuColouring::TpGroup);
        m_deck->topology()->pickGpu(0, 0);
    }
}

void MainWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New"), QKeySequence::New, this, [this] {
        if (maybeSave())
            newDocument(io::readScenarioText(io::builtinDefaultScenarioText(), io::builtinCatalog()));
    });
    file->addAction(tr("&Open…"), QKeySequence::Open, this, [this] {
        if (!maybeSave())
            return;
        const QString path = QFileDialog::getOpenFileName(this, tr("Open project"), m_settings.lastDirectory(),
                                                          tr("ParaPlan projects and scenarios (*.json)"));
        if (!path.isEmpty())
            openDocument(path);
    });
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    rebuildRecentMenu();
    file->addAction(tr("&Save"), QKeySequence::Save, this, [this] {
        if (m_path.isEmpty()) {
            const QString path = QFileDialog::getSaveFileName(this, tr("Save project"), m_settings.lastDirectory(),
                                                              tr("ParaPlan projects (*.paraplan.json)"));
            if (!path.isEmpty())
                saveDocument(path);
        } else {
            saveDocument(m_path);
        }
    });
    file->addAction(tr("Save &As…"), QKeySequence::SaveAs, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save project"), m_settings.lastDirectory(),
                                                          tr("ParaPlan projects (*.paraplan.json)"));
        if (!path.isEmpty())
            saveDocument(path);
    });
    file->addSeparator();
    file->addAction(tr("&Import nvidia-smi topology…"), this, &MainWindow::chooseTopologyFile);
    file->addAction(tr("Import &measured trace…"), this, &MainWindow::chooseMeasuredTraces);
    file->addAction(tr("Import model or &launch file…"), QKeySequence(Qt::CTRL | Qt::Key_I), this,
                    &MainWindow::chooseFrameworkFile);
    file->addSeparator();
    file->addAction(tr("&Export view as PNG…"), QKeySequence(Qt::CTRL | Qt::Key_E), this,
                    [this] { exportView(QStringLiteral("png")); });
    file->addAction(tr("Export view as &PDF…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E), this,
                    [this] { exportView(QStringLiteral("pdf")); });
    file->addAction(tr("Export timeline &trace…"), this, &MainWindow::chooseTraceFile);
    file->addAction(tr("Export &report…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R), this, &MainWindow::chooseReportFile);
    file->addAction(tr("Export &launch files…"), QKeySequence(Qt::CTRL | Qt::Key_L), this, [this] {
        LaunchFilesDialog* dialog = makeLaunchFilesDialog();
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &QDialog::finished, this, [this, dialog] { m_settings.setLastDirectory(dialog->lastDirectory()); });
        dialog->open();
    });
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_undo->createUndoAction(this, tr("&Undo"));
    undo->setShortcuts(QKeySequence::Undo);
    QAction* redo = m_undo->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction(tr("&Pin as A for comparison"), QKeySequence(Qt::CTRL | Qt::Key_P), this, [this] {
        m_workbench->pinCurrent();
        statusBar()->showMessage(tr("Pinned as A. Change the configuration and open Compare to see why B differs."), 6000);
    });
    edit->addAction(tr("&Clear pin"), this, [this] { m_workbench->clearPin(); });
    edit->addAction(tr("Copy view &image"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C), this, [this] {
        if (m_deck->current() == ViewId::Topology)
            QApplication::clipboard()->setImage(m_deck->topology()->image());
        else if (PlotView* view = m_deck->view(m_deck->current() == ViewId::Overview ? ViewId::Memory : m_deck->current()))
            view->copyToClipboard();
    });

    QMenu* view = menuBar()->addMenu(tr("&View"));
    int index = 0;
    for (ViewId id : kViewIds) {
        QAction* action = view->addAction(m_deck->title(id), this, [this, id] { m_deck->showView(id); });
        // Ctrl+0 .. Ctrl+9 for the first ten views; the ones appended after them have none.
        if (index <= 9)
            action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_0 + index)));
        ++index;
    }
    view->addSeparator();
    view->addAction(tr("Reset &zoom"), QKeySequence(Qt::CTRL | Qt::Key_R), this, [this] {
        for (PlotView* plot : m_deck->allViews())
            if (plot->isVisible())
                plot->resetZoom();
        if (m_deck->topology()->isVisible())
            m_deck->topology()->fit();
    });
    QAction* dark = view->addAction(tr("&Dark theme"));
    dark->setCheckable(true);
    dark->setChecked(m_settings.darkTheme());
    connect(dark, &QAction::toggled, this, &MainWindow::setDarkTheme);

    QMenu* language = menuBar()->addMenu(tr("&Language"));
    auto* group = new QActionGroup(language);
    const std::pair<QString, QString> languages[] = { { QString(), tr("System default") },
                                                      { QStringLiteral("en"), QStringLiteral("English") },
                                                      { QStringLiteral("zh_CN"), QStringLiteral("简体中文") } };
    for (const auto& [code, name] : languages) {
        QAction* action = language->addAction(name, this, [this, code] { chooseLanguage(code); });
        action->setCheckable(true);
        action->setChecked(m_settings.language() == code);
        group->addAction(action);
    }

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About ParaPlan"), this, [this] {
        QMessageBox::about(this, tr("About ParaPlan"),
                           tr("<b>ParaPlan</b> designs 3D-parallel training for large language models: memory, step "
                              "time, pipeline bubble and throughput for any split of a model over a cluster, and why "
                              "one split is slower than another.<br><br>The cost model and its sources: "
                              "docs/cost-model.md. Licence: MIT."));
    });
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = m_settings.recentFiles();
    for (const QString& path : files)
        m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] {
            if (maybeSave())
                openDocument(path);
        })->setToolTip(path);
    m_recentMenu->setEnabled(!files.isEmpty());
}

void MainWindow::newDocument(const Scenario& scenario)
{
    m_undo->clear();
    m_workbench->clearPin();
    m_workbench->setScenario(scenario);
    m_path.clear();
    m_undo->setClean();
    updateTitle();
}

bool MainWindow::openDocument(const QString& path, QString* error)
{
    const ProjectLoad load = loadProject(path);
    if (!load.state) { // the current work stays exactly as it was
        showError(load.error);
        if (error)
            *error = load.error;
        return false;
    }
    adoptState(*load.state);
    adoptDocumentPath(path);
    m_banner->showDiagnostics(m_workbench->isCurrentValid() ? m_workbench->evaluation()->result.diagnostics : Diagnostics{},
                              false);
    return true;
}

void MainWindow::adoptState(const ProjectState& state)
{
    m_undo->clear();
    m_workbench->clearPin();
    if (state.pinned) {
        m_workbench->setScenario(*state.pinned);
        m_workbench->pinCurrent();
    }
    m_workbench->setScenario(state.scenario);
    if (const std::optional<ViewId> id = ViewDeck::fromKey(state.view))
        m_deck->showView(*id);
}

QString MainWindow::foundRecovery() const { return m_recovery->found(); }

bool MainWindow::restoreRecovery(QString* error)
{
    const ProjectLoad load = loadProject(foundRecovery());
    if (!load.state) {
        showError(load.error);
        if (error)
            *error = load.error;
        return false;
    }
    adoptState(*load.state);
    m_path.clear();
    m_undo->resetClean(); // unsaved until the user saves it
    updateTitle();
    m_recovery->dropFound();
    m_recovery->workChanged(true);
    statusBar()->showMessage(tr("Restored the unsaved work of the last session."), 6000);
    return true;
}

void MainWindow::declineRecovery() { m_recovery->dropFound(); }

void MainWindow::adoptDocumentPath(const QString& path)
{
    m_path = path;
    m_undo->setClean();
    m_settings.addRecentFile(path);
    m_settings.setLastDirectory(QFileInfo(path).absolutePath());
    rebuildRecentMenu();
    updateTitle();
}

ProjectState MainWindow::projectState() const
{
    ProjectState state;
    state.scenario = m_workbench->scenario();
    if (m_workbench->pinned())
        state.pinned = m_workbench->pinned()->scenario;
    state.view = ViewDeck::key(m_deck->current());
    return state;
}

bool MainWindow::saveDocument(const QString& path, QString* error)
{
    QString message;
    if (!saveProject(path, projectState(), &message)) {
        showError(message);
        if (error)
            *error = message;
        return false;
    }
    adoptDocumentPath(path);
    statusBar()->showMessage(tr("Saved %1").arg(QFileInfo(path).fileName()), 4000);
    return true;
}

void MainWindow::chooseTopologyFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import nvidia-smi topology"), m_settings.lastDirectory(),
                                                      tr("Output of nvidia-smi topo -m (*.txt *.log);;All files (*)"));
    if (path.isEmpty())
        return;
    m_settings.setLastDirectory(QFileInfo(path).absolutePath());
    importTopology(path);
}

bool MainWindow::importTopology(const QString& path, QString* error)
{
    TopologyImport imported = importTopologyFile(path);
    if (!imported.node) { // the current work stays exactly as it was
        showError(imported.error);
        if (error)
            *error = imported.error;
        return false;
    }
    const QString name = QFileInfo(path).fileName();
    const int64_t gpus = imported.node->gpuCount(), nics = imported.node->nicCount();
    applyScenarioEdit(withImportedNode(m_workbench->scenario(), std::move(*imported.node)), tr("import topology %1").arg(name), -1);
    m_deck->showView(ViewId::Topology);
    statusBar()->showMessage(tr("Imported %1: %2 GPUs and %3 NICs per node.").arg(name).arg(gpus).arg(nics), 6000);
    return true;
}

void MainWindow::chooseMeasuredTraces()
{
    const QStringList paths = QFileDialog::getOpenFileNames(
        this, tr("Import measured trace"), m_settings.lastDirectory(),
        tr("PyTorch profiler traces and Nsight Systems SQLite exports, one per rank (*.json *.sqlite);;All files (*)"));
    if (paths.isEmpty())
        return;
    m_settings.setLastDirectory(QFileInfo(paths.front()).absolutePath());
    importMeasuredTraces(paths);
}

bool MainWindow::importMeasuredTraces(const QStringList& paths, QString* error)
{
    auto ranks = std::make_shared<std::vector<MeasuredRank>>();
    for (const QString& path : paths) {
        try {
            ranks->push_back(import::readMeasuredTrace(path.toStdString()));
        } catch (const std::exception& e) { // the current trace and work stay as they were
            const QString message = tr("%1 cannot be read: %2").arg(QFileInfo(path).fileName(), QString::fromUtf8(e.what()));
            showError(message);
            if (error)
                *error = message;
            return false;
        }
    }
    m_deck->timeline()->setMeasuredTrace(std::move(ranks));
    m_deck->showView(ViewId::Timeline);
    statusBar()->showMessage(tr("Drew %n measured trace(s) under the predicted timeline.", nullptr, int(paths.size())), 6000);
    return true;
}

void MainWindow::chooseFrameworkFile()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Import model or launch file"), m_settings.lastDirectory(),
        tr("Model configs and launch files (config.json *.json *.sh *.slurm *.sbatch *.yaml *.yml *.toml *.py);;"
           "All files (*)"));
    if (path.isEmpty())
        return;
    m_settings.setLastDirectory(QFileInfo(path).absolutePath());
    importFrameworkFile(path);
}

bool MainWindow::importFrameworkFile(const QString& path, QString* error)
{
    const FrameworkImport imported = app::importFrameworkFile(path, m_workbench->scenario());
    if (!imported.scenario) { // the current work stays exactly as it was
        showError(imported.error);
        if (error)
            *error = imported.error;
        return false;
    }
    const QString name = QFileInfo(path).fileName();
    applyScenarioEdit(*imported.scenario, tr("import %1").arg(name), -1);
    statusBar()->showMessage(tr("Imported %1 (%2).").arg(name, imported.format), 6000);
    if (!imported.notes.isEmpty()) { // not modal: the plots already show the imported scenario
        auto* box = new QMessageBox(QMessageBox::Information, tr("Imported %1").arg(name),
                                    tr("ParaPlan read %1 as %2. What you should know:").arg(name, imported.format),
                                    QMessageBox::Ok, this);
        box->setInformativeText(QStringLiteral("• ") + imported.notes.join(QStringLiteral("\n• ")));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    }
    return true;
}

LaunchFilesDialog* MainWindow::makeLaunchFilesDialog()
{
    return new LaunchFilesDialog(m_workbench->evaluation(), m_settings.lastDirectory(), this);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    for (const QUrl& url : event->mimeData()->urls()) {
        const QString path = url.toLocalFile();
        if (path.isEmpty())
            continue;
        if (isFrameworkFile(path))
            importFrameworkFile(path);
        else if (maybeSave())
            openDocument(path);
    }
    event->acceptProposedAction();
}

void MainWindow::chooseReportFile()
{
    const QString path = chooseExportPath(tr("Export report"), QStringLiteral("paraplan-report.pdf"),
                                          tr("PDF report (*.pdf);;HTML report (*.html)"));
    if (!path.isEmpty())
        exportReport(path);
}

QString MainWindow::chooseExportPath(const QString& caption, const QString& suggestedName, const QString& filter)
{
    const QString path = QFileDialog::getSaveFileName(this, caption, m_settings.lastDirectory() + QLatin1Char('/') + suggestedName,
                                                      filter);
    if (!path.isEmpty())
        m_settings.setLastDirectory(QFileInfo(path).absolutePath());
    return path;
}

bool MainWindow::reportExport(const QString& path, const QString& problem, QString* error)
{
    if (!problem.isEmpty()) {
        showError(problem);
        if (error)
            *error = problem;
        return false;
    }
    statusBar()->showMessage(tr("Exported %1").arg(path), 4000);
    return true;
}

bool MainWindow::exportReport(const QString& path, QString* error)
{
    const EvaluationPtr evaluation = m_workbench->evaluation();
    const EvaluationPtr pinned = m_workbench->pinned();
    QString message, why;
    ReportInputs inputs{ evaluation ? evaluation->scenario : m_workbench->scenario(),
                         pinned ? std::optional<Scenario>(pinned->scenario) : std::nullopt, m_workbench->calibration(),
                         m_workbench->calibration() ? tr("the engine's profile") : QString(), m_workbench->measuredSteps(), {} };
    if (const MeasuredTracePtr& trace = m_deck->timeline()->measuredTrace())
        inputs.measuredTrace = *trace;
    if (const PlanView* plan = m_deck->plan(); plan->plan() && plan->plannedStudy())
        inputs.plan = ReportPlan{ *plan->plannedStudy(), *plan->plan() };
    if (!evaluation)
        message = tr("Nothing to report yet: no configuration of this scenario has been valid.");
    else if (!writeReportFile(inputs, path, &why))
        message = tr("Cannot write the report %1: %2").arg(path, why);
    return reportExport(path, message, error);
}

void MainWindow::chooseTraceFile()
{
    const QString path = chooseExportPath(tr("Export timeline trace"), QStringLiteral("step-trace.json"),
                                          tr("Chrome trace for Perfetto or chrome://tracing (*.json)"));
    if (!path.isEmpty())
        exportTimelineTrace(path);
}

bool MainWindow::exportTimelineTrace(const QString& path, QString* error)
{
    const EvaluationPtr evaluation = m_workbench->evaluation();
    QString message, why;
    if (!evaluation)
        message = tr("Nothing to export yet: no configuration of this scenario has been valid.");
    else if (!writeStepTrace(path, *evaluation, m_workbench->calibration(), &why))
        message = tr("Cannot write %1: %2").arg(path, why);
    return reportExport(path, message, error);
}

void MainWindow::updateTitle()
{
    const QString name = m_path.isEmpty() ? tr("untitled") : QFileInfo(m_path).fileName();
    setWindowTitle(tr("%1[*] — ParaPlan").arg(name));
    setWindowModified(!m_undo->isClean());
}

void MainWindow::showError(const QString& message)
{
    // Inline, never modal: the user keeps working and the message stays until the next change.
    m_banner->showMessage(message);
    statusBar()->showMessage(message, 15000);
}

void MainWindow::showCalibration()
{
    // Always in sight: every figure on screen depends on whether measurements replaced the model's guesses.
    const CalibrationPtr calibration = m_workbench->calibration();
    m_calibrationStatus->setVisible(bool(calibration));
    m_calibrationStatus->setText(calibration ? calibrationSummary(calibration) : QString());
    m_calibrationStatus->setStyleSheet(calibration && calibration->profile().cpu ? QStringLiteral("color: #b07000;") : QString());
}

void MainWindow::exportView(const QString& format)
{
    auto* origin = qobject_cast<PlotView*>(sender());
    const ViewId current = m_deck->current();
    PlotView* view = origin ? origin : m_deck->view(current == ViewId::Overview ? ViewId::Memory : current);
    TopologyEditor* topology = !view && current == ViewId::Topology ? m_deck->topology() : nullptr;
    if (!view && !topology)
        return;
    const QString suggested = m_settings.lastDirectory() + QLatin1Char('/') + ViewDeck::key(current) + QLatin1Char('.') + format;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export %1").arg(view ? view->title() : topology->title()), suggested,
                                                      format == QLatin1String("pdf") ? tr("PDF (*.pdf)") : tr("PNG image (*.png)"));
    if (path.isEmpty())
        return;
    const bool pdf = format == QLatin1String("pdf");
    const bool ok = view ? (pdf ? view->exportPdf(path) : view->exportPng(path))
                         : (pdf ? topology->exportPdf(path) : topology->exportPng(path));
    if (!ok)
        showError(tr("Cannot write %1.").arg(path));
    else
        statusBar()->showMessage(tr("Exported %1").arg(path), 4000);
}

bool MainWindow::maybeSave()
{
    if (m_undo->isClean())
        return true;
    const auto answer = QMessageBox::question(this, tr("Unsaved changes"),
                                              tr("Save the changes to this project first?"),
                                              QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Discard)
        return true;
    if (m_path.isEmpty()) {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save project"), m_settings.lastDirectory(),
                                                          tr("ParaPlan projects (*.paraplan.json)"));
        return !path.isEmpty() && saveDocument(path);
    }
    return saveDocument(m_path);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    m_settings.setWindow(saveGeometry(), saveState(Settings::kWindowStateVersion));
    m_recovery->discard(); // saved, or the user chose to leave it: nothing to recover
    event->accept();
}

void MainWindow::chooseLanguage(const QString& language)
{
    m_settings.setLanguage(language);
    installLanguage(language); // posts LanguageChange, which retranslates
}

void MainWindow::changeEvent(QEvent* event)
{
    // Rebuilt once the event has reached every widget (installing a translator sends several).
    if (event->type() == QEvent::LanguageChange && !m_retranslatePending) {
        m_retranslatePending = true;
        QMetaObject::invokeMethod(this, &MainWindow::retranslate, Qt::QueuedConnection);
    }
    QMainWindow::changeEvent(event);
}

void MainWindow::retranslate()
{
    m_retranslatePending = false;
    const ViewId view = m_deck ? m_deck->current() : ViewId::Overview;
    const QByteArray state = saveState(Settings::kWindowStateVersion);
    buildInterface();
    m_deck->showView(view);
    restoreState(state, Settings::kWindowStateVersion);
}

void MainWindow::setDarkTheme(bool dark)
{
    m_settings.setDarkTheme(dark);
    applyTheme(dark);
}

} // namespace paraplan::app
