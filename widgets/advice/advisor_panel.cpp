// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/advice/advisor_panel.h"

#include "core/explore/symptoms.h"
#include "widgets/advice/finding_text.h"
#include "widgets/common/diagnostic_text.h"
#include "widgets/common/formatting.h"

#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace paraplan::widgets {

AdvisorPanel::AdvisorPanel(QWidget* parent)
    : QWidget(parent)
    , m_summary(new QLabel)
    , m_findings(new QTreeWidget)
    , m_details(new QLabel)
    , m_apply(new QPushButton(tr("Apply")))
    , m_symptoms(new QComboBox)
    , m_causes(new QTextBrowser)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    m_findings->setColumnCount(2);
    m_findings->setHeaderLabels({ tr("Finding"), tr("Gain") });
    m_findings->setRootIsDecorated(false);
    m_findings->header()->setStretchLastSection(false);
    m_findings->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_findings->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    layout->addWidget(m_findings, 2);
    m_details->setWordWrap(true);
    m_details->setTextFormat(Qt::RichText);
    m_details->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    layout->addWidget(m_details, 2);
    m_apply->setToolTip(tr("Make the recommended change (Edit ▸ Undo takes it back)"));
    layout->addWidget(m_apply, 0, Qt::AlignRight);
    auto* seen = new QLabel(tr("What do you see on the cluster?"));
    layout->addWidget(seen);
    m_symptoms->addItem(tr("(choose a symptom)"));
    for (size_t i = 0; i < kSymptomCodes.size(); ++i)
        m_symptoms->addItem(symptomName(Symptom(i)));
    layout->addWidget(m_symptoms);
    m_causes->setOpenExternalLinks(false);
    layout->addWidget(m_causes, 3);

    connect(m_findings, &QTreeWidget::currentItemChanged, this, [this] { showChosen(); });
    connect(m_apply, &QPushButton::clicked, this, &AdvisorPanel::applyChosen);
    connect(m_symptoms, &QComboBox::currentIndexChanged, this, [this] { showSymptom(); });
    showFindings();
    showSymptom();
}

void AdvisorPanel::showEvaluation(const EvaluationPtr& evaluation, const std::optional<Scenario>& baseline,
                                  const std::shared_ptr<const Calibration>& calibration)
{
    m_evaluation = evaluation;
    m_baseline = baseline;
    m_calibration = calibration;
    m_advice = {};
    if (m_evaluation) {
        EvaluateOptions options;
        options.calibration = calibration;
        m_advice = advise(m_evaluation->scenario, options, baseline);
    }
    showFindings();
    showSymptom();
}

void AdvisorPanel::showFindings()
{
    const QSignalBlocker quiet(m_findings);
    m_findings->clear();
    if (!m_evaluation)
        m_summary->setText(tr("No valid configuration to advise on."));
    else if (m_advice.findings.empty())
        m_summary->setText(tr("Step %1: nothing to change. No finding gains more than the model can resolve.")
                               .arg(formatSeconds(m_advice.stepS)));
    else
        m_summary->setText(tr("Step %1: %n finding(s), each change re-evaluated.", nullptr, int(m_advice.findings.size()))
                               .arg(formatSeconds(m_advice.stepS)));
    for (const Finding& f : m_advice.findings) {
        auto* item = new QTreeWidgetItem({ findingTitle(f.code), gainText(f) });
        item->setForeground(0, severityColour(f.severity));
        item->setToolTip(0, severityName(f.severity));
        m_findings->addTopLevelItem(item);
    }
    showChosen();
}

void AdvisorPanel::chooseFinding(int index)
{
    m_findings->setCurrentItem(index >= 0 ? m_findings->topLevelItem(index) : nullptr);
    showChosen();
}

void AdvisorPanel::showChosen()
{
    const int index = m_findings->currentItem() ? m_findings->indexOfTopLevelItem(m_findings->currentItem()) : -1;
    m_apply->setEnabled(index >= 0 && !(m_advice.findings[size_t(index)].changed == m_evaluation->scenario));
    if (index < 0) {
        m_details->setText(m_advice.findings.empty() ? QString() : tr("Choose a finding to see its evidence and change."));
        Q_EMIT focusRequested(FindingView::Breakdown, std::nullopt);
        return;
    }
    const Finding& f = m_advice.findings[size_t(index)];
    m_details->setText(QStringLiteral("<p><b>%1</b> · %2</p><p>%3</p><p>→ %4</p><p>%5</p>")
                           .arg(findingTitle(f.code).toHtmlEscaped(), severityName(f.severity).toHtmlEscaped(),
                                evidenceText(f).toHtmlEscaped(), changeText(f).toHtmlEscaped(),
                                tr("Step %1 → %2, %3.").arg(formatSeconds(f.stepBefore), formatSeconds(f.stepAfter), gainText(f))
                                    .toHtmlEscaped()));
    Q_EMIT focusRequested(f.view, f.focus);
}

void AdvisorPanel::applyChosen()
{
    const int index = m_findings->currentItem() ? m_findings->indexOfTopLevelItem(m_findings->currentItem()) : -1;
    if (index < 0 || !m_evaluation)
        return;
    const Finding& f = m_advice.findings[size_t(index)];
    Q_EMIT applyRequested(f.changed, tr("advice: %1").arg(findingTitle(f.code)));
}

void AdvisorPanel::chooseSymptom(std::optional<Symptom> symptom) { m_symptoms->setCurrentIndex(symptom ? int(*symptom) + 1 : 0); }

void AdvisorPanel::showSymptom()
{
    const int index = m_symptoms->currentIndex() - 1;
    if (index < 0 || !m_evaluation) {
        setCausesHtml(QStringLiteral("<p>%1</p>").arg(tr("Pick what the real cluster shows: ParaPlan ranks the causes its "
                                                          "model supports for this configuration, with the commands that "
                                                          "check them.")
                                                           .toHtmlEscaped()));
        return;
    }
    EvaluateOptions options;
    options.calibration = m_calibration;
    const SymptomDiagnosis diagnosis = diagnoseSymptom(Symptom(index), m_evaluation->scenario, options, m_baseline);
    QString html;
    for (const SymptomCause& c : diagnosis.causes) {
        const QString weight = c.weight ? formatPercent(*c.weight) : tr("not in the model: check it");
        html += QStringLiteral("<p><b>%1</b> — %2<br>%3").arg(causeTitle(c.code).toHtmlEscaped(), weight.toHtmlEscaped(),
                                                              translatedSentence("Symptoms", c.why).toHtmlEscaped());
        for (const std::string& check : c.checks)
            html += QStringLiteral("<br><code>$ %1</code>").arg(QString::fromStdString(check).toHtmlEscaped());
        html += QStringLiteral("<br><i>%1</i></p>").arg(translatedSentence("Symptoms", c.fix).toHtmlEscaped());
    }
    setCausesHtml(html);
}

// Laying out rich text costs more than a slider move's whole evaluation: only when it changes.
void AdvisorPanel::setCausesHtml(const QString& html)
{
    if (html == m_causesHtml)
        return;
    m_causesHtml = html;
    m_causes->setHtml(html);
}

} // namespace paraplan::widgets
