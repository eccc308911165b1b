// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/advice/finding_text.h"

#include "widgets/common/diagnostic_text.h"
#include "widgets/common/formatting.h"

#include <QCoreApplication>

#include <cmath>

namespace paraplan::widgets {

namespace {

struct CodeTitle {
    const char* code;
    const char* title;
};

// Every code the advisor (core/explore/advisor_*.cpp) and the symptoms (core/explore/symptoms.cpp)
// emit; a test checks that each finding the advisor makes has one.
constexpr CodeTitle kFindingTitles[] = {
    { "bubble_high", QT_TRANSLATE_NOOP("AdviceText", "Pipeline bubble high") },
    { "uneven_stages", QT_TRANSLATE_NOOP("AdviceText", "Stages take unequal work") },
    { "tp_group_crosses_nodes", QT_TRANSLATE_NOOP("AdviceText", "TP groups cross nodes") },
    { "tp_group_on_shared_link", QT_TRANSLATE_NOOP("AdviceText", "TP groups on a shared link") },
    { "cp_group_crosses_nodes", QT_TRANSLATE_NOOP("AdviceText", "CP groups cross nodes") },
    { "cp_group_on_shared_link", QT_TRANSLATE_NOOP("AdviceText", "CP groups on a shared link") },
    { "dp_on_slow_link", QT_TRANSLATE_NOOP("AdviceText", "Data parallelism on a slow link") },
    { "pp_on_slow_link", QT_TRANSLATE_NOOP("AdviceText", "Pipeline sends on a slow link") },
    { "exposed_communication", QT_TRANSLATE_NOOP("AdviceText", "Communication the framework could hide") },
    { "memory_above_safe_margin", QT_TRANSLATE_NOOP("AdviceText", "Memory above the safe margin") },
    { "out_of_memory", QT_TRANSLATE_NOOP("AdviceText", "Out of memory") },
    { "memory_unused", QT_TRANSLATE_NOOP("AdviceText", "Memory left unused") },
    { "small_micro_batch", QT_TRANSLATE_NOOP("AdviceText", "Micro-batches too small for the GEMMs") },
    { "kv_heads_replicated", QT_TRANSLATE_NOOP("AdviceText", "KV heads replicated by TP") },
    { "global_batch_changed", QT_TRANSLATE_NOOP("AdviceText", "Global batch changed with DP") },
};

constexpr CodeTitle kCauseTitles[] = {
    { "pipeline_bubble", QT_TRANSLATE_NOOP("AdviceText", "Pipeline bubble") },
    { "exposed_communication", QT_TRANSLATE_NOOP("AdviceText", "Exposed communication") },
    { "host_overhead", QT_TRANSLATE_NOOP("AdviceText", "Per-step host overhead") },
    { "data_loading", QT_TRANSLATE_NOOP("AdviceText", "Data loading") },
    { "learning_rate_not_scaled", QT_TRANSLATE_NOOP("AdviceText", "Learning rate not scaled with the batch") },
    { "gradient_reduction_precision", QT_TRANSLATE_NOOP("AdviceText", "Gradient reduction precision") },
    { "nccl_network_settings", QT_TRANSLATE_NOOP("AdviceText", "NCCL network settings") },
    { "pipeline_messages", QT_TRANSLATE_NOOP("AdviceText", "Pipeline messages out of step") },
    { "fragmentation", QT_TRANSLATE_NOOP("AdviceText", "Allocator fragmentation") },
    { "activation_peak", QT_TRANSLATE_NOOP("AdviceText", "Activation peak") },
    { "group_crosses_nodes", QT_TRANSLATE_NOOP("AdviceText", "Groups that cross nodes") },
    { "stragglers", QT_TRANSLATE_NOOP("AdviceText", "Stragglers") },
    { "rdma_not_enabled", QT_TRANSLATE_NOOP("AdviceText", "RDMA not in use") },
    { "pipeline_end_stage", QT_TRANSLATE_NOOP("AdviceText", "Pipeline end stages") },
    { "zero_not_partitioning", QT_TRANSLATE_NOOP("AdviceText", "ZeRO not partitioning") },
    { "rank_zero_duties", QT_TRANSLATE_NOOP("AdviceText", "Rank 0's extra duties") },
};

template <size_t N>
QString titleOf(const CodeTitle (&titles)[N], const std::string& code)
{
    for (const CodeTitle& t : titles)
        if (code == t.code)
            return QCoreApplication::translate("AdviceText", t.title);
    return QString::fromStdString(code);
}

} // namespace

QString findingTitle(const std::string& code) { return titleOf(kFindingTitles, code); }
QString causeTitle(const std::string& code) { return titleOf(kCauseTitles, code); }

QString severityName(FindingSeverity severity)
{
    switch (severity) {
    case FindingSeverity::High:
        return QCoreApplication::translate("AdviceText", "high");
    case FindingSeverity::Medium:
        return QCoreApplication::translate("AdviceText", "medium");
    case FindingSeverity::Low:
        return QCoreApplication::translate("AdviceText", "low");
    }
    return {};
}

QColor severityColour(FindingSeverity severity)
{
    switch (severity) {
    case FindingSeverity::High:
        return QColor(0xd6, 0x27, 0x28);
    case FindingSeverity::Medium:
        return QColor(0xff, 0x7f, 0x0e);
    case FindingSeverity::Low:
        return QColor(0x7f, 0x7f, 0x7f);
    }
    return {};
}

QString evidenceText(const Finding& finding) { return translatedSentence("Advisor", finding.evidence); }
QString changeText(const Finding& finding) { return translatedSentence("Advisor", finding.change); }

QString gainText(const Finding& finding)
{
    const double share = finding.stepBefore > 0 ? std::fabs(finding.gainS) / finding.stepBefore : 0;
    return finding.gainS >= 0
        ? QCoreApplication::translate("AdviceText", "saves %1 (%2)").arg(formatSeconds(finding.gainS), formatPercent(share))
        : QCoreApplication::translate("AdviceText", "costs %1 (%2)").arg(formatSeconds(-finding.gainS), formatPercent(share));
}

QString symptomName(Symptom symptom) { return QCoreApplication::translate("Symptoms", symptomTitle(symptom)); }

} // namespace paraplan::widgets
