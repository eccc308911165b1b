// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/scenario_panel.h"

#include "widgets/common/formatting.h"
#include "widgets/common/value_slider.h"

#include "core/io/catalog_reader.h"
#include "core/rules/parallel_choices.h"
#include "core/rules/parallel_rules.h"
#include "core/spec/units.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

namespace paraplan::widgets {

namespace {
// Undo merge keys: consecutive edits of the same control merge into one undo step.
enum MergeKey { kModel = 1, kLayers, kHidden, kHeads, kKvHeads, kFfn, kVocab, kGated, kExperts, kTopK, kExpertFfn,
                kSeqLen, kGlobalBatch, kPrecision, kCluster, kNodes, kTp, kPp, kCp, kEp, kVpp, kMicroBatch, kZero,
                kRecompute, kSequenceParallel, kOverlapGrads, kOverlapParams, kTpOverlap };

void selectData(QComboBox* box, const QString& data)
{
    const int index = box->findData(data);
    box->setCurrentIndex(index);
}
} // namespace

ScenarioPanel::ScenarioPanel(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    buildModelGroup(layout);
    buildTrainingGroup(layout);
    buildClusterGroup(layout);
    buildParallelGroup(layout);
    layout->addStretch(1);
    // Choices as long as "NVIDIA DGX H100 (8x H100 SXM5 80GB)" would hold the panel at their width:
    // the boxes may narrow on a small screen (their lists still show every name whole).
    for (QComboBox* box : findChildren<QComboBox*>()) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(kNarrowestChoice);
    }
}

void ScenarioPanel::edit(const QString& what, int mergeKey, const std::function<void(Scenario&)>& change)
{
    if (m_refreshing)
        return;
    Scenario next = m_scenario;
    change(next);
    Q_EMIT scenarioEdited(next, what, mergeKey);
}

QSpinBox* ScenarioPanel::integerField(int minimum, int maximum, const QString& what, int mergeKey,
                                      const std::function<void(Scenario&, int)>& apply)
{
    auto* box = new QSpinBox(this);
    box->setRange(minimum, maximum);
    box->setKeyboardTracking(false); // one edit when the number is complete, not one per digit
    box->setGroupSeparatorShown(true);
    connect(box, &QSpinBox::valueChanged, this, [this, what, mergeKey, apply](int value) {
        edit(what, mergeKey, [&](Scenario& s) { apply(s, value); });
    });
    return box;
}

void ScenarioPanel::buildModelGroup(QVBoxLayout* layout)
{
    auto* group = new QGroupBox(tr("Model"), this);
    auto* form = new QFormLayout(group);
    m_modelPreset = new QComboBox(group);
    for (const ModelPreset& preset : io::builtinCatalog().models)
        m_modelPreset->addItem(QString::fromStdString(preset.spec.name), QString::fromStdString(preset.spec.preset));
    m_modelPreset->addItem(tr("Custom"), QString());
    connect(m_modelPreset, &QComboBox::currentIndexChanged, this, [this](int) {
        const QString id = m_modelPreset->currentData().toString();
        const ModelPreset* preset = io::builtinCatalog().findModel(id.toStdString());
        if (!preset)
            return;
        edit(tr("model %1").arg(m_modelPreset->currentText()), kModel, [&](Scenario& s) { s.model = preset->spec; });
    });
    m_modelDetailsToggle = new QToolButton(group);
    m_modelDetailsToggle->setText(tr("Details"));
    m_modelDetailsToggle->setCheckable(true);
    m_modelDetailsToggle->setArrowType(Qt::RightArrow);
    m_modelDetailsToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    auto* row = new QHBoxLayout;
    row->addWidget(m_modelPreset, 1);
    row->addWidget(m_modelDetailsToggle);
    form->addRow(tr("Preset"), row);

    m_modelDetails = new QWidget(group);
    auto* details = new QFormLayout(m_modelDetails);
    details->setContentsMargins(0, 0, 0, 0);
    auto modelEdit = [](Scenario& s) { s.model.name = s.model.name.empty() ? "custom model" : s.model.name; };
    m_layers = integerField(1, 100000, tr("layers"), kLayers, [=](Scenario& s, int v) { s.model.layers = v; modelEdit(s); });
    m_hidden = integerField(1, 1000000, tr("hidden size"), kHidden, [=](Scenario& s, int v) { s.model.hidden = v; modelEdit(s); });
    m_heads = integerField(1, 100000, tr("attention heads"), kHeads, [=](Scenario& s, int v) { s.model.heads = v; modelEdit(s); });
    m_kvHeads = integerField(1, 100000, tr("KV heads"), kKvHeads, [=](Scenario& s, int v) { s.model.kvHeads = v; modelEdit(s); });
    m_ffn = integerField(1, 10000000, tr("FFN width"), kFfn, [=](Scenario& s, int v) { s.model.ffnHidden = v; modelEdit(s); });
    m_vocab = integerField(1, 10000000, tr("vocabulary"), kVocab, [=](Scenario& s, int v) { s.model.vocab = v; modelEdit(s); });
    m_experts = integerField(0, 100000, tr("experts"), kExperts, [=](Scenario& s, int v) { s.model.moe.experts = v; modelEdit(s); });
    m_topK = integerField(0, 100000, tr("experts per token"), kTopK, [=](Scenario& s, int v) { s.model.moe.topK = v; modelEdit(s); });
    m_expertFfn = integerField(0, 10000000, tr("expert FFN width"), kExpertFfn,
                               [=](Scenario& s, int v) { s.model.moe.expertFfnHidden = v; modelEdit(s); });
    m_gated = new QCheckBox(tr("gated MLP (SwiGLU)"), m_modelDetails);
    connect(m_gated, &QCheckBox::toggled, this, [this](bool on) {
        edit(tr("gated MLP"), kGated, [&](Scenario& s) { s.model.gatedMlp = on; });
    });
    details->addRow(tr("Layers"), m_layers);
    details->addRow(tr("Hidden size"), m_hidden);
    details->addRow(tr("Attention heads"), m_heads);
    details->addRow(tr("KV heads"), m_kvHeads);
    details->addRow(tr("FFN width"), m_ffn);
    details->addRow(tr("Vocabulary"), m_vocab);
    details->addRow(QString(), m_gated);
    details->addRow(tr("Experts (0 = dense)"), m_experts);
    details->addRow(tr("Experts per token"), m_topK);
    details->addRow(tr("Expert FFN width"), m_expertFfn);
    m_modelDetails->setVisible(false);
    connect(m_modelDetailsToggle, &QToolButton::toggled, this, [this](bool open) {
        m_modelDetails->setVisible(open);
        m_modelDetailsToggle->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
    });
    form->addRow(m_modelDetails);
    layout->addWidget(group);
}

void ScenarioPanel::buildTrainingGroup(QVBoxLayout* layout)
{
    auto* group = new QGroupBox(tr("Training"), this);
    auto* form = new QFormLayout(group);
    m_seqLen = integerField(1, 10000000, tr("sequence length"), kSeqLen, [](Scenario& s, int v) { s.training.seqLen = v; });
    m_seqLen->setSingleStep(1024);
    m_globalBatch = integerField(1, 100000000, tr("global batch"), kGlobalBatch,
                                 [](Scenario& s, int v) { s.training.globalBatch = v; });
    m_precision = new QComboBox(group);
    m_precision->addItem(QStringLiteral("BF16"), QStringLiteral("bf16"));
    m_precision->addItem(QStringLiteral("FP16"), QStringLiteral("fp16"));
    m_precision->addItem(QStringLiteral("FP8"), QStringLiteral("fp8"));
    connect(m_precision, &QComboBox::currentIndexChanged, this, [this](int index) {
        edit(tr("precision"), kPrecision, [&](Scenario& s) { s.training.precision = Precision(index); });
    });
    form->addRow(tr("Sequence length"), m_seqLen);
    form->addRow(tr("Global batch (sequences)"), m_globalBatch);
    form->addRow(tr("Precision"), m_precision);
    layout->addWidget(group);
}

void ScenarioPanel::buildClusterGroup(QVBoxLayout* layout)
{
    auto* group = new QGroupBox(tr("Cluster"), this);
    auto* form = new QFormLayout(group);
    m_clusterPreset = new QComboBox(group);
    for (const ClusterPreset& preset : io::builtinCatalog().clusters)
        m_clusterPreset->addItem(QString::fromStdString(preset.spec.name), QString::fromStdString(preset.spec.preset));
    m_clusterPreset->addItem(tr("Custom"), QString());
    connect(m_clusterPreset, &QComboBox::currentIndexChanged, this, [this](int) {
        const ClusterPreset* preset = io::builtinCatalog().findCluster(m_clusterPreset->currentData().toString().toStdString());
        if (!preset)
            return;
        edit(tr("cluster %1").arg(m_clusterPreset->currentText()), kCluster, [&](Scenario& s) {
            const int64_t nodes = s.cluster.nodes;
            s.cluster = preset->spec;
            s.cluster.nodes = nodes;
        });
    });
    m_nodes = integerField(1, 1000000, tr("nodes"), kNodes, [](Scenario& s, int v) { s.cluster.nodes = v; });
    m_clusterSummary = new QLabel(group);
    m_clusterSummary->setWordWrap(true);
    form->addRow(tr("Preset"), m_clusterPreset);
    form->addRow(tr("Nodes"), m_nodes);
    form->addRow(m_clusterSummary);
    layout->addWidget(group);
}

void ScenarioPanel::buildParallelGroup(QVBoxLayout* layout)
{
    auto* group = new QGroupBox(tr("Parallelism"), this);
    auto* box = new QVBoxLayout(group);
    auto addSlider = [&](ValueSlider*& slider, const QString& name, const QString& tip, int mergeKey,
                         const std::function<void(Scenario&, int64_t)>& apply) {
        slider = new ValueSlider(name, group);
        slider->setToolTip(tip);
        connect(slider, &ValueSlider::valueChosen, this, [this, name, mergeKey, apply](int64_t value) {
            edit(QStringLiteral("%1 %2").arg(name).arg(value), mergeKey, [&](Scenario& s) { apply(s, value); });
        });
        box->addWidget(slider);
    };
    addSlider(m_tp, tr("TP"), tr("Tensor parallelism: each layer's matrices split over this many GPUs (divides the heads)"),
              kTp, [](Scenario& s, int64_t v) { s.parallel.degrees.tp = v; });
    addSlider(m_pp, tr("PP"), tr("Pipeline stages"), kPp, [](Scenario& s, int64_t v) {
        s.parallel.degrees.pp = v;
        s.parallel.degrees.vpp = 1; // interleaving depends on pp: start again from none
        s.parallel.layersPerStage.clear();
    });
    addSlider(m_cp, tr("CP"), tr("Context parallelism: the sequence split over this many GPUs"), kCp,
              [](Scenario& s, int64_t v) { s.parallel.degrees.cp = v; });
    addSlider(m_ep, tr("EP"), tr("Expert parallelism (mixture-of-experts models)"), kEp,
              [](Scenario& s, int64_t v) { s.parallel.degrees.ep = v; });
    addSlider(m_vpp, tr("VPP"), tr("Virtual pipeline stages (interleaved 1F1B chunks per stage)"), kVpp,
              [](Scenario& s, int64_t v) {
                  s.parallel.degrees.vpp = v;
                  s.parallel.layersPerStage.clear();
              });
    addSlider(m_microBatch, tr("micro-batch"), tr("Sequences per micro-batch"), kMicroBatch,
              [](Scenario& s, int64_t v) { s.training.microBatch = v; });
    m_dp = new QLabel(group);
    box->addWidget(m_dp);

    auto* form = new QFormLayout;
    m_zero = new QComboBox(group);
    m_zero->addItems({ tr("0 — plain data parallelism"), tr("1 — optimizer states sharded"), tr("2 — and gradients"),
                       tr("3 — and weights (FSDP)") });
    connect(m_zero, &QComboBox::currentIndexChanged, this, [this](int index) {
        edit(tr("ZeRO %1").arg(index), kZero, [&](Scenario& s) { s.parallel.zeroStage = index; });
    });
    m_recompute = new QComboBox(group);
    m_recompute->addItem(tr("none"), QStringLiteral("none"));
    m_recompute->addItem(tr("selective (attention)"), QStringLiteral("selective"));
    m_recompute->addItem(tr("full"), QStringLiteral("full"));
    m_recompute->addItem(tr("auto (least that fits)"), QStringLiteral("auto"));
    connect(m_recompute, &QComboBox::currentIndexChanged, this, [this](int index) {
        edit(tr("recomputation"), kRecompute, [&](Scenario& s) { s.parallel.recompute = Recompute(index); });
    });
    form->addRow(tr("ZeRO stage"), m_zero);
    form->addRow(tr("Recomputation"), m_recompute);
    box->addLayout(form);

    auto addSwitch = [&](QCheckBox*& check, const QString& text, int mergeKey, const std::function<void(Scenario&, bool)>& apply) {
        check = new QCheckBox(text, group);
        connect(check, &QCheckBox::toggled, this, [this, text, mergeKey, apply](bool on) {
            edit(text, mergeKey, [&](Scenario& s) { apply(s, on); });
        });
        box->addWidget(check);
    };
    addSwitch(m_sequenceParallel, tr("Sequence parallelism"), kSequenceParallel,
              [](Scenario& s, bool on) { s.parallel.sequenceParallel = on; });
    addSwitch(m_overlapGrads, tr("Overlap gradient reduction with backward"), kOverlapGrads,
              [](Scenario& s, bool on) { s.parallel.overlapGradReduce = on; });
    addSwitch(m_overlapParams, tr("Overlap parameter gather with forward"), kOverlapParams,
              [](Scenario& s, bool on) { s.parallel.overlapParamGather = on; });
    addSwitch(m_tpOverlap, tr("Overlap TP communication with GEMMs"), kTpOverlap,
              [](Scenario& s, bool on) { s.parallel.tpCommOverlap = on; });
    layout->addWidget(group);
}

ValueSlider* ScenarioPanel::slider(Degree degree) const
{
    switch (degree) {
    case Degree::Tp:
        return m_tp;
    case Degree::Pp:
        return m_pp;
    case Degree::Cp:
        return m_cp;
    case Degree::Ep:
        return m_ep;
    case Degree::Vpp:
        return m_vpp;
    case Degree::MicroBatch:
        return m_microBatch;
    }
    return m_tp;
}

void ScenarioPanel::setScenario(const Scenario& scenario)
{
    m_scenario = scenario;
    m_refreshing = true;
    const ModelSpec& m = scenario.model;
    selectData(m_modelPreset, QString::fromStdString(m.preset));
    const std::pair<QSpinBox*, int64_t> fields[] = { { m_layers, m.layers },       { m_hidden, m.hidden },
                                                     { m_heads, m.heads },         { m_kvHeads, m.kvHeads },
                                                     { m_ffn, m.ffnHidden },       { m_vocab, m.vocab },
                                                     { m_experts, m.moe.experts }, { m_topK, m.moe.topK },
                                                     { m_expertFfn, m.moe.expertFfnHidden }, { m_seqLen, scenario.training.seqLen },
                                                     { m_globalBatch, scenario.training.globalBatch },
                                                     { m_nodes, scenario.cluster.nodes } };
    for (const auto& [box, value] : fields) {
        const QSignalBlocker block(box);
        box->setValue(int(std::clamp<int64_t>(value, box->minimum(), box->maximum())));
    }
    m_gated->setChecked(m.gatedMlp);
    m_precision->setCurrentIndex(int(scenario.training.precision));
    selectData(m_clusterPreset, QString::fromStdString(scenario.cluster.preset));
    const ClusterSpec& c = scenario.cluster;
    m_clusterSummary->setText(tr("%1 × %2 (%3 per GPU, %4) — %5 GPUs; %6 inside a node, %7 between nodes")
                                  .arg(c.gpusPerNode)
                                  .arg(QString::fromStdString(c.gpu.name))
                                  .arg(formatGib(gibToBytes(c.gpu.hbmGib), 0))
                                  .arg(formatTflops(c.gpu.peakBf16Tflops))
                                  .arg(c.gpuCount())
                                  .arg(formatGBps(c.intraNode.GBpsPerGpu))
                                  .arg(formatGBps(c.interNode.GBpsPerGpu)));

    const ParallelSpec& p = scenario.parallel;
    const ParallelChoices choices = parallelChoices(scenario);
    m_tp->setValues(choices.tp, p.degrees.tp);
    m_pp->setValues(choices.pp, p.degrees.pp);
    m_cp->setValues(choices.cp, p.degrees.cp);
    m_ep->setValues(choices.ep, p.degrees.ep);
    m_vpp->setValues(choices.vpp, p.degrees.vpp);
    m_microBatch->setValues(choices.microBatch.empty() ? std::vector<int64_t>{ scenario.training.microBatch } : choices.microBatch,
                            scenario.training.microBatch);
    m_ep->setVisible(m.isMoe());
    const int64_t dp = dataParallelOf(scenario);
    m_dp->setText(dp > 0 ? tr("DP follows: %1 (GPUs ÷ TP·PP·CP)").arg(dp) : tr("DP: the GPUs do not divide by TP·PP·CP"));
    m_zero->setCurrentIndex(p.zeroStage);
    m_recompute->setCurrentIndex(int(p.recompute));
    m_sequenceParallel->setChecked(p.sequenceParallel);
    m_sequenceParallel->setEnabled(p.degrees.tp > 1);
    m_overlapGrads->setChecked(p.overlapGradReduce);
    m_overlapParams->setChecked(p.overlapParamGather);
    m_tpOverlap->setChecked(p.tpCommOverlap);
    m_refreshing = false;
}

} // namespace paraplan::widgets
