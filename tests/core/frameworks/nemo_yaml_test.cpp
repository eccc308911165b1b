// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/frameworks/nemo_yaml.h"
#include "core/io/json_reader.h"
#include "tests/core/frameworks/framework_fixtures.h"
#include "tests/core/frameworks/launch_test_support.h"

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>


namespace paraplan::frameworks::test {
namespace {

std::string nemoFile(const LaunchBundle& bundle) { return onlyFileNamed(bundle, "paraplan_gpt_config.yaml"); }

// Every dotted key path of a YAML mapping, the inner mappings' own included ("model", "model.optim").
void collectKeys(const YAML::Node& map, const std::string& prefix, std::vector<std::string>& keys)
{
    for (const auto& entry : map) {
        const std::string path = prefix.empty() ? entry.first.as<std::string>() : prefix + "." + entry.first.as<std::string>();
        keys.push_back(path);
        if (entry.second.IsMap())
            collectKeys(entry.second, path, keys);
    }
}

TEST(NemoYamlExport, EveryKeyIsOneNeMoReads)
{
    const std::set<std::string> names = namesFrom("nemo_gpt_config.txt");
    for (const NamedScenario& named : exportScenarios()) {
        SCOPED_TRACE(named.name);
        const YAML::Node root = YAML::Load(nemoFile(exported(named.scenario, ExportFormat::NemoYaml)));
        std::vector<std::string> keys;
        collectKeys(root, "", keys);
        EXPECT_GT(keys.size(), 30u);
        for (const std::string& key : keys)
            EXPECT_TRUE(names.contains(key)) << key << " is not a key of NeMo's GPT config";
    }
}

TEST(NemoYamlExport, ParsesAsYamlWithThePredictionOnTop)
{
    for (const NamedScenario& named : exportScenarios()) {
        SCOPED_TRACE(named.name);
        const Result prediction = predictionOf(named.scenario);
        const std::string text = nemoFile(exportLaunch(named.scenario, prediction, ExportFormat::NemoYaml));
        EXPECT_TRUE(text.starts_with("# Written by ParaPlan")) << text.substr(0, 200);
        EXPECT_NE(text.find("# predicted step"), std::string::npos);
        const YAML::Node root = YAML::Load(text);
        // Hydra composes NeMo's own config under this one.
        ASSERT_TRUE(root["defaults"].IsSequence());
        EXPECT_EQ(root["defaults"][0].as<std::string>(), "megatron_gpt_config");
        EXPECT_EQ(root["defaults"][1].as<std::string>(), "_self_");
        EXPECT_EQ(root["trainer"]["num_nodes"].as<int64_t>(), named.scenario.cluster.nodes);
        EXPECT_EQ(root["trainer"]["devices"].as<int64_t>(), named.scenario.cluster.gpusPerNode);
        const ParallelDegrees& d = prediction.parallel.degrees;
        const YAML::Node model = root["model"];
        EXPECT_EQ(model["tensor_model_parallel_size"].as<int64_t>(), d.tp);
        EXPECT_EQ(model["pipeline_model_parallel_size"].as<int64_t>(), d.pp);
        EXPECT_EQ(model["context_parallel_size"].as<int64_t>(), d.cp);
        EXPECT_EQ(model["expert_model_parallel_size"].as<int64_t>(), d.ep);
        if (d.vpp > 1)
            EXPECT_EQ(model["virtual_pipeline_model_parallel_size"].as<int64_t>(), d.vpp);
        else
            EXPECT_TRUE(model["virtual_pipeline_model_parallel_size"].IsNull());
        EXPECT_EQ(model["num_layers"].as<int64_t>(), named.scenario.model.layers);
        EXPECT_EQ(model["override_vocab_size"].as<int64_t>(), named.scenario.model.vocab);
        EXPECT_EQ(model["optim"]["name"].as<std::string>(), "mcore_distributed_optim"); // zero_stage 1
    }
}

TEST(NemoYamlExport, SettingsNeMoLacksAreNamedInTheNotes)
{
    const std::vector<NamedScenario> scenarios = exportScenarios();
    const LaunchBundle moe = exported(scenarios[1].scenario, ExportFormat::NemoYaml);
    EXPECT_TRUE(anyNoteHas(moe.notes, "training.fp8_recipe: tensorwise")) << moe.notes.size();
    const LaunchBundle pcie = exported(scenarios[2].scenario, ExportFormat::NemoYaml);
    EXPECT_TRUE(anyNoteHas(pcie.notes, "parallel.placement.rank_to_gpu"));
    const LaunchBundle standard = exported(scenarios[0].scenario, ExportFormat::NemoYaml);
    EXPECT_TRUE(anyNoteHas(standard.notes, "recompute: the scenario says auto"));
    EXPECT_TRUE(anyNoteHas(standard.notes, "training.train_tokens: trainer.max_steps"));
    // The notes are in the file too, as comments.
    EXPECT_NE(nemoFile(pcie).find("#   parallel.placement.rank_to_gpu"), std::string::npos);
}

TEST(NemoYamlExport, AVocabularyTpDoesNotDivideIsPaddedAsNeMoPads)
{
    nlohmann::json document = nlohmann::json::parse(fileText(kFrameworksData + "scenarios/pcie_swapped_ranks.json"));
    document["model"]["vocab"] = 50257; // GPT-2's, odd: tp 2 cannot split it
    document["model"]["layers"] = 30;   // 15 per stage: NeMo 1.x takes it
    const Scenario s = io::readScenario(document, io::builtinCatalog());
    const LaunchBundle bundle = exported(s, ExportFormat::NemoYaml);
    // _vocab_size_with_padding: a multiple of 128 x tp.
    EXPECT_EQ(YAML::Load(nemoFile(bundle))["model"]["override_vocab_size"].as<int64_t>(), 50432);
    EXPECT_TRUE(anyNoteHas(bundle.notes, "model.vocab: 50257 does not divide over tp 2"));
    EXPECT_FALSE(anyNoteHas(bundle.notes, "model.layers"));
    document["model"]["layers"] = 31;
    EXPECT_TRUE(anyNoteHas(exported(io::readScenario(document, io::builtinCatalog()), ExportFormat::NemoYaml).notes,
                           "model.layers: NeMo 1.x refuses 31 layers over pp 2"));
}

TEST(NemoYamlRoundTrip, ImportOfTheExportGivesTheScenarioBack)
{
    for (const NamedScenario& named : exportScenarios()) {
        SCOPED_TRACE(named.name);
        const Result prediction = predictionOf(named.scenario);
        const LaunchBundle bundle = exportLaunch(named.scenario, prediction, ExportFormat::NemoYaml);
        const Imported imported = importNemoYaml(nemoFile(bundle), roundTripBase(named.scenario));
        EXPECT_FALSE(imported.modelOnly);
        // trainer.max_steps counts whole iterations; NeMo 1.x has no rank table.
        Scenario expected = recipeRoundTripExpected(named.scenario, prediction, bundle);
        if (expected.training.precision == Precision::Fp8 && expected.training.fp8Recipe != Fp8Recipe::Delayed) {
            // Megatron-Core 0.9 scales FP8 by delayed amax history only.
            expected.training.fp8Recipe = Fp8Recipe::Delayed;
            EXPECT_TRUE(anyNoteHas(bundle.notes, "training.fp8_recipe"));
        }
        EXPECT_EQ(valuesOf(readImported(imported)), valuesOf(expected));
    }
}

TEST(NemoYamlRoundTrip, TheImportNamesWhatItKeptFromTheBase)
{
    const Scenario scenario = exportScenarios()[0].scenario;
    const Imported imported = importNemoYaml(nemoFile(exported(scenario, ExportFormat::NemoYaml)), roundTripBase(scenario));
    // A NeMo config names node and GPT counts, not the GPU or the links.
    EXPECT_TRUE(anyNoteHas(imported.notes, "cluster: the GPU and the links are the base's"));
    EXPECT_TRUE(anyNoteHas(imported.notes, "defaults: the file composes other configs"));
    EXPECT_FALSE(anyNoteHas(imported.notes, "ignored")) << "the export writes no key its import skips";
}

// NeMo's own GPT config (NVIDIA/NeMo v2.0.0, e938df327c6d1e9d26e9670e51c1ceea0bf5a677,
// examples/nlp/language_modeling/conf/megatron_gpt_config.yaml): a 12-layer GPT on one GPU.
TEST(NemoYamlImport, NeMosOwnGptConfig)
{
    const nlohmann::json base = io::toJson(decoyScenario());
    const Imported imported = importNemoYaml(fileText(kFrameworksData + "nemo/megatron_gpt_config.yaml"), base);
    const Scenario s = readImported(imported);
    EXPECT_EQ(s.cluster.nodes, 1);
    EXPECT_EQ(s.cluster.gpusPerNode, 1);
    EXPECT_EQ(s.model.layers, 12);
    EXPECT_EQ(s.model.hidden, 768);
    EXPECT_EQ(s.model.ffnHidden, 3072);
    EXPECT_EQ(s.model.heads, 12);
    EXPECT_EQ(s.model.kvHeads, 12); // num_query_groups: null
    EXPECT_FALSE(s.model.gatedMlp); // activation: 'gelu'
    EXPECT_TRUE(s.model.tiedEmbeddings);
    EXPECT_TRUE(s.model.dropout); // 0.1
    EXPECT_EQ(s.model.vocab, decoyScenario().model.vocab); // from the tokenizer: the base's
    EXPECT_EQ(s.training.seqLen, 512);
    EXPECT_EQ(s.training.microBatch, 4);
    EXPECT_EQ(s.training.globalBatch, 8);
    EXPECT_EQ(s.training.precision, Precision::Bf16);
    EXPECT_EQ(*s.training.trainTokens, 100000.0 * 8 * 512); // max_steps
    EXPECT_EQ(s.parallel.degrees.tp, 1);
    EXPECT_EQ(s.parallel.degrees.vpp, 1);
    EXPECT_EQ(s.parallel.recompute, Recompute::None);
    EXPECT_EQ(s.parallel.zeroStage, 0); // fused_adam
    EXPECT_TRUE(anyNoteHas(imported.notes, "model: not in the file, kept from the base: vocab"));
    EXPECT_TRUE(anyNoteHas(imported.notes, "ignored")); // exp_manager, data, tokenizer, ...
}

// NeMo's Llama config (same commit, megatron_llama_config.yaml): Llama-2 7B in fp32.
TEST(NemoYamlImport, NeMosLlamaConfig)
{
    const Imported imported = importNemoYaml(fileText(kFrameworksData + "nemo/megatron_llama_config.yaml"),
                                             io::toJson(decoyScenario()));
    const Scenario s = readImported(imported);
    EXPECT_EQ(s.model.layers, 32);
    EXPECT_EQ(s.model.hidden, 4096);
    EXPECT_EQ(s.model.ffnHidden, 11008);
    EXPECT_EQ(s.model.kvHeads, 32);
    EXPECT_TRUE(s.model.gatedMlp); // fast-swiglu
    EXPECT_FALSE(s.model.tiedEmbeddings);
    EXPECT_FALSE(s.model.dropout);
    EXPECT_EQ(s.training.seqLen, 4096);
    // precision: 32 is no precision ParaPlan prices: named, the base's kept.
    EXPECT_EQ(s.training.precision, decoyScenario().training.precision);
    EXPECT_TRUE(anyNoteHas(imported.notes, "trainer.precision: fp32 and fp64"));
}

// NeMo-Framework-Launcher's GPT-3 175B FP8 recipe (NVIDIA/NeMo-Framework-Launcher
// 00af8f261f73a3eda179c4e67a467d61792f54d3, launcher_scripts/conf/training/gpt3/175b_fp8.yaml):
// 128 nodes, tp 8, pp 8, vpp 12, Apex's distributed Adam with bf16 gradients, and an FFN width
// written with NeMo's ${multiply:...} resolver.
TEST(NemoYamlImport, LauncherGpt3Fp8Recipe)
{
    const Imported imported = importNemoYaml(fileText(kFrameworksData + "nemo/launcher_gpt3_175b_fp8.yaml"),
                                             io::toJson(exportScenarios()[0].scenario));
    const Scenario s = readImported(imported);
    EXPECT_EQ(s.cluster.nodes, 128);
    EXPECT_EQ(s.model.layers, 96);
    EXPECT_EQ(s.model.hidden, 12288);
    EXPECT_EQ(s.model.ffnHidden, 4 * 12288);
    EXPECT_EQ(s.model.heads, 96);
    EXPECT_EQ(s.training.precision, Precision::Fp8);
    EXPECT_EQ(s.training.gradPrecision, GradPrecision::Bf16);
    EXPECT_EQ(s.training.globalBatch, 2048);
    EXPECT_EQ(s.training.microBatch, 2);
    EXPECT_EQ(*s.training.trainTokens, 75000.0 * 2048 * 2048);
    EXPECT_EQ(s.parallel.degrees.tp, 8);
    EXPECT_EQ(s.parallel.degrees.pp, 8);
    EXPECT_EQ(s.parallel.degrees.vpp, 12);
    EXPECT_TRUE(s.parallel.sequenceParallel);
    EXPECT_EQ(s.parallel.zeroStage, 2);
    EXPECT_TRUE(s.parallel.overlapGradReduce);
    EXPECT_TRUE(s.parallel.overlapParamGather);
    EXPECT_EQ(s.framework.name, Framework::Nemo);
}

TEST(NemoYamlImport, BadFilesNameTheKeyAndTheLine)
{
    const std::string head = "trainer:\n  num_nodes: 2\nmodel:\n";
    const std::vector<BadFile> cases = {
        { "syntax", "model:\n  num_layers: [1, 2\n", "line 3", "not valid YAML" },
        { "not a mapping", "- 1\n- 2\n", "(file)", "not a NeMo config" },
        { "no sections", "optim:\n  lr: 1\n", "(file)", "trainer: and model:" },
        { "word for a number", head + "  tensor_model_parallel_size: eight\n", "model.tensor_model_parallel_size",
          "line 4: expected a whole number, not \"eight\"" },
        { "fraction", head + "  num_layers: 2.5\n", "model.num_layers", "line 4: expected a whole number" },
        { "zero", head + "  pipeline_model_parallel_size: 0\n", "model.pipeline_model_parallel_size",
          "line 4: 0 is out of range" },
        { "huge", head + "  num_layers: 99999999999999999999999\n", "model.num_layers", "too large" },
        { "negative nodes", "trainer:\n  num_nodes: -3\nmodel:\n  num_layers: 2\n", "trainer.num_nodes",
          "line 2: -3 is out of range" },
        { "mapping for a value", head + "  hidden_size:\n    a: 1\n", "model.hidden_size", "not a mapping" },
        { "not a bool", head + "  sequence_parallel: maybe\n", "model.sequence_parallel", "expected true or false" },
        { "unknown granularity", head + "  activations_checkpoint_granularity: partial\n",
          "model.activations_checkpoint_granularity", "\"partial\" is not one of selective, full" },
        { "unknown optimizer dtype", head + "  optim:\n    name: mcore_distributed_optim\n    grad_sync_dtype: fp8\n",
          "model.optim.grad_sync_dtype", "line 6" },
        { "resolver", head + "  num_layers: ${oc.env:LAYERS}\n", "model.num_layers", "resolver oc.env" },
        { "missing target", head + "  num_layers: ${model.depth}\n", "model.num_layers", "names model.depth" },
        { "cycle", head + "  num_layers: ${model.hidden_size}\n  hidden_size: ${model.num_layers}\n", "model.num_layers",
          "a cycle?" },
        { "overflow", head + "  num_layers: ${multiply:9223372036854775807, 2}\n", "model.num_layers", "overflows" },
        { "dropout above one", head + "  hidden_dropout: 1.5\n", "model.hidden_dropout", "out of range" },
    };
    expectReadErrors(cases, io::toJson(decoyScenario()), importNemoYaml);
}

TEST(NemoYamlImport, InterpolationsAreFollowed)
{
    const std::string text = "trainer:\n  num_nodes: 2\nsizes:\n  width: 1024\nmodel:\n"
                             "  hidden_size: ${sizes.width}\n"
                             "  ffn_hidden_size: ${multiply:4, ${.hidden_size}}\n"
                             "  num_layers: ${sum:${.tensor_model_parallel_size}, 22}\n"
                             "  tensor_model_parallel_size: 2\n"
                             "  data:\n    seq: 4096\n  encoder_seq_length: ${.data.seq}\n";
    const Scenario s = readImported(importNemoYaml(text, io::toJson(decoyScenario())));
    EXPECT_EQ(s.model.hidden, 1024);
    EXPECT_EQ(s.model.ffnHidden, 4096);
    EXPECT_EQ(s.model.layers, 24);
    EXPECT_EQ(s.training.seqLen, 4096);
}

TEST(NemoYamlImport, HostileInputNeitherCrashesNorHangs)
{
    const nlohmann::json base = io::toJson(decoyScenario());
    // Aliases nest a tree far larger than its text: 10 levels of 10 references.
    std::string bomb = "trainer:\n  num_nodes: 1\nmodel:\n  num_layers: 2\n  a0: &a0 [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n";
    for (int level = 1; level < 10; ++level) {
        bomb += "  a" + std::to_string(level) + ": &a" + std::to_string(level) + " {";
        for (int i = 0; i < 10; ++i)
            bomb += (i ? ", " : "") + std::string("k") + std::to_string(i) + ": *a" + std::to_string(level - 1);
        bomb += "}\n";
    }
    const std::vector<std::string> hostile = {
        std::string(200000, '['),
        "model: " + std::string(100000, '{'),
        std::string("\0\xff\xfe\x01garbage\x80\x81", 12),
        bomb,
        std::string(5 * 1024 * 1024, 'a'),
    };
    expectReturnsSoon(hostile, base, importNemoYaml);
}

} // namespace
} // namespace paraplan::frameworks::test
