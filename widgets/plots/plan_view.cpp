// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/plots/plan_view.h"

#include "core/explore/scaling.h"
#include "core/io/bands_json.h"
#include "core/io/catalog_reader.h"
#include "core/io/json_reader.h"
#include "core/run/token_budget.h"
#include "widgets/common/diagnostic_text.h"
#include "widgets/common/message_banner.h"
#include "widgets/plots/plan_view_parts.h"

#include <qcustomplot.h>

#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QLabel>
#include <QPointer>
#include <QPushButton>
#include <QSpinBox>
#include <QThreadPool>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace paraplan::widgets {

using namespace plan_parts;

namespace {

// An edit plans again once the edits pause this long (a spin box held down asks at every step).
constexpr int kPlanSettleMs = 400;

} // namespace

PlanOutcome planStudy(const PlanStudy& study, const PlanOptions& given)
{
    // Every plan the workbench or a report shows carries its band, as every other figure does.
    PlanOptions options = given;
    if (!options.bands)
        options.bands = std::make_shared<const UncertaintyBands>(io::builtinUncertaintyBands());
    PlanOutcome outcome;
    // A plan file of phases alone compares no hardware: nothing to price beside them.
    if (!study.request.hardware.empty() || study.phases.empty())
        outcome.run = planRun(study.request, options);
    const bool cancelled = options.cancel && options.cancel->load();
    if (!study.phases.empty() && !cancelled)
        outcome.phases = planPhases(study.request.scenario, study.phases, study.fixedParallel, options);
    return outcome;
}

PlanView::PlanView(QWidget* parent)
    : PlotView(parent)
    , m_banner(new MessageBanner(this))
    , m_summary(new QLabel(this))
    , m_settle(new QTimer(this))
    , m_phaseRect(new QCPAxisRect(plot()))
{
    m_settle->setSingleShot(true);
    m_settle->setInterval(kPlanSettleMs);
    connect(m_settle, &QTimer::timeout, this, &PlanView::requestPlan);
    buildControls();
    m_banner->setObjectName(QStringLiteral("planBanner"));
    frameLayout()->insertWidget(1, m_banner);
    m_summary->setObjectName(QStringLiteral("planSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setContentsMargins(10, 4, 10, 6);
    m_summary->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    frameLayout()->addWidget(m_summary);
    // The phases' bars share the frontier's left and right margins while shown: their axes line up.
    plot()->axisRect()->setMarginGroup(QCP::msLeft | QCP::msRight, new QCPMarginGroup(plot()));
    m_phaseRect->setRangeDrag(Qt::Orientations());
    m_phaseRect->setRangeZoom(Qt::Orientations());
    placeLegendBelowPlot();
    // An element either side of the legend in its row: an empty legend (while planning, or a plan of
    // phases alone) would otherwise cap the plot's one column at its own few pixels' width.
    if (auto* legendRow = qobject_cast<QCPLayoutGrid*>(plot()->legend->layout())) {
        legendRow->insertColumn(0);
        legendRow->addElement(0, 0, new QCPLayoutElement(plot()));
        legendRow->addElement(0, 2, new QCPLayoutElement(plot()));
    }
    updateProgress();
}

PlanView::~PlanView()
{
    stopComputing();
    if (!m_phaseRect->layout()) // not in the plot's layout: the plot does not own it
        delete m_phaseRect;
}

QString PlanView::title() const { return tr("Plan"); }

bool PlanView::isComputing() const { return m_cancel || m_settle->isActive(); }

void PlanView::showEvaluation(const EvaluationPtr& evaluation, const CalibrationPtr& calibration)
{
    const bool sameScenario = evaluation && m_evaluation && evaluation->scenario == m_evaluation->scenario;
    const bool sameCalibration = calibration == m_calibration;
    m_evaluation = evaluation;
    m_calibration = calibration;
    if (m_file || (sameScenario && sameCalibration))
        return; // a plan file holds the view; or nothing the plan depends on changed (a pin)
    if (evaluation) {
        showTokenBudgetOf(evaluation->scenario);
        suggestRange(evaluation->scenario.cluster.nodes);
        offerHardwareFor(evaluation->scenario);
    }
    controlsChanged();
}

bool PlanView::openPlanFile(const QString& path, QString* error)
{
    std::optional<PlanStudy> read;
    try {
        read = io::readPlanFile(path.toStdString(), io::builtinCatalog());
    } catch (const io::ReadError& e) {
        const QString message = tr("Cannot open the plan file %1: %2").arg(path, QString::fromStdString(e.what()));
        m_banner->showMessage(message);
        if (error)
            *error = message;
        return false;
    }
    m_file = std::move(read);
    m_filePath = path;
    m_fileLabel->setText(tr("Plan file: %1").arg(QFileInfo(path).fileName()));
    m_fileLabel->show();
    m_followButton->show();
    // The controls say what the file asks.
    const PlanRequest& request = m_file->request;
    m_tokensChosen = false;
    {
        const QSignalBlocker blockTokens(m_tokens), blockDeadline(m_deadline), blockBudget(m_budget);
        m_tokens->setValue(tokenBudget(request.scenario.training).value_or(0) / kTokensPerControlUnit);
        m_deadline->setValue(request.deadlineS ? int(std::lround(*request.deadlineS / kSecondsPerDay)) : 0);
        m_budget->setValue(request.budgetUsd.value_or(0));
    }
    std::vector<HardwareRow> rows;
    int64_t first = std::numeric_limits<int64_t>::max(), last = 0;
    for (size_t i = 0; i < request.hardware.size(); ++i) {
        const HardwareOption& option = request.hardware[i];
        rows.push_back({ QStringLiteral("file-%1").arg(i), option.cluster,
                         option.nodeHourUsd ? option.nodeHourUsd : planNodeHourUsdOf(option.cluster), option.nodes, true });
        for (int64_t n : option.nodes) {
            first = std::min(first, n);
            last = std::max(last, n);
        }
    }
    for (const ClusterPreset& preset : io::builtinCatalog().clusters)
        if (std::none_of(rows.begin(), rows.end(), [&](const HardwareRow& r) { return r.cluster.preset == preset.spec.preset; }))
            rows.push_back({ QString::fromStdString(preset.spec.preset), preset.spec, planNodeHourUsdOf(preset.spec), {}, false });
    m_hardware = std::move(rows);
    fillHardwareTable();
    if (last > 0) {
        const QSignalBlocker blockFrom(m_from), blockTo(m_to);
        m_from->setRange(1, int(last));
        m_to->setRange(int(first), int(kMostScalingNodes));
        m_from->setValue(int(first));
        m_to->setValue(int(last));
    }
    m_rangeChosen = false;
    m_inputsChanged = true;
    controlsChanged();
    return true;
}

void PlanView::followWorkbench()
{
    m_file.reset();
    m_filePath.clear();
    m_fileLabel->hide();
    m_followButton->hide();
    m_tokensChosen = false;
    m_rangeChosen = false;
    m_hardware.clear();
    if (m_evaluation) {
        showTokenBudgetOf(m_evaluation->scenario);
        suggestRange(m_evaluation->scenario.cluster.nodes);
        offerHardwareFor(m_evaluation->scenario);
    }
    m_inputsChanged = true;
    controlsChanged();
}

void PlanView::setPlan(const PlanStudy& study, const PlanOutcome& outcome)
{
    stopComputing();
    m_settle->stop();
    m_file = study;
    {
        const QSignalBlocker blockTokens(m_tokens), blockDeadline(m_deadline), blockBudget(m_budget);
        m_tokens->setValue(tokenBudget(study.request.scenario.training).value_or(0) / kTokensPerControlUnit);
        m_deadline->setValue(study.request.deadlineS ? int(std::lround(*study.request.deadlineS / kSecondsPerDay)) : 0);
        m_budget->setValue(study.request.budgetUsd.value_or(0));
    }
    m_hardware.clear();
    for (size_t i = 0; i < study.request.hardware.size(); ++i) {
        const HardwareOption& option = study.request.hardware[i];
        m_hardware.push_back({ QStringLiteral("file-%1").arg(i), option.cluster, option.nodeHourUsd, option.nodes, true });
    }
    fillHardwareTable();
    m_inputsChanged = false;
    adopt(std::make_shared<const PlanStudy>(study), std::make_shared<const PlanOutcome>(outcome));
}

std::optional<PlanStudy> PlanView::study() const
{
    if (!m_file && !m_evaluation)
        return std::nullopt;
    PlanStudy s;
    if (m_file)
        s = *m_file;
    else
        s.request.scenario = m_evaluation->scenario;
    TrainingSpec& training = s.request.scenario.training;
    if (m_tokensChosen) {
        training.trainTokens = m_tokens->value() > 0 ? std::optional<double>(m_tokens->value() * kTokensPerControlUnit) : std::nullopt;
        if (!training.trainTokens)
            training.datasetTokens.reset();
    }
    s.request.deadlineS = m_deadline->value() > 0 ? std::optional<double>(m_deadline->value() * kSecondsPerDay) : std::nullopt;
    s.request.budgetUsd = m_budget->value() > 0 ? std::optional<double>(m_budget->value()) : std::nullopt;
    s.request.hardware.clear();
    const std::vector<int64_t> range = planNodeCounts(m_from->value(), m_to->value());
    for (const HardwareRow& row : m_hardware)
        if (row.checked)
            s.request.hardware.push_back({ row.cluster, row.nodes.empty() ? range : row.nodes, row.nodeHourUsd });
    return s;
}

QString PlanView::studyProblem(const std::optional<PlanStudy>& s) const
{
    if (!s)
        return {};
    if (!tokenBudget(s->request.scenario.training))
        return tr("There is no token budget to plan: type the tokens to train above (or give training.train_tokens, or "
                  "dataset_tokens and epochs, in the scenario).");
    if (s->request.hardware.empty() && s->phases.empty())
        return tr("There is no hardware to plan on: check at least one kind under Hardware.");
    return {};
}

void PlanView::controlsChanged()
{
    m_inputsChanged = true;
    scheduleStudy();
}

void PlanView::scheduleStudy()
{
    const std::optional<PlanStudy> wanted = study();
    if (!wanted)
        return; // nothing to plan yet
    const QString problem = studyProblem(wanted);
    if (!problem.isEmpty()) {
        stopComputing();
        m_settle->stop();
        m_outcome.reset();
        m_planned.reset();
        m_progress = Progress::Idle;
        m_banner->showMessage(problem);
        updateProgress();
        dataChanged();
        return;
    }
    m_banner->hide();
    if (!isVisible())
        return; // planned once shown
    stopComputing();
    m_outcome.reset(); // the plan shown no longer matches the controls
    m_planned.reset();
    m_progress = Progress::Computing;
    m_settle->start();
    updateProgress();
    dataChanged();
}

void PlanView::showEvent(QShowEvent* event)
{
    if (m_inputsChanged && m_progress != Progress::Stopped && !m_cancel)
        scheduleStudy();
    PlotView::showEvent(event);
}

void PlanView::requestPlan()
{
    m_settle->stop();
    const std::optional<PlanStudy> wanted = study();
    if (!wanted || !studyProblem(wanted).isEmpty() || !m_inputsChanged)
        return;
    stopComputing();
    m_inputsChanged = false;
    m_outcome.reset();
    m_planned.reset();
    m_progress = Progress::Computing;
    const uint64_t generation = ++m_generation;
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    m_cancel = cancel;
    auto planned = std::make_shared<const PlanStudy>(*wanted);
    QPointer<PlanView> self(this);
    QThreadPool::globalInstance()->start([self, planned, cancel, generation, calibration = m_calibration] {
        PlanOptions options;
        options.calibration = calibration;
        options.cancel = cancel.get();
        auto outcome = std::make_shared<const PlanOutcome>(planStudy(*planned, options));
        if (cancel->load())
            return;
        QMetaObject::invokeMethod(
            self.data(),
            [self, planned, outcome, generation] {
                if (!self || generation != self->m_generation)
                    return; // a newer request superseded this one
                self->m_cancel.reset();
                self->adopt(planned, outcome);
            },
            Qt::QueuedConnection);
    });
    updateProgress();
    dataChanged();
}

void PlanView::computeNow()
{
    m_settle->stop();
    const std::optional<PlanStudy> wanted = study();
    if (!wanted)
        return;
    if (const QString problem = studyProblem(wanted); !problem.isEmpty()) {
        m_banner->showMessage(problem);
        return;
    }
    stopComputing();
    m_inputsChanged = false;
    PlanOptions options;
    options.calibration = m_calibration;
    adopt(std::make_shared<const PlanStudy>(*wanted), std::make_shared<const PlanOutcome>(planStudy(*wanted, options)));
}

void PlanView::cancel()
{
    if (!isComputing())
        return;
    m_settle->stop();
    stopComputing();
    m_inputsChanged = true; // nothing of it arrives: the next request plans it again
    m_progress = Progress::Stopped;
    updateProgress();
    dataChanged();
}

void PlanView::stopComputing()
{
    if (m_cancel)
        m_cancel->store(true);
    m_cancel.reset();
    ++m_generation;
}

void PlanView::adopt(std::shared_ptr<const PlanStudy> study, std::shared_ptr<const PlanOutcome> outcome)
{
    m_planned = std::move(study);
    m_outcome = std::move(outcome);
    m_progress = Progress::Idle;
    QStringList problems;
    if (m_outcome->run.problem)
        problems << translatedSentence("Plan", *m_outcome->run.problem);
    if (m_outcome->phases && m_outcome->phases->problem)
        problems << translatedSentence("Plan", *m_outcome->phases->problem);
    if (problems.isEmpty())
        m_banner->hide();
    else
        m_banner->showMessage(problems.join(QLatin1Char(' ')));
    updateProgress();
    dataChanged();
}

void PlanView::updateProgress()
{
    m_progressButton->setText(m_progress == Progress::Computing ? tr("Cancel") : tr("Plan"));
    m_progressButton->setToolTip(m_progress == Progress::Computing ? tr("Stop planning.")
                                                                   : tr("Plan again: every kind of hardware at every node count."));
}

QString PlanView::summaryText() const { return m_summary->text(); }
QString PlanView::bannerText() const { return m_banner->isVisibleTo(this) ? m_banner->text() : QString(); }

void PlanView::redraw()
{
    QCustomPlot* p = plot();
    p->clearGraphs();
    p->clearItems();
    m_drawn.clear();
    m_segments.clear();
    // Placed before the theme styles the axes: a rectangle out of the layout is not among them.
    placePhaseRect(m_outcome && m_outcome->phases && !m_outcome->phases->phases.empty() && m_planned);
    applyTheme();
    updateProgress();
    setPlotTitle(tr("Time and cost to train, failures included"));
    drawFrontierPlot();
    drawPhases();
    showSummary();
}

} // namespace paraplan::widgets
