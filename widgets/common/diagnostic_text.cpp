// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/common/diagnostic_text.h"

#include <QCoreApplication>

#include <cstring>

namespace paraplan::widgets {

namespace {

struct Title {
    const char* code;
    const char* text;
};

// One short title per diagnostic code of the core (validation, topology rules, evaluation).
constexpr Title kTitles[] = {
    { "invalid_model_dimension", QT_TRANSLATE_NOOP("Diagnostics", "Model size out of range") },
    { "hidden_not_divisible_by_heads", QT_TRANSLATE_NOOP("Diagnostics", "Hidden size does not split into the heads") },
    { "kv_heads_invalid", QT_TRANSLATE_NOOP("Diagnostics", "KV heads do not divide the heads") },
    { "moe_invalid", QT_TRANSLATE_NOOP("Diagnostics", "Mixture-of-experts settings out of range") },
    { "invalid_training_value", QT_TRANSLATE_NOOP("Diagnostics", "Training setting out of range") },
    { "invalid_link", QT_TRANSLATE_NOOP("Diagnostics", "Link figure out of range") },
    { "invalid_cluster_value", QT_TRANSLATE_NOOP("Diagnostics", "Cluster setting out of range") },
    { "invalid_gpu", QT_TRANSLATE_NOOP("Diagnostics", "GPU figure out of range") },
    { "value_too_large", QT_TRANSLATE_NOOP("Diagnostics", "Implausibly large value") },
    { "precision_unsupported", QT_TRANSLATE_NOOP("Diagnostics", "Precision not supported by this GPU") },
    { "invalid_parallel_degree", QT_TRANSLATE_NOOP("Diagnostics", "Parallel degree out of range") },
    { "invalid_zero_stage", QT_TRANSLATE_NOOP("Diagnostics", "No such ZeRO stage") },
    { "gpu_count_mismatch", QT_TRANSLATE_NOOP("Diagnostics", "The split does not match the GPU count") },
    { "gpus_not_divisible", QT_TRANSLATE_NOOP("Diagnostics", "No whole data-parallel degree fits") },
    { "heads_not_divisible_by_tp", QT_TRANSLATE_NOOP("Diagnostics", "TP does not divide the attention heads") },
    { "kv_heads_replicated", QT_TRANSLATE_NOOP("Diagnostics", "KV heads replicated across TP ranks") },
    { "kv_heads_not_divisible_by_tp", QT_TRANSLATE_NOOP("Diagnostics", "TP and the KV heads do not divide one another") },
    { "ffn_not_divisible_by_tp", QT_TRANSLATE_NOOP("Diagnostics", "TP does not divide the FFN width") },
    { "seq_not_divisible_by_cp", QT_TRANSLATE_NOOP("Diagnostics", "CP does not divide the sequence") },
    { "global_batch_not_divisible", QT_TRANSLATE_NOOP("Diagnostics", "The global batch does not split") },
    { "ep_without_moe", QT_TRANSLATE_NOOP("Diagnostics", "Expert parallelism without experts") },
    { "experts_not_divisible_by_ep", QT_TRANSLATE_NOOP("Diagnostics", "EP does not divide the experts") },
    { "ep_not_divisible", QT_TRANSLATE_NOOP("Diagnostics", "ETP × EP does not divide a stage's ranks") },
    { "etp_without_moe", QT_TRANSLATE_NOOP("Diagnostics", "Expert TP without experts") },
    { "expert_ffn_not_divisible_by_etp", QT_TRANSLATE_NOOP("Diagnostics", "ETP does not divide the expert FFN width") },
    { "moe_tp_without_sequence_parallel", QT_TRANSLATE_NOOP("Diagnostics", "MoE with TP but without sequence parallelism") },
    { "shared_expert_overlap_unused", QT_TRANSLATE_NOOP("Diagnostics", "Shared-expert overlap has nothing to hide") },
    { "moe_a2a_overlap_unused", QT_TRANSLATE_NOOP("Diagnostics", "All-to-all overlap cannot run here") },
    { "flex_dispatcher_without_expert_split", QT_TRANSLATE_NOOP("Diagnostics", "Flex dispatcher without experts to reach") },
    { "flex_dispatcher_with_padding", QT_TRANSLATE_NOOP("Diagnostics", "Flex dispatcher cannot pad to capacity") },
    { "recompute_module_needs_mla", QT_TRANSLATE_NOOP("Diagnostics", "No MLA to recompute") },
    { "recompute_shared_experts_with_overlap", QT_TRANSLATE_NOOP("Diagnostics", "Shared experts both overlapped and recomputed") },
    { "recompute_discard_with_delayed_fp8", QT_TRANSLATE_NOOP("Diagnostics", "Recomputation refused by delayed FP8 scaling") },
    { "recompute_module_not_in_model", QT_TRANSLATE_NOOP("Diagnostics", "Recomputed modules the model lacks") },
    { "recompute_modules_unused", QT_TRANSLATE_NOOP("Diagnostics", "Recomputed modules without selective recomputation") },
    { "recompute_modules_not_in_framework", QT_TRANSLATE_NOOP("Diagnostics", "Recomputed modules the framework does not use") },
    { "precision_aware_optimizer_needs_sharding", QT_TRANSLATE_NOOP("Diagnostics", "Precision-aware optimizer needs ZeRO") },
    { "pipeline_exceeds_layers", QT_TRANSLATE_NOOP("Diagnostics", "More pipeline stages than layers") },
    { "vpp_requires_pp", QT_TRANSLATE_NOOP("Diagnostics", "Interleaving needs pipeline parallelism") },
    { "interleave_micro_batches", QT_TRANSLATE_NOOP("Diagnostics", "Interleaving needs micro-batches in multiples of PP") },
    { "power_limit_needs_tdp", QT_TRANSLATE_NOOP("Diagnostics", "A power limit without the TDP") },
    { "framework_no_interleaving", QT_TRANSLATE_NOOP("Diagnostics", "The framework cannot interleave") },
    { "schedule_chunks", QT_TRANSLATE_NOOP("Diagnostics", "vpp does not fit the pipeline schedule") },
    { "schedule_stages", QT_TRANSLATE_NOOP("Diagnostics", "DualPipe needs an even pp") },
    { "schedule_micro_batches", QT_TRANSLATE_NOOP("Diagnostics", "Too few micro-batches for the schedule") },
    { "framework_schedule", QT_TRANSLATE_NOOP("Diagnostics", "The framework lacks this schedule") },
    { "schedule_outside_framework", QT_TRANSLATE_NOOP("Diagnostics", "The schedule needs a fork or library") },
    { "schedule_too_large", QT_TRANSLATE_NOOP("Diagnostics", "Too many micro-batches to simulate") },
    { "few_micro_batches", QT_TRANSLATE_NOOP("Diagnostics", "Fewer micro-batches than stages") },
    { "layers_per_stage_count", QT_TRANSLATE_NOOP("Diagnostics", "Layers per stage: wrong number of entries") },
    { "layers_per_stage_empty", QT_TRANSLATE_NOOP("Diagnostics", "Layers per stage: a negative count") },
    { "layers_per_stage_sum", QT_TRANSLATE_NOOP("Diagnostics", "Layers per stage: wrong total") },
    { "pipeline_split_twice", QT_TRANSLATE_NOOP("Diagnostics", "Two splits of the layers") },
    { "megatron_split", QT_TRANSLATE_NOOP("Diagnostics", "Megatron refuses this split") },
    { "uneven_pipeline_split", QT_TRANSLATE_NOOP("Diagnostics", "Uneven pipeline split") },
    { "sequence_parallel_without_tp", QT_TRANSLATE_NOOP("Diagnostics", "Sequence parallelism without TP") },
    { "tp_comm_overlap_needs_sp", QT_TRANSLATE_NOOP("Diagnostics", "TP overlap needs sequence parallelism") },
    { "tp_crosses_node", QT_TRANSLATE_NOOP("Diagnostics", "TP group spans nodes") },
    { "tp_over_pcie", QT_TRANSLATE_NOOP("Diagnostics", "TP over PCIe") },
    { "zero_with_pipeline", QT_TRANSLATE_NOOP("Diagnostics", "ZeRO-2/3 with pipeline parallelism") },
    { "out_of_memory", QT_TRANSLATE_NOOP("Diagnostics", "Does not fit in GPU memory") },
    { "memory_above_safe_margin", QT_TRANSLATE_NOOP("Diagnostics", "Above the 80 % memory margin") },
    { "no_configuration", QT_TRANSLATE_NOOP("Diagnostics", "No configuration at this size") },
    { "no_configuration_fits", QT_TRANSLATE_NOOP("Diagnostics", "No configuration fits at this size") },
    { "schedule_failed", QT_TRANSLATE_NOOP("Diagnostics", "Pipeline schedule failed") },
    { "topology_unknown_device", QT_TRANSLATE_NOOP("Diagnostics", "Topology: a link to a missing device") },
    { "topology_self_link", QT_TRANSLATE_NOOP("Diagnostics", "Topology: a link from a device to itself") },
    { "topology_duplicate_device", QT_TRANSLATE_NOOP("Diagnostics", "Topology: two devices with one id") },
    { "topology_invalid_link", QT_TRANSLATE_NOOP("Diagnostics", "Topology: link figure out of range") },
    { "topology_gpu_count", QT_TRANSLATE_NOOP("Diagnostics", "Topology: wrong number of GPUs in a node") },
    { "topology_disconnected", QT_TRANSLATE_NOOP("Diagnostics", "Topology: GPUs that cannot reach each other") },
    { "topology_no_nic", QT_TRANSLATE_NOOP("Diagnostics", "Topology: a node without a NIC") },
    { "topology_no_nic_path", QT_TRANSLATE_NOOP("Diagnostics", "Topology: a GPU that reaches no NIC") },
    { "topology_node_count", QT_TRANSLATE_NOOP("Diagnostics", "Topology: node counts do not add up") },
    { "topology_invalid_network", QT_TRANSLATE_NOOP("Diagnostics", "Topology: network figure out of range") },
    { "placement_table_size", QT_TRANSLATE_NOOP("Diagnostics", "Rank table: wrong number of ranks") },
    { "placement_unknown_gpu", QT_TRANSLATE_NOOP("Diagnostics", "Rank table: a GPU the cluster lacks") },
    { "placement_shared_gpu", QT_TRANSLATE_NOOP("Diagnostics", "Rank table: two ranks on one GPU") },
    { "slow_group_link", QT_TRANSLATE_NOOP("Diagnostics", "A link holds a group back") },
    { "shared_nic", QT_TRANSLATE_NOOP("Diagnostics", "Groups share a NIC") },
    { "oversubscribed_spine", QT_TRANSLATE_NOOP("Diagnostics", "Oversubscribed spine") },
    { "oversubscribed_core", QT_TRANSLATE_NOOP("Diagnostics", "Oversubscribed core") },
    { "ecmp_collisions", QT_TRANSLATE_NOOP("Diagnostics", "Flows collide on hashed uplinks") },
};

} // namespace

QString diagnosticTitle(const Diagnostic& diagnostic)
{
    for (const Title& title : kTitles)
        if (diagnostic.code == title.code)
            return QCoreApplication::translate("Diagnostics", title.text);
    return QString::fromStdString(diagnostic.code);
}

QString translatedSentence(const char* context, const char* messageTemplate, const std::vector<DiagnosticArg>& args,
                           const std::string& english)
{
    if (!messageTemplate)
        return QString::fromStdString(english);
    // The core's English template is the translation key; its figures fill the translation by
    // number, as the core's fillTemplate does: QString::arg would fill the lowest placeholder
    // first, and a translation that orders or drops them differently would get the wrong figures.
    const QString text = QCoreApplication::translate(context, messageTemplate);
    QString filled;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const qsizetype index = i + 1 < text.size() && text[i] == QLatin1Char('%') ? text[i + 1].digitValue() - 1 : -1;
        if (index >= 0 && size_t(index) < args.size()) {
            const DiagnosticArg& arg = args[size_t(index)];
            filled += arg.translatable ? QCoreApplication::translate(context, arg.text.c_str()) : QString::fromStdString(arg.text);
            ++i;
            continue;
        }
        filled += text[i];
    }
    return filled;
}

QString translatedSentence(const char* context, const Sentence& sentence)
{
    return translatedSentence(context, sentence.messageTemplate, sentence.args, sentence.text);
}

QString diagnosticMessage(const Diagnostic& diagnostic)
{
    return translatedSentence("Diagnostics", diagnostic.messageTemplate, diagnostic.args, diagnostic.message);
}

QString diagnosticText(const Diagnostic& diagnostic)
{
    return QStringLiteral("<b>%1</b> — %2").arg(diagnosticTitle(diagnostic).toHtmlEscaped(),
                                                 diagnosticMessage(diagnostic).toHtmlEscaped());
}

} // namespace paraplan::widgets
