// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/scenario_panel.h"

#include "widgets/common/formatting.h"
#include "widgets/common/schedule_text.h"
#include "widgets/common/value_slider.h"
#include "widgets/recompute_modules_button.h"

#include "core/io/catalog_reader.h"
#include "core/network/nccl_tuning.h"
#include "core/rules/parallel_choices.h"
#include "core/rules/parallel_rules.h"
#include "core/rules/schedule_rules.h"
#include "core/spec/units.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <array>
#include <optional>

namespace paraplan::widgets {

namespace {
// Undo merge keys: consecutive edits of the same control merge into one undo step.
// (The topology editor's keys start at 101.)
enum MergeKey { kModel = 1, kLayers, kHidden, kHeads, kKvHeads, kHeadDim, kFfn, kVocab, kGated, kExperts, kTopK, kExpertFfn,
                kSharedExperts, kSharedExpertFfn, kFirstDenseLayers, kMoeEvery, kLoadBalancing, kCapacityFactor,
                kKvLoraRank, kQLoraRank, kRopeHeadDim, kNopeHeadDim, kVHeadDim, kLocalWindow, kGlobalEvery, kMtpLayers,
                kSeqLen, kGlobalBatch, kPrecision, kCluster, kNodes, kTp, kPp, kCp, kEp, kEtp, kVpp, kMicroBatch, kZero,
                kRecompute, kDispatcher, kSequenceParallel, kOverlapGrads, kOverlapParams, kTpOverlap,
                kSharedExpertOverlap, kA2aOverlap, kRecomputeModulesKey, kOptimizerStatesKey, kSchedule, kTrainTokens,
                kAsyncCheckpoint, kNvls, kSharp };

// The optimizer-state layouts recipes use (Megatron-Bridge: the precision-aware optimizer's
// 16-bit remainders for every bf16 run of its performance scripts, DeepSeek-V3's bf16 moments,
// fp16 master weights where memory is tight); a file may hold any other, shown as it is.
const std::array<std::optional<PrecisionAwareOptimizer>, 4> kOptimizerStates = {
    std::nullopt,
    PrecisionAwareOptimizer{},
    PrecisionAwareOptimizer{ .expAvg = StatePrecision::Bf16, .expAvgSq = StatePrecision::Bf16 },
    PrecisionAwareOptimizer{ .mainParams = StatePrecision::Fp16,
                             .expAvg = StatePrecision::Bf16,
                             .expAvgSq = StatePrecision::Bf16,
                             .paramRemainders = false },
};

// The vpp a chosen schedule runs with (chunksFor), or the current one where none is chosen.
int64_t chunksOf(const std::optional<PipelineSchedule>& schedule, int64_t vpp)
{
    return schedule ? chunksFor(*schedule, vpp) : vpp;
}

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
    auto* details = m_detailsForm = new QFormLayout(m_modelDetails);
    details->setContentsMargins(0, 0, 0, 0);
    auto modelEdit = [](Scenario& s) { s.model.name = s.model.name.empty() ? "custom model" : s.model.name; };
    m_layers = integerField(1, 100000, tr("layers"), kLayers, [=](Scenario& s, int v) { s.model.layers = v; modelEdit(s); });
    m_hidden = integerField(1, 1000000, tr("hidden size"), kHidden, [=](Scenario& s, int v) { s.model.hidden = v; modelEdit(s); });
    m_heads = integerField(1, 100000, tr("attention heads"), kHeads, [=](Scenario& s, int v) { s.model.heads = v; modelEdit(s); });
    m_kvHeads = integerField(1, 100000, tr("KV heads"), kKvHeads, [=](Scenario& s, int v) { s.model.kvHeads = v; modelEdit(s); });
    m_headDim = integerField(0, 100000, tr("head dimension"), kHeadDim, [=](Scenario& s, int v) { s.model.headDimension = v; modelEdit(s); });
    m_ffn = integerField(1, 10000000, tr("FFN width"), kFfn, [=](Scenario& s, int v) { s.model.ffnHidden = v; modelEdit(s); });
    m_vocab = integerField(1, 10000000, tr("vocabulary"), kVocab, [=](Scenario& s, int v) { s.model.vocab = v; modelEdit(s); });
    m_experts = integerField(0, 100000, tr("experts"), kExperts, [=](Scenario& s, int v) { s.model.moe.experts = v; modelEdit(s); });
    m_topK = integerField(0, 100000, tr("experts per token"), kTopK, [=](Scenario& s, int v) { s.model.moe.topK = v; modelEdit(s); });
    m_expertFfn = integerField(0, 10000000, tr("expert FFN width"), kExpertFfn,
                               [=](Scenario& s, int v) { s.model.moe.expertFfnHidden = v; modelEdit(s); });
    m_sharedExperts = integerField(0, 100000, tr("shared experts"), kSharedExperts,
                                   [=](Scenario& s, int v) { s.model.moe.sharedExperts = v; modelEdit(s); });
    m_sharedExperts->setObjectName(QStringLiteral("sharedExperts"));
    m_sharedExpertFfn = integerField(0, 10000000, tr("shared expert FFN width"), kSharedExpertFfn,
                                     [=](Scenario& s, int v) { s.model.moe.sharedExpertFfnHidden = v; modelEdit(s); });
    m_firstDenseLayers = integerField(0, 100000, tr("dense layers first"), kFirstDenseLayers,
                                      [=](Scenario& s, int v) { s.model.moe.firstDenseLayers = v; modelEdit(s); });
    m_moeEvery = integerField(1, 100000, tr("MoE layer frequency"), kMoeEvery,
                              [=](Scenario& s, int v) { s.model.moe.layerFrequency = v; modelEdit(s); });
    m_loadBalancing = new QComboBox(m_modelDetails);
    m_loadBalancing->addItem(tr("auxiliary loss")); // in LoadBalancing's order
    m_loadBalancing->addItem(tr("loss-free bias"));
    connect(m_loadBalancing, &QComboBox::currentIndexChanged, this, [=, this](int index) {
        edit(tr("load balancing"), kLoadBalancing, [&](Scenario& s) {
            s.model.moe.loadBalancing = LoadBalancing(index);
            modelEdit(s);
        });
    });
    m_capacityFactor = new QDoubleSpinBox(m_modelDetails);
    m_capacityFactor->setObjectName(QStringLiteral("capacityFactor"));
    m_capacityFactor->setRange(0, 1000);
    m_capacityFactor->setDecimals(2);
    m_capacityFactor->setSingleStep(0.25);
    m_capacityFactor->setKeyboardTracking(false); // as integerField: one edit per finished number
    connect(m_capacityFactor, &QDoubleSpinBox::valueChanged, this, [=, this](double value) {
        edit(tr("capacity factor"), kCapacityFactor, [&](Scenario& s) {
            s.model.moe.capacityFactor = value;
            modelEdit(s);
        });
    });
    m_kvLoraRank = integerField(0, 1000000, tr("KV latent rank"), kKvLoraRank,
                                [=](Scenario& s, int v) { s.model.mla.kvLoraRank = v; modelEdit(s); });
    m_kvLoraRank->setObjectName(QStringLiteral("kvLoraRank"));
    m_qLoraRank = integerField(0, 1000000, tr("query latent rank"), kQLoraRank,
                               [=](Scenario& s, int v) { s.model.mla.qLoraRank = v; modelEdit(s); });
    m_ropeHeadDim = integerField(0, 100000, tr("RoPE head dimension"), kRopeHeadDim,
                                 [=](Scenario& s, int v) { s.model.mla.qkRopeHeadDim = v; modelEdit(s); });
    m_nopeHeadDim = integerField(0, 100000, tr("no-PE head dimension"), kNopeHeadDim,
                                 [=](Scenario& s, int v) { s.model.mla.qkNopeHeadDim = v; modelEdit(s); });
    m_vHeadDim = integerField(0, 100000, tr("value head dimension"), kVHeadDim,
                              [=](Scenario& s, int v) { s.model.mla.vHeadDim = v; modelEdit(s); });
    m_localWindow = integerField(0, 100000000, tr("local attention window"), kLocalWindow,
                                 [=](Scenario& s, int v) { s.model.localAttention.window = v; modelEdit(s); });
    m_globalEvery = integerField(0, 100000, tr("global attention frequency"), kGlobalEvery,
                                 [=](Scenario& s, int v) { s.model.localAttention.globalEvery = v; modelEdit(s); });
    m_mtpLayers = integerField(0, 1000, tr("MTP modules"), kMtpLayers, [=](Scenario& s, int v) { s.model.mtpLayers = v; modelEdit(s); });
    m_gated = new QCheckBox(tr("gated MLP (SwiGLU)"), m_modelDetails);
    connect(m_gated, &QCheckBox::toggled, this, [this](bool on) {
        edit(tr("gated MLP"), kGated, [&](Scenario& s) { s.model.gatedMlp = on; });
    });
    // The longest labels take two lines: on one they would widen the panel past its dock (sized to
    // the panel with the details closed) and cut off the fields.
    details->addRow(tr("Layers"), m_layers);
    details->addRow(tr("Hidden size"), m_hidden);
    details->addRow(tr("Attention heads"), m_heads);
    details->addRow(tr("KV heads"), m_kvHeads);
    details->addRow(tr("Head dimension\n(0 = hidden ÷ heads)"), m_headDim);
    details->addRow(tr("FFN width"), m_ffn);
    details->addRow(tr("Vocabulary"), m_vocab);
    details->addRow(QString(), m_gated);
    details->addRow(tr("Experts (0 = dense)"), m_experts);
    details->addRow(tr("Experts per token"), m_topK);
    details->addRow(tr("Expert FFN width"), m_expertFfn);
    details->addRow(tr("Shared experts"), m_sharedExperts);
    details->addRow(tr("Shared expert FFN width"), m_sharedExpertFfn);
    details->addRow(tr("Dense layers first"), m_firstDenseLayers);
    details->addRow(tr("MoE layer every"), m_moeEvery);
    details->addRow(tr("Load balancing"), m_loadBalancing);
    details->addRow(tr("Capacity factor\n(0 = dropless)"), m_capacityFactor);
    details->addRow(tr("KV latent rank\n(0 = no MLA)"), m_kvLoraRank);
    details->addRow(tr("Query latent rank"), m_qLoraRank);
    details->addRow(tr("RoPE head dim"), m_ropeHeadDim);
    details->addRow(tr("No-PE head dim"), m_nopeHeadDim);
    details->addRow(tr("Value head dim"), m_vHeadDim);
    details->addRow(tr("Local attention window\n(0 = none)"), m_localWindow);
    details->addRow(tr("Global attention every"), m_globalEvery);
    details->addRow(tr("MTP modules"), m_mtpLayers);
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
    m_precision->addItem(QStringLiteral("FP4"), QStringLiteral("fp4"));
    connect(m_precision, &QComboBox::currentIndexChanged, this, [this](int index) {
        edit(tr("precision"), kPrecision, [&](Scenario& s) {
            // No control of its own: the gradients follow as the frameworks' defaults have them.
            s.training.gradPrecision = gradientsAfter(s.training.precision, Precision(index), s.training.gradPrecision);
            s.training.precision = Precision(index);
        });
    });
    m_optimizerStates = new QComboBox(group);
    m_optimizerStates->setObjectName(QStringLiteral("optimizerStates"));
    m_optimizerStates->addItem(tr("fp32 master weights and moments"));
    m_optimizerStates->addItem(tr("precision-aware: fp32 master as 16-bit remainders"));
    m_optimizerStates->addItem(tr("precision-aware: bf16 moments (DeepSeek-V3)"));
    m_optimizerStates->addItem(tr("precision-aware: fp16 master, bf16 moments"));
    m_optimizerStates->addItem(QString()); // the scenario's own layout, when it is none of the above
    connect(m_optimizerStates, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (size_t(index) < kOptimizerStates.size())
            edit(tr("optimizer states"), kOptimizerStatesKey,
                 [&](Scenario& s) { s.training.precisionAwareOptimizer = kOptimizerStates[size_t(index)]; });
    });
    // The run's length: what the time to train, its goodput and the Plan view count to.
    m_trainTokens = new QDoubleSpinBox(group);
    m_trainTokens->setObjectName(QStringLiteral("trainTokens"));
    m_trainTokens->setRange(0, 1e9); // up to 1e18 tokens, validation's limit
    m_trainTokens->setDecimals(1);
    m_trainTokens->setGroupSeparatorShown(true);
    m_trainTokens->setSingleStep(100);
    m_trainTokens->setSuffix(tr(" B tokens"));
    m_trainTokens->setSpecialValueText(tr("none"));
    m_trainTokens->setKeyboardTracking(false);
    m_trainTokens->setToolTip(tr("The tokens the run trains on (training.train_tokens), for the time and cost to train "
                                 "through failures. A data set given as tokens × epochs becomes its product here."));
    connect(m_trainTokens, &QDoubleSpinBox::valueChanged, this, [this](double billions) {
        edit(tr("tokens to train"), kTrainTokens, [&](Scenario& s) {
            s.training.datasetTokens.reset();
            s.training.epochs.reset();
            if (billions > 0)
                s.training.trainTokens = billions * 1e9;
            else
                s.training.trainTokens.reset();
        });
    });
    m_asyncCheckpoint = new QCheckBox(tr("Asynchronous checkpoints"), group);
    m_asyncCheckpoint->setObjectName(QStringLiteral("asyncCheckpoint"));
    m_asyncCheckpoint->setToolTip(tr("Megatron's --async-save: the step waits only for the copy off the GPUs; the write "
                                     "to storage runs in the background (docs/goodput.md)."));
    connect(m_asyncCheckpoint, &QCheckBox::toggled, this, [this](bool on) {
        edit(tr("asynchronous checkpoints"), kAsyncCheckpoint, [&](Scenario& s) { s.training.checkpoint.async = on; });
    });
    form->addRow(tr("Sequence length"), m_seqLen);
    form->addRow(tr("Global batch (sequences)"), m_globalBatch);
    form->addRow(tr("Precision"), m_precision);
    form->addRow(tr("Optimizer states"), m_optimizerStates);
    form->addRow(tr("Tokens to train"), m_trainTokens);
    form->addRow(QString(), m_asyncCheckpoint);
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
    m_nvls = new QCheckBox(tr("Reduce in the NVSwitch (NVLink SHARP)"), group);
    m_nvls->setObjectName(QStringLiteral("nvls"));
    connect(m_nvls, &QCheckBox::toggled, this, [this](bool on) {
        edit(tr("NVLink SHARP"), kNvls, [&](Scenario& s) { s.cluster.intraNode.nvls = on; });
    });
    m_sharp = new QCheckBox(tr("Reduce in the network (InfiniBand SHARP)"), group);
    m_sharp->setObjectName(QStringLiteral("sharp"));
    m_sharp->setToolTip(tr("All-reduces across nodes run in the network's switches (NCCL's CollNet with its SHARP "
                           "plugin): each GPU sends its share up once instead of a ring's twice"));
    connect(m_sharp, &QCheckBox::toggled, this, [this](bool on) {
        edit(tr("InfiniBand SHARP"), kSharp, [&](Scenario& s) { s.cluster.interNode.sharp = on; });
    });
    form->addRow(tr("Preset"), m_clusterPreset);
    form->addRow(tr("Nodes"), m_nodes);
    form->addRow(m_clusterSummary);
    form->addRow(QString(), m_nvls);
    form->addRow(QString(), m_sharp);
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
        // Interleaving depends on pp: start again from none, or from the chunks the schedule needs.
        s.parallel.degrees.vpp = chunksOf(s.parallel.schedule, 1);
        s.parallel.layersPerStage.clear();
    });
    addSlider(m_cp, tr("CP"), tr("Context parallelism: the sequence split over this many GPUs"), kCp,
              [](Scenario& s, int64_t v) { s.parallel.degrees.cp = v; });
    addSlider(m_ep, tr("EP"), tr("Expert parallelism (mixture-of-experts models)"), kEp,
              [](Scenario& s, int64_t v) { s.parallel.degrees.ep = v; });
    addSlider(m_etp, tr("ETP"), tr("Expert tensor parallelism: each expert's matrices split over this many GPUs (follows TP unless set)"),
              kEtp, [](Scenario& s, int64_t v) { s.parallel.degrees.etp = v; });
    addSlider(m_vpp, tr("VPP"), tr("Virtual pipeline stages (interleaved 1F1B chunks per stage)"), kVpp,
              [](Scenario& s, int64_t v) {
                  s.parallel.degrees.vpp = v;
                  s.parallel.layersPerStage.clear();
                  // A schedule that no longer fits the chunks gives way to what vpp implies.
                  if (s.parallel.schedule && !scheduleMatchesChunks(*s.parallel.schedule, v))
                      s.parallel.schedule.reset();
              });
    addSlider(m_microBatch, tr("micro-batch"), tr("Sequences per micro-batch"), kMicroBatch,
              [](Scenario& s, int64_t v) { s.training.microBatch = v; });
    m_dp = new QLabel(group);
    box->addWidget(m_dp);

    auto* form = m_choicesForm = new QFormLayout;
    m_zero = new QComboBox(group);
    m_zero->addItems({ tr("0 — plain data parallelism"), tr("1 — optimizer states sharded"), tr("2 — and gradients"),
                       tr("3 — and weights (FSDP)") });
    connect(m_zero, &QComboBox::currentIndexChanged, this, [this](int index) {
        edit(tr("ZeRO %1").arg(index), kZero, [&](Scenario& s) { s.parallel.zeroStage = index; });
    });
    m_recompute = new QComboBox(group);
    m_recompute->addItem(tr("none"), QStringLiteral("none"));
    m_recompute->addItem(tr("selective"), QStringLiteral("selective"));
    m_recompute->addItem(tr("full"), QStringLiteral("full"));
    m_recompute->addItem(tr("auto (least that fits)"), QStringLiteral("auto"));
    connect(m_recompute, &QComboBox::currentIndexChanged, this, [this](int index) {
        edit(tr("recomputation"), kRecompute, [&](Scenario& s) { s.parallel.recompute = Recompute(index); });
    });
    m_dispatcher = new QComboBox(group);
    m_dispatcher->setObjectName(QStringLiteral("moeDispatcher"));
    m_dispatcher->addItem(tr("all-to-all")); // in MoeDispatcher's order
    m_dispatcher->addItem(tr("all-gather"));
    m_dispatcher->addItem(tr("flex (DeepEP, HybridEP)"));
    connect(m_dispatcher, &QComboBox::currentIndexChanged, this, [this](int index) {
        edit(tr("MoE dispatcher"), kDispatcher, [&](Scenario& s) { s.parallel.moeDispatcher = MoeDispatcher(index); });
    });
    m_schedule = new QComboBox(group);
    m_schedule->setObjectName(QStringLiteral("pipelineSchedule"));
    m_schedule->setToolTip(tr("The order the pipeline runs its passes in; the zero-bubble schedules split the backward "
                              "into input- and weight-gradient passes, DualPipe feeds micro-batches from both ends"));
    m_schedule->addItem(tr("as VPP implies (1F1B, or interleaved)"));
    // Then in PipelineSchedule's order, each with what it trades.
    const QString traits[] = { tr("every forward, then every backward"), tr("Megatron's default"), tr("VPP chunks per stage"),
                               tr("zero bubble, 1F1B's memory"),          tr("zero bubble, twice the memory"),
                               tr("zero bubble, V of two chunks"),        tr("both directions, two weight copies"),
                               tr("DualPipe folded into a V") };
    for (size_t i = 0; i < kPipelineScheduleNames.size(); ++i)
        m_schedule->addItem(tr("%1 (%2)").arg(scheduleText(PipelineSchedule(i)), traits[i]));
    connect(m_schedule, &QComboBox::currentIndexChanged, this, [this](int index) {
        edit(tr("pipeline schedule"), kSchedule, [&](Scenario& s) {
            s.parallel.schedule = index == 0 ? std::nullopt : std::optional(PipelineSchedule(index - 1));
            s.parallel.degrees.vpp = chunksOf(s.parallel.schedule, s.parallel.degrees.vpp);
            s.parallel.layersPerStage.clear();
        });
    });
    m_recomputeModules = new RecomputeModulesButton(group);
    connect(m_recomputeModules, &RecomputeModulesButton::modulesEdited, this, [this](RecomputeModules modules) {
        edit(tr("recomputed modules"), kRecomputeModulesKey, [&](Scenario& s) {
            s.parallel.recomputeModules = modules;
            s.pins.recomputeModules = true; // auto and the search replay these too
        });
    });
    auto* recomputeRow = new QHBoxLayout;
    recomputeRow->setContentsMargins(0, 0, 0, 0);
    recomputeRow->addWidget(m_recompute, 1);
    recomputeRow->addWidget(m_recomputeModules, 1);
    form->addRow(tr("Pipeline schedule"), m_schedule);
    form->addRow(tr("ZeRO stage"), m_zero);
    form->addRow(tr("Recomputation"), recomputeRow);
    form->addRow(tr("MoE dispatcher"), m_dispatcher);
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
    addSwitch(m_sharedExpertOverlap, tr("Overlap shared experts with the token dispatch"), kSharedExpertOverlap,
              [](Scenario& s, bool on) { s.parallel.moeSharedExpertOverlap = on; });
    m_sharedExpertOverlap->setObjectName(QStringLiteral("sharedExpertOverlap"));
    addSwitch(m_a2aOverlap, tr("Overlap the token dispatch with another micro-batch"), kA2aOverlap,
              [](Scenario& s, bool on) { s.parallel.moeA2aOverlap = on; });
    m_a2aOverlap->setObjectName(QStringLiteral("a2aOverlap"));
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
    case Degree::Etp:
        return m_etp;
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
    const std::pair<QSpinBox*, int64_t> fields[] = { { m_layers, m.layers },
                                                     { m_hidden, m.hidden },
                                                     { m_heads, m.heads },
                                                     { m_kvHeads, m.kvHeads },
                                                     { m_headDim, m.headDimension },
                                                     { m_ffn, m.ffnHidden },
                                                     { m_vocab, m.vocab },
                                                     { m_experts, m.moe.experts },
                                                     { m_topK, m.moe.topK },
                                                     { m_expertFfn, m.moe.expertFfnHidden },
                                                     { m_sharedExperts, m.moe.sharedExperts },
                                                     { m_sharedExpertFfn, m.moe.sharedExpertFfnHidden },
                                                     { m_firstDenseLayers, m.moe.firstDenseLayers },
                                                     { m_moeEvery, m.moe.layerFrequency },
                                                     { m_kvLoraRank, m.mla.kvLoraRank },
                                                     { m_qLoraRank, m.mla.qLoraRank },
                                                     { m_ropeHeadDim, m.mla.qkRopeHeadDim },
                                                     { m_nopeHeadDim, m.mla.qkNopeHeadDim },
                                                     { m_vHeadDim, m.mla.vHeadDim },
                                                     { m_localWindow, m.localAttention.window },
                                                     { m_globalEvery, m.localAttention.globalEvery },
                                                     { m_mtpLayers, m.mtpLayers },
                                                     { m_seqLen, scenario.training.seqLen },
                                                     { m_globalBatch, scenario.training.globalBatch },
                                                     { m_nodes, scenario.cluster.nodes } };
    for (const auto& [box, value] : fields) {
        const QSignalBlocker block(box);
        box->setValue(int(std::clamp<int64_t>(value, box->minimum(), box->maximum())));
    }
    {
        const QSignalBlocker block(m_capacityFactor);
        m_capacityFactor->setValue(m.moe.capacityFactor);
    }
    m_loadBalancing->setCurrentIndex(int(m.moe.loadBalancing));
    // The details show what applies to this model: a dense model has no expert rows, a model
    // without MLA or local attention only the field that turns it on.
    for (QWidget* moeField : std::initializer_list<QWidget*>{ m_topK, m_expertFfn, m_sharedExperts, m_sharedExpertFfn,
                                                              m_firstDenseLayers, m_moeEvery, m_loadBalancing, m_capacityFactor })
        m_detailsForm->setRowVisible(moeField, m.isMoe());
    for (QWidget* mlaField : { m_qLoraRank, m_ropeHeadDim, m_nopeHeadDim, m_vHeadDim })
        m_detailsForm->setRowVisible(mlaField, m.mla.enabled());
    m_detailsForm->setRowVisible(m_globalEvery, m.localAttention.window > 0);
    m_gated->setChecked(m.gatedMlp);
    {
        const QSignalBlocker blockTokens(m_trainTokens), blockAsync(m_asyncCheckpoint);
        m_trainTokens->setValue(tokenBudget(scenario.training).value_or(0) / 1e9);
        m_asyncCheckpoint->setChecked(scenario.training.checkpoint.async);
    }
    m_precision->setCurrentIndex(int(scenario.training.precision));
    const std::optional<PrecisionAwareOptimizer>& states = scenario.training.precisionAwareOptimizer;
    const auto known = std::find(kOptimizerStates.begin(), kOptimizerStates.end(), states);
    if (known == kOptimizerStates.end())
        m_optimizerStates->setItemText(int(kOptimizerStates.size()),
                                       tr("precision-aware: %1 master, %2 / %3 moments")
                                           .arg(QString::fromLatin1(toString(states->mainParams)),
                                                QString::fromLatin1(toString(states->expAvg)),
                                                QString::fromLatin1(toString(states->expAvgSq))));
    m_optimizerStates->setCurrentIndex(int(known - kOptimizerStates.begin()));
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

    {
        const QSignalBlocker blockNvls(m_nvls), blockSharp(m_sharp);
        const bool capable = nvlinkSharpCapable(c);
        m_nvls->setEnabled(capable);
        m_nvls->setChecked(capable && c.intraNode.nvls);
        m_nvls->setToolTip(capable ? tr("All-reduces inside a node run in the switch (NCCL_NVLS_ENABLE); off, they run "
                                        "as rings, and NCCL's buffers for it are freed")
                                   : tr("Needs a third-generation NVSwitch or later: Hopper or Blackwell GPUs on an "
                                        "NVSwitch"));
        m_sharp->setChecked(c.interNode.sharp);
    }

    const ParallelSpec& p = scenario.parallel;
    const ParallelChoices choices = parallelChoices(scenario);
    m_tp->setValues(choices.tp, p.degrees.tp);
    m_pp->setValues(choices.pp, p.degrees.pp);
    m_cp->setValues(choices.cp, p.degrees.cp);
    m_ep->setValues(choices.ep, p.degrees.ep);
    m_etp->setValues(choices.etp, p.degrees.expertTp());
    m_vpp->setValues(choices.vpp, p.degrees.vpp);
    m_microBatch->setValues(choices.microBatch.empty() ? std::vector<int64_t>{ scenario.training.microBatch } : choices.microBatch,
                            scenario.training.microBatch);
    m_ep->setVisible(m.isMoe());
    m_etp->setVisible(m.isMoe());
    const int64_t dp = dataParallelOf(scenario);
    m_dp->setText(dp > 0 ? tr("DP follows: %1 (GPUs ÷ TP·PP·CP)").arg(dp) : tr("DP: the GPUs do not divide by TP·PP·CP"));
    m_schedule->setCurrentIndex(p.schedule ? int(*p.schedule) + 1 : 0);
    m_schedule->setEnabled(p.degrees.pp > 1 || p.schedule);
    m_zero->setCurrentIndex(p.zeroStage);
    m_recompute->setCurrentIndex(int(p.recompute));
    // What selective replays as evaluated: the scenario's modules, or under auto the ones auto takes.
    const RecomputeModules replayed = p.recompute == Recompute::Auto ? autoRecomputeModules(scenario) : p.recomputeModules;
    m_recomputeModules->setModules(replayed, applicableRecomputeModules(m));
    m_recomputeModules->setVisible(p.recompute == Recompute::Selective || p.recompute == Recompute::Auto);
    m_dispatcher->setCurrentIndex(int(p.moeDispatcher));
    m_choicesForm->setRowVisible(m_dispatcher, m.isMoe());
    m_sequenceParallel->setChecked(p.sequenceParallel);
    m_sequenceParallel->setEnabled(p.degrees.tp > 1);
    m_overlapGrads->setChecked(p.overlapGradReduce);
    m_overlapParams->setChecked(p.overlapParamGather);
    m_tpOverlap->setChecked(p.tpCommOverlap);
    m_sharedExpertOverlap->setChecked(p.moeSharedExpertOverlap);
    m_sharedExpertOverlap->setVisible(m.isMoe() && m.moe.sharedExperts > 0);
    m_sharedExpertOverlap->setEnabled(p.moeDispatcher == MoeDispatcher::AllToAll); // Megatron-Core overlaps only that one
    m_a2aOverlap->setChecked(p.moeA2aOverlap);
    m_a2aOverlap->setVisible(m.isMoe()); // where Megatron-Core cannot run it, validation says why
    m_refreshing = false;
}

} // namespace paraplan::widgets
