// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/explore/symptoms.h"

#include "core/model/memory_model.h"
#include "core/network/group_report.h"
#include "core/spec/figure_text.h"
#include "core/spec/translatable.h"
#include "core/step/stragglers.h"
#include "core/step/time_components.h"

#include <algorithm>
#include <cmath>

namespace paraplan {

std::optional<Symptom> parseSymptom(std::string_view code)
{
    for (size_t i = 0; i < kSymptomCodes.size(); ++i)
        if (code == kSymptomCodes[i])
            return Symptom(i);
    return std::nullopt;
}

const char* toString(Symptom symptom) { return kSymptomCodes[size_t(symptom)]; }

const char* symptomTitle(Symptom symptom)
{
    switch (symptom) {
    case Symptom::LowGpuUtilization:
        return QT_TRANSLATE_NOOP("Symptoms", "GPU utilisation stays under 40 %");
    case Symptom::LossSpikesAfterDpChange:
        return QT_TRANSLATE_NOOP("Symptoms", "The loss spikes after a change of data parallelism");
    case Symptom::HangAtStep:
        return QT_TRANSLATE_NOOP("Symptoms", "Training hangs at some step, with no log");
    case Symptom::OomWithFreeMemory:
        return QT_TRANSLATE_NOOP("Symptoms", "Out of memory while nvidia-smi shows memory free");
    case Symptom::MultiNodeSlower:
        return QT_TRANSLATE_NOOP("Symptoms", "Several nodes train slower than one");
    case Symptom::OneGpuMemoryHigher:
        return QT_TRANSLATE_NOOP("Symptoms", "One GPU's memory is higher than the others'");
    }
    return "";
}

namespace {


SymptomCause cause(const char* code, std::optional<double> weight, Sentence why, std::vector<std::string> checks, const char* fix)
{
    if (weight)
        weight = std::clamp(*weight, 0.0, 1.0);
    return SymptomCause{ code, weight, std::move(why), std::move(checks), makeSentence(fix) };
}

// nvidia-smi's utilisation is the share of time a kernel runs: what idles the GPUs lowers it, not
// GEMMs below their peak (those lower the MFU).
void lowUtilization(const Result& r, std::vector<SymptomCause>& out)
{
    const double step = r.time.step;
    out.push_back(cause("pipeline_bubble", r.time.bubble / step,
                        makeSentence(QT_TRANSLATE_NOOP("Symptoms", "The pipeline idles %1 of each step (%2)."),
                                     { textArg(percentText(r.time.bubble / step)), textArg(durationText(r.time.bubble)) }),
                        { "nsys profile -t cuda,nvtx,nccl -o step python train.py" },
                        QT_TRANSLATE_NOOP("Symptoms", "Fewer stages or more micro-batches, interleaving, or a zero-bubble "
                                                      "schedule (the advisor's bubble finding).")));
    out.push_back(cause("exposed_communication", r.time.exposedCommunication() / step,
                        makeSentence(QT_TRANSLATE_NOOP("Symptoms", "Communication leaves %1 of each step (%2) with the GPUs "
                                                                   "waiting."),
                                     { textArg(percentText(r.time.exposedCommunication() / step)),
                                       textArg(durationText(r.time.exposedCommunication())) }),
                        { "./build/all_reduce_perf -b 8 -e 128M -f 2 -g 1", "nvidia-smi topo -m" },
                        QT_TRANSLATE_NOOP("Symptoms", "Turn the framework's overlap on and keep TP inside NVLink; check the "
                                                      "placement findings.")));
    out.push_back(cause("host_overhead", r.time.other / step,
                        makeSentence(QT_TRANSLATE_NOOP("Symptoms", "Per-step framework work outside the pipeline takes %1."),
                                     { textArg(durationText(r.time.other)) }),
                        { "py-spy top --pid $(pgrep -f train.py)" },
                        QT_TRANSLATE_NOOP("Symptoms", "CUDA graphs, fewer logging and evaluation calls per step.")));
    out.push_back(cause("data_loading", std::nullopt,
                        makeSentence(QT_TRANSLATE_NOOP("Symptoms", "The input pipeline is not in the model: if the GPUs wait "
                                                                   "on PCIe or on the loader, utilisation falls whatever the "
                                                                   "configuration.")),
                        { "nvtop", "nvidia-smi dmon -s u" },
                        QT_TRANSLATE_NOOP("Symptoms", "If PCIe is busy, pin_memory=False and fewer workers; if compute is "
                                                      "low and memory bandwidth high, a smaller prefetch_factor (seed 000 "
                                                      "§4.2).")));
}

void lossSpikes(const Scenario& s, const Result& r, const std::optional<Scenario>& baseline, std::vector<SymptomCause>& out)
{
    const bool batchChanged = baseline && baseline->training.globalBatch != s.training.globalBatch;
    const double k = batchChanged ? double(s.training.globalBatch) / double(baseline->training.globalBatch) : 1;
    out.push_back(cause("learning_rate_not_scaled", batchChanged ? std::optional<double>(1.0) : std::nullopt,
                        batchChanged ? makeSentence(QT_TRANSLATE_NOOP("Symptoms", "The global batch changed %1 (%2 to %3 "
                                                                                  "samples) with data parallelism %4: the "
                                                                                  "learning rate and warm-up did not follow."),
                                                    { textArg(ratioText(k)), countArg(baseline->training.globalBatch),
                                                      countArg(s.training.globalBatch), countArg(r.parallel.degrees.dp) })
                                     : makeSentence(QT_TRANSLATE_NOOP("Symptoms", "A global batch that grows with data "
                                                                                  "parallelism trains with the old learning "
                                                                                  "rate unless it is scaled.")),
                        { "grep grad_norm train.log" },
                        QT_TRANSLATE_NOOP("Symptoms", "Scale the learning rate by the square root of the batch ratio, count "
                                                      "the warm-up in tokens, and clip gradients at 1.0.")));
    const bool halfGrads = s.training.gradPrecision != GradPrecision::Fp32;
    out.push_back(cause("gradient_reduction_precision", halfGrads ? std::optional<double>(0.5) : std::nullopt,
                        makeSentence(QT_TRANSLATE_NOOP("Symptoms", "Gradients are reduced in %1 over %2 data-parallel ranks: "
                                                                   "16-bit sums lose precision as ranks are added."),
                                     { textArg(toString(s.training.gradPrecision)), countArg(r.parallel.degrees.dataRanks()) }),
                        { "grep -i 'grad' train.log" },
                        QT_TRANSLATE_NOOP("Symptoms", "Reduce gradients in fp32 (grad_precision fp32, Megatron's "
                                                      "--accumulate-allreduce-grads-in-fp32).")));
}

void hang(const Scenario& s, const Result& r, std::vector<SymptomCause>& out)
{
    const bool roce = s.cluster.nodes > 1 && s.cluster.interNode.kind == LinkKind::RoCE;
    out.push_back(cause("nccl_network_settings", roce ? std::optional<double>(1.0) : std::nullopt,
                        makeSentence(roce ? QT_TRANSLATE_NOOP("Symptoms", "The nodes talk over RoCE: a wrong GID index "
                                                                          "(NCCL_IB_GID_INDEX, 3 for RoCE v2) deadlocks NCCL "
                                                                          "without an error.")
                                          : QT_TRANSLATE_NOOP("Symptoms", "NCCL's network settings can deadlock a "
                                                                          "collective without an error.")),
                        { "NCCL_DEBUG=INFO", "ibstat", "kill -3 $(pgrep -f train.py)" },
                        QT_TRANSLATE_NOOP("Symptoms", "Set NCCL_IB_GID_INDEX=3 on RoCE v2, TORCH_NCCL_ASYNC_ERROR_HANDLING=1 "
                                                      "and a finite timeout so a hang becomes an error "
                                                      "(paraplan-cli export --to env).")));
    const int64_t pp = r.parallel.degrees.pp;
    out.push_back(cause("pipeline_messages", pp > 1 ? std::optional<double>(0.5) : std::nullopt,
                        makeSentence(QT_TRANSLATE_NOOP("Symptoms", "%1 pipeline stages exchange %2 messages per step: a "
                                                                   "shape or order mismatch between two stages waits "
                                                                   "forever."),
                                     { countArg(pp), countArg(2 * (pp - 1) * r.microBatches) }),
                        { "py-spy dump --pid $(pgrep -f train.py)" },
                        QT_TRANSLATE_NOOP("Symptoms", "Check that every stage's send and receive shapes agree (seed 000 "
                                                      "§4.1's PP check).")));
}

void oomWithFreeMemory(const Result& r, std::vector<SymptomCause>& out)
{
    const double total = r.memory.total();
    out.push_back(cause("fragmentation", total / r.capacityBytes,
                        makeSentence(QT_TRANSLATE_NOOP("Symptoms", "The fullest stage needs %1 of %2 (%3); above %4 the "
                                                                   "caching allocator's fragments and transient buffers "
                                                                   "run out."),
                                     { textArg(gibText(total)), textArg(gibText(r.capacityBytes)),
                                       textArg(percentText(total / r.capacityBytes)), textArg(percentText(kSafeMemoryFraction)) }),
                        { "python -c 'import torch; print(torch.cuda.memory_summary())'", "nvidia-smi" },
                        QT_TRANSLATE_NOOP("Symptoms", "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True, and more headroom "
                                                      "(the advisor's memory finding).")));
    out.push_back(cause("activation_peak", r.memory.activations / std::max(total, 1.0),
                        makeSentence(QT_TRANSLATE_NOOP("Symptoms", "Activations of the micro-batches in flight are %1 of stage "
                                                                   "%2's memory: they peak during the pipeline's warm-up, not "
                                                                   "when nvidia-smi looks."),
                                     { textArg(percentText(r.memory.activations / std::max(total, 1.0))), countArg(r.worstStage) }),
                        { "python -c 'import torch; print(torch.cuda.max_memory_allocated())'" },
                        QT_TRANSLATE_NOOP("Symptoms", "Recompute activations or use a smaller micro-batch.")));
}

void multiNodeSlower(const Scenario& s, const Result& r, const EvaluateOptions& options, std::vector<SymptomCause>& out)
{
    for (const GroupReport& g : r.groups) {
        if (!g.crossesNodes)
            continue;
        const double exposed = componentSeconds(r.time, componentOfGroup(g.group));
        out.push_back(cause("group_crosses_nodes", exposed / r.time.step,
                            makeSentence(QT_TRANSLATE_NOOP("Symptoms", "The %1 groups span %2 nodes and run at %3 over %4: "
                                                                       "%5 of each step is exposed."),
                                         { textArg(toString(g.group)), countArg(g.nodesSpanned), textArg(bandwidthText(g.busGBps)),
                                           textArg(g.boundBy), textArg(durationText(exposed)) }),
                            { "ib_write_bw -d mlx5_0 -R --report_gbits", "./build/all_reduce_perf -b 8 -e 128M -f 2 -g 1" },
                            QT_TRANSLATE_NOOP("Symptoms", "Keep TP inside a node and let DP or the pipeline cross nodes; see "
                                                          "the scaling view for where adding nodes stops paying.")));
    }
    const double lag = stragglerLag(options.params.rankJitter, r.gpus);
    out.push_back(cause("stragglers", lag / (1 + lag),
                        makeSentence(QT_TRANSLATE_NOOP("Symptoms", "Each step waits for the slowest of %1 GPUs: about %2 "
                                                                   "behind the average one."),
                                     { countArg(r.gpus), textArg(percentText(lag)) }),
                        { "nvidia-smi -q -d PERFORMANCE,CLOCK" },
                        QT_TRANSLATE_NOOP("Symptoms", "Find the throttled or noisy node (clocks, thermals) and drain it.")));
    out.push_back(cause("rdma_not_enabled", std::nullopt,
                        makeSentence(s.cluster.nodes > 1
                                         ? QT_TRANSLATE_NOOP("Symptoms", "The model assumes the network runs at its rated "
                                                                         "speed; without RDMA (TCP sockets) it runs at a "
                                                                         "fraction of it.")
                                         : QT_TRANSLATE_NOOP("Symptoms", "One node: the network is not used.")),
                        { "ib_write_bw -d mlx5_0 -R --report_gbits", "ibstat" },
                        QT_TRANSLATE_NOOP("Symptoms", "NCCL_IB_DISABLE=0 and UCX_TLS=rc_x,sm,self; expect at least 50 Gb/s "
                                                      "between nodes on RoCE v2 100G (seed 000 §3.2).")));
}

void oneGpuHigher(const Scenario& s, const Result& r, std::vector<SymptomCause>& out)
{
    std::vector<double> totals;
    for (const StageReport& stage : r.stages)
        totals.push_back(stage.memory.total());
    if (totals.size() > 1) {
        std::vector<double> sorted = totals;
        std::sort(sorted.begin(), sorted.end());
        const double median = sorted[sorted.size() / 2];
        const auto fullest = std::max_element(totals.begin(), totals.end());
        out.push_back(cause("pipeline_end_stage", (*fullest - median) / *fullest,
                            makeSentence(QT_TRANSLATE_NOOP("Symptoms", "Stage %1 needs %2 per GPU against %3 on the median "
                                                                       "stage: the first stage holds the embedding and the "
                                                                       "most micro-batches in flight, the last the logits."),
                                         { countArg(fullest - totals.begin()), textArg(gibText(*fullest)), textArg(gibText(median)) }),
                            { "nvidia-smi --query-gpu=index,memory.used --format=csv" },
                            QT_TRANSLATE_NOOP("Symptoms", "Lighter end stages (the advisor's uneven-stages finding) or "
                                                          "recompute on the first stage.")));
    }
    out.push_back(cause("zero_not_partitioning", std::nullopt,
                        makeSentence(QT_TRANSLATE_NOOP("Symptoms", "With ZeRO-%1 every data-parallel rank should hold the same "
                                                                   "share; one rank holding more means the partition did not "
                                                                   "take effect."),
                                     { countArg(s.parallel.zeroStage) }),
                        { "grep -i zero_optimization ds_config.json" },
                        QT_TRANSLATE_NOOP("Symptoms", "Check the ZeRO stage in the config and that the model is wrapped "
                                                      "before the optimizer is built.")));
    out.push_back(cause("rank_zero_duties", std::nullopt,
                        makeSentence(QT_TRANSLATE_NOOP("Symptoms", "Rank 0 often also logs, evaluates and writes "
                                                                   "checkpoints, with buffers the others do not hold.")),
                        { "nvidia-smi --query-compute-apps=pid,used_memory --format=csv" },
                        QT_TRANSLATE_NOOP("Symptoms", "Move evaluation and checkpoint gathering off rank 0 or give it "
                                                      "headroom.")));
}

} // namespace

SymptomDiagnosis diagnoseSymptom(Symptom symptom, const Scenario& scenario, const EvaluateOptions& options,
                                 const std::optional<Scenario>& baseline)
{
    EvaluateOptions detailed = options;
    detailed.diagnostics = true;
    detailed.recordTimeline = false;
    const Result r = evaluate(scenario, detailed);
    SymptomDiagnosis diagnosis{ symptom, {} };
    if (!r.valid || r.time.step <= 0)
        return diagnosis;
    std::vector<SymptomCause>& causes = diagnosis.causes;
    switch (symptom) {
    case Symptom::LowGpuUtilization:
        lowUtilization(r, causes);
        break;
    case Symptom::LossSpikesAfterDpChange:
        lossSpikes(scenario, r, baseline, causes);
        break;
    case Symptom::HangAtStep:
        hang(scenario, r, causes);
        break;
    case Symptom::OomWithFreeMemory:
        oomWithFreeMemory(r, causes);
        break;
    case Symptom::MultiNodeSlower:
        multiNodeSlower(scenario, r, options, causes);
        break;
    case Symptom::OneGpuMemoryHigher:
        oneGpuHigher(scenario, r, causes);
        break;
    }
    std::stable_sort(causes.begin(), causes.end(), [](const SymptomCause& a, const SymptomCause& b) {
        if (a.weight.has_value() != b.weight.has_value())
            return a.weight.has_value();
        return a.weight.value_or(0) > b.weight.value_or(0);
    });
    return diagnosis;
}

} // namespace paraplan
