// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include "core/io/catalog_reader.h"
#include "core/io/scenario_reader.h"
#include "core/rules/parallel_rules.h"
#include "core/rules/schedule_rules.h"
#include "core/rules/validation.h"
#include "core/spec/catalog.h"

#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace {

using paraplan::Diagnostic;
using paraplan::Diagnostics;
using paraplan::Scenario;
using paraplan::Severity;

const paraplan::ModelSpec& model(const char* id) { return paraplan::io::builtinCatalog().findModel(id)->spec; }
const paraplan::ClusterSpec& cluster(const char* id) { return paraplan::io::builtinCatalog().findCluster(id)->spec; }

// Llama 3.1 8B (32 layers, 32 heads, 8 KV heads, FFN 14336) on two DGX H100 nodes (16 GPUs) with
// tp 4 x pp 2 and dp derived (2); 4096-token sequences, global batch 64 = 32 micro-batches.
// It breaks no rule and earns no warning, so every test below changes one thing.
Scenario baseline()
{
    Scenario s;
    s.model = model("llama3.1-8b");
    s.training.seqLen = 4096;
    s.training.globalBatch = 64;
    s.training.microBatch = 1;
    s.cluster = cluster("dgx-h100");
    s.cluster.nodes = 2;
    s.parallel.degrees.tp = 4;
    s.parallel.degrees.pp = 2;
    return s;
}

// The same split for Mixtral 8x7B (8 experts, top-2), sequence-parallel as Megatron-Core's MoE
// layers need with tp > 1.
Scenario moeBaseline()
{
    Scenario s = baseline();
    s.model = model("mixtral-8x7b");
    s.parallel.sequenceParallel = true;
    return s;
}

std::string describe(const Diagnostics& diagnostics)
{
    std::string text;
    for (const Diagnostic& d : diagnostics)
        text += std::string(d.severity == Severity::Error ? "  error " : "  warning ") + d.code + " at " + d.path
            + ": " + d.message + "\n";
    return text.empty() ? "  (none)\n" : text;
}

Diagnostics withCode(const Diagnostics& diagnostics, const std::string& code)
{
    Diagnostics found;
    for (const Diagnostic& d : diagnostics)
        if (d.code == code)
            found.push_back(d);
    return found;
}

std::vector<std::string> codes(const Diagnostics& diagnostics, Severity severity)
{
    std::vector<std::string> found;
    for (const Diagnostic& d : diagnostics)
        if (d.severity == severity)
            found.push_back(d.code);
    return found;
}

enum class Only { TheCode, TheError };

// Validates `s` and asserts that it reports `code` with `severity` at `path`, with a message that
// names every one of `values`. With Only::TheCode nothing else is reported; with Only::TheError
// the code is the one error (warnings that come with it are allowed).
void expectDiagnostic(const Scenario& s, Severity severity, const std::string& code, const std::string& path,
                      std::initializer_list<std::string> values, Only only = Only::TheCode)
{
    const Diagnostics all = paraplan::validateScenario(s);
    const Diagnostics found = withCode(all, code);
    ASSERT_EQ(found.size(), 1u) << "expected one " << code << ", got:\n" << describe(all);
    const Diagnostic& d = found.front();
    EXPECT_EQ(d.severity, severity) << describe(all);
    EXPECT_EQ(d.path, path) << describe(all);
    EXPECT_FALSE(d.message.empty());
    for (const std::string& value : values)
        EXPECT_NE(d.message.find(value), std::string::npos) << "\"" << value << "\" not in: " << d.message;
    if (only == Only::TheCode) {
        EXPECT_EQ(all.size(), 1u) << "expected only " << code << ", got:\n" << describe(all);
    } else if (severity == Severity::Error) {
        EXPECT_EQ(codes(all, Severity::Error), std::vector<std::string>{ code }) << describe(all);
    }
}

void expectError(const Scenario& s, const std::string& code, const std::string& path,
                 std::initializer_list<std::string> values, Only only = Only::TheCode)
{
    expectDiagnostic(s, Severity::Error, code, path, values, only);
}

void expectWarning(const Scenario& s, const std::string& code, const std::string& path,
                   std::initializer_list<std::string> values)
{
    expectDiagnostic(s, Severity::Warning, code, path, values);
}

void expectClean(const Scenario& s)
{
    const Diagnostics all = paraplan::validateScenario(s);
    EXPECT_TRUE(all.empty()) << describe(all);
}

// Applies `change` to the baseline and returns the result, for one-line test setups.
Scenario changed(const std::function<void(Scenario&)>& change, Scenario s = baseline())
{
    change(s);
    return s;
}

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

} // namespace

// ---- Valid scenarios --------------------------------------------------------------------------

TEST(Validation, BaselineHasNoDiagnostics)
{
    expectClean(baseline());
    expectClean(moeBaseline());
}

TEST(Validation, SpecExampleHasNoErrors)
{
    const Scenario s = paraplan::io::readScenarioText(R"({
      "model": { "preset": "gpt3-175b", "name": "GPT-3 175B", "layers": 96, "hidden": 12288, "heads": 96,
                 "kv_heads": 96, "ffn_hidden": 49152, "gated_mlp": false, "vocab": 51200, "tied_embeddings": true,
                 "moe": { "experts": 0, "top_k": 0, "expert_ffn_hidden": 0 } },
      "training": { "seq_len": 2048, "global_batch": 1536, "micro_batch": 1, "precision": "bf16",
                    "grad_precision": "fp32", "train_tokens": 300e9 },
      "cluster": { "preset": "dgx-a100-80gb", "nodes": 192, "gpu": "a100-sxm-80gb", "gpus_per_node": 8,
                   "intra_node": { "kind": "nvswitch", "GBps_per_gpu": 300, "latency_us": 3 },
                   "inter_node": { "kind": "infiniband", "GBps_per_gpu": 25, "latency_us": 8 },
                   "gpu_hour_cost_usd": 2.0 },
      "parallel": { "tp": 8, "pp": 12, "dp": 16, "cp": 1, "ep": 1, "vpp": 1, "sequence_parallel": false,
                    "recompute": "full", "zero_stage": 1, "overlap_grad_reduce": true,
                    "overlap_param_gather": true, "tp_comm_overlap": false }
    })",
                                                      paraplan::io::builtinCatalog());
    const Diagnostics all = paraplan::validateScenario(s);
    EXPECT_FALSE(paraplan::hasErrors(all)) << describe(all);
}

TEST(Validation, ExplicitDpThatMatchesTheClusterIsAccepted)
{
    expectClean(changed([](Scenario& s) { s.parallel.degrees.dp = 2; }));
}

TEST(Validation, WarningsAloneDoNotCountAsErrors)
{
    const Diagnostics all = paraplan::validateScenario(changed([](Scenario& s) { s.parallel.zeroStage = 2; }));
    ASSERT_FALSE(all.empty());
    EXPECT_FALSE(paraplan::hasErrors(all)) << describe(all);
}

TEST(ResolvedDataParallel, DerivesDpWhenOmitted)
{
    const Scenario s = baseline();
    ASSERT_EQ(s.parallel.degrees.dp, 0);
    EXPECT_EQ(paraplan::dataParallelOf(s), 2); // 16 GPUs / (tp 4 x pp 2 x cp 1)
    EXPECT_EQ(paraplan::dataParallelOf(changed([](Scenario& s) { s.parallel.degrees.cp = 2; })), 1);
    EXPECT_EQ(paraplan::dataParallelOf(changed([](Scenario& s) { s.parallel.degrees.tp = 1; s.parallel.degrees.pp = 1; })), 16);
}

TEST(ResolvedDataParallel, ReturnsAnExplicitDpUnchanged)
{
    EXPECT_EQ(paraplan::dataParallelOf(changed([](Scenario& s) { s.parallel.degrees.dp = 2; })), 2);
    EXPECT_EQ(paraplan::dataParallelOf(changed([](Scenario& s) { s.parallel.degrees.dp = 5; })), 5);
}

TEST(ResolvedDataParallel, IsZeroWhenTheGpusDoNotDivide)
{
    EXPECT_EQ(paraplan::dataParallelOf(changed([](Scenario& s) { s.parallel.degrees.pp = 3; })), 0);
}

TEST(Validation, SeveralProblemsAreAllReported)
{
    const Scenario s = changed([](Scenario& s) {
        s.model.layers = 0;
        s.training.seqLen = 0;
        s.cluster.nodes = 0;
        s.parallel.degrees.tp = 0;
        s.parallel.zeroStage = 7;
    });
    const Diagnostics all = paraplan::validateScenario(s);
    EXPECT_EQ(withCode(all, "invalid_model_dimension").size(), 1u) << describe(all);
    EXPECT_EQ(withCode(all, "invalid_training_value").size(), 1u) << describe(all);
    EXPECT_EQ(withCode(all, "invalid_cluster_value").size(), 1u) << describe(all);
    EXPECT_EQ(withCode(all, "invalid_parallel_degree").size(), 1u) << describe(all);
    EXPECT_EQ(withCode(all, "invalid_zero_stage").size(), 1u) << describe(all);
    EXPECT_EQ(all.size(), 5u) << describe(all);
}

TEST(Validation, SeveralSplitProblemsAreAllReported)
{
    const Scenario s = changed([](Scenario& s) {
        s.model.ffnHidden = 14338;  // not divisible by tp 4
        s.training.seqLen = 4095;   // not divisible by cp 2
        s.parallel.degrees.cp = 2;          // dp = 16 / (4 x 2 x 2) = 1
        s.parallel.degrees.ep = 2;          // dense model (ep 2 does divide dp x cp = 2)
        s.parallel.sequenceParallel = false;
        s.parallel.tpCommOverlap = true;
    });
    const Diagnostics all = paraplan::validateScenario(s);
    EXPECT_EQ(codes(all, Severity::Error),
              (std::vector<std::string>{ "ffn_not_divisible_by_tp", "seq_not_divisible_by_cp", "ep_without_moe" }))
        << describe(all);
    EXPECT_EQ(codes(all, Severity::Warning), std::vector<std::string>{ "tp_comm_overlap_needs_sp" }) << describe(all);
}

// ---- Model ------------------------------------------------------------------------------------

TEST(ValidationModel, NonPositiveDimensionIsInvalid)
{
    const std::pair<const char*, std::function<void(paraplan::ModelSpec&)>> fields[] = {
        { "model.layers", [](paraplan::ModelSpec& m) { m.layers = 0; } },
        { "model.hidden", [](paraplan::ModelSpec& m) { m.hidden = 0; } },
        { "model.heads", [](paraplan::ModelSpec& m) { m.heads = 0; } },
        { "model.kv_heads", [](paraplan::ModelSpec& m) { m.kvHeads = 0; } },
        { "model.vocab", [](paraplan::ModelSpec& m) { m.vocab = 0; } },
        { "model.ffn_hidden", [](paraplan::ModelSpec& m) { m.ffnHidden = 0; } },
    };
    for (const auto& [path, change] : fields) {
        SCOPED_TRACE(path);
        Scenario s = baseline();
        change(s.model);
        expectError(s, "invalid_model_dimension", path, { "is 0", "at least 1" });
    }
}

TEST(ValidationModel, NegativeLayersAreInvalid)
{
    expectError(changed([](Scenario& s) { s.model.layers = -3; }), "invalid_model_dimension", "model.layers",
                { "-3", "at least 1" });
}

TEST(ValidationModel, MoeModelNeedsNoDenseFfnWidth)
{
    Scenario s = moeBaseline();
    s.model.ffnHidden = 0;
    expectClean(s);
}

TEST(ValidationModel, HiddenNotDivisibleByHeads)
{
    expectError(changed([](Scenario& s) { s.model.hidden = 4100; }), "hidden_not_divisible_by_heads", "model.heads",
                { "4100", "32" });
}

TEST(ValidationModel, KvHeadsThatDoNotDivideHeads)
{
    expectError(changed([](Scenario& s) { s.model.kvHeads = 5; }), "kv_heads_invalid", "model.kv_heads", { "5", "32" });
}

TEST(ValidationModel, KvHeadsAboveHeads)
{
    expectError(changed([](Scenario& s) { s.model.kvHeads = 64; }), "kv_heads_invalid", "model.kv_heads",
                { "64", "32" });
}

TEST(ValidationModel, NegativeExpertCount)
{
    expectError(changed([](Scenario& s) { s.model.moe.experts = -1; }), "moe_invalid", "model.moe.experts",
                { "negative" });
}

TEST(ValidationModel, MoeTopKOfZero)
{
    Scenario s = moeBaseline();
    s.model.moe.topK = 0;
    expectError(s, "moe_invalid", "model.moe.top_k", { "is 0", "8" });
}

TEST(ValidationModel, MoeTopKAboveExperts)
{
    Scenario s = moeBaseline();
    s.model.moe.topK = 9;
    expectError(s, "moe_invalid", "model.moe.top_k", { "9", "8" });
}

TEST(ValidationModel, MoeWithoutExpertWidth)
{
    Scenario s = moeBaseline();
    s.model.moe.expertFfnHidden = 0;
    expectError(s, "moe_invalid", "model.moe.expert_ffn_hidden", { "is 0", "at least 1" });
}

TEST(ValidationModel, NoMoeLayerLeft)
{
    Scenario s = moeBaseline();
    s.model.moe.firstDenseLayers = s.model.layers;
    expectError(s, "moe_invalid", "model.moe.first_dense_layers", { "none of", "first_dense_layers" });
}

TEST(ValidationModel, DenseLayersBesideMoeNeedTheirWidth)
{
    Scenario s = moeBaseline();
    s.model.moe.layerFrequency = 2;
    s.model.ffnHidden = 0;
    expectError(s, "invalid_model_dimension", "model.ffn_hidden", { "is 0" });
}

TEST(ValidationModel, SharedExpertsNeedAWidth)
{
    Scenario s = moeBaseline();
    s.model.moe.sharedExperts = 1;
    s.model.moe.sharedExpertFfnHidden = 0;
    expectError(s, "moe_invalid", "model.moe.shared_expert_ffn_hidden", { "is 0" });
    s.model.moe.sharedExperts = -1;
    expectError(s, "moe_invalid", "model.moe.shared_experts", { "-1" });
}

TEST(ValidationModel, MlaNeedsItsHeadDimensions)
{
    Scenario s = changed([](Scenario& m) { m.model.mla = { .kvLoraRank = 512, .qkNopeHeadDim = 128, .qkRopeHeadDim = 64 }; });
    expectError(s, "invalid_model_dimension", "model.mla.v_head_dim", { "is 0" });
    s.model.mla.vHeadDim = 128;
    s.model.mla.qLoraRank = -1;
    expectError(s, "invalid_model_dimension", "model.mla.q_lora_rank", { "-1" });
}

// With MLA or an explicit head dimension, hidden need not be heads x head dimension (Qwen3-32B:
// 64 x 128 heads on 5120).
TEST(ValidationModel, AnExplicitHeadDimensionFreesTheHiddenSize)
{
    Scenario s = changed([](Scenario& m) { m.model.hidden = 4100; });
    expectError(s, "hidden_not_divisible_by_heads", "model.heads", { "4100" });
    s.model.headDimension = 128;
    EXPECT_TRUE(withCode(validateScenario(s), "hidden_not_divisible_by_heads").empty());
    s.model.headDimension = -1;
    expectError(s, "invalid_model_dimension", "model.head_dim", { "-1" });
}

TEST(ValidationModel, LocalAttentionAndMtpAreCounts)
{
    expectError(changed([](Scenario& s) { s.model.localAttention.window = -128; }), "invalid_model_dimension",
                "model.local_attention.window", { "-128" });
    expectError(changed([](Scenario& s) { s.model.mtpLayers = -1; }), "invalid_model_dimension", "model.mtp_layers",
                { "-1" });
}

// ---- Training ---------------------------------------------------------------------------------

TEST(ValidationTraining, NonPositiveCountsAreInvalid)
{
    const std::pair<const char*, std::function<void(paraplan::TrainingSpec&)>> fields[] = {
        { "training.seq_len", [](paraplan::TrainingSpec& t) { t.seqLen = 0; } },
        { "training.global_batch", [](paraplan::TrainingSpec& t) { t.globalBatch = 0; } },
        { "training.micro_batch", [](paraplan::TrainingSpec& t) { t.microBatch = 0; } },
    };
    for (const auto& [path, change] : fields) {
        SCOPED_TRACE(path);
        Scenario s = baseline();
        change(s.training);
        expectError(s, "invalid_training_value", path, { "is 0", "at least 1" });
    }
}

TEST(ValidationTraining, TrainTokensMustBePositiveAndPlausible)
{
    for (double tokens : { 0.0, -1e9, 2e18, kNaN }) {
        SCOPED_TRACE(tokens);
        expectError(changed([tokens](Scenario& s) { s.training.trainTokens = tokens; }), "invalid_training_value",
                    "training.train_tokens", { "train_tokens is", "1e18" });
    }
    expectError(changed([](Scenario& s) { s.training.trainTokens = -5; }), "invalid_training_value",
                "training.train_tokens", { "-5" });
}

TEST(ValidationTraining, TrainTokensMayBeOmittedOrPositive)
{
    expectClean(changed([](Scenario& s) { s.training.trainTokens = 15e12; }));
    expectClean(changed([](Scenario& s) { s.training.trainTokens.reset(); }));
}

// ---- Cluster ----------------------------------------------------------------------------------

TEST(ValidationCluster, LinkBandwidthMustBePositive)
{
    expectError(changed([](Scenario& s) { s.cluster.intraNode.GBpsPerGpu = 0; }), "invalid_link",
                "cluster.intra_node.GBps_per_gpu", { "is 0", "greater than 0" });
    expectError(changed([](Scenario& s) { s.cluster.interNode.GBpsPerGpu = -25; }), "invalid_link",
                "cluster.inter_node.GBps_per_gpu", { "-25" });
    expectError(changed([](Scenario& s) { s.cluster.interNode.GBpsPerGpu = kNaN; }), "invalid_link",
                "cluster.inter_node.GBps_per_gpu", { "greater than 0" });
}

TEST(ValidationCluster, LinkLatencyMustBeBetweenZeroAndASecond)
{
    expectError(changed([](Scenario& s) { s.cluster.interNode.latencyUs = -1; }), "invalid_link",
                "cluster.inter_node.latency_us", { "-1", "between 0 and 1e6" });
    expectError(changed([](Scenario& s) { s.cluster.intraNode.latencyUs = 2e6; }), "invalid_link",
                "cluster.intra_node.latency_us", { "2000000" });
    expectClean(changed([](Scenario& s) { s.cluster.intraNode.latencyUs = 0; }));
}

TEST(ValidationCluster, NodesMustBePositive)
{
    expectError(changed([](Scenario& s) { s.cluster.nodes = 0; }), "invalid_cluster_value", "cluster.nodes",
                { "is 0", "at least 1" });
}

TEST(ValidationCluster, GpusPerNodeMustBePositive)
{
    expectError(changed([](Scenario& s) { s.cluster.gpusPerNode = -8; }), "invalid_cluster_value",
                "cluster.gpus_per_node", { "-8", "at least 1" });
}

TEST(ValidationCluster, GpuHourCostMustBeBetweenZeroAndTenThousand)
{
    expectError(changed([](Scenario& s) { s.cluster.gpuHourCostUsd = -1.5; }), "invalid_cluster_value",
                "cluster.gpu_hour_cost_usd", { "-1.5", "10000" });
    expectError(changed([](Scenario& s) { s.cluster.gpuHourCostUsd = 20000; }), "invalid_cluster_value",
                "cluster.gpu_hour_cost_usd", { "20000" });
    expectClean(changed([](Scenario& s) { s.cluster.gpuHourCostUsd = 0; }));
}

TEST(ValidationCluster, GpuFiguresMustBePositive)
{
    expectError(changed([](Scenario& s) { s.cluster.gpu.peakBf16Tflops = 0; }), "invalid_gpu",
                "cluster.gpu.peak_tflops.bf16", { "is 0", "greater than 0" });
    expectError(changed([](Scenario& s) { s.cluster.gpu.hbmGib = -80; }), "invalid_gpu", "cluster.gpu.hbm_gib",
                { "-80" });
    expectError(changed([](Scenario& s) { s.cluster.gpu.hbmGBps = kNaN; }), "invalid_gpu", "cluster.gpu.hbm_GBps",
                { "greater than 0" });
    expectError(changed([](Scenario& s) { s.cluster.gpu.sms = 0; }), "invalid_gpu", "cluster.gpu.sms",
                { "is 0", "at least 1" });
    // Issue #12 (fuzz corpus crash-evaluate-denormal-bf16-peak): a step priced at infinity.
    expectError(changed([](Scenario& s) { s.cluster.gpu.peakBf16Tflops = 1e-320; }), "invalid_gpu",
                "cluster.gpu.peak_tflops.bf16", { "below the plausible" });
}

TEST(ValidationCluster, Fp8OnAGpuWithoutFp8TensorCores)
{
    const Scenario s = changed([](Scenario& s) {
        s.cluster = cluster("dgx-a100-80gb");
        s.cluster.nodes = 2;
        s.training.precision = paraplan::Precision::Fp8;
    });
    expectError(s, "precision_unsupported", "training.precision", { "NVIDIA A100 SXM4 80GB", "fp8" });
}

TEST(ValidationCluster, APowerLimitNeedsTheTdp)
{
    expectError(changed([](Scenario& s) { s.cluster.gpu.powerLimitW = 500; s.cluster.gpu.tdpW = 0; }),
                "power_limit_needs_tdp", "cluster.gpu.tdp_w", { "500", "tdp_w" });
    expectError(changed([](Scenario& s) { s.cluster.gpu.powerLimitW = 50; s.cluster.gpu.tdpW = 700; }),
                "invalid_gpu", "cluster.gpu.power_limit_w", { "50", "700" });
    expectClean(changed([](Scenario& s) { s.cluster.gpu.powerLimitW = 500; s.cluster.gpu.tdpW = 700; }));
}

TEST(ValidationCluster, Fp8OnAGpuWithFp8TensorCoresIsAccepted)
{
    expectClean(changed([](Scenario& s) { s.training.precision = paraplan::Precision::Fp8; }));
}

// ---- Values too large -------------------------------------------------------------------------

TEST(ValidationTooLarge, ModelDimensionAboveTheSupportedRange)
{
    expectError(changed([](Scenario& s) { s.model.layers = 20'000'000; }), "value_too_large", "model.layers",
                { "20000000", "10000000" });
}

TEST(ValidationTooLarge, TrainingCountAboveTheSupportedRange)
{
    expectError(changed([](Scenario& s) { s.training.globalBatch = std::numeric_limits<int64_t>::max(); }),
                "value_too_large", "training.global_batch", { "9223372036854775807" });
}

TEST(ValidationTooLarge, ClusterWithTooManyGpus)
{
    expectError(changed([](Scenario& s) { s.cluster.nodes = 2'000'000; }), "value_too_large", "cluster.nodes",
                { "16000000", "10000000" });
}

TEST(ValidationTooLarge, ImplausibleGpuMemory)
{
    expectError(changed([](Scenario& s) { s.cluster.gpu.hbmGib = 2e5; }), "value_too_large", "cluster.gpu.hbm_gib",
                { "200000", "100000" });
}

TEST(ValidationTooLarge, ImplausibleLinkBandwidth)
{
    expectError(changed([](Scenario& s) { s.cluster.intraNode.GBpsPerGpu = 4.5e5; }), "value_too_large",
                "cluster.intra_node.GBps_per_gpu", { "450000" });
}

TEST(ValidationTooLarge, ImplausibleFp8PeakWhenTrainingInFp8)
{
    const Scenario s = changed([](Scenario& s) {
        s.training.precision = paraplan::Precision::Fp8;
        s.cluster.gpu.peakFp8Tflops = 2e6;
    });
    expectError(s, "value_too_large", "cluster.gpu.peak_tflops.fp8", { "fp8" });
}

TEST(ValidationTooLarge, ParallelDegreeAboveTheSupportedRange)
{
    expectError(changed([](Scenario& s) { s.parallel.degrees.tp = 50'000'000; }), "value_too_large", "parallel.tp",
                { "50000000" });
}

// ---- Parallel degrees -------------------------------------------------------------------------

TEST(ValidationParallel, DegreesMustBePositive)
{
    const std::pair<const char*, std::function<void(paraplan::ParallelSpec&)>> fields[] = {
        { "parallel.tp", [](paraplan::ParallelSpec& p) { p.degrees.tp = 0; } },
        { "parallel.pp", [](paraplan::ParallelSpec& p) { p.degrees.pp = 0; } },
        { "parallel.cp", [](paraplan::ParallelSpec& p) { p.degrees.cp = 0; } },
        { "parallel.ep", [](paraplan::ParallelSpec& p) { p.degrees.ep = 0; } },
        { "parallel.vpp", [](paraplan::ParallelSpec& p) { p.degrees.vpp = 0; } },
    };
    for (const auto& [path, change] : fields) {
        SCOPED_TRACE(path);
        Scenario s = baseline();
        change(s.parallel);
        expectError(s, "invalid_parallel_degree", path, { "is 0", "at least 1" });
    }
}

TEST(ValidationParallel, NegativeDpIsInvalid)
{
    expectError(changed([](Scenario& s) { s.parallel.degrees.dp = -2; }), "invalid_parallel_degree", "parallel.dp",
                { "-2", "at least 0" });
}

TEST(ValidationParallel, ZeroStageOutsideZeroToThree)
{
    expectError(changed([](Scenario& s) { s.parallel.zeroStage = 4; }), "invalid_zero_stage", "parallel.zero_stage",
                { "4" });
    expectError(changed([](Scenario& s) { s.parallel.zeroStage = -1; }), "invalid_zero_stage",
                "parallel.zero_stage", { "-1" });
    for (int stage : { 0, 1 })
        expectClean(changed([stage](Scenario& s) { s.parallel.zeroStage = stage; }));
}

// ---- GPU count --------------------------------------------------------------------------------

TEST(ValidationSplit, ModelParallelGroupLargerThanTheCluster)
{
    expectError(changed([](Scenario& s) { s.parallel.degrees.tp = 8; s.parallel.degrees.pp = 4; }), "gpu_count_mismatch",
                "parallel.tp", { "32", "16" });
}

TEST(ValidationSplit, ContextParallelOverflowsTheCluster)
{
    expectError(changed([](Scenario& s) { s.parallel.degrees.cp = 4; }), "gpu_count_mismatch", "parallel.tp",
                { "8 x 4", "16" });
}

TEST(ValidationSplit, ExplicitDpThatDoesNotMatchTheGpuCount)
{
    expectError(changed([](Scenario& s) { s.parallel.degrees.dp = 3; }), "gpu_count_mismatch", "parallel.dp",
                { "8 x 3", "16", "set dp to 2" });
}

TEST(ValidationSplit, ExplicitDpWhenNoDpFits)
{
    expectError(changed([](Scenario& s) { s.parallel.degrees.tp = 1; s.parallel.degrees.pp = 3; s.parallel.degrees.dp = 5; }),
                "gpu_count_mismatch", "parallel.dp", { "3 x 5", "16", "no dp can" });
}

TEST(ValidationSplit, GpusNotAMultipleOfTheModelParallelGroup)
{
    expectError(changed([](Scenario& s) { s.parallel.degrees.tp = 1; s.parallel.degrees.pp = 3; }), "gpus_not_divisible",
                "parallel.dp", { "16", "3" });
}

// ---- Tensor parallelism -----------------------------------------------------------------------

TEST(ValidationSplit, HeadsNotDivisibleByTp)
{
    // 24 heads over tp 16 on one 16-GPU node; 8 KV heads divide 16, so they are only replicated.
    const Scenario s = changed([](Scenario& s) {
        s.model.hidden = 3072;
        s.model.heads = 24;
        s.cluster.nodes = 1;
        s.cluster.gpusPerNode = 16;
        s.cluster.topology.reset(); // a 16-GPU node: the summary describes it, not the DGX's topology
        s.parallel.degrees.tp = 16;
        s.parallel.degrees.pp = 1;
    });
    expectError(s, "heads_not_divisible_by_tp", "parallel.tp", { "24", "16" }, Only::TheError);
}

TEST(ValidationSplit, TpAboveKvHeadsReplicatesThem)
{
    const Scenario s = changed([](Scenario& s) {
        s.cluster.nodes = 1;
        s.cluster.gpusPerNode = 16;
        s.cluster.topology.reset(); // a 16-GPU node: the summary describes it, not the DGX's topology
        s.parallel.degrees.tp = 16;
        s.parallel.degrees.pp = 1;
    });
    expectWarning(s, "kv_heads_replicated", "parallel.tp", { "16", "8" });
}

TEST(ValidationSplit, KvHeadsAndTpThatDoNotDivideOneAnother)
{
    const Scenario s = changed([](Scenario& s) {
        s.model.hidden = 3072;
        s.model.heads = 24;
        s.model.kvHeads = 12;
        s.parallel.degrees.tp = 8;
        s.parallel.degrees.pp = 2; // dp 1
    });
    expectError(s, "kv_heads_not_divisible_by_tp", "parallel.tp", { "12", "8" });
}

TEST(ValidationSplit, FfnNotDivisibleByTp)
{
    expectError(changed([](Scenario& s) { s.model.ffnHidden = 14338; }), "ffn_not_divisible_by_tp", "parallel.tp",
                { "14338", "4" });
}

TEST(ValidationSplit, ExpertFfnNotDivisibleByTheExpertTpThatFollowsTp)
{
    Scenario s = moeBaseline();
    s.model.moe.expertFfnHidden = 14338;
    expectError(s, "expert_ffn_not_divisible_by_etp", "parallel.etp", { "14338", "(4)" });
    s.parallel.degrees.etp = 2; // 14338 = 2 x 7169: the experts split in two while attention splits in four
    expectClean(s);
}

TEST(ValidationSplit, DenseLayersAndSharedExpertsSplitOverTp)
{
    Scenario s = moeBaseline();
    s.model.moe.sharedExperts = 1;
    s.model.moe.sharedExpertFfnHidden = 1026;
    expectError(s, "ffn_not_divisible_by_tp", "parallel.tp", { "1026", "4" });
    s.model.moe.sharedExpertFfnHidden = 1024;
    s.model.moe.firstDenseLayers = 1;
    s.model.ffnHidden = 1030;
    expectError(s, "ffn_not_divisible_by_tp", "parallel.tp", { "1030", "4" });
}

TEST(ValidationSplit, ExpertTpNeedsExperts)
{
    expectError(changed([](Scenario& s) { s.parallel.degrees.etp = 2; }), "etp_without_moe", "parallel.etp", { "2" });
    expectError(changed([](Scenario& s) { s.parallel.degrees.etp = 4; }), "etp_without_moe", "parallel.etp", { "4" });
}

TEST(ValidationSplit, ExpertTpTimesEpMustDivideTheStagesRanks)
{
    // tp 4 x dp 2 = 8 ranks a stage: etp 1 x ep 8 re-splits them (ETP x EP != TP), etp 2 x ep 8 cannot.
    Scenario s = moeBaseline();
    s.parallel.degrees.etp = 1;
    s.parallel.degrees.ep = 8;
    expectClean(s);
    s.parallel.degrees.etp = 2;
    expectError(s, "ep_not_divisible", "parallel.ep", { "etp x ep = 2 x 8", "8" });
}

TEST(ValidationSplit, MoeWithTpNeedsSequenceParallelism)
{
    Scenario s = moeBaseline();
    s.parallel.sequenceParallel = false;
    expectWarning(s, "moe_tp_without_sequence_parallel", "parallel.sequence_parallel", { "4 TP ranks" });
}

TEST(ValidationSplit, SharedExpertOverlapNeedsSharedExpertsAndTheAllToAllDispatcher)
{
    Scenario s = moeBaseline();
    s.parallel.moeSharedExpertOverlap = true;
    expectWarning(s, "shared_expert_overlap_unused", "parallel.moe_shared_expert_overlap", {});
    s.model.moe.sharedExperts = 1;
    s.model.moe.sharedExpertFfnHidden = 1024;
    expectClean(s);
    s.parallel.moeDispatcher = MoeDispatcher::AllGather;
    expectWarning(s, "shared_expert_overlap_unused", "parallel.moe_shared_expert_overlap", {});
}

TEST(ValidationModel, RoutingLoadsLieBetweenTheMeanAndEveryToken)
{
    // Mixtral: 8 experts, top-2, so an expert holds at most 4 times the mean.
    Scenario s = moeBaseline();
    s.model.moe.imbalance = 0.5;
    expectError(s, "moe_invalid", "model.moe.imbalance", { "0.5", "4" });
    s.model.moe.imbalance = 4;
    expectClean(s);
    s.model.moe.capacityFactor = 5;
    expectError(s, "moe_invalid", "model.moe.capacity_factor", { "5", "4" });
    s.model.moe.capacityFactor = 0;
    s.model.moe.padToCapacity = true;
    expectError(s, "moe_invalid", "model.moe.pad_to_capacity", { "capacity_factor" });
}

// ---- Context parallelism and batch ------------------------------------------------------------

TEST(ValidationSplit, SequenceNotDivisibleByCp)
{
    expectError(changed([](Scenario& s) { s.training.seqLen = 4095; s.parallel.degrees.cp = 2; }), "seq_not_divisible_by_cp",
                "parallel.cp", { "4095", "2" });
}

TEST(ValidationSplit, GlobalBatchNotAMultipleOfMicroBatchTimesDp)
{
    expectError(changed([](Scenario& s) { s.training.globalBatch = 63; }), "global_batch_not_divisible",
                "training.global_batch", { "63", "1 x 2" });
    expectError(changed([](Scenario& s) { s.training.microBatch = 3; }), "global_batch_not_divisible",
                "training.global_batch", { "64", "3 x 2" });
}

TEST(ValidationSplit, MicroBatchLargerThanGlobalBatch)
{
    expectError(changed([](Scenario& s) { s.training.microBatch = 128; }), "global_batch_not_divisible",
                "training.global_batch", { "64", "128" });
}

// ---- Expert parallelism -----------------------------------------------------------------------

TEST(ValidationSplit, EpOnADenseModel)
{
    expectError(changed([](Scenario& s) { s.parallel.degrees.ep = 2; }), "ep_without_moe", "parallel.ep", { "ep is 2" });
}

TEST(ValidationSplit, ExpertsNotDivisibleByEp)
{
    // 24 GPUs: tp 4 x pp 2 x dp 3, so ep 3 divides dp x cp but not the 8 experts.
    Scenario s = moeBaseline();
    s.cluster.nodes = 3;
    s.training.globalBatch = 48;
    s.parallel.degrees.ep = 3;
    expectError(s, "experts_not_divisible_by_ep", "parallel.ep", { "8", "3" });
}

TEST(ValidationSplit, EpNotDividingDpTimesCp)
{
    Scenario s = moeBaseline();
    s.parallel.degrees.ep = 4; // dp x cp = 2
    expectError(s, "ep_not_divisible", "parallel.ep", { "etp x ep = 4 x 4", "tp x cp x dp = 8" });
}

TEST(ValidationSplit, EpDividingExpertsAndDpIsAccepted)
{
    Scenario s = moeBaseline();
    s.parallel.degrees.ep = 2;
    expectClean(s);
}

// ---- Pipeline ---------------------------------------------------------------------------------

TEST(ValidationPipeline, MoreStagesThanLayers)
{
    expectError(changed([](Scenario& s) { s.model.layers = 1; }), "pipeline_exceeds_layers", "parallel.pp",
                { "pp x vpp = 2", "1 layers" });
}

TEST(ValidationPipeline, MoreVirtualStagesThanLayers)
{
    expectError(changed([](Scenario& s) { s.parallel.degrees.vpp = 32; }), "pipeline_exceeds_layers", "parallel.pp",
                { "64", "32" });
}

TEST(ValidationPipeline, VppWithoutPipeline)
{
    expectError(changed([](Scenario& s) { s.parallel.degrees.pp = 1; s.parallel.degrees.vpp = 2; }), "vpp_requires_pp",
                "parallel.vpp", { "vpp", "pp > 1" });
}

TEST(ValidationPipeline, InterleavingNeedsMicroBatchesAMultipleOfPp)
{
    // 62 / dp 2 = 31 micro-batches over pp 2.
    expectError(changed([](Scenario& s) { s.parallel.degrees.vpp = 2; s.training.globalBatch = 62; }),
                "interleave_micro_batches", "parallel.vpp", { "31", "2" });
}

TEST(ValidationPipeline, InterleavedScheduleWithMatchingMicroBatchesIsAccepted)
{
    expectClean(changed([](Scenario& s) { s.parallel.degrees.vpp = 2; }));
}

TEST(ValidationPipeline, DeepSpeedsPipelineEngineCannotInterleave)
{
    // DeepSpeed's TrainSchedule runs one model chunk per stage (deepspeed/runtime/pipe/schedule.py).
    expectError(changed([](Scenario& s) {
                    s.parallel.degrees.vpp = 2;
                    s.framework.name = paraplan::Framework::MegatronDeepSpeed;
                }),
                "framework_no_interleaving", "parallel.vpp", { "megatron-deepspeed", "vpp 1" });
    expectClean(changed([](Scenario& s) { s.framework.name = paraplan::Framework::MegatronDeepSpeed; }));
}

TEST(ValidationPipeline, TooManyPipelineOperationsToSimulate)
{
    // 2^22 / dp 2 = 2097152 micro-batches x 2 stages > 4'000'000.
    expectError(changed([](Scenario& s) { s.training.globalBatch = 4'194'304; }), "schedule_too_large",
                "training.micro_batch", { "2097152", "2" });
}

TEST(ValidationPipeline, FewerMicroBatchesThanStages)
{
    expectWarning(changed([](Scenario& s) { s.training.globalBatch = 2; }), "few_micro_batches",
                  "training.global_batch", { "Only 1", "2" });
}

TEST(ValidationPipeline, LayersPerStageWithTheWrongCount)
{
    expectError(changed([](Scenario& s) { s.parallel.layersPerStage = { 16, 8, 8 }; }), "layers_per_stage_count",
                "parallel.layers_per_stage", { "3 entries", "2" });
}

TEST(ValidationPipeline, LayersPerStageCountsVirtualStages)
{
    expectError(changed([](Scenario& s) { s.parallel.degrees.vpp = 2; s.parallel.layersPerStage = { 16, 16 }; }),
                "layers_per_stage_count", "parallel.layers_per_stage", { "2 entries", "4" });
    expectClean(changed([](Scenario& s) { s.parallel.degrees.vpp = 2; s.parallel.layersPerStage = { 7, 9, 9, 7 }; }));
}

// A stage may hold no transformer layer, only the embedding or the loss, as Megatron's layouts allow;
// fewer than none is an error.
TEST(ValidationPipeline, LayersPerStageWithAnEmptyStage)
{
    expectClean(changed([](Scenario& s) { s.parallel.layersPerStage = { 32, 0 }; }));
    expectError(changed([](Scenario& s) { s.parallel.layersPerStage = { -1, 33 }; }), "layers_per_stage_empty",
                "parallel.layers_per_stage[0]", { "zero layers or more" });
}

TEST(ValidationPipeline, MegatronsUnevenSplitsAreCheckedAsMegatronDoes)
{
    // 32 layers over pp 2: the first stage 10, the last 22.
    expectClean(changed([](Scenario& s) { s.parallel.firstStageLayers = 10; }));
    // 32 + 1 over pp 2 does not divide.
    expectError(changed([](Scenario& s) { s.parallel.embeddingAsLayer = true; }), "megatron_split",
                "parallel.decoder_first_pipeline_num_layers", { "33", "pp = 2" });
    expectError(changed([](Scenario& s) {
                    s.parallel.embeddingAsLayer = true;
                    s.parallel.lossAsLayer = true;
                    s.parallel.layersPerStage = { 16, 16 };
                }),
                "pipeline_split_twice", "parallel.layers_per_stage", {});
}

TEST(ValidationPipeline, LayersPerStageThatDoNotSumToTheLayers)
{
    expectError(changed([](Scenario& s) { s.parallel.layersPerStage = { 16, 15 }; }), "layers_per_stage_sum",
                "parallel.layers_per_stage", { "31", "32" });
}

TEST(ValidationPipeline, UnevenSplitWithoutLayersPerStageWarns)
{
    expectWarning(changed([](Scenario& s) { s.model.layers = 31; }), "uneven_pipeline_split", "parallel.pp",
                  { "31", "2" });
}

TEST(ValidationPipeline, UnevenSplitGivenInLayersPerStageDoesNotWarn)
{
    expectClean(changed([](Scenario& s) {
        s.model.layers = 31;
        s.parallel.layersPerStage = { 15, 16 };
    }));
}

// ---- Choices that are legal but costly --------------------------------------------------------

TEST(ValidationChoices, SequenceParallelWithoutTp)
{
    expectWarning(changed([](Scenario& s) { s.parallel.degrees.tp = 1; s.parallel.sequenceParallel = true; }),
                  "sequence_parallel_without_tp", "parallel.sequence_parallel", { "tp = 1" });
}

TEST(ValidationChoices, SequenceParallelWithTpIsAccepted)
{
    expectClean(changed([](Scenario& s) { s.parallel.sequenceParallel = true; }));
}

TEST(ValidationChoices, TpCommOverlapWithoutSequenceParallel)
{
    expectWarning(changed([](Scenario& s) { s.parallel.tpCommOverlap = true; }), "tp_comm_overlap_needs_sp",
                  "parallel.tp_comm_overlap", { "sequence_parallel" });
    expectClean(changed([](Scenario& s) {
        s.parallel.tpCommOverlap = true;
        s.parallel.sequenceParallel = true;
    }));
}

TEST(ValidationChoices, TpLargerThanANode)
{
    // Llama 2 7B: 32 heads and 32 KV heads, so tp 16 only crosses the node.
    const Scenario s = changed([](Scenario& s) {
        s.model = model("llama2-7b");
        s.parallel.degrees.tp = 16;
        s.parallel.degrees.pp = 1;
    });
    expectWarning(s, "tp_crosses_node", "parallel.tp", { "16", "8", "50", "450" });
}

TEST(ValidationChoices, TpOverPcie)
{
    const Scenario s = changed([](Scenario& s) {
        s.cluster = cluster("pcie-8x-h100");
        s.cluster.nodes = 2;
    });
    expectWarning(s, "tp_over_pcie", "parallel.tp", { "PCIe", "50" });
}

TEST(ValidationChoices, NoTpOnPcieDoesNotWarn)
{
    expectClean(changed([](Scenario& s) {
        s.cluster = cluster("pcie-8x-h100");
        s.cluster.nodes = 2;
        s.parallel.degrees.tp = 1;
    }));
}

TEST(ValidationChoices, ZeroTwoOrThreeWithPipeline)
{
    for (int stage : { 2, 3 }) {
        SCOPED_TRACE(stage);
        expectWarning(changed([stage](Scenario& s) { s.parallel.zeroStage = stage; }), "zero_with_pipeline",
                      "parallel.zero_stage", { "ZeRO-" + std::to_string(stage) });
    }
}

TEST(ValidationChoices, ZeroThreeWithoutPipelineDoesNotWarn)
{
    expectClean(changed([](Scenario& s) {
        s.parallel.zeroStage = 3;
        s.parallel.degrees.tp = 8;
        s.parallel.degrees.pp = 1;
    }));
}

TEST(ValidationSchedule, EveryScheduleRunsTheBaselineWithItsChunks)
{
    using paraplan::PipelineSchedule;
    for (size_t i = 0; i < paraplan::kPipelineScheduleNames.size(); ++i) {
        const auto schedule = PipelineSchedule(i);
        const int64_t chunks = paraplan::scheduleTraits(schedule).chunksPerStage;
        const Diagnostics all = paraplan::validateScenario(changed([&](Scenario& s) {
            s.parallel.schedule = schedule;
            s.parallel.degrees.vpp = chunks == 0 ? 2 : chunks;
        }));
        EXPECT_TRUE(codes(all, Severity::Error).empty()) << paraplan::toString(schedule) << "\n" << describe(all);
    }
}

TEST(ValidationSchedule, ChunksMustMatchTheSchedule)
{
    using paraplan::PipelineSchedule;
    expectError(changed([](Scenario& s) { s.parallel.schedule = PipelineSchedule::ZbV; }), "schedule_chunks",
                "parallel.schedule", { "zb-v", "vpp to 2" }, Only::TheError);
    expectError(changed([](Scenario& s) {
                    s.parallel.schedule = PipelineSchedule::ZbH1;
                    s.parallel.degrees.vpp = 2;
                }),
                "schedule_chunks", "parallel.schedule", { "zb-h1", "2" }, Only::TheError);
    expectError(changed([](Scenario& s) { s.parallel.schedule = PipelineSchedule::Interleaved1F1B; }), "schedule_chunks",
                "parallel.schedule", { "vpp to 2" });
}

TEST(ValidationSchedule, DualPipeNeedsAnEvenPpAndEnoughMicroBatches)
{
    using paraplan::PipelineSchedule;
    // pp 4 over 16 GPUs (tp 4, dp 1): 64 micro-batches; 6 is fewer than 2·pp.
    expectError(changed([](Scenario& s) {
                    s.parallel.schedule = PipelineSchedule::DualPipe;
                    s.parallel.degrees.pp = 4;
                    s.training.globalBatch = 6;
                }),
                "schedule_micro_batches", "training.global_batch", { "dualpipe", "8", "6" }, Only::TheError);
    // Three nodes: tp 4 x pp 3 x dp 2.
    expectError(changed([](Scenario& s) {
                    s.parallel.schedule = PipelineSchedule::DualPipe;
                    s.cluster.nodes = 3;
                    s.parallel.degrees.pp = 3;
                }),
                "schedule_stages", "parallel.pp", { "3" }, Only::TheError);
}

TEST(ValidationSchedule, SchedulesFromForksAndLibrariesSayWhereTheyRun)
{
    const Diagnostics all = paraplan::validateScenario(changed([](Scenario& s) { s.parallel.schedule = paraplan::PipelineSchedule::ZbH2; }));
    EXPECT_TRUE(codes(all, Severity::Error).empty()) << describe(all);
    EXPECT_EQ(codes(all, Severity::Warning), std::vector<std::string>{ "schedule_outside_framework" }) << describe(all);
    EXPECT_NE(withCode(all, "schedule_outside_framework").front().message.find("zero-bubble"), std::string::npos);
    Scenario torchtitan = changed([](Scenario& s) {
        s.framework.name = paraplan::Framework::Torchtitan;
        s.parallel.schedule = paraplan::PipelineSchedule::ZbV;
        s.parallel.degrees.vpp = 2;
    });
    expectClean(torchtitan);
}

// Megatron-DeepSpeed's --enable-zbh1-pipeline (megatron/arguments.py @ f4157bea); DeepSpeed alone
// has no ZB-H1.
TEST(ValidationSchedule, MegatronDeepSpeedRunsZbH1AndDeepSpeedAloneDoesNot)
{
    const Scenario zbh1 = changed([](Scenario& s) {
        s.framework.name = paraplan::Framework::MegatronDeepSpeed;
        s.parallel.degrees.vpp = 1;
        s.parallel.schedule = paraplan::PipelineSchedule::ZbH1;
    });
    expectClean(zbh1);
    Scenario deepSpeed = zbh1;
    deepSpeed.framework.name = paraplan::Framework::DeepSpeed;
    expectError(deepSpeed, "framework_schedule", "parallel.schedule", { "deepspeed", "zb-h1" }, Only::TheError);
}

TEST(ValidationSchedule, DeepSpeedRunsOnlyItsOwnOneFOneB)
{
    expectError(changed([](Scenario& s) {
                    s.framework.name = paraplan::Framework::DeepSpeed;
                    s.parallel.schedule = paraplan::PipelineSchedule::GPipe;
                }),
                "framework_schedule", "parallel.schedule", { "deepspeed", "gpipe" }, Only::TheError);
}
