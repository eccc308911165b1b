// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/plots/scaling_view.h"

#include "core/io/bands_json.h"
#include "widgets/common/diagnostic_text.h"
#include "widgets/common/formatting.h"
#include "widgets/plots/explanation.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QFontMetricsF>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
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

namespace {

// Counts one curve prices at most: each may run a search (about a second over 10k GPUs,
// docs/scaling.md "Cost"), and a plot line shows its shape with far fewer points than pixels.
constexpr int64_t kMostScalingViewCounts = 64;
// The default range reaches this many times the scenario's nodes: "what would four times the
// cluster buy" is the question a team asks before buying it (seed 000 §1: four more machines).
constexpr int64_t kScalingViewGrowth = 4;
constexpr double kScalingPickRadius = 8;
// An edit starts a curve once the edits pause this long: a slider dragged asks for a curve at every
// step, each curve is seconds of search on a large cluster, and a cancelled one still finishes the
// count it is at (cancellation is checked between counts).
constexpr int kScalingSettleMs = 250;

// The counts of a range, every count where it holds at most kMostScalingViewCounts; else its ends
// and the multiples of a stride between them (multiples divide the way GPU counts do), with the
// scenario's own count always among them.
std::vector<int64_t> scalingViewCounts(int64_t first, int64_t last, int64_t own)
{
    const int64_t span = last - first + 1;
    const int64_t stride = (span + kMostScalingViewCounts - 1) / kMostScalingViewCounts;
    if (stride <= 1)
        return nodeRange(first, last);
    std::vector<int64_t> counts{ first, last };
    for (int64_t n = (first / stride + 1) * stride; n < last; n += stride)
        counts.push_back(n);
    if (own > first && own < last)
        counts.push_back(own);
    std::sort(counts.begin(), counts.end());
    counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
    return counts;
}

// The sample a series draws at a point: the held configuration or the best (absent without a search).
const ScalingSample* scalingSampleOf(const ScalingPoint& point, bool best)
{
    if (!best)
        return &point.current;
    return point.best ? &*point.best : nullptr;
}

QString scalingNodesText(int64_t nodes)
{
    return nodes == 1 ? ScalingView::tr("1 node") : ScalingView::tr("%1 nodes").arg(nodes);
}

// The y axis in readable units: the factor applied to the core's SI value and its label.
struct ScalingScale {
    double factor = 1;
    QString label;
};

ScalingScale scalingScaleOf(ScalingQuantity quantity, double largest)
{
    switch (quantity) {
    case ScalingQuantity::StepS:
        return { 1, ScalingView::tr("step time (s)") };
    case ScalingQuantity::TokensPerS:
        return largest >= 1e6 ? ScalingScale{ 1e-6, ScalingView::tr("tokens per second (millions)") }
                              : ScalingScale{ 1e-3, ScalingView::tr("tokens per second (thousands)") };
    case ScalingQuantity::Mfu:
        return { 100, ScalingView::tr("MFU (%)") };
    case ScalingQuantity::CostPerMillionTokensUsd:
        return { 1, ScalingView::tr("USD per million tokens") };
    case ScalingQuantity::TimeToTrainS:
        return largest >= 2 * 86400.0 ? ScalingScale{ 1 / 86400.0, ScalingView::tr("time to train (days)") }
                                      : ScalingScale{ 1 / 3600.0, ScalingView::tr("time to train (hours)") };
    }
    return {};
}

// Why a quantity has no value at a count that runs and fits: the scenario lacks what it needs.
QString scalingMissingQuantityNote(ScalingQuantity quantity)
{
    if (quantity == ScalingQuantity::CostPerMillionTokensUsd)
        return ScalingView::tr("This cluster has no price per GPU-hour (cluster.gpu_hour_cost_usd): there is no cost "
                               "per token to draw.");
    if (quantity == ScalingQuantity::TimeToTrainS)
        return ScalingView::tr("This scenario names no training length (training.train_tokens): there is no time to "
                               "train to draw.");
    return ScalingView::tr("The configuration runs and fits at no count of this range.");
}

// Why a sample is no point of its series: the validator's first error, or the memory it needs.
QString scalingUnusableReason(const ScalingSample& sample)
{
    for (const Diagnostic& d : sample.result.diagnostics)
        if (d.severity == Severity::Error)
            return diagnosticMessage(d);
    return ScalingView::tr("It needs %1 per GPU on its fullest stage and does not fit in memory.")
        .arg(formatGib(sample.result.memory.total()));
}

ScalingOptions scalingViewOptions(const std::vector<int64_t>& nodes, BatchScaling batch, bool best, bool keepPins,
                                  const CalibrationPtr& calibration)
{
    ScalingOptions options;
    options.nodes = nodes;
    options.batch = batch;
    options.best = best;
    options.keepPins = keepPins;
    options.calibration = calibration;
    // Each result with its band, as the CLI attaches them: the marks then say when two steps lie
    // within each other's band.
    options.bands = std::make_shared<const UncertaintyBands>(io::builtinUncertaintyBands());
    return options;
}

} // namespace

ScalingView::ScalingView(QWidget* parent)
    : PlotView(parent)
    , m_explanation(new QLabel(this))
    , m_settle(new QTimer(this))
{
    m_settle->setSingleShot(true);
    m_settle->setInterval(kScalingSettleMs);
    connect(m_settle, &QTimer::timeout, this, &ScalingView::requestCurve);
    buildControls();
    m_explanation->setObjectName(QStringLiteral("scalingExplanation"));
    m_explanation->setWordWrap(true);
    m_explanation->setTextFormat(Qt::RichText);
    m_explanation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_explanation->setContentsMargins(10, 4, 10, 6);
    m_explanation->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    frameLayout()->addWidget(m_explanation);
    placeLegendBelowPlot();
    updateProgress();
}

ScalingView::~ScalingView() { stopComputing(); }

QString ScalingView::title() const { return tr("Scaling"); }

bool ScalingView::isComputing() const { return m_cancel || m_settle->isActive(); }

void ScalingView::buildControls()
{
    auto* controls = new QWidget(this);
    // A combo box shows its longest entry where the view has room, and shrinks with a narrow one.
    auto shrinkable = [](QComboBox* combo) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        const int natural = combo->sizeHint().width();
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(6);
        combo->setMaximumWidth(natural);
        combo->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    };
    m_quantity = new QComboBox(controls);
    m_quantity->setObjectName(QStringLiteral("scalingQuantity"));
    m_quantity->addItem(tr("step time"), int(ScalingQuantity::StepS));
    m_quantity->addItem(tr("tokens/s"), int(ScalingQuantity::TokensPerS));
    m_quantity->addItem(tr("MFU"), int(ScalingQuantity::Mfu));
    m_quantity->addItem(tr("cost per million tokens"), int(ScalingQuantity::CostPerMillionTokensUsd));
    m_quantity->addItem(tr("time to train"), int(ScalingQuantity::TimeToTrainS));
    m_quantity->setCurrentIndex(1); // the marks are defined on throughput
    shrinkable(m_quantity);
    m_axis = new QComboBox(controls);
    m_axis->setObjectName(QStringLiteral("scalingAxis"));
    m_axis->addItem(tr("nodes"), int(ScalingAxis::Nodes));
    m_axis->addItem(tr("GPUs"), int(ScalingAxis::Gpus));
    m_axis->addItem(tr("data-parallel degree"), int(ScalingAxis::DataParallel));
    m_axis->setToolTip(tr("With a fixed global batch, each replica's share of it shrinks with dp."));
    shrinkable(m_axis);
    m_from = new QSpinBox(controls);
    m_to = new QSpinBox(controls);
    for (QSpinBox* box : { m_from, m_to }) {
        box->setRange(1, int(kMostScalingNodes));
        box->setKeyboardTracking(false); // typing 32 asks for one curve, not for 3 and then 32
    }
    m_from->setObjectName(QStringLiteral("scalingFrom"));
    m_to->setObjectName(QStringLiteral("scalingTo"));
    m_batch = new QComboBox(controls);
    m_batch->setObjectName(QStringLiteral("scalingBatch"));
    m_batch->addItem(tr("fixed global batch"), int(BatchScaling::FixedGlobalBatch));
    m_batch->addItem(tr("fixed batch per replica"), int(BatchScaling::FixedBatchPerReplica));
    m_batch->setToolTip(tr("Fixed global batch: the same run on more GPUs, each pipeline runs fewer micro-batches. "
                           "Per replica: the global batch grows with dp; the learning rate and warm-up must follow."));
    shrinkable(m_batch);
    m_best = new QCheckBox(tr("with the best configuration"), controls);
    m_best->setObjectName(QStringLiteral("scalingBest"));
    m_best->setChecked(true);
    m_best->setToolTip(tr("Search the fastest configuration that fits at each count (it holds the fields the scenario "
                          "pins, as the search does)."));
    m_unpinned = new QCheckBox(tr("search pinned fields too"), controls);
    m_unpinned->setObjectName(QStringLiteral("scalingUnpinned"));
    m_unpinned->setToolTip(tr("The best configuration may change every parallel field, the scenario's pins set aside "
                              "(slower: a wider search at each count)."));
    m_progressButton = new QPushButton(controls);
    m_progressButton->setObjectName(QStringLiteral("scalingProgress"));

    auto* rows = new QVBoxLayout(controls);
    rows->setContentsMargins(6, 6, 6, 0);
    auto* what = new QHBoxLayout;
    what->addWidget(new QLabel(tr("Show"), controls));
    what->addWidget(m_quantity, 1);
    what->addWidget(new QLabel(tr("against"), controls));
    what->addWidget(m_axis, 1);
    what->addWidget(new QLabel(tr("for nodes"), controls));
    what->addWidget(m_from);
    what->addWidget(new QLabel(tr("to"), controls));
    what->addWidget(m_to);
    what->addStretch(0);
    what->addWidget(m_progressButton);
    m_secondRow = new QHBoxLayout;
    m_secondRow->addWidget(m_batch, 1);
    m_secondRow->addWidget(m_best);
    m_secondRow->addWidget(m_unpinned);
    m_secondRow->addStretch(0);
    m_thirdRow = new QHBoxLayout;
    rows->addLayout(what);
    rows->addLayout(m_secondRow);
    rows->addLayout(m_thirdRow);
    controls->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    frameLayout()->insertWidget(0, controls);

    connect(m_quantity, &QComboBox::currentIndexChanged, this, [this] { dataChanged(); });
    connect(m_axis, &QComboBox::currentIndexChanged, this, [this] { dataChanged(); });
    connect(m_from, &QSpinBox::valueChanged, this, [this](int value) {
        m_to->setMinimum(value); // a range never runs backwards
        m_rangeChosen = true;
        controlsChanged();
    });
    connect(m_to, &QSpinBox::valueChanged, this, [this](int value) {
        m_from->setMaximum(value);
        m_rangeChosen = true;
        controlsChanged();
    });
    connect(m_batch, &QComboBox::currentIndexChanged, this, [this] { controlsChanged(); });
    connect(m_best, &QCheckBox::toggled, this, [this](bool on) {
        m_unpinned->setEnabled(on);
        controlsChanged();
    });
    connect(m_unpinned, &QCheckBox::toggled, this, [this] { controlsChanged(); });
    connect(m_progressButton, &QPushButton::clicked, this, [this] {
        if (m_progress == Progress::Computing) {
            cancel();
        } else {
            m_inputs.reset(); // asked again: whatever was known is computed anew
            requestCurve();
        }
    });
}

void ScalingView::resizeEvent(QResizeEvent* event)
{
    PlotView::resizeEvent(event);
    arrangeControls();
}

// The pins' check box goes to a row of its own where the second row would be wider than the view.
void ScalingView::arrangeControls()
{
    const int needed = m_batch->minimumSizeHint().width() + m_best->sizeHint().width() + m_unpinned->sizeHint().width() + 40;
    QHBoxLayout* row = width() >= needed ? m_secondRow : m_thirdRow;
    if (row->indexOf(m_unpinned) >= 0)
        return;
    (row == m_secondRow ? m_thirdRow : m_secondRow)->removeWidget(m_unpinned);
    if (row == m_secondRow)
        row->insertWidget(2, m_unpinned);
    else
        row->addWidget(m_unpinned);
}

void ScalingView::suggestRange(int64_t nodes)
{
    if (!m_rangeChosen)
        showRange(1, std::clamp<int64_t>(kScalingViewGrowth * nodes, 1, kMostScalingNodes));
}

void ScalingView::showRange(int64_t first, int64_t last)
{
    const QSignalBlocker blockFrom(m_from), blockTo(m_to);
    m_from->setRange(1, int(last));
    m_to->setRange(int(first), int(kMostScalingNodes));
    m_from->setValue(int(first));
    m_to->setValue(int(last));
}

void ScalingView::showEvaluation(const EvaluationPtr& evaluation, const CalibrationPtr& calibration)
{
    m_evaluation = evaluation;
    m_calibration = calibration;
    if (evaluation)
        suggestRange(evaluation->scenario.cluster.nodes);
    scheduleCurve();
}

void ScalingView::showCurve(const ScalingCurve& curve)
{
    stopComputing();
    m_evaluation.reset();
    m_inputs.reset();
    if (!curve.points.empty()) { // the controls say what the curve is
        showRange(curve.points.front().nodes, curve.points.back().nodes);
        const QSignalBlocker blockBatch(m_batch), blockBest(m_best);
        m_batch->setCurrentIndex(m_batch->findData(int(curve.batch)));
        m_best->setChecked(curve.points.front().best.has_value());
        m_unpinned->setEnabled(m_best->isChecked());
    }
    adoptCurve(std::make_shared<const ScalingCurve>(curve));
}

void ScalingView::controlsChanged() { scheduleCurve(); }

void ScalingView::scheduleCurve()
{
    if (!isVisible())
        return; // priced once shown
    const std::optional<Inputs> wanted = inputs();
    if (!wanted || (wanted == m_inputs && !m_settle->isActive()))
        return; // nothing to scale, or the curve is known or on its way
    stopComputing();
    m_inputs.reset();
    m_curve.reset(); // the curve shown no longer matches the scenario
    m_progress = Progress::Computing;
    m_settle->start();
    updateProgress();
    dataChanged();
}

void ScalingView::showEvent(QShowEvent* event)
{
    if (m_progress != Progress::Stopped) // a curve the user cancelled waits for "Compute again"
        requestCurve();
    PlotView::showEvent(event);
}

std::optional<ScalingView::Inputs> ScalingView::inputs() const
{
    if (!m_evaluation)
        return std::nullopt;
    Inputs in;
    in.scenario = m_evaluation->scenario;
    in.calibration = m_calibration;
    in.nodes = scalingViewCounts(m_from->value(), m_to->value(), in.scenario.cluster.nodes);
    in.batch = BatchScaling(m_batch->currentData().toInt());
    in.best = m_best->isChecked();
    in.keepPins = !m_unpinned->isChecked();
    return in;
}

void ScalingView::requestCurve()
{
    m_settle->stop();
    std::optional<Inputs> wanted = inputs();
    if (!wanted || wanted == m_inputs)
        return; // nothing to scale, or the curve is known or on its way
    stopComputing();
    m_inputs = wanted;
    m_curve.reset();
    m_progress = Progress::Computing;
    const uint64_t generation = ++m_generation;
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    m_cancel = cancel;
    QPointer<ScalingView> self(this);
    QThreadPool::globalInstance()->start([self, in = *wanted, cancel, generation] {
        ScalingOptions options = scalingViewOptions(in.nodes, in.batch, in.best, in.keepPins, in.calibration);
        options.cancel = cancel.get();
        auto curve = std::make_shared<const ScalingCurve>(scaleNodes(in.scenario, options));
        if (cancel->load())
            return;
        QMetaObject::invokeMethod(
            self.data(),
            [self, curve, generation] {
                if (!self || generation != self->m_generation)
                    return; // a newer request superseded this one
                self->m_cancel.reset();
                self->adoptCurve(curve);
            },
            Qt::QueuedConnection);
    });
    updateProgress();
    dataChanged();
}

void ScalingView::computeNow()
{
    m_settle->stop();
    std::optional<Inputs> wanted = inputs();
    if (!wanted)
        return;
    stopComputing();
    m_inputs = wanted;
    adoptCurve(std::make_shared<const ScalingCurve>(scaleNodes(
        wanted->scenario, scalingViewOptions(wanted->nodes, wanted->batch, wanted->best, wanted->keepPins, wanted->calibration))));
}

void ScalingView::cancel()
{
    if (!isComputing())
        return;
    m_settle->stop();
    stopComputing();
    m_inputs.reset(); // nothing of it arrives: the next request computes it again
    m_progress = Progress::Stopped;
    updateProgress();
    dataChanged();
}

void ScalingView::stopComputing()
{
    if (m_cancel)
        m_cancel->store(true);
    m_cancel.reset();
    ++m_generation;
}

void ScalingView::adoptCurve(ScalingCurvePtr curve)
{
    m_curve = std::move(curve);
    m_progress = Progress::Idle;
    updateProgress();
    dataChanged();
}

void ScalingView::updateProgress()
{
    m_progressButton->setText(m_progress == Progress::Computing ? tr("Cancel") : tr("Compute again"));
    m_progressButton->setVisible(m_progress != Progress::Idle);
}

QString ScalingView::progressNote() const
{
    switch (m_progress) {
    case Progress::Computing:
        return m_best->isChecked() ? tr("Pricing each node count and searching the best configuration at each…")
                                   : tr("Pricing each node count…");
    case Progress::Stopped:
        return tr("Cancelled. Compute again to draw the curve.");
    case Progress::Idle:
        break;
    }
    return m_evaluation ? tr("Open this view to draw how the job scales.")
                        : tr("No valid configuration to scale yet.");
}

ScalingQuantity ScalingView::quantity() const { return ScalingQuantity(m_quantity->currentData().toInt()); }
ScalingAxis ScalingView::axis() const { return ScalingAxis(m_axis->currentData().toInt()); }

void ScalingView::setQuantity(ScalingQuantity quantity) { m_quantity->setCurrentIndex(m_quantity->findData(int(quantity))); }
void ScalingView::setAxis(ScalingAxis axis) { m_axis->setCurrentIndex(m_axis->findData(int(axis))); }
void ScalingView::setBatchScaling(BatchScaling batch) { m_batch->setCurrentIndex(m_batch->findData(int(batch))); }
void ScalingView::setBestShown(bool best) { m_best->setChecked(best); }

void ScalingView::setNodeRange(int64_t first, int64_t last)
{
    showRange(first, last);
    m_rangeChosen = true;
    controlsChanged();
}

QString ScalingView::explanationText() const { return m_explanation->text(); }

std::optional<double> ScalingView::xOf(size_t point, bool best) const
{
    const ScalingPoint& p = m_curve->points[point];
    switch (axis()) {
    case ScalingAxis::Nodes:
        return double(p.nodes);
    case ScalingAxis::Gpus:
        return double(p.gpus);
    case ScalingAxis::DataParallel:
        break;
    }
    const ScalingSample* sample = scalingSampleOf(p, best);
    const int64_t dp = sample && sample->result.valid ? sample->result.parallel.degrees.dp : (best ? 0 : p.dp);
    return dp > 0 ? std::optional<double>(double(dp)) : std::nullopt;
}

void ScalingView::redraw()
{
    QCustomPlot* p = plot();
    p->clearGraphs();
    p->clearItems();
    applyTheme();
    updateProgress();
    m_drawn.clear();
    m_markRows = 0;
    // Short enough for a narrow view: the legend says which line is which.
    setPlotTitle(tr("What more nodes buy"));
    if (!m_curve || m_curve->points.empty()) {
        showCentreNote(m_curve && m_curve->problem ? translatedSentence("Scaling", *m_curve->problem) : progressNote());
        m_explanation->clear();
        p->legend->setVisible(false);
        return;
    }
    const bool withBest = m_curve->points.front().best.has_value();
    const ScalingSeries held = seriesOf(*m_curve, ScalingConfiguration::Held, quantity(), axis());
    const ScalingSeries best = withBest ? seriesOf(*m_curve, ScalingConfiguration::Best, quantity(), axis()) : ScalingSeries{};
    double largest = 0;
    for (const ScalingSeries* series : { &held, &best })
        for (double y : series->y)
            largest = std::max(largest, y);
    const ScalingScale scale = scalingScaleOf(quantity(), largest);
    drawSeries(held, false, scale.factor, tr("current configuration held"));
    if (withBest)
        drawSeries(best, true, scale.factor, tr("best configuration at each count"));
    drawUnusableCounts();
    if (held.x.empty() && best.x.empty()) {
        showCentreNote(scalingMissingQuantityNote(quantity()));
        showExplanation();
        p->legend->setVisible(false);
        return;
    }
    double left = std::numeric_limits<double>::max(), right = std::numeric_limits<double>::lowest();
    for (const DrawnPoint& d : m_drawn) {
        left = std::min(left, d.x);
        right = std::max(right, d.x);
    }
    const double pad = right > left ? 0.04 * (right - left) : 0.5;
    p->xAxis->setRange(left - pad, right + pad);
    drawScenarioCount();
    drawMarks();

    // Room at the top for the marks' labels, a line each, above the highest point.
    const double lineHeight = QFontMetricsF(font()).height() + 2;
    const int laidOut = p->axisRect()->height();
    const double rectHeight = laidOut > 0 && laidOut < p->height() ? laidOut : p->height() - 120.0;
    const double headroom = std::min(0.5, (m_markRows * lineHeight + 12) / std::max(rectHeight, 1.0));
    // From a little below zero: the crosses on the axis show whole.
    const double upper = largest * scale.factor * 1.04 / (1 - headroom);
    p->yAxis->setRange(-0.025 * upper, upper);
    p->yAxis->setLabel(scale.label);
    const QString xLabels[] = { tr("nodes"), tr("GPUs"), tr("data-parallel degree (dp)") };
    p->xAxis->setLabel(xLabels[int(axis())]);
    // Whole counts only, in steps of a power of two (node and GPU counts are mostly such multiples).
    double step = 1;
    while ((right - left) / step > 10)
        step *= 2;
    auto ticker = QSharedPointer<QCPAxisTickerFixed>(new QCPAxisTickerFixed);
    ticker->setTickStep(step);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssNone);
    p->xAxis->setTicker(ticker);
    p->legend->setVisible(true);
    showExplanation();
}

void ScalingView::drawSeries(const ScalingSeries& series, bool best, double factor, const QString& name)
{
    const QColor colour = best ? theme().component(TimeComponent::DpComm) : theme().component(TimeComponent::Compute);
    QCPGraph* graph = plot()->addGraph();
    graph->setName(name);
    graph->setPen(QPen(colour, best ? 2 : 3, best ? Qt::DashLine : Qt::SolidLine)); // the held line shows under the best where they coincide
    graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, colour, colour, best ? 6 : 7));
    // Usable counts are joined across those where the configuration does not run or fit: crosses
    // on the axis mark those, and a line of isolated dots would hide the trend.
    for (size_t i = 0; i < series.x.size(); ++i) {
        const double y = series.y[i] * factor;
        graph->addData(series.x[i], y);
        m_drawn.push_back({ series.x[i], y, series.points[i], best, true });
    }
}

// The counts where the held configuration has a whole dp but breaks a rule or runs out of memory:
// a cross on the axis each, its reason in the tooltip. Counts without a whole dp are no place this
// configuration can be; the explanation counts them.
void ScalingView::drawUnusableCounts()
{
    QCPGraph* crosses = nullptr;
    for (size_t i = 0; i < m_curve->points.size(); ++i) {
        const ScalingPoint& point = m_curve->points[i];
        if (point.dp <= 0 || point.current.usable())
            continue;
        const std::optional<double> x = xOf(i, false);
        if (!x)
            continue;
        if (!crosses) {
            crosses = plot()->addGraph();
            crosses->setName(tr("held configuration does not run or fit (hover for why)"));
            crosses->setLineStyle(QCPGraph::lsNone);
            crosses->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, QPen(theme().warning, 2), Qt::NoBrush, 10));
        }
        crosses->addData(*x, 0);
        m_drawn.push_back({ *x, 0, i, false, false });
    }
}

Qt::Alignment ScalingView::labelAlignmentAt(double x) const
{
    const QCPRange range = plot()->xAxis->range();
    const double share = (x - range.lower) / range.size();
    return (share < 0.3 ? Qt::AlignLeft : share > 0.7 ? Qt::AlignRight : Qt::AlignHCenter) | Qt::AlignTop;
}

void ScalingView::addTopLabel(double x, const QString& text, const QColor& colour)
{
    auto* label = new QCPItemText(plot());
    label->position->setTypeX(QCPItemPosition::ptPlotCoords);
    label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    label->position->setCoords(x, 0);
    label->setPositionAlignment(labelAlignmentAt(x));
    // One line per label, stacked from the top: two marks at one count never overlap.
    const int lineHeight = int(QFontMetricsF(label->font()).height()) + 2;
    label->setPadding(QMargins(4, 4 + m_markRows * lineHeight, 4, 0));
    label->setText(text);
    label->setColor(colour);
    ++m_markRows;
}

void ScalingView::drawScenarioCount()
{
    const auto own = std::find_if(m_curve->points.begin(), m_curve->points.end(),
                                  [&](const ScalingPoint& p) { return p.nodes == m_curve->scenarioNodes; });
    if (own == m_curve->points.end())
        return;
    const size_t index = size_t(own - m_curve->points.begin());
    const std::optional<double> x = xOf(index, false);
    if (!x)
        return;
    QCustomPlot* p = plot();
    auto* line = new QCPItemStraightLine(p);
    line->point1->setCoords(*x, 0);
    line->point2->setCoords(*x, 1);
    line->setPen(QPen(theme().highlight, 1.2, Qt::DotLine));
    QCPGraph* star = p->addGraph();
    star->setName(tr("this scenario (%1)").arg(scalingNodesText(own->nodes)));
    star->setLineStyle(QCPGraph::lsNone);
    star->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssStar, QPen(theme().highlight, 2.5), QBrush(theme().highlight), 16));
    const auto drawn = std::find_if(m_drawn.begin(), m_drawn.end(),
                                    [&](const DrawnPoint& d) { return d.point == index && !d.best && d.usable; });
    if (drawn != m_drawn.end())
        star->addData(drawn->x, drawn->y);
}

void ScalingView::drawMarks()
{
    struct Placed {
        ScalingMarkKind kind;
        size_t point;
        double x;
    };
    std::vector<Placed> placed;
    auto draw = [&](const std::optional<ScalingMark>& mark, bool best) {
        if (!mark)
            return;
        const std::optional<double> x = xOf(mark->point, best);
        if (!x)
            return;
        for (const Placed& earlier : placed)
            if (earlier.kind == mark->kind && earlier.point == mark->point && earlier.x == *x)
                return; // the held series' mark stands there already, labelled for both
        const ScalingMarks& bestMarks = m_curve->best;
        const std::optional<ScalingMark>& twin =
            mark->kind == ScalingMarkKind::StopsPaying ? bestMarks.stopsPaying : bestMarks.peak;
        const bool both = !best && twin && twin->point == mark->point && xOf(twin->point, true) == x;
        placed.push_back({ mark->kind, mark->point, *x });

        const bool stops = mark->kind == ScalingMarkKind::StopsPaying;
        const QColor colour = stops ? theme().caution : theme().foreground;
        auto* line = new QCPItemStraightLine(plot());
        line->point1->setCoords(*x, 0);
        line->point2->setCoords(*x, 1);
        line->setPen(QPen(colour, 1.6, stops ? Qt::DashLine : Qt::DashDotLine));
        const auto drawn = std::find_if(m_drawn.begin(), m_drawn.end(),
                                        [&](const DrawnPoint& d) { return d.point == mark->point && d.best == best && d.usable; });
        if (drawn != m_drawn.end()) { // a ring around the marked point
            auto* ring = new QCPItemTracer(plot());
            ring->position->setCoords(drawn->x, drawn->y);
            ring->setStyle(QCPItemTracer::tsCircle);
            ring->setSize(18);
            ring->setPen(QPen(colour, 2));
        }
        const QString who = both ? tr("held and best") : (best ? tr("best") : tr("held"));
        const QString nodes = scalingNodesText(m_curve->points[mark->point].nodes);
        addTopLabel(*x, stops ? tr("%1: stops paying at %2").arg(who, nodes) : tr("%1: peak at %2").arg(who, nodes), colour);
    };
    draw(m_curve->current.stopsPaying, false);
    draw(m_curve->current.peak, false);
    draw(m_curve->best.stopsPaying, true);
    draw(m_curve->best.peak, true);
}

// Under the plot: each mark's summary and why, in the model's figures; then how the scenario was
// carried to other counts, and the counts the held configuration cannot be at.
void ScalingView::showExplanation()
{
    QStringList paragraphs;
    QStringList explained; // an explanation once: a peak and the step that stops paying often share one
    // One paragraph a configuration: what happens to its throughput, then why.
    auto describe = [&](const ScalingMarks& marks, const ScalingMarks* held, const QString& who) {
        QStringList summaries, explanations;
        bool tied = false;
        for (const auto member : { &ScalingMarks::stopsPaying, &ScalingMarks::peak }) {
            const std::optional<ScalingMark>& mark = marks.*member;
            if (!mark)
                continue;
            summaries << translatedSentence("Scaling", mark->summary).toHtmlEscaped();
            tied = tied || mark->cause.comparison.noRealDifference;
            // The best's mark where the held one stands with the same cause: its own figures, the cause once.
            const std::optional<ScalingMark>* twin = held ? &((*held).*member) : nullptr;
            if (twin && *twin && (*twin)->point == mark->point && (*twin)->cause.component == mark->cause.component)
                continue;
            const QString explanation = translatedSentence("Scaling", mark->explanation);
            if (!explained.contains(explanation)) {
                explanations << explanation.toHtmlEscaped();
                explained << explanation;
            }
        }
        if (summaries.isEmpty())
            return;
        QString text = QStringLiteral("<b>%1</b> %2").arg(who.toHtmlEscaped(), summaries.join(QLatin1Char(' ')));
        if (!explanations.isEmpty())
            text += QStringLiteral("<br>") + explanations.join(QLatin1Char(' '));
        if (tied)
            text += QStringLiteral(" <i>%1</i>")
                        .arg(tr("(the two steps lie within each other's 80 % band: the model cannot tell them apart)")
                                 .toHtmlEscaped());
        paragraphs << text;
    };
    describe(m_curve->current, nullptr, tr("Current configuration held:"));
    describe(m_curve->best, &m_curve->current, tr("Best configuration:"));
    if (paragraphs.isEmpty())
        paragraphs << tr("Adding nodes pays across this range: every step up brings at least %1 of the throughput a GPU "
                         "has at the smallest count, and none is slower.")
                          .arg(formatPercent(kStopsPayingEfficiency, 0))
                          .toHtmlEscaped();
    QStringList notes;
    for (const Sentence& note : m_curve->notes)
        notes << translatedSentence("Scaling", note).toHtmlEscaped();
    const auto noWholeDp = std::count_if(m_curve->points.begin(), m_curve->points.end(),
                                         [](const ScalingPoint& p) { return p.dp <= 0; });
    if (noWholeDp > 0)
        notes << tr("The held configuration cannot run at %1 of the %2 counts: their GPUs are no multiple of tp × pp × cp.")
                     .arg(noWholeDp)
                     .arg(m_curve->points.size())
                     .toHtmlEscaped();
    QString html = paragraphs.join(QStringLiteral("<br>"));
    if (!notes.isEmpty())
        html += QStringLiteral("<br><span style=\"color:%1\">%2</span>").arg(theme().subtle.name(), notes.join(QStringLiteral(" ")));
    m_explanation->setText(html);
}

QString ScalingView::toolTipAt(const QPointF& position) const
{
    if (!m_curve)
        return {};
    const DrawnPoint* nearest = nullptr;
    double closest = kScalingPickRadius;
    for (const DrawnPoint& d : m_drawn) {
        const double distance = std::hypot(plot()->xAxis->coordToPixel(d.x) - position.x(),
                                           plot()->yAxis->coordToPixel(d.y) - position.y());
        if (distance < closest) {
            closest = distance;
            nearest = &d;
        }
    }
    if (!nearest)
        return {};
    const ScalingPoint& point = m_curve->points[nearest->point];
    const QString where = tr("<b>%1</b> · %2 GPUs").arg(scalingNodesText(point.nodes)).arg(point.gpus);
    if (!nearest->usable)
        return tr("%1<br>The held configuration does not run here: %2")
            .arg(where, scalingUnusableReason(point.current).toHtmlEscaped());
    const ScalingSample& sample = *scalingSampleOf(point, nearest->best);
    const Result& r = sample.result;
    QString text = tr("%1 — %2<br>%3<br>step %4 · %5 · MFU %6")
                       .arg(where, nearest->best ? tr("best configuration") : tr("current configuration held"),
                            describeConfiguration(sample.scenario, r), formatSeconds(r.time.step),
                            formatTokensPerSecond(r.tokensPerS), formatPercent(r.mfu));
    text += sample.costPerMillionTokensUsd
        ? tr("<br>%1 USD per million tokens").arg(QLocale().toString(*sample.costPerMillionTokensUsd, 'f', 2))
        : tr("<br>no price per GPU-hour: no cost");
    if (r.timeToTrainS)
        text += tr(" · %1 to train").arg(formatDuration(*r.timeToTrainS));
    return text;
}

} // namespace paraplan::widgets
