// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/io/result_json.h"

#include "core/explore/search_ties.h"
#include "core/explore/uncertainty.h"
#include "core/spec/units.h"

#include <cmath>

namespace paraplan::io {

namespace {

// The contract forbids NaN and infinities; a non-finite value would be a bug upstream, written as
// null rather than as invalid JSON.
nlohmann::json finite(double value) { return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(); }

nlohmann::json optionalNumber(const std::optional<double>& value) { return value ? finite(*value) : nlohmann::json(); }

nlohmann::json memoryGib(const MemoryBreakdown& m)
{
    return { { "weights", finite(bytesToGib(m.weights)) },         { "gradients", finite(bytesToGib(m.gradients)) },
             { "optimizer", finite(bytesToGib(m.optimizer)) },     { "activations", finite(bytesToGib(m.activations)) },
             { "other", finite(bytesToGib(m.other)) },             { "total", finite(bytesToGib(m.total())) },
             { "allocator_reserved", finite(bytesToGib(m.allocatorReserved())) } };
}

nlohmann::json diagnosticsJson(const Diagnostics& diagnostics, Severity severity)
{
    nlohmann::json list = nlohmann::json::array();
    for (const Diagnostic& d : diagnostics)
        if (d.severity == severity)
            list.push_back({ { "code", d.code }, { "path", d.path }, { "message", d.message } });
    return list;
}

} // namespace

nlohmann::json toJson(const ParallelSpec& p)
{
    nlohmann::json j = { { "tp", p.degrees.tp },
                         { "pp", p.degrees.pp },
                         { "dp", p.degrees.dp },
                         { "cp", p.degrees.cp },
                         { "ep", p.degrees.ep },
                         { "vpp", p.degrees.vpp },
                         { "sequence_parallel", p.sequenceParallel },
                         { "recompute", toString(p.recompute) },
                         { "zero_stage", p.zeroStage },
                         { "overlap_grad_reduce", p.overlapGradReduce },
                         { "overlap_param_gather", p.overlapParamGather },
                         { "tp_comm_overlap", p.tpCommOverlap } };
    if (p.recompute == Recompute::Selective || !p.recomputeModules.isDefault()) {
        nlohmann::json modules = nlohmann::json::array();
        for (RecomputeModule module : kRecomputeModules)
            if (p.recomputeModules.has(module))
                modules.push_back(toString(module));
        j["recompute_modules"] = modules;
    }
    if (p.degrees.etp > 0) // left out: as tp
        j["etp"] = p.degrees.etp;
    if (p.moeDispatcher != MoeDispatcher::AllToAll)
        j["moe_dispatcher"] = toString(p.moeDispatcher);
    if (p.moeSharedExpertOverlap)
        j["moe_shared_expert_overlap"] = true;
    if (p.moeA2aOverlap)
        j["moe_a2a_overlap"] = true;
    if (p.schedule)
        j["schedule"] = toString(*p.schedule);
    if (!p.layersPerStage.empty())
        j["layers_per_stage"] = p.layersPerStage;
    if (p.firstStageLayers)
        j["decoder_first_pipeline_num_layers"] = *p.firstStageLayers;
    if (p.lastStageLayers)
        j["decoder_last_pipeline_num_layers"] = *p.lastStageLayers;
    if (p.embeddingAsLayer)
        j["account_for_embedding_in_pipeline_split"] = true;
    if (p.lossAsLayer)
        j["account_for_loss_in_pipeline_split"] = true;
    return j;
}

nlohmann::json toJson(const RunGoodput& g)
{
    return { { "fraction", finite(g.fraction) },
             { "fraction_band", { { "low", finite(g.fractionLow) }, { "high", finite(g.fractionHigh) } } },
             { "failures_per_gpu_hour", finite(g.failuresPerGpuHour) },
             { "mtbf_s", finite(g.mtbfS) },
             { "checkpoint_gib", finite(bytesToGib(g.checkpointBytes)) },
             { "checkpoint_write_s", finite(g.checkpointWriteS) },
             { "checkpoint_blocking_s", finite(g.checkpointBlockingS) },
             { "async_checkpoint", g.asyncCheckpoint },
             { "checkpoint_interval_s", finite(g.checkpointIntervalS) },
             { "checkpoint_interval_steps", g.checkpointIntervalSteps },
             { "checkpoint_interval_given", g.intervalGiven },
             { "young_interval_s", finite(g.youngIntervalS) },
             { "daly_interval_s", finite(g.dalyIntervalS) },
             { "restart_s", finite(g.restartS) },
             { "lost_work_per_failure_s", finite(g.lostWorkPerFailureS) },
             { "effective_tokens_per_s", finite(g.effectiveTokensPerS) },
             { "train_tokens", optionalNumber(g.trainTokens) },
             { "time_to_train_s", optionalNumber(g.timeToTrainS) },
             { "expected_failures", optionalNumber(g.expectedFailures) },
             { "cost_usd", optionalNumber(g.costUsd) } };
}

nlohmann::json toJson(const Result& r)
{
    nlohmann::json j;
    j["valid"] = r.valid;
    j["errors"] = diagnosticsJson(r.diagnostics, Severity::Error);
    j["warnings"] = diagnosticsJson(r.diagnostics, Severity::Warning);
    j["gpus"] = r.gpus;
    if (!r.valid)
        return j;
    j["micro_batches"] = r.microBatches;
    j["schedule"] = toString(r.schedule);
    if (!r.pipelineLayout.empty())
        j["pipeline_layout"] = r.pipelineLayout;
    nlohmann::json memory = memoryGib(r.memory);
    memory["capacity"] = finite(bytesToGib(r.capacityBytes));
    memory["fits"] = r.fits;
    memory["worst_stage"] = r.worstStage;
    j["memory_gib"] = memory;
    const TimeBreakdown& t = r.time;
    j["time_s"] = { { "step", finite(t.step) },         { "compute", finite(t.compute) },
                    { "recompute", finite(t.recompute) }, { "tp_comm", finite(t.tpComm) },
                    { "cp_comm", finite(t.cpComm) },     { "ep_comm", finite(t.epComm) },
                    { "pp_comm", finite(t.ppComm) },     { "dp_comm", finite(t.dpComm) },
                    { "bubble", finite(t.bubble) },      { "optimizer", finite(t.optimizer) },
                    { "other", finite(t.other) } };
    // Beside time_s, not in it: its parts add up to the step, and these ran under compute.
    j["hidden_s"] = { { "tp_comm", finite(t.hidden.tp) },
                      { "cp_comm", finite(t.hidden.cp) },
                      { "ep_comm", finite(t.hidden.ep) },
                      { "dp_comm", finite(t.hidden.dp) } };
    if (const std::optional<StepUncertainty>& u = r.uncertainty)
        j["uncertainty"] = { { "step_s", { { "p10", finite(u->p10) }, { "p50", finite(u->p50) }, { "p90", finite(u->p90) } } },
                             { "basis", describeBasis(*u) } };
    j["recompute_chosen"] = toString(r.recomputeChosen);
    j["bubble_fraction"] = finite(r.bubbleFraction);
    j["model_tflops_per_gpu"] = finite(r.modelTflopsPerGpu);
    j["hardware_tflops_per_gpu"] = finite(r.hardwareTflopsPerGpu);
    j["mfu"] = finite(r.mfu);
    j["hfu"] = finite(r.hfu);
    j["tokens_per_s"] = finite(r.tokensPerS);
    j["samples_per_s"] = finite(r.samplesPerS);
    j["time_to_train_s"] = optionalNumber(r.timeToTrainS);
    j["cost_usd"] = optionalNumber(r.costUsd);
    if (r.goodput)
        j["goodput"] = toJson(*r.goodput);
    // Beyond the contract's minimum: the configuration as evaluated and every stage's figures.
    j["parallel"] = toJson(r.parallel);
    j["critical_stage"] = r.criticalStage;
    nlohmann::json stages = nlohmann::json::array();
    for (size_t i = 0; i < r.stages.size(); ++i) {
        const StageReport& s = r.stages[i];
        stages.push_back({ { "stage", i },
                           { "layers", s.layers },
                           { "memory_gib", memoryGib(s.memory) },
                           { "busy_s", finite(s.busy) },
                           { "send_s", finite(s.send) },
                           { "idle_s", finite(s.idle) },
                           { "tail_s", finite(s.tail) },
                           { "end_s", finite(s.end) } });
    }
    j["stages"] = stages;
    nlohmann::json groups = nlohmann::json::array();
    for (const GroupReport& g : r.groups)
        groups.push_back({ { "kind", toString(g.group) },
                           { "size", g.size },
                           { "count", g.count },
                           { "nodes_spanned", g.nodesSpanned },
                           { "bus_GBps", finite(g.busGBps) },
                           { "latency_us", finite(g.latencyUs) },
                           { "bound_by", g.boundBy },
                           { "sharing", g.sharing },
                           { "slowdown", finite(g.slowdown) } });
    j["groups"] = groups;
    return j;
}

nlohmann::json toJson(const SearchResult& search)
{
    nlohmann::json results = nlohmann::json::array();
    for (const SearchEntry& entry : search.best) {
        nlohmann::json parallel = toJson(entry.result.parallel);
        parallel["micro_batch"] = entry.microBatch;
        const nlohmann::json none;
        results.push_back({ { "parallel", parallel },
                            { "result", toJson(entry.result) },
                            { "tied_with_best", entry.tiedWithBest },
                            { "robust_rank", entry.tiedWithBest ? nlohmann::json(entry.robustRank) : none },
                            { "decided_by", entry.decidedBy == TieRule::None ? none : nlohmann::json(toString(entry.decidedBy)) } });
    }
    // The contract's three counts under their old names, and each stage of the search by its own.
    return { { "evaluated", search.gridPoints },
             { "valid", search.ruleAbiding },
             { "fits", search.fits },
             { "grid_points", search.gridPoints },
             { "rule_abiding", search.ruleAbiding },
             { "memory_priced", search.memoryPriced },
             { "bounded", search.bounded },
             { "simulated", search.simulated },
             { "elapsed_s", finite(search.elapsedS) },
             { "results", results } };
}

} // namespace paraplan::io
