// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/frameworks/megatron_bridge.h"
#include "core/io/json_reader.h"
#include "tests/core/frameworks/framework_fixtures.h"
#include "tests/core/frameworks/launch_test_support.h"

#include <gtest/gtest.h>

#include <regex>
#include <sstream>

namespace paraplan::frameworks::test {
namespace {

std::string bridgeFile(const LaunchBundle& bundle) { return onlyFileNamed(bundle, "paraplan_overrides.py"); }

// The `cfg.a.b = value` lines of a file, as (key, value).
std::vector<std::pair<std::string, std::string>> assignments(const std::string& text)
{
    static const std::regex line(R"(^\s*cfg\.([A-Za-z_][A-Za-z0-9_.]*) = (.*)$)");
    std::vector<std::pair<std::string, std::string>> found;
    std::istringstream lines(text);
    for (std::string l; std::getline(lines, l);) {
        std::smatch match;
        if (std::regex_match(l, match, line))
            found.emplace_back(match[1], match[2]);
    }
    return found;
}

TEST(MegatronBridgeExport, EveryKeyIsAConfigContainerField)
{
    const std::set<std::string> names = namesFrom("megatron_bridge_config.txt");
    for (const NamedScenario& named : exportScenarios()) {
        SCOPED_TRACE(named.name);
        const std::vector<std::pair<std::string, std::string>> set = assignments(bridgeFile(exported(named.scenario, ExportFormat::MegatronBridge)));
        EXPECT_GT(set.size(), 35u);
        for (const auto& [key, value] : set) {
            EXPECT_TRUE(names.contains(key)) << "cfg." << key << " is not a ConfigContainer field";
            if (key == "mixed_precision") {
                // A recipe of mixed_precision.py, as a string or through get_mixed_precision_config.
                const std::smatch recipe = [&] {
                    std::smatch m;
                    std::regex_search(value, m, std::regex("\"([a-z0-9_]+)\""));
                    return m;
                }();
                ASSERT_FALSE(recipe.empty()) << value;
                EXPECT_TRUE(names.contains("mixed_precision=" + recipe[1].str())) << value;
            }
        }
    }
}

TEST(MegatronBridgeExport, IsPythonWithThePredictionOnTop)
{
    for (const NamedScenario& named : exportScenarios()) {
        SCOPED_TRACE(named.name);
        const Result prediction = predictionOf(named.scenario);
        const std::string text = bridgeFile(exportLaunch(named.scenario, prediction, ExportFormat::MegatronBridge));
        EXPECT_TRUE(text.starts_with("# Written by ParaPlan")) << text.substr(0, 200);
        EXPECT_NE(text.find("def apply_paraplan_plan(cfg: ConfigContainer) -> ConfigContainer:\n"), std::string::npos);
        EXPECT_TRUE(text.ends_with("    return cfg\n"));
        const std::vector<std::pair<std::string, std::string>> set = assignments(text);
        const auto value = [&](const std::string& key) {
            const auto found = std::find_if(set.begin(), set.end(), [&](const auto& kv) { return kv.first == key; });
            return found == set.end() ? std::string("(absent)") : found->second;
        };
        const ParallelDegrees& d = prediction.parallel.degrees;
        EXPECT_EQ(value("model.tensor_model_parallel_size"), std::to_string(d.tp));
        EXPECT_EQ(value("model.pipeline_model_parallel_size"), std::to_string(d.pp));
        EXPECT_EQ(value("model.virtual_pipeline_model_parallel_size"), d.vpp > 1 ? std::to_string(d.vpp) : "None");
        EXPECT_EQ(value("model.context_parallel_size"), std::to_string(d.cp));
        EXPECT_EQ(value("train.global_batch_size"), std::to_string(named.scenario.training.globalBatch));
        EXPECT_EQ(value("model.seq_length"), std::to_string(named.scenario.training.seqLen));
        EXPECT_EQ(value("ddp.use_distributed_optimizer"), "True"); // zero_stage 1
        if (!haveProgram("python3"))
            continue;
        // The file compiles as Python (the interpreter's own parser, without the imports it names).
        const TemporaryFile file("bridge_" + named.name + ".py", text);
        std::string output;
        EXPECT_EQ(runCommand("python3 -c \"import ast, sys; ast.parse(open(sys.argv[1]).read())\" " + file.path() + " 2>&1", output), 0)
            << output;
    }
    if (!haveProgram("python3"))
        GTEST_SKIP() << "python3 is not installed: the files were not parsed by Python";
}

TEST(MegatronBridgeExport, SettingsBridgeLacksOrChangesAreNamed)
{
    const std::vector<NamedScenario> scenarios = exportScenarios();
    const LaunchBundle moe = exported(scenarios[1].scenario, ExportFormat::MegatronBridge);
    // Tensorwise FP8 is Bridge's current-scaling recipe, its bf16 first and last layers turned off.
    const std::string text = bridgeFile(moe);
    EXPECT_NE(text.find("cfg.mixed_precision = get_mixed_precision_config(\"bf16_with_fp8_current_scaling_mixed\")"),
              std::string::npos);
    EXPECT_NE(text.find("cfg.mixed_precision.first_last_layers_bf16 = False"), std::string::npos);
    EXPECT_TRUE(anyNoteHas(moe.notes, "keeps the first and last layers in bf16"));
    const LaunchBundle pcie = exported(scenarios[2].scenario, ExportFormat::MegatronBridge);
    EXPECT_TRUE(anyNoteHas(pcie.notes, "parallel.placement.rank_to_gpu"));
    EXPECT_NE(bridgeFile(pcie).find("cfg.mixed_precision = \"bf16_mixed\""), std::string::npos);
}

TEST(MegatronBridgeExport, AVocabularyTpDoesNotDivideIsLeftToTheProviderToPad)
{
    nlohmann::json document = nlohmann::json::parse(fileText(kFrameworksData + "scenarios/pcie_swapped_ranks.json"));
    document["model"]["vocab"] = 50257; // GPT-2's, odd: tp 2 cannot split it
    const Scenario s = io::readScenario(document, io::builtinCatalog());
    const LaunchBundle bundle = exported(s, ExportFormat::MegatronBridge);
    const std::string text = bridgeFile(bundle);
    EXPECT_NE(text.find("cfg.model.vocab_size = 50257\n"), std::string::npos);
    EXPECT_NE(text.find("cfg.model.should_pad_vocab = True\n"), std::string::npos);
    EXPECT_TRUE(anyNoteHas(bundle.notes, "model.vocab: 50257 does not divide over tp 2"));
    // The vocabulary reads back unpadded.
    EXPECT_EQ(readImported(importMegatronBridge(text, roundTripBase(s))).model.vocab, 50257);
}

TEST(MegatronBridgeRoundTrip, ImportOfTheExportGivesTheScenarioBack)
{
    for (const NamedScenario& named : exportScenarios()) {
        SCOPED_TRACE(named.name);
        const Result prediction = predictionOf(named.scenario);
        const LaunchBundle bundle = exportLaunch(named.scenario, prediction, ExportFormat::MegatronBridge);
        const Imported imported = importMegatronBridge(bridgeFile(bundle), roundTripBase(named.scenario));
        EXPECT_FALSE(imported.modelOnly);
        // cfg.train.train_iters counts whole iterations.
        const Scenario expected = recipeRoundTripExpected(named.scenario, prediction, bundle);
        EXPECT_EQ(valuesOf(readImported(imported)), valuesOf(expected));
        EXPECT_FALSE(anyNoteHas(imported.notes, "ignored")) << "the export writes no setting its import skips";
        EXPECT_FALSE(anyNoteHas(imported.notes, "not run")) << "the export's statements are all structure";
    }
}

// A scenario with the features the three export scenarios leave out: an uneven layout, MLA,
// shared experts among dense layers, sliding windows, ZeRO-3, a precision-aware optimizer.
TEST(MegatronBridgeRoundTrip, TheRarerSettingsComeBackToo)
{
    Scenario s = exportScenarios()[1].scenario;
    s.model.layers = 30;
    s.model.moe.firstDenseLayers = 2;
    s.model.moe.layerFrequency = 2;
    s.model.moe.sharedExperts = 1;
    s.model.moe.sharedExpertFfnHidden = 2048;
    s.model.moe.loadBalancing = LoadBalancing::AuxFree;
    s.model.moe.groups = 4;
    s.model.moe.groupTopK = 2;
    s.model.moe.capacityFactor = 1.25;
    s.model.moe.padToCapacity = true;
    s.model.mla = { .qLoraRank = 1536, .kvLoraRank = 512, .qkNopeHeadDim = 128, .qkRopeHeadDim = 64, .vHeadDim = 128 };
    s.model.localAttention = { .window = 4096, .chunked = false, .globalEvery = 4 };
    s.model.mtpLayers = 1;
    s.training.precision = Precision::Fp8;
    s.training.fp8Recipe = Fp8Recipe::Blockwise;
    s.training.fp8Attention = true;
    s.training.gradPrecision = GradPrecision::Bf16;
    s.training.precisionAwareOptimizer = PrecisionAwareOptimizer{ .mainParams = StatePrecision::Fp32,
                                                                  .expAvg = StatePrecision::Bf16,
                                                                  .expAvgSq = StatePrecision::Bf16 };
    s.parallel.degrees.vpp = 1;
    s.parallel.degrees.etp = 1;
    s.parallel.degrees.tp = 2;
    s.parallel.sequenceParallel = true;
    s.parallel.zeroStage = 3;
    s.parallel.layersPerStage = { 14, 16 };
    s.parallel.moeDispatcher = MoeDispatcher::Flex;
    s.parallel.moeA2aOverlap = true;
    s.parallel.recompute = Recompute::Selective;
    s.parallel.recomputeModules = RecomputeModules::none().with(RecomputeModule::MlaUpProj).with(RecomputeModule::MoeAct);
    s.parallel.placement.order = { ParallelDim::Tp, ParallelDim::Cp, ParallelDim::Ep, ParallelDim::Pp, ParallelDim::Dp };
    s.framework.cudaGraphs = true;
    const Scenario written = io::readScenario(io::toJson(s), io::builtinCatalog()); // as a file would give it
    Result prediction = evaluate(written);
    prediction.parallel = written.parallel; // the export writes what the evaluation resolved; here, the scenario
    const LaunchBundle bundle = exportLaunch(written, prediction, ExportFormat::MegatronBridge);
    const Imported imported = importMegatronBridge(bridgeFile(bundle), roundTripBase(written));
    EXPECT_EQ(valuesOf(readImported(imported)), valuesOf(written)) << bridgeFile(bundle);
}

TEST(MegatronBridgeRoundTrip, TheImportNamesWhatItKeptFromTheBase)
{
    const std::string text = "cfg.model.tensor_model_parallel_size = 4\ncfg.train.global_batch_size = 512\n";
    const Imported imported = importMegatronBridge(text, io::toJson(decoyScenario()));
    const Scenario s = readImported(imported);
    EXPECT_EQ(s.parallel.degrees.tp, 4);
    EXPECT_EQ(s.training.globalBatch, 512);
    EXPECT_EQ(s.model.layers, decoyScenario().model.layers);
    EXPECT_TRUE(anyNoteHas(imported.notes, "model: not in the file, kept from the base: layers, hidden"));
    EXPECT_TRUE(anyNoteHas(imported.notes, "parallel: not in the file, kept from the base: pp, vpp"));
    EXPECT_TRUE(anyNoteHas(imported.notes, "cluster: a Megatron-Bridge recipe does not describe the cluster"));
}

// Megatron-Bridge's H100 performance recipe for Llama 3.1 405B (NVIDIA-NeMo/Megatron-Bridge
// 067f987df03b8355b03192d88d70f1709fedf51a, src/megatron/bridge/perf_recipes/llama/h100/llama31.py,
// lines 1-68: the imports and the BF16 recipe): helper calls, a multi-line dict, names.
TEST(MegatronBridgeImport, PerformanceRecipeOfLlama31)
{
    const Imported imported = importMegatronBridge(fileText(kFrameworksData + "bridge/llama31_405b_h100_bf16.py"),
                                                   io::toJson(decoyScenario()));
    const Scenario s = readImported(imported);
    EXPECT_EQ(s.parallel.degrees.tp, 8);
    EXPECT_EQ(s.parallel.degrees.pp, 8);
    EXPECT_EQ(s.parallel.degrees.cp, 2);
    EXPECT_EQ(s.parallel.degrees.vpp, 8);
    EXPECT_TRUE(s.parallel.sequenceParallel);
    EXPECT_EQ(s.training.seqLen, 8192);
    EXPECT_EQ(s.training.globalBatch, 1536);
    EXPECT_EQ(s.training.microBatch, 1);
    EXPECT_TRUE(anyNoteHas(imported.notes, "line 31: cfg = llama31_405b_pretrain_config()"));
    EXPECT_TRUE(anyNoteHas(imported.notes, "line 32: cfg.mixed_precision = _perf_precision(\"bf16\"): not a value"));
    EXPECT_TRUE(anyNoteHas(imported.notes, "lines 49, 50: statements other than"));
    EXPECT_TRUE(anyNoteHas(imported.notes, "cfg.env_vars")); // ignored
}

// The OLMoE pretraining example of Megatron-Bridge's docs (same commit, docs/models/olmoe/olmoe.md,
// lines 112-122): 500_000 iterations, a value taken from an earlier assignment.
TEST(MegatronBridgeImport, OlmoeDocsExample)
{
    const Imported imported = importMegatronBridge(fileText(kFrameworksData + "bridge/olmoe_pretrain.py"),
                                                   io::toJson(decoyScenario()));
    const Scenario s = readImported(imported);
    EXPECT_EQ(s.training.seqLen, 4096); // cfg.model.seq_length = cfg.dataset.seq_length
    EXPECT_EQ(s.training.globalBatch, 2048);
    EXPECT_EQ(*s.training.trainTokens, 500000.0 * 2048 * 4096);
}

// The quick start of Megatron-Bridge's README (same commit, README.md, lines 151-178): assignments
// inside `if __name__ == "__main__":`.
TEST(MegatronBridgeImport, ReadmeQuickStart)
{
    const Imported imported = importMegatronBridge(fileText(kFrameworksData + "bridge/readme_quickstart.py"),
                                                   io::toJson(decoyScenario()));
    const Scenario s = readImported(imported);
    EXPECT_EQ(s.model.vocab, 8192);
    EXPECT_EQ(*s.training.trainTokens, 10.0 * decoyScenario().training.globalBatch * decoyScenario().training.seqLen);
    EXPECT_TRUE(anyNoteHas(imported.notes, "line 28: statements other than")); // pretrain(cfg, forward_step)
}

TEST(MegatronBridgeImport, BadFilesNameTheKeyAndTheLine)
{
    const std::vector<BadFile> cases = {
        { "no assignment", "import torch\nprint('hello')\n", "(file)", "no cfg.<section>.<field> = value" },
        { "string for a number", "cfg.train.micro_batch_size = 1\ncfg.model.num_layers = \"eight\"\n",
          "cfg.model.num_layers", "line 2: expected a whole number, not a string" },
        { "zero", "cfg.model.tensor_model_parallel_size = 0\n", "cfg.model.tensor_model_parallel_size",
          "line 1: 0 is out of range" },
        { "huge", "cfg.model.num_layers = 123456789012345678901234567890\n", "cfg.model.num_layers", "too large" },
        { "float", "cfg.model.hidden_size = 4096.5\n", "cfg.model.hidden_size", "expected a whole number, not a float" },
        { "not a bool", "cfg.model.sequence_parallel = 1\n", "cfg.model.sequence_parallel", "expected True or False" },
        { "unknown recipe", "cfg.mixed_precision = \"bf17_mixed\"\n", "cfg.mixed_precision",
          "not a recipe of Megatron-Bridge's mixed_precision.py" },
        { "unknown granularity", "cfg.model.recompute_granularity = \"some\"\n", "cfg.model.recompute_granularity",
          "\"some\" is not one of selective, full" },
        { "unknown module", "cfg.model.recompute_granularity = \"selective\"\ncfg.model.recompute_modules = [\"attn\"]\n",
          "cfg.model.recompute_modules", "line 2: \"attn\" is not a module" },
        { "bad layout", "cfg.model.pipeline_model_parallel_size = 2\ncfg.model.pipeline_model_parallel_layout = \"Et*4|x\"\n",
          "cfg.model.pipeline_model_parallel_layout", "line 2" },
        { "unclosed string", "cfg.model.num_layers = 2\ncfg.model.attention_backend = \"auto\n", "line 2",
          "not closed" },
        { "unclosed bracket", "cfg.model.num_layers = 2\ncfg.model.recompute_modules = [\"core_attn\",\n", "line 2",
          "never closed" },
        { "deep brackets", "cfg.model.num_layers = " + std::string(100, '[') + "1" + std::string(100, ']') + "\n",
          "line 1", "nested more than" },
    };
    expectReadErrors(cases, io::toJson(decoyScenario()), importMegatronBridge);
}

TEST(MegatronBridgeImport, ValuesItCannotEvaluateAreNamedNotGuessed)
{
    const std::string text = "cfg.model.num_layers = 8 * 10\ncfg.model.hidden_size = 4096\n";
    const Imported imported = importMegatronBridge(text, io::toJson(decoyScenario()));
    const Scenario s = readImported(imported);
    EXPECT_EQ(s.model.layers, decoyScenario().model.layers);
    EXPECT_EQ(s.model.hidden, 4096);
    EXPECT_TRUE(anyNoteHas(imported.notes, "line 1: cfg.model.num_layers = 8 * 10: not a value ParaPlan evaluates"));
}

TEST(MegatronBridgeImport, HostileInputNeitherCrashesNorHangs)
{
    const nlohmann::json base = io::toJson(decoyScenario());
    std::string manyLines;
    for (int i = 0; i < 100000; ++i)
        manyLines += "cfg.model.num_layers = " + std::to_string(i % 100 + 1) + "\n";
    const std::vector<std::string> hostile = {
        std::string("\0\xff\xfe\x01garbage\x80\x81\ncfg.x", 17),
        manyLines,
        "cfg.model.recompute_modules = [" + std::string(50000, '"') + "]\n",
        std::string(5 * 1024 * 1024, 'a'),
        "\"\"\"" + std::string(100000, 'x'),
        std::string(100000, '\\'),
    };
    expectReturnsSoon(hostile, base, importMegatronBridge);
}

} // namespace
} // namespace paraplan::frameworks::test
