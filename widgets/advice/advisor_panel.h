// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/explore/advisor.h"
#include "core/explore/symptoms.h"
#include "widgets/state/evaluation.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QPushButton;
class QTextBrowser;
class QTreeWidget;

// The advisor beside the plots (docs/advisor.md): the findings of the configuration on show, each
// with its gain re-evaluated; choosing one shows its evidence and asks the window to point at it in
// its view, Apply makes its change (one undo step, the window's). Below, what the user sees on the
// cluster, and the causes the model weighs for it.
namespace paraplan::widgets {

class AdvisorPanel : public QWidget {
    Q_OBJECT
public:
    explicit AdvisorPanel(QWidget* parent = nullptr);

    // Advises on `evaluation`'s scenario; `baseline` (the pinned configuration) is what a changed
    // global batch is measured against.
    void showEvaluation(const EvaluationPtr& evaluation, const std::optional<Scenario>& baseline,
                        const std::shared_ptr<const Calibration>& calibration);
    [[nodiscard]] const Advice& advice() const { return m_advice; }
    // Chooses the finding at `index` (as a click would); -1 for none.
    void chooseFinding(int index);
    // Chooses a symptom (as the list would); nullopt for none.
    void chooseSymptom(std::optional<Symptom> symptom);
    // Applies the chosen finding's change (as the button would).
    void applyChosen();

Q_SIGNALS:
    void applyRequested(const paraplan::Scenario& scenario, const QString& what);
    // Point at a finding's evidence in its view; `focus` empty: point at nothing.
    void focusRequested(paraplan::FindingView view, const std::optional<paraplan::FindingFocus>& focus);

private:
    void showFindings();
    void showChosen();
    void showSymptom();
    void setCausesHtml(const QString& html);

    QLabel* m_summary;
    QTreeWidget* m_findings;
    QLabel* m_details;
    QPushButton* m_apply;
    QComboBox* m_symptoms;
    QTextBrowser* m_causes;
    QString m_causesHtml;
    EvaluationPtr m_evaluation;
    std::optional<Scenario> m_baseline;
    std::shared_ptr<const Calibration> m_calibration;
    Advice m_advice;
};

} // namespace paraplan::widgets
