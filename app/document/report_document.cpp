// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/document/report_document.h"

#include "app/document/report_blocks.h"
#include "core/explore/advisor.h"
#include "core/model/memory_model.h"
#include "core/spec/efficiency_params.h"
#include "core/spec/version.h"
#include "core/step/pipeline_schedule.h"
#include "core/step/time_components.h"
#include "core/step/trace_comparison.h"
#include "widgets/advice/finding_text.h"
#include "widgets/common/formatting.h"
#include "widgets/common/plot_theme.h"
#include "widgets/common/schedule_text.h"
#include "widgets/common/uncertainty_text.h"
#include "widgets/plots/breakdown_view.h"
#include "widgets/plots/compare_view.h"
#include "widgets/plots/explanation.h"
#include "widgets/plots/memory_view.h"
#include "widgets/plots/plan_view.h"
#include "widgets/plots/scaling_view.h"
#include "widgets/plots/sensitivity_view.h"
#include "widgets/plots/timeline_view.h"
#include "widgets/topology/editor.h"
#include "widgets/topology/gpu_grouping.h"

#include <QApplication>
#include <QDate>
#include <QFileInfo>
#include <QLocale>

namespace paraplan::app {

using namespace widgets;

namespace {

// Charts are laid out at kReportChartWidth wide and this tall, then scaled to the page.
constexpr double kWideAspect = 0.5;
constexpr double kTallAspect = 0.62;
constexpr double kSummaryAspect = 0.42; // the summary's one chart shares page one with the figures
constexpr double kTornadoAspect = 0.85; // a row per uncertain input, each with a two-line label
constexpr double kPlanAspect = 0.6;     // the frontier with its legend of hardware
constexpr double kPhasedPlanAspect = 0.85; // and the bars of the phases under it
constexpr size_t kSummaryFindings = 3;

// A view drawn offscreen at the report's size, kept alive by the document.
template <typename View>
View* offscreenView(ReportDocument& document, double aspect)
{
    auto view = std::make_unique<View>();
    View* raw = view.get();
    raw->setAttribute(Qt::WA_DontShowOnScreen, true);
    raw->resize(kReportChartWidth, int(kReportChartWidth * aspect));
    raw->show();
    document.owned.push_back(std::move(view));
    return raw;
}

void heading(ReportDocument& d, const QString& text) { d.blocks.push_back(ReportBlock::of(ReportBlock::Kind::Heading, text)); }
void subheading(ReportDocument& d, const QString& text) { d.blocks.push_back(ReportBlock::of(ReportBlock::Kind::Subheading, text)); }
void text(ReportDocument& d, const QString& html) { d.blocks.push_back(ReportBlock::of(ReportBlock::Kind::Text, html)); }
void plot(ReportDocument& d, PlotView* view, double aspect)
{
    QApplication::processEvents(); // the view lays out at its size and draws
    view->replotNow();
    ReportBlock block = ReportBlock::of(ReportBlock::Kind::Plot);
    block.plot = view;
    block.aspect = aspect;
    d.blocks.push_back(std::move(block));
}
void image(ReportDocument& d, const QImage& picture)
{
    ReportBlock block = ReportBlock::of(ReportBlock::Kind::Image);
    block.image = picture;
    block.aspect = picture.isNull() ? kTallAspect : double(picture.height()) / picture.width();
    d.blocks.push_back(std::move(block));
}
void pageBreak(ReportDocument& d) { d.blocks.push_back(ReportBlock::of(ReportBlock::Kind::PageBreak)); }

QString paragraph(const QString& plain) { return QStringLiteral("<p>%1</p>").arg(plain.toHtmlEscaped()); }

QString table(const QStringList& header, const std::vector<QStringList>& rows)
{
    QString html = QStringLiteral("<table cellspacing=\"0\" cellpadding=\"3\"><tr>");
    for (const QString& h : header)
        html += QStringLiteral("<th>%1</th>").arg(h.toHtmlEscaped());
    html += QStringLiteral("</tr>");
    for (const QStringList& row : rows) {
        html += QStringLiteral("<tr>");
        for (const QString& cell : row)
            html += QStringLiteral("<td>%1</td>").arg(cell.toHtmlEscaped());
        html += QStringLiteral("</tr>");
    }
    return html + QStringLiteral("</table>");
}

// A figure and, where the step has its band, the figure at the band's ends: throughput and MFU
// scale as one over the step.
QString withBand(const QString& figure, const QString& low, const QString& high)
{
    return Report::tr("%1 (80 % band %2 – %3)").arg(figure, low, high);
}

// "93.1 % (91.0–95.2 % over the published failure rates)"
QString goodputText(const RunGoodput& g)
{
    return Report::tr("%1 (%2 over the published failure rates)")
        .arg(formatPercent(g.fraction), formatPercentRange(g.fractionLow, g.fractionHigh));
}

void addKeyFigures(ReportDocument& d, const Evaluation& e)
{
    const Result& r = e.result;
    std::vector<QStringList> rows;
    if (r.uncertainty) {
        const StepUncertainty& u = *r.uncertainty;
        rows.push_back({ Report::tr("Predicted step"), withBand(formatSeconds(r.time.step), formatSeconds(u.p10), formatSeconds(u.p90)) });
        rows.push_back({ Report::tr("Throughput"), withBand(formatTokensPerSecond(r.tokensPerS),
                                                            formatTokensPerSecond(r.tokensPerS * r.time.step / u.p90),
                                                            formatTokensPerSecond(r.tokensPerS * r.time.step / u.p10)) });
        rows.push_back({ Report::tr("MFU"), withBand(formatPercent(r.mfu), formatPercent(r.mfu * r.time.step / u.p90),
                                                     formatPercent(r.mfu * r.time.step / u.p10)) });
    } else {
        rows.push_back({ Report::tr("Predicted step"), formatSeconds(r.time.step) });
        rows.push_back({ Report::tr("Throughput"), formatTokensPerSecond(r.tokensPerS) });
        rows.push_back({ Report::tr("MFU"), formatPercent(r.mfu) });
    }
    rows.push_back({ Report::tr("Memory per GPU (fullest stage)"),
                     Report::tr("%1 of %2").arg(formatGib(r.memory.total()), formatGib(r.capacityBytes)) });
    rows.push_back({ Report::tr("Time to train"), r.timeToTrainS ? formatDuration(*r.timeToTrainS)
                                                                 : Report::tr("set training.train_tokens to see it") });
    rows.push_back({ Report::tr("Cost to train"), r.costUsd ? QStringLiteral("$%1").arg(formatCount(*r.costUsd))
                                                            : Report::tr("needs train_tokens and a GPU-hour price") });
    if (r.goodput) {
        const RunGoodput& g = *r.goodput;
        rows.push_back({ Report::tr("Goodput (failures, checkpoints, restarts)"), goodputText(g) });
        if (g.timeToTrainS)
            rows.push_back({ Report::tr("Time to train through failures"), formatDuration(*g.timeToTrainS) });
        if (g.costUsd)
            rows.push_back({ Report::tr("Cost to train through failures"), QStringLiteral("$%1").arg(formatCount(*g.costUsd)) });
    }
    text(d, table({ Report::tr("Figure"), Report::tr("Value") }, rows));
}

// The whole run as the team will live it (docs/goodput.md): how often it stops, what a checkpoint
// and a restart cost, and what remains of the wall clock for training.
QString goodputParagraph(const RunGoodput& g)
{
    QString text = Report::tr("The job is interrupted every %1 on average (MTBF at %2 failures per GPU-hour). A checkpoint of %3 "
                              "takes %4 to write, %5 of which the training waits, and is taken every %6 (%7 steps; Daly's "
                              "optimum %8). A restart costs %9 and loses %10 of work on average.")
                       .arg(formatDuration(g.mtbfS), QLocale().toString(g.failuresPerGpuHour, 'g', 3), formatGib(g.checkpointBytes),
                            formatDuration(g.checkpointWriteS), formatDuration(g.checkpointBlockingS),
                            formatDuration(g.checkpointIntervalS), QLocale().toString(qlonglong(g.checkpointIntervalSteps)),
                            formatDuration(g.dalyIntervalS), formatDuration(g.restartS))
                       .arg(formatDuration(g.lostWorkPerFailureS));
    text += QLatin1Char(' ') + Report::tr("Goodput %1.").arg(goodputText(g));
    if (g.timeToTrainS && g.expectedFailures)
        text += QLatin1Char(' ') + Report::tr("Over the run's %1 tokens: %2 of wall clock, about %3 interruptions on the way.")
                                       .arg(formatCount(g.trainTokens.value_or(0)), formatDuration(*g.timeToTrainS),
                                            QLocale().toString(*g.expectedFailures, 'f', 0));
    return text;
}

// A finding in one line for the summary: what to change and what it gains.
QString findingLineHtml(const Finding& f)
{
    return QStringLiteral("<p><b>%1</b> — %2 <i>(%3)</i></p>")
        .arg(findingTitle(f.code).toHtmlEscaped(), changeText(f).toHtmlEscaped(), gainText(f).toHtmlEscaped());
}

QString findingHtml(const Finding& f)
{
    return QStringLiteral("<p><b>%1</b> (%2) — %3<br>→ %4 <i>%5</i></p>")
        .arg(findingTitle(f.code).toHtmlEscaped(), severityName(f.severity).toHtmlEscaped(), evidenceText(f).toHtmlEscaped(),
             changeText(f).toHtmlEscaped(), gainText(f).toHtmlEscaped());
}

QString verdict(const Evaluation& e, const Advice& advice)
{
    const Result& r = e.result;
    QString fit = r.memory.total() <= kSafeMemoryFraction * r.capacityBytes
        ? Report::tr("It fits with room to spare (%1 of %2 per GPU).").arg(formatGib(r.memory.total()), formatGib(r.capacityBytes))
        : Report::tr("It needs %1 of %2 per GPU: above the 80 % real runs keep free.")
              .arg(formatGib(r.memory.total()), formatGib(r.capacityBytes));
    if (advice.findings.empty())
        return fit + QLatin1Char(' ') + Report::tr("The advisor finds nothing to change that the model can resolve.");
    const Finding& top = advice.findings.front();
    return fit + QLatin1Char(' ')
        + Report::tr("The advisor finds %n change(s) worth making; the first, %1, %2.", nullptr, int(advice.findings.size()))
              .arg(findingTitle(top.code), gainText(top));
}

void addSummary(ReportDocument& d, const ReportInputs& in, const Evaluation& b, const EvaluationPtr& a, const Advice& advice)
{
    heading(d, Report::tr("Summary"));
    text(d, paragraph(Report::tr("Configuration: %1").arg(describeConfiguration(b.scenario, b.result))));
    addKeyFigures(d, b);
    subheading(d, Report::tr("Verdict"));
    text(d, paragraph(verdict(b, advice)));
    if (a) {
        auto* compare = offscreenView<CompareView>(d, kSummaryAspect);
        compare->showComparison(a, std::make_shared<const Evaluation>(b), in.measured);
        text(d, paragraph(Report::tr("Against %1: %2").arg(describeConfiguration(a->scenario, a->result), compare->verdict())));
        subheading(d, Report::tr("Top findings"));
        for (size_t i = 0; i < advice.findings.size() && i < kSummaryFindings; ++i)
            text(d, findingLineHtml(advice.findings[i]));
        plot(d, compare, kSummaryAspect);
        return;
    }
    subheading(d, Report::tr("Top findings"));
    for (size_t i = 0; i < advice.findings.size() && i < kSummaryFindings; ++i)
        text(d, findingLineHtml(advice.findings[i]));
    auto* breakdown = offscreenView<BreakdownView>(d, kSummaryAspect);
    breakdown->showEvaluation(std::make_shared<const Evaluation>(b));
    plot(d, breakdown, kSummaryAspect);
}

// The measured counterpart of the bubble: the share of each traced stage's step its GPUs sat idle
// (seed 000: 44.7 % measured against 30.4 % by the formula), the most idle stage named.
QString measuredIdleText(const ReportInputs& in, const Evaluation& e)
{
    EvaluateOptions options;
    options.calibration = in.calibration;
    const TraceComparison c = compareTrace(e.scenario, e.result, options, in.measuredTrace);
    double idleSum = 0;
    int traced = 0;
    const StageComparison* idlest = nullptr;
    const auto idleShare = [](const StageComparison& s) { return s.measured.window > 0 ? s.measured.idle / s.measured.window : 0; };
    for (const StageComparison& s : c.stages) {
        if (!s.hasTrace() || s.measured.window <= 0)
            continue;
        idleSum += idleShare(s);
        ++traced;
        if (!idlest || idleShare(s) > idleShare(*idlest))
            idlest = &s;
    }
    if (!idlest)
        return Report::tr("The profiler trace holds no complete step of any stage.");
    return Report::tr("Measured in the profiler trace: the traced stages sat idle %1 of their step on average, stage %2 the "
                      "most (%3), against a predicted bubble of %4; measured step %5 against %6 predicted.")
        .arg(formatPercent(idleSum / traced))
        .arg(idlest->stage)
        .arg(formatPercent(idleShare(*idlest)), formatPercent(e.result.bubbleFraction), formatSeconds(c.measuredStep),
             formatSeconds(c.predictedStep));
}

// The largest exposed part of the step that is not compute: where a tech lead looks first.
TimeComponent bottleneckOf(const Result& r)
{
    TimeComponent worst = TimeComponent::Bubble;
    for (TimeComponent c : kTimeComponents)
        if (c != TimeComponent::Compute && componentSeconds(r.time, c) > componentSeconds(r.time, worst))
            worst = c;
    return worst;
}

// Seed 000 §4.3's daily efficiency report: step against its theoretical minimum, utilisation,
// communication by kind, the bubble, the bottleneck and the next actions.
void addDailyReport(ReportDocument& d, const ReportInputs& in, const Evaluation& e, const Advice& advice)
{
    const Result& r = e.result;
    heading(d, Report::tr("Efficiency report"));
    subheading(d, Report::tr("Step against its theoretical minimum"));
    text(d, paragraph(Report::tr("Step %1; theoretical minimum %2 (the model's FLOPs at the GPU's peak): %3 of the step is "
                                 "useful model arithmetic.")
                          .arg(formatSeconds(r.time.step), formatSeconds(r.mfu * r.time.step), formatPercent(r.mfu))));
    subheading(d, Report::tr("Utilisation"));
    const double compute = r.time.compute + r.time.recompute;
    text(d, paragraph(Report::tr("Compute runs %1 of the step (recomputation %2); %3 per GPU reach the hardware (HFU %4, MFU %5).")
                          .arg(formatPercent(compute / r.time.step), formatPercent(r.time.recompute / r.time.step),
                               formatTflops(r.hardwareTflopsPerGpu), formatPercent(r.hfu), formatPercent(r.mfu))));
    subheading(d, Report::tr("Communication by kind"));
    std::vector<QStringList> rows;
    for (TimeComponent c : { TimeComponent::TpComm, TimeComponent::CpComm, TimeComponent::EpComm, TimeComponent::PpComm,
                             TimeComponent::DpComm }) {
        const double exposed = componentSeconds(r.time, c), hidden = hiddenSeconds(r.time, c);
        if (exposed > 0 || hidden > 0)
            rows.push_back({ componentName(c), formatSeconds(exposed), formatPercent(exposed / r.time.step), formatSeconds(hidden) });
    }
    text(d, rows.empty() ? paragraph(Report::tr("No communication: one GPU."))
                         : table({ Report::tr("Kind"), Report::tr("Exposed"), Report::tr("Share of the step"),
                                   Report::tr("Hidden under compute") },
                                 rows));
    subheading(d, Report::tr("Pipeline bubble"));
    const ParallelDegrees& g = r.parallel.degrees;
    QString bubble = Report::tr("Predicted %1 of the step under %2 (%3 stages, %4 micro-batches; uniform stages would idle %5).")
                         .arg(formatPercent(r.bubbleFraction), scheduleText(r.schedule))
                         .arg(g.pp)
                         .arg(r.microBatches)
                         .arg(formatPercent(textbookBubbleFraction(g.pp, g.vpp, r.microBatches)));
    const MeasuredStep* m = measuredStepOf(in.measured, e.scenario);
    if (m)
        bubble += QLatin1Char(' ') + Report::tr("Measured step %1 (%2): %3 × the prediction.")
                                         .arg(formatSeconds(m->stepS), m->source)
                                         .arg(m->stepS / r.time.step, 0, 'f', 2);
    if (!in.measuredTrace.empty())
        bubble += QLatin1Char(' ') + measuredIdleText(in, e);
    else if (!m)
        bubble += QLatin1Char(' ') + Report::tr("No measurement loaded: import a training log or a profiler trace to hold it "
                                                "against the prediction.");
    text(d, paragraph(bubble));
    subheading(d, Report::tr("Bottleneck analysis"));
    const TimeComponent worst = bottleneckOf(r);
    text(d, paragraph(Report::tr("Beside compute, the largest part of the step is %1: %2 (%3). %4")
                          .arg(componentName(worst), formatSeconds(componentSeconds(r.time, worst)),
                               formatPercent(componentSeconds(r.time, worst) / r.time.step), componentExplanation(worst, e))));
    if (r.goodput) {
        subheading(d, Report::tr("Goodput: failures, checkpoints and restarts"));
        text(d, paragraph(goodputParagraph(*r.goodput)));
    }
    subheading(d, Report::tr("Next actions"));
    if (advice.findings.empty())
        text(d, paragraph(Report::tr("Nothing to change: no finding gains more than the model can resolve.")));
    for (const Finding& f : advice.findings)
        text(d, findingHtml(f));
}

void addViews(ReportDocument& d, const EvaluationPtr& e)
{
    pageBreak(d);
    heading(d, Report::tr("Memory per stage"));
    auto* memory = offscreenView<MemoryView>(d, kWideAspect);
    memory->showEvaluation(e);
    plot(d, memory, kWideAspect);
    heading(d, Report::tr("Pipeline timeline"));
    auto* timeline = offscreenView<TimelineView>(d, kWideAspect);
    timeline->showEvaluation(e);
    plot(d, timeline, kWideAspect);
    pageBreak(d);
    heading(d, Report::tr("Topology and groups"));
    auto* topology = offscreenView<TopologyEditor>(d, kTallAspect);
    topology->setScenario(e->scenario);
    topology->showEvaluation(e);
    topology->setColouring(GpuColouring::TpGroup);
    QApplication::processEvents();
    topology->fit();
    text(d, paragraph(Report::tr("Each GPU coloured by its tensor-parallel group and labelled with its rank.")));
    image(d, topology->image(1.5));
}

// How the job scales with the node count and which assumption the step rests on: the seed's
// "why did adding nodes make it slower", and whether the decision between A and B could flip.
void addAnalyses(ReportDocument& d, const ReportInputs& in, const EvaluationPtr& b, const EvaluationPtr& a)
{
    pageBreak(d);
    heading(d, Report::tr("Scaling"));
    auto* scaling = offscreenView<ScalingView>(d, kWideAspect);
    scaling->showEvaluation(b, in.calibration);
    scaling->setQuantity(ScalingQuantity::TokensPerS);
    scaling->computeNow();
    plot(d, scaling, kWideAspect);
    // The view's own explanation, already rich text with its figures escaped.
    if (const QString why = scaling->explanationText(); !why.isEmpty())
        text(d, QStringLiteral("<p>%1</p>").arg(why));
    heading(d, Report::tr("Sensitivity"));
    auto* sensitivity = offscreenView<SensitivityView>(d, kTornadoAspect);
    sensitivity->showEvaluation(b, a, in.calibration);
    plot(d, sensitivity, kTornadoAspect);
    if (const QString verdict = sensitivity->verdictText(); !verdict.isEmpty())
        text(d, paragraph(verdict));
}

// The run planned against its deadline and budget (seed 000 §5.3): the Plan view's frontier and
// phases, its summary of the optima, the token budget and the notes.
void addPlan(ReportDocument& d, const ReportInputs& in)
{
    const ReportPlan& plan = *in.plan;
    PlanOutcome outcome;
    if (plan.outcome) {
        outcome = *plan.outcome;
    } else {
        PlanOptions options;
        options.calibration = in.calibration;
        outcome = planStudy(plan.study, options);
    }
    const double aspect = outcome.phases ? kPhasedPlanAspect : kPlanAspect;
    pageBreak(d);
    heading(d, Report::tr("Plan: deadline, budget and hardware"));
    auto* view = offscreenView<PlanView>(d, aspect);
    view->setPlan(plan.study, outcome);
    plot(d, view, aspect);
    if (const QString problem = view->bannerText(); !problem.isEmpty())
        text(d, QStringLiteral("<p><b>%1</b></p>").arg(problem));
    // The view's summary, already rich text with its figures escaped.
    if (const QString summary = view->summaryText(); !summary.isEmpty())
        text(d, QStringLiteral("<p>%1</p>").arg(summary));
}

void addAppendix(ReportDocument& d, const ReportInputs& in, const Evaluation& e)
{
    pageBreak(d);
    heading(d, Report::tr("Appendix: assumptions and sources"));
    text(d, paragraph(Report::tr("ParaPlan %1 predicts every figure with its analytical cost model (docs/cost-model.md); "
                                 "the efficiency constants below are one joint fit over the published runs in "
                                 "tests/data/validation, and each source is in docs/cost-model.md.")
                          .arg(QString::fromLatin1(kVersion))));
    const EfficiencyParams params;
    std::vector<QStringList> rows;
    for (const EfficiencyParamInfo& info : kEfficiencyParamInfo)
        rows.push_back({ QString::fromLatin1(info.name), QString::number(params.*info.member, 'g', 4),
                         QStringLiteral("%1 – %2").arg(info.lower).arg(info.upper) });
    text(d, table({ Report::tr("Constant"), Report::tr("Value"), Report::tr("Physical range") }, rows));
    text(d, paragraph(in.calibration ? Report::tr("Calibration: measured GEMM rates and bandwidths from %1 replace the "
                                                  "model's where they apply.")
                                           .arg(in.calibrationSource.isEmpty() ? Report::tr("a profile") : in.calibrationSource)
                                     : Report::tr("Calibration: none; the model's own constants.")));
    if (e.result.uncertainty)
        text(d, paragraph(Report::tr("Band: %1").arg(bandBasisText(*e.result.uncertainty, e.result.time.step))));
}

ReportDocument buildReport(const ReportInputs& in, const EvaluationPtr& b, const EvaluationPtr& a)
{
    ReportDocument d;
    const Scenario& s = b->scenario;
    const QString date = QLocale().toString(QDate::currentDate(), QLocale::LongFormat);
    d.title = Report::tr("ParaPlan report: %1").arg(QString::fromStdString(s.model.name));
    d.subtitle = Report::tr("%1 × %2 (%3 nodes) · %4")
                     .arg(b->result.gpus)
                     .arg(QString::fromStdString(s.cluster.gpu.name))
                     .arg(s.cluster.nodes)
                     .arg(date);
    d.footer = QStringLiteral("ParaPlan %1 · %2").arg(QString::fromLatin1(kVersion), date);
    EvaluateOptions options;
    options.calibration = in.calibration;
    const Advice advice = advise(s, options, a ? std::optional<Scenario>(a->scenario) : std::nullopt);
    addSummary(d, in, *b, a, advice);
    pageBreak(d);
    addDailyReport(d, in, *b, advice);
    addViews(d, b);
    addAnalyses(d, in, b, a);
    if (in.plan)
        addPlan(d, in);
    addAppendix(d, in, *b);
    return d;
}

} // namespace

bool writeReportFile(const ReportInputs& inputs, const QString& path, QString* error)
{
    const EvaluationPtr b = evaluateForViews(inputs.scenario, inputs.calibration);
    if (!b->result.valid) {
        if (error)
            *error = Report::tr("the scenario is invalid: %1")
                         .arg(b->result.diagnostics.empty() ? QString() : QString::fromStdString(b->result.diagnostics.front().message));
        return false;
    }
    EvaluationPtr a;
    if (inputs.compareWith) {
        a = evaluateForViews(*inputs.compareWith, inputs.calibration);
        if (!a->result.valid) {
            if (error)
                *error = Report::tr("the configuration to compare with is invalid");
            return false;
        }
    }
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != QLatin1String("pdf") && suffix != QLatin1String("html") && suffix != QLatin1String("htm")) {
        if (error)
            *error = Report::tr("%1: the report is written as .pdf or .html").arg(path);
        return false;
    }
    const ReportDocument document = buildReport(inputs, b, a);
    return suffix == QLatin1String("pdf") ? writeReportPdf(document, path, error) : writeReportHtml(document, path, error);
}

} // namespace paraplan::app
