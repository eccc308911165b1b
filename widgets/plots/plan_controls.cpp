// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
// The plan view's controls: the tokens, the deadline, the budget, the node range and the hardware
// table, built, filled and read back.
#include "widgets/plots/plan_view.h"

#include "core/explore/scaling.h"
#include "core/io/catalog_reader.h"
#include "core/run/token_budget.h"
#include "widgets/plots/plan_view_parts.h"

#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>
#include <QWidgetAction>

#include <algorithm>
#include <cmath>

namespace paraplan::widgets {

using namespace plan_parts;

namespace {

// The default range reaches from a quarter to four times the scenario's nodes: what a team can get
// this quarter is rarely more than a few times, or less than a fraction, of what it runs on now.
constexpr int64_t kPlanViewRangeFactor = 4;
// The hardware compared by default besides the scenario's own cluster: three GPU generations a
// team can rent today (resources/catalog/clusters.json).
constexpr const char* kPlanViewDefaultPresets[] = { "dgx-a100-80gb", "dgx-h100", "dgx-b200" };
constexpr const char* kScenarioRowId = "scenario";

} // namespace

void PlanView::buildControls()
{
    auto* controls = new QWidget(this);
    m_tokens = new QDoubleSpinBox(controls);
    m_tokens->setObjectName(QStringLiteral("planTokens"));
    m_tokens->setRange(0, 1e7);
    m_tokens->setDecimals(1);
    m_tokens->setGroupSeparatorShown(true);
    m_tokens->setSuffix(tr(" B tokens"));
    m_tokens->setSpecialValueText(tr("none"));
    m_tokens->setToolTip(tr("The tokens to train on: the scenario's training.train_tokens (or its data set times its "
                            "epochs) until you change it here."));
    m_deadline = new QSpinBox(controls);
    m_deadline->setObjectName(QStringLiteral("planDeadline"));
    m_deadline->setRange(0, 3650);
    m_deadline->setSuffix(tr(" days"));
    m_deadline->setSpecialValueText(tr("none"));
    m_budget = new QDoubleSpinBox(controls);
    m_budget->setObjectName(QStringLiteral("planBudget"));
    // In whole dollars with their thousands separated: budgets run from a few thousand (a fine-tune)
    // to hundreds of millions (a frontier pre-training run), and a coarser unit rounds the small ones away.
    m_budget->setRange(0, 1e11);
    m_budget->setDecimals(0);
    m_budget->setGroupSeparatorShown(true);
    m_budget->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    m_budget->setPrefix(QStringLiteral("$"));
    m_budget->setSpecialValueText(tr("none"));
    for (QAbstractSpinBox* box : std::initializer_list<QAbstractSpinBox*>{ m_tokens, m_deadline, m_budget })
        box->setKeyboardTracking(false);
    m_hardwareButton = new QToolButton(controls);
    m_hardwareButton->setObjectName(QStringLiteral("planHardware"));
    m_hardwareButton->setPopupMode(QToolButton::InstantPopup);
    m_hardwareButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    buildHardwareTable();
    m_from = new QSpinBox(controls);
    m_to = new QSpinBox(controls);
    for (QSpinBox* box : { m_from, m_to }) {
        box->setRange(1, int(kMostScalingNodes));
        box->setKeyboardTracking(false);
    }
    m_from->setObjectName(QStringLiteral("planFrom"));
    m_to->setObjectName(QStringLiteral("planTo"));
    m_progressButton = new QPushButton(controls);
    m_progressButton->setObjectName(QStringLiteral("planProgress"));
    m_openButton = new QPushButton(tr("Open plan file…"), controls);
    m_openButton->setObjectName(QStringLiteral("planOpen"));
    m_openButton->setToolTip(tr("A plan file (docs/plan.md) names the scenario, the hardware, the deadline, the budget and "
                                "the run's phases; it replaces the controls until you follow the workbench again."));
    m_fileLabel = new QLabel(controls);
    m_fileLabel->setObjectName(QStringLiteral("planFile"));
    m_followButton = new QPushButton(tr("Follow the workbench"), controls);
    m_followButton->setObjectName(QStringLiteral("planFollow"));

    auto* rows = new QVBoxLayout(controls);
    rows->setContentsMargins(6, 6, 6, 0);
    auto* what = new QHBoxLayout;
    what->addWidget(new QLabel(tr("Tokens to train"), controls));
    what->addWidget(m_tokens);
    what->addWidget(new QLabel(tr("Deadline"), controls));
    what->addWidget(m_deadline);
    what->addWidget(new QLabel(tr("Budget"), controls));
    what->addWidget(m_budget);
    what->addStretch(1);
    auto* where = new QHBoxLayout;
    where->addWidget(m_hardwareButton);
    where->addWidget(new QLabel(tr("nodes"), controls));
    where->addWidget(m_from);
    where->addWidget(new QLabel(tr("to"), controls));
    where->addWidget(m_to);
    where->addStretch(1);
    where->addWidget(m_progressButton);
    where->addWidget(m_openButton);
    auto* file = new QHBoxLayout; // shown while a plan file replaces the workbench's scenario
    file->addWidget(m_fileLabel);
    file->addWidget(m_followButton);
    file->addStretch(1);
    rows->addLayout(what);
    rows->addLayout(where);
    rows->addLayout(file);
    controls->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    frameLayout()->insertWidget(0, controls);
    m_fileLabel->hide();
    m_followButton->hide();

    connect(m_tokens, &QDoubleSpinBox::valueChanged, this, [this] {
        m_tokensChosen = true;
        controlsChanged();
    });
    connect(m_deadline, &QSpinBox::valueChanged, this, [this] { controlsChanged(); });
    connect(m_budget, &QDoubleSpinBox::valueChanged, this, [this] { controlsChanged(); });
    connect(m_from, &QSpinBox::valueChanged, this, [this](int value) {
        m_to->setMinimum(value);
        setNodeRange(value, m_to->value());
    });
    connect(m_to, &QSpinBox::valueChanged, this, [this](int value) {
        m_from->setMaximum(value);
        setNodeRange(m_from->value(), value);
    });
    connect(m_progressButton, &QPushButton::clicked, this, [this] {
        if (m_progress == Progress::Computing) {
            cancel();
        } else {
            m_inputsChanged = true; // asked again: planned anew
            requestPlan();
        }
    });
    connect(m_openButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open plan file"), QFileInfo(m_filePath).absolutePath(),
                                                          tr("Plan files (*.json)"));
        if (!path.isEmpty())
            openPlanFile(path);
    });
    connect(m_followButton, &QPushButton::clicked, this, &PlanView::followWorkbench);
}

void PlanView::buildHardwareTable()
{
    auto* menu = new QMenu(m_hardwareButton);
    m_hardwareTable = new QTableWidget(0, 2, menu);
    m_hardwareTable->setObjectName(QStringLiteral("planHardwareTable"));
    m_hardwareTable->setHorizontalHeaderLabels({ tr("Hardware"), tr("USD per node-hour") });
    m_hardwareTable->verticalHeader()->hide();
    m_hardwareTable->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_hardwareTable->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_hardwareTable->setSelectionMode(QAbstractItemView::NoSelection);
    m_hardwareTable->setMinimumSize(560, 360);
    auto* action = new QWidgetAction(menu);
    action->setDefaultWidget(m_hardwareTable);
    menu->addAction(action);
    m_hardwareButton->setMenu(menu);
    connect(m_hardwareTable, &QTableWidget::itemChanged, this, [this] {
        readHardwareTable();
        controlsChanged();
    });
}

// The table shows the rows: a check box and the name, the editable price.
void PlanView::fillHardwareTable()
{
    const QSignalBlocker block(m_hardwareTable);
    m_hardwareTable->setRowCount(int(m_hardware.size()));
    for (size_t i = 0; i < m_hardware.size(); ++i) {
        const HardwareRow& row = m_hardware[i];
        QString name = QString::fromStdString(row.cluster.name);
        if (row.id == QLatin1String(kScenarioRowId))
            name = tr("this scenario's cluster: %1").arg(name);
        else if (!row.nodes.empty())
            name = tr("%1 (plan file, %n node count(s))", nullptr, int(row.nodes.size())).arg(name);
        auto* label = new QTableWidgetItem(name);
        label->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        label->setCheckState(row.checked ? Qt::Checked : Qt::Unchecked);
        label->setData(Qt::UserRole, row.id);
        m_hardwareTable->setItem(int(i), 0, label);
        auto* price = new QTableWidgetItem(row.nodeHourUsd ? QLocale().toString(*row.nodeHourUsd, 'f', 2) : QString());
        price->setFlags(Qt::ItemIsEnabled | Qt::ItemIsEditable);
        price->setToolTip(tr("What one node costs an hour; empty: no price, no cost for this hardware."));
        m_hardwareTable->setItem(int(i), 1, price);
    }
    updateHardwareButton();
}

void PlanView::updateHardwareButton()
{
    const auto checked = std::count_if(m_hardware.begin(), m_hardware.end(), [](const HardwareRow& r) { return r.checked; });
    m_hardwareButton->setText(tr("Hardware (%1 of %2)").arg(checked).arg(m_hardware.size()));
}

void PlanView::readHardwareTable()
{
    for (int i = 0; i < m_hardwareTable->rowCount() && size_t(i) < m_hardware.size(); ++i) {
        HardwareRow& row = m_hardware[size_t(i)];
        row.checked = m_hardwareTable->item(i, 0)->checkState() == Qt::Checked;
        bool ok = false;
        const double price = QLocale().toDouble(m_hardwareTable->item(i, 1)->text().trimmed(), &ok);
        // A price that does not read as one is no price: that hardware's plans go without a cost.
        row.nodeHourUsd = ok && price >= 0 && std::isfinite(price) ? std::optional<double>(price) : std::nullopt;
    }
    updateHardwareButton(); // the items stay: this runs while the table reports one of them changed
}

void PlanView::offerHardwareFor(const Scenario& scenario)
{
    std::vector<HardwareRow> rows;
    auto wasChecked = [this](const QString& id, bool otherwise) {
        const auto known = std::find_if(m_hardware.begin(), m_hardware.end(), [&](const HardwareRow& r) { return r.id == id; });
        return known == m_hardware.end() ? otherwise : known->checked;
    };
    rows.push_back({ QLatin1String(kScenarioRowId), scenario.cluster, planNodeHourUsdOf(scenario.cluster), {},
                     wasChecked(QLatin1String(kScenarioRowId), true) });
    for (const ClusterPreset& preset : io::builtinCatalog().clusters) {
        if (preset.spec.preset == scenario.cluster.preset)
            continue; // the scenario's own row is that preset, as the scenario edits it
        const QString id = QString::fromStdString(preset.spec.preset);
        const bool byDefault = std::any_of(std::begin(kPlanViewDefaultPresets), std::end(kPlanViewDefaultPresets),
                                           [&](const char* p) { return id == QLatin1String(p); });
        // A price the user typed for a preset stays.
        const auto known = std::find_if(m_hardware.begin(), m_hardware.end(), [&](const HardwareRow& r) { return r.id == id; });
        rows.push_back({ id, preset.spec, known != m_hardware.end() ? known->nodeHourUsd : planNodeHourUsdOf(preset.spec), {},
                         wasChecked(id, byDefault) });
    }
    m_hardware = std::move(rows);
    fillHardwareTable();
}

void PlanView::showTokenBudgetOf(const Scenario& scenario)
{
    if (m_tokensChosen)
        return;
    const QSignalBlocker block(m_tokens);
    m_tokens->setValue(tokenBudget(scenario.training).value_or(0) / kTokensPerControlUnit);
}

void PlanView::suggestRange(int64_t nodes)
{
    if (m_rangeChosen)
        return;
    const QSignalBlocker blockFrom(m_from), blockTo(m_to);
    const int64_t first = std::max<int64_t>(1, nodes / kPlanViewRangeFactor);
    const int64_t last = std::clamp<int64_t>(nodes * kPlanViewRangeFactor, first, kMostScalingNodes);
    m_from->setRange(1, int(last));
    m_to->setRange(int(first), int(kMostScalingNodes));
    m_from->setValue(int(first));
    m_to->setValue(int(last));
}

void PlanView::setNodeRange(int64_t first, int64_t last)
{
    {
        const QSignalBlocker blockFrom(m_from), blockTo(m_to);
        m_from->setRange(1, int(last));
        m_to->setRange(int(first), int(kMostScalingNodes));
        m_from->setValue(int(first));
        m_to->setValue(int(last));
    }
    m_rangeChosen = true;
    for (HardwareRow& row : m_hardware) // the range chosen replaces a plan file's own counts
        row.nodes.clear();
    fillHardwareTable();
    controlsChanged();
}

void PlanView::setTokenBudget(std::optional<double> tokens) { m_tokens->setValue(tokens.value_or(0) / kTokensPerControlUnit); }
void PlanView::setDeadlineDays(std::optional<double> days) { m_deadline->setValue(int(std::lround(days.value_or(0)))); }
void PlanView::setBudgetUsd(std::optional<double> usd) { m_budget->setValue(usd.value_or(0)); }

void PlanView::setHardwareChecked(const QString& id, bool checked)
{
    for (HardwareRow& row : m_hardware)
        if (row.id == id)
            row.checked = checked;
    fillHardwareTable();
    controlsChanged();
}

void PlanView::setNodeHourUsd(const QString& id, double usd)
{
    for (HardwareRow& row : m_hardware)
        if (row.id == id)
            row.nodeHourUsd = usd;
    fillHardwareTable();
    controlsChanged();
}

} // namespace paraplan::widgets
