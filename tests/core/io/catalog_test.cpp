// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include "core/io/catalog_reader.h"
#include "core/io/json_reader.h"
#include "core/model/model_shape.h"
#include "core/rules/validation.h"
#include "core/spec/catalog.h"

#include <cmath>
#include <string>
#include <vector>

namespace {

using paraplan::Catalog;
using paraplan::io::builtinCatalog;

const std::vector<std::string> kRequiredGpus = {
    "a100-sxm-40gb", "a100-sxm-80gb", "h100-sxm-80gb", "h100-pcie-80gb", "h200-sxm-141gb",
    "h800-sxm-80gb", "b200-sxm-180gb", "l40s-48gb",    "rtx-4090-24gb",  "b300-sxm-288gb",
    "gb300-288gb",   "h20-96gb",       "mi300x-192gb", "mi325x-256gb",   "mi355x-288gb",
};

const std::vector<std::string> kRequiredClusters = {
    "dgx-a100-40gb", "dgx-a100-80gb", "dgx-h100",     "dgx-h800",     "hgx-h200",
    "dgx-b200",      "gb200-nvl72",   "pcie-8x-h100", "pcie-8x-l40s", "workstation-4x-rtx4090",
    "dgx-b300",      "gb300-nvl72",   "hgx-h20",      "mi300x-platform", "mi325x-platform", "mi355x-platform",
};

const std::vector<std::string> kRequiredModels = {
    "gpt3-175b",    "llama2-7b",     "llama2-13b",   "llama2-70b",  "llama3.1-8b",    "llama3.1-70b",
    "llama3.1-405b", "mixtral-8x7b", "mixtral-8x22b", "qwen2.5-72b", "nemotron4-340b", "bloom-176b",
};

// A minimal valid catalog, for the readCatalog error tests to break one piece at a time.
constexpr const char* kGpus = R"({"gpus": [
    {"id": "g1", "name": "Test GPU", "architecture": "hopper",
     "peak_tflops": {"bf16": 100, "fp8": 200}, "hbm_gib": 80, "hbm_GBps": 3000, "sms": 100,
     "source": "made up for a test"}]})";
constexpr const char* kClusters = R"({"clusters": [
    {"id": "c1", "name": "Test cluster", "gpu": "g1", "gpus_per_node": 8, "nodes": 1,
     "intra_node": {"kind": "nvswitch", "GBps_per_gpu": 450, "latency_us": 3},
     "inter_node": {"kind": "infiniband", "GBps_per_gpu": 50, "latency_us": 8},
     "source": "made up for a test"}]})";
constexpr const char* kModels = R"({"models": [
    {"id": "m1", "name": "Test model", "layers": 2, "hidden": 64, "heads": 4, "kv_heads": 4,
     "ffn_hidden": 256, "vocab": 1000, "source": "made up for a test"}]})";

paraplan::io::ReadError catalogError(const std::string& gpus, const std::string& clusters, const std::string& models)
{
    try {
        (void)paraplan::io::readCatalog(gpus, clusters, models);
    } catch (const paraplan::io::ReadError& e) {
        return e;
    }
    ADD_FAILURE() << "readCatalog accepted the catalog";
    return paraplan::io::ReadError("", "");
}

const paraplan::GpuPreset& gpu(const std::string& id)
{
    const paraplan::GpuPreset* g = builtinCatalog().findGpu(id);
    if (!g)
        throw std::runtime_error("no GPU " + id);
    return *g;
}

// Model-level diagnostics of validateScenario for one preset, placed on a scenario that is
// otherwise unremarkable (rules about the split are not the catalog's concern).
paraplan::Diagnostics modelDiagnostics(const paraplan::ModelSpec& model)
{
    paraplan::Scenario s;
    s.model = model;
    s.training.seqLen = 2048;
    s.training.globalBatch = 64;
    s.cluster = builtinCatalog().findCluster("dgx-h100")->spec;
    paraplan::Diagnostics modelOnly;
    for (const paraplan::Diagnostic& d : paraplan::validateScenario(s))
        if (d.path.rfind("model.", 0) == 0)
            modelOnly.push_back(d);
    return modelOnly;
}

} // namespace

TEST(BuiltinCatalog, LoadsWithEveryList)
{
    const Catalog& catalog = builtinCatalog();
    EXPECT_FALSE(catalog.gpus.empty());
    EXPECT_FALSE(catalog.clusters.empty());
    EXPECT_FALSE(catalog.models.empty());
}

TEST(BuiltinCatalog, ContainsEveryRequiredGpu)
{
    for (const std::string& id : kRequiredGpus) {
        const paraplan::GpuPreset* g = builtinCatalog().findGpu(id);
        ASSERT_NE(g, nullptr) << id;
        EXPECT_EQ(g->spec.id, id);
    }
}

TEST(BuiltinCatalog, ContainsEveryRequiredCluster)
{
    for (const std::string& id : kRequiredClusters) {
        const paraplan::ClusterPreset* c = builtinCatalog().findCluster(id);
        ASSERT_NE(c, nullptr) << id;
        EXPECT_EQ(c->spec.preset, id);
    }
}

TEST(BuiltinCatalog, ContainsEveryRequiredModel)
{
    for (const std::string& id : kRequiredModels) {
        const paraplan::ModelPreset* m = builtinCatalog().findModel(id);
        ASSERT_NE(m, nullptr) << id;
        EXPECT_EQ(m->spec.preset, id);
    }
}

TEST(BuiltinCatalog, LookupOfAnUnknownIdFindsNothing)
{
    EXPECT_EQ(builtinCatalog().findGpu("tpu-v5"), nullptr);
    EXPECT_EQ(builtinCatalog().findCluster("dgx-z"), nullptr);
    EXPECT_EQ(builtinCatalog().findModel("gpt5"), nullptr);
}

TEST(BuiltinCatalog, IdsAreUnique)
{
    const Catalog& catalog = builtinCatalog();
    for (size_t i = 0; i < catalog.gpus.size(); ++i)
        for (size_t j = i + 1; j < catalog.gpus.size(); ++j)
            EXPECT_NE(catalog.gpus[i].spec.id, catalog.gpus[j].spec.id);
    for (size_t i = 0; i < catalog.clusters.size(); ++i)
        for (size_t j = i + 1; j < catalog.clusters.size(); ++j)
            EXPECT_NE(catalog.clusters[i].spec.preset, catalog.clusters[j].spec.preset);
    for (size_t i = 0; i < catalog.models.size(); ++i)
        for (size_t j = i + 1; j < catalog.models.size(); ++j)
            EXPECT_NE(catalog.models[i].spec.preset, catalog.models[j].spec.preset);
}

TEST(BuiltinCatalog, EveryEntryNamesItsSourceAndName)
{
    for (const auto& g : builtinCatalog().gpus) {
        EXPECT_FALSE(g.source.empty()) << g.spec.id;
        EXPECT_FALSE(g.spec.name.empty()) << g.spec.id;
        EXPECT_FALSE(g.spec.architecture.empty()) << g.spec.id;
    }
    for (const auto& c : builtinCatalog().clusters) {
        EXPECT_FALSE(c.source.empty()) << c.spec.preset;
        EXPECT_FALSE(c.spec.name.empty()) << c.spec.preset;
    }
    for (const auto& m : builtinCatalog().models) {
        EXPECT_FALSE(m.source.empty()) << m.spec.preset;
        EXPECT_FALSE(m.spec.name.empty()) << m.spec.preset;
    }
}

TEST(BuiltinCatalog, EveryGpuHasPositiveFigures)
{
    for (const auto& g : builtinCatalog().gpus) {
        EXPECT_GT(g.spec.peakBf16Tflops, 0) << g.spec.id;
        EXPECT_GE(g.spec.peakFp8Tflops, 0) << g.spec.id;
        EXPECT_GT(g.spec.hbmGib, 0) << g.spec.id;
        EXPECT_GT(g.spec.hbmGBps, 0) << g.spec.id;
        EXPECT_GT(g.spec.sms, 0) << g.spec.id;
    }
}

TEST(BuiltinCatalog, EveryClusterUsesACatalogGpuAndHasPositiveLinks)
{
    for (const auto& c : builtinCatalog().clusters) {
        EXPECT_NE(builtinCatalog().findGpu(c.spec.gpu.id), nullptr) << c.spec.preset;
        EXPECT_GE(c.spec.gpusPerNode, 1) << c.spec.preset;
        EXPECT_GE(c.spec.nodes, 1) << c.spec.preset;
        EXPECT_GT(c.spec.intraNode.GBpsPerGpu, 0) << c.spec.preset;
        EXPECT_GT(c.spec.interNode.GBpsPerGpu, 0) << c.spec.preset;
        EXPECT_GE(c.spec.intraNode.latencyUs, 0) << c.spec.preset;
        EXPECT_GE(c.spec.interNode.latencyUs, 0) << c.spec.preset;
        ASSERT_TRUE(c.spec.gpuHourCostUsd.has_value()) << c.spec.preset;
        EXPECT_GT(*c.spec.gpuHourCostUsd, 0) << c.spec.preset;
    }
}

TEST(BuiltinCatalog, EveryModelPresetPassesTheModelRules)
{
    for (const auto& m : builtinCatalog().models) {
        const paraplan::ModelSpec& spec = m.spec;
        ASSERT_GT(spec.heads, 0) << spec.preset;
        ASSERT_GT(spec.kvHeads, 0) << spec.preset;
        EXPECT_EQ(spec.hidden % spec.heads, 0) << spec.preset;
        EXPECT_EQ(spec.heads % spec.kvHeads, 0) << spec.preset;
        EXPECT_LE(spec.kvHeads, spec.heads) << spec.preset;
        EXPECT_GT(spec.layers, 0) << spec.preset;
        EXPECT_GT(spec.vocab, 0) << spec.preset;
        EXPECT_GT(spec.ffnHidden, 0) << spec.preset;
        for (const paraplan::Diagnostic& d : modelDiagnostics(spec))
            ADD_FAILURE() << spec.preset << ": " << d.code << " at " << d.path << ": " << d.message;
    }
}

TEST(BuiltinCatalog, MoePresetsDescribeTheirExperts)
{
    for (const char* id : { "mixtral-8x7b", "mixtral-8x22b" }) {
        const paraplan::ModelSpec& m = builtinCatalog().findModel(id)->spec;
        EXPECT_TRUE(m.isMoe()) << id;
        EXPECT_EQ(m.moe.experts, 8) << id;
        EXPECT_EQ(m.moe.topK, 2) << id;
        EXPECT_GT(m.moe.expertFfnHidden, 0) << id;
    }
    EXPECT_FALSE(builtinCatalog().findModel("llama3.1-70b")->spec.isMoe());
}

TEST(BuiltinCatalog, ParameterCountsAreWithinThreePercentOfPublishedSizes)
{
    struct Published {
        const char* id;
        double parameters;
    };
    // Sizes as published by the model authors (Llama 2 7B: 6.74B per its model card, Llama 3.1 8B:
    // 8.03B, Mixtral 8x7B: 46.7B total, Qwen2.5 72B: 72.7B).
    const Published published[] = {
        { "gpt3-175b", 175e9 },     { "llama2-7b", 6.74e9 },       { "llama2-13b", 13.0e9 },
        { "llama2-70b", 70e9 },     { "llama3.1-8b", 8.03e9 },     { "llama3.1-70b", 70.6e9 },
        { "llama3.1-405b", 405e9 }, { "mixtral-8x7b", 46.7e9 },    { "mixtral-8x22b", 141e9 },
        { "qwen2.5-72b", 72.7e9 },  { "nemotron4-340b", 340e9 },   { "bloom-176b", 176e9 },
    };
    for (const Published& p : published) {
        const paraplan::ModelPreset* m = builtinCatalog().findModel(p.id);
        ASSERT_NE(m, nullptr) << p.id;
        const double counted = paraplan::totalParameters(m->spec);
        EXPECT_LT(std::fabs(counted / p.parameters - 1.0), 0.03)
            << p.id << ": counted " << counted / 1e9 << "B, published " << p.parameters / 1e9 << "B";
    }
}

TEST(BuiltinCatalog, Gb200Nvl72HasSeventyTwoGpusPerNode)
{
    const paraplan::ClusterPreset* c = builtinCatalog().findCluster("gb200-nvl72");
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(c->spec.gpusPerNode, 72);
    EXPECT_EQ(c->spec.intraNode.kind, paraplan::LinkKind::NvSwitch);
}

TEST(BuiltinCatalog, A100Sxm80gbMatchesTheDesignFigures)
{
    const paraplan::GpuSpec& g = gpu("a100-sxm-80gb").spec;
    EXPECT_DOUBLE_EQ(g.peakBf16Tflops, 312);
    EXPECT_DOUBLE_EQ(g.peakFp8Tflops, 0); // Ampere has no FP8 tensor cores
    EXPECT_DOUBLE_EQ(g.hbmGBps, 2039);
    EXPECT_DOUBLE_EQ(g.hbmGib, 80);
    EXPECT_EQ(g.sms, 108);
}

TEST(BuiltinCatalog, H100SxmMatchesTheDesignFigures)
{
    const paraplan::GpuSpec& g = gpu("h100-sxm-80gb").spec;
    EXPECT_DOUBLE_EQ(g.peakBf16Tflops, 989.4);
    EXPECT_DOUBLE_EQ(g.peakFp8Tflops, 1978.9);
    EXPECT_DOUBLE_EQ(g.hbmGBps, 3350);
    EXPECT_DOUBLE_EQ(g.hbmGib, 80);
    EXPECT_EQ(g.sms, 132);
}

// FP4 tensor cores where the datasheets list them (Blackwell, Blackwell Ultra, CDNA 4), none on
// Hopper or CDNA 3; Blackwell Ultra's FP4 is 1.5x Blackwell's at the same BF16 and FP8.
TEST(BuiltinCatalog, Fp4PeaksWhereTheGpuHasThem)
{
    EXPECT_DOUBLE_EQ(gpu("b200-sxm-180gb").spec.peakFp4Tflops, 9000);
    EXPECT_DOUBLE_EQ(gpu("b300-sxm-288gb").spec.peakFp4Tflops, 13500);
    EXPECT_DOUBLE_EQ(gpu("b300-sxm-288gb").spec.peakFp8Tflops, gpu("b200-sxm-180gb").spec.peakFp8Tflops);
    EXPECT_DOUBLE_EQ(gpu("gb300-288gb").spec.peakFp4Tflops, 15000);
    EXPECT_DOUBLE_EQ(gpu("mi355x-288gb").spec.peakFp4Tflops, 10066.3);
    for (const char* id : { "h100-sxm-80gb", "h20-96gb", "mi300x-192gb", "mi325x-256gb" })
        EXPECT_EQ(gpu(id).spec.peakFp4Tflops, 0) << id;
}

// AMD's 8-GPU platforms: Infinity Fabric to the seven peers, summed per GPU.
TEST(BuiltinCatalog, InstinctPlatformsJoinTheirGpusByInfinityFabric)
{
    const paraplan::ClusterSpec& mi300x = builtinCatalog().findCluster("mi300x-platform")->spec;
    EXPECT_EQ(mi300x.intraNode.kind, paraplan::LinkKind::InfinityFabric);
    EXPECT_DOUBLE_EQ(mi300x.intraNode.GBpsPerGpu, 7 * 64);
    EXPECT_DOUBLE_EQ(builtinCatalog().findCluster("mi355x-platform")->spec.intraNode.GBpsPerGpu, 7 * 76.8);
    EXPECT_EQ(mi300x.gpu.sms, 304);
}

TEST(BuiltinCatalog, ClusterPresetsCarryTheirGpuSpec)
{
    const paraplan::ClusterPreset* c = builtinCatalog().findCluster("dgx-h100");
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(c->spec.gpu.id, "h100-sxm-80gb");
    EXPECT_DOUBLE_EQ(c->spec.gpu.peakBf16Tflops, 989.4);
    EXPECT_EQ(c->spec.gpusPerNode, 8);
    EXPECT_EQ(c->spec.interNode.kind, paraplan::LinkKind::InfiniBand);
}

TEST(BuiltinCatalog, PcieClustersUsePcieInsideTheNode)
{
    for (const char* id : { "pcie-8x-h100", "pcie-8x-l40s", "workstation-4x-rtx4090" })
        EXPECT_EQ(builtinCatalog().findCluster(id)->spec.intraNode.kind, paraplan::LinkKind::Pcie) << id;
}

TEST(ReadCatalog, AcceptsAMinimalValidCatalog)
{
    const Catalog catalog = paraplan::io::readCatalog(kGpus, kClusters, kModels);
    ASSERT_EQ(catalog.gpus.size(), 1u);
    ASSERT_EQ(catalog.clusters.size(), 1u);
    ASSERT_EQ(catalog.models.size(), 1u);
    EXPECT_EQ(catalog.clusters[0].spec.gpu.id, "g1");
    EXPECT_DOUBLE_EQ(catalog.clusters[0].spec.gpu.peakBf16Tflops, 100);
    EXPECT_EQ(catalog.models[0].spec.hidden, 64);
}

TEST(ReadCatalog, RejectsAGpuWithoutSource)
{
    const std::string gpus = R"({"gpus": [
        {"id": "g1", "name": "Test GPU", "architecture": "hopper",
         "peak_tflops": {"bf16": 100}, "hbm_gib": 80, "hbm_GBps": 3000, "sms": 100}]})";
    const paraplan::io::ReadError e = catalogError(gpus, kClusters, kModels);
    EXPECT_EQ(e.path(), "gpus[0].source");
    EXPECT_NE(std::string(e.what()).find("missing"), std::string::npos) << e.what();
}

TEST(ReadCatalog, RejectsAClusterNamingAnUnknownGpu)
{
    const std::string clusters = R"({"clusters": [
        {"id": "c1", "gpu": "no-such-gpu", "gpus_per_node": 8,
         "intra_node": {"kind": "nvswitch", "GBps_per_gpu": 450, "latency_us": 3},
         "inter_node": {"kind": "infiniband", "GBps_per_gpu": 50, "latency_us": 8},
         "source": "made up for a test"}]})";
    const paraplan::io::ReadError e = catalogError(kGpus, clusters, kModels);
    EXPECT_EQ(e.path(), "clusters[0].gpu");
    EXPECT_NE(std::string(e.what()).find("no GPU"), std::string::npos) << e.what();
}

TEST(ReadCatalog, RejectsAClusterWithoutBothLinks)
{
    const std::string clusters = R"({"clusters": [
        {"id": "c1", "gpu": "g1", "gpus_per_node": 8,
         "intra_node": {"kind": "nvswitch", "GBps_per_gpu": 450, "latency_us": 3},
         "source": "made up for a test"}]})";
    EXPECT_EQ(catalogError(kGpus, clusters, kModels).path(), "clusters[0].inter_node");
}

TEST(ReadCatalog, RejectsAnUnknownFieldInAnEntry)
{
    const std::string models = R"({"models": [
        {"id": "m1", "layers": 2, "hidden": 64, "heads": 4, "vocab": 1000, "hiden": 3,
         "source": "made up for a test"}]})";
    const paraplan::io::ReadError e = catalogError(kGpus, kClusters, models);
    EXPECT_EQ(e.path(), "models[0].hiden");
    EXPECT_NE(std::string(e.what()).find("did you mean \"hidden\""), std::string::npos) << e.what();
}

TEST(ReadCatalog, RejectsADocumentWithoutItsList)
{
    const paraplan::io::ReadError e = catalogError(R"({"gpu": []})", kClusters, kModels);
    EXPECT_EQ(e.path(), "gpus");
}
