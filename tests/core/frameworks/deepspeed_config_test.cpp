// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/frameworks/deepspeed_config.h"
#include "core/io/json_reader.h"
#include "tests/core/frameworks/framework_fixtures.h"
#include "tests/scratch_path.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <random>
#include <regex>

// The DeepSpeed export (ds_config.json and the Megatron-DeepSpeed launch script) and its import
// (docs/frameworks/deepspeed.md).
namespace paraplan::frameworks::test {
namespace {

const std::string kDeepSpeedData = kFrameworksData + "deepspeed/";

const LaunchFile& fileNamed(const LaunchBundle& bundle, const std::string& name)
{
    for (const LaunchFile& file : bundle.files)
        if (file.name == name)
            return file;
    ADD_FAILURE() << "the bundle has no " << name;
    static const LaunchFile none;
    return none;
}

// Every key of a JSON document at every depth.
void collectKeys(const nlohmann::json& value, std::set<std::string>& keys)
{
    if (!value.is_object())
        return;
    for (const auto& [key, item] : value.items()) {
        keys.insert(key);
        collectKeys(item, keys);
    }
}

// The flags a script passes: every --word outside comment lines.
std::set<std::string> scriptFlags(const std::string& script)
{
    static const std::regex flag(R"((^|[\s(])(--[A-Za-z0-9_-]+))");
    std::set<std::string> flags;
    std::istringstream lines(script);
    for (std::string line; std::getline(lines, line);) {
        if (line.find_first_not_of(" \t") != std::string::npos && line[line.find_first_not_of(" \t")] == '#')
            continue;
        for (std::sregex_iterator it(line.begin(), line.end(), flag), end; it != end; ++it)
            flags.insert((*it)[2]);
    }
    return flags;
}

// The JSON the script writes between `cat > ds_config.json <<'EOF'` and `EOF`.
std::string hereDocumentOf(const std::string& script)
{
    const size_t open = script.find("<<'EOF'\n");
    const size_t close = script.find("\nEOF\n", open);
    EXPECT_NE(open, std::string::npos);
    EXPECT_NE(close, std::string::npos);
    return open == std::string::npos || close == std::string::npos ? "" : script.substr(open + 8, close - open - 7);
}

const std::string kScript = "pretrain_megatron_deepspeed.sh";

TEST(DeepSpeedExport, WritesOnlyDeepSpeedKeysAndMegatronDeepSpeedFlags)
{
    const std::set<std::string> keys = namesFrom("deepspeed_config_keys.txt");
    std::set<std::string> flags = namesFrom("megatron_deepspeed_args.txt");
    flags.merge(namesFrom("torchrun_args.txt")); // the launcher where a rank table reorders the GPUs
    for (const NamedScenario& s : exportScenarios()) {
        SCOPED_TRACE(s.name);
        const LaunchBundle bundle = exported(s.scenario, ExportFormat::DeepSpeed);
        std::set<std::string> written;
        collectKeys(nlohmann::json::parse(fileNamed(bundle, "ds_config.json").text), written);
        EXPECT_GE(written.size(), 10u);
        for (const std::string& key : written)
            EXPECT_TRUE(keys.count(key)) << "ds_config.json key " << key << " is not DeepSpeed's";
        const std::set<std::string> passed = scriptFlags(fileNamed(bundle, kScript).text);
        EXPECT_GE(passed.size(), 25u);
        for (const std::string& flag : passed)
            EXPECT_TRUE(flags.count(flag)) << flag << " is not a Megatron-DeepSpeed, DeepSpeed or torchrun flag";
    }
}

TEST(DeepSpeedExport, ConfigParsesAndTheScriptWritesTheSameConfig)
{
    for (const NamedScenario& s : exportScenarios()) {
        SCOPED_TRACE(s.name);
        const LaunchBundle bundle = exported(s.scenario, ExportFormat::DeepSpeed);
        const std::string config = fileNamed(bundle, "ds_config.json").text;
        const nlohmann::json json = nlohmann::json::parse(config);
        const Result prediction = predictionOf(s.scenario);
        // DeepSpeed's own check (_batch_assertion in runtime/config.py).
        EXPECT_EQ(json["train_batch_size"].get<int64_t>(),
            json["train_micro_batch_size_per_gpu"].get<int64_t>() * json["gradient_accumulation_steps"].get<int64_t>()
                * prediction.parallel.degrees.dp);
        EXPECT_EQ(json["zero_optimization"]["stage"], s.scenario.parallel.zeroStage);
        EXPECT_EQ(hereDocumentOf(fileNamed(bundle, kScript).text), config);
        EXPECT_EQ(fileNamed(bundle, kScript).text.rfind("#!/bin/bash\n# Written by ParaPlan", 0), 0u);
    }
}

TEST(DeepSpeedExport, ScriptIsValidBash)
{
    if (std::system("bash -c true > /dev/null 2>&1") != 0)
        GTEST_SKIP() << "bash is not installed here; the script's syntax cannot be checked";
    const std::filesystem::path file = paraplan::test::scratchPath("deepspeed_export_test.sh");
    for (const NamedScenario& s : exportScenarios()) {
        SCOPED_TRACE(s.name);
        std::ofstream(file) << fileNamed(exported(s.scenario, ExportFormat::DeepSpeed), kScript).text;
        EXPECT_EQ(std::system(("bash -n " + file.string()).c_str()), 0);
    }
    std::filesystem::remove(file);
}

TEST(DeepSpeedExport, SwappedRanksBecomePerNodeDeviceOrdersUnderTorchrun)
{
    // DeepSpeed's launcher sorts the GPU ids it is given (runner.py parse_node_config_list), so
    // the PCIe scenario's table goes through torchrun and CUDA_VISIBLE_DEVICES.
    const NamedScenario pcie = exportScenarios()[2];
    const std::string script = fileNamed(exported(pcie.scenario, ExportFormat::DeepSpeed), kScript).text;
    EXPECT_NE(script.find("0) export CUDA_VISIBLE_DEVICES=0,2,1,3,4,6,5,7 ;;"), std::string::npos) << script;
    EXPECT_NE(script.find("1) export CUDA_VISIBLE_DEVICES=0,2,1,3,4,6,5,7 ;;"), std::string::npos);
    EXPECT_NE(script.find("torchrun --nnodes 2 --nproc-per-node 8"), std::string::npos);
    const std::string plain = fileNamed(exported(exportScenarios()[0].scenario, ExportFormat::DeepSpeed), kScript).text;
    EXPECT_NE(plain.find("deepspeed --num_nodes 8 --num_gpus 8 --hostfile"), std::string::npos);
}

// What DeepSpeed cannot carry, per scenario: set on the expected scenario to what the import must
// read instead, each named in the export's notes.
struct Exception {
    std::string noteWord;
    std::function<void(Scenario&)> apply;
};

std::vector<Exception> deepSpeedExceptions(const std::string& scenario)
{
    // ZeRO-1 gathers the updated parameters at the end of the step (all three scenarios overlap it).
    std::vector<Exception> exceptions
        = { { "overlap_param_gather", [](Scenario& s) { s.parallel.overlapParamGather = false; } } };
    if (scenario == "default") {
        // recompute "auto" is ParaPlan's "choose for me": the export writes what was chosen.
        exceptions.push_back({ "", [](Scenario& s) { s.parallel.recompute = Recompute::None; } });
        // DeepSpeed's pipeline engine has no interleaving.
        exceptions.push_back({ "parallel.vpp", [](Scenario& s) { s.parallel.degrees.vpp = 1; } });
    }
    if (scenario == "moe_mixtral") {
        exceptions.push_back({ "parallel.vpp", [](Scenario& s) { s.parallel.degrees.vpp = 1; } });
        // Megatron-DeepSpeed's Transformer Engine layers scale FP8 with an amax history.
        exceptions.push_back({ "fp8_recipe", [](Scenario& s) { s.training.fp8Recipe = Fp8Recipe::Delayed; } });
    }
    return exceptions;
}

TEST(DeepSpeedRoundTrip, TheScriptGivesTheScenarioBackButForWhatDeepSpeedCannotSay)
{
    for (const NamedScenario& s : exportScenarios()) {
        SCOPED_TRACE(s.name);
        const LaunchBundle bundle = exported(s.scenario, ExportFormat::DeepSpeed);
        const Imported imported
            = importLaunch(fileNamed(bundle, kScript).text, ImportFormat::DeepSpeed, roundTripBase(s.scenario));
        Scenario expected = s.scenario;
        for (const Exception& e : deepSpeedExceptions(s.name)) {
            e.apply(expected);
            if (!e.noteWord.empty()) {
                EXPECT_TRUE(anyNoteHas(bundle.notes, e.noteWord)) << "no export note on " << e.noteWord;
            }
        }
        EXPECT_EQ(valuesOf(readImported(imported)), valuesOf(expected));
        EXPECT_EQ(readImported(imported).framework.name, Framework::MegatronDeepSpeed);
    }
}

TEST(DeepSpeedRoundTrip, TheConfigAloneGivesItsOwnKeysAndKeepsTheRestFromTheBase)
{
    const NamedScenario pcie = exportScenarios()[2];
    const std::string config = fileNamed(exported(pcie.scenario, ExportFormat::DeepSpeed), "ds_config.json").text;
    nlohmann::json base = io::toJson(pcie.scenario);
    base["parallel"]["zero_stage"] = 0;
    base["training"]["global_batch"] = 64;
    const Imported imported = importDeepSpeed(config, base);
    const Scenario read = readImported(imported);
    EXPECT_EQ(read.parallel.zeroStage, 1);
    EXPECT_EQ(read.training.globalBatch, 128);
    EXPECT_EQ(read.training.microBatch, 1);
    EXPECT_EQ(read.parallel.recompute, Recompute::Full); // activation_checkpoint_interval is not written; the base's
    EXPECT_EQ(read.model.layers, pcie.scenario.model.layers);
    EXPECT_EQ(read.framework.name, Framework::DeepSpeed);
    EXPECT_TRUE(anyNoteHas(imported.notes, "model: not in a DeepSpeed config; kept from the base"));
    EXPECT_TRUE(anyNoteHas(imported.notes, "cluster: not in a DeepSpeed config"));
}

// ---- Real files ---------------------------------------------------------------------------------------

// microsoft/Megatron-DeepSpeed @ f4157bea69f3df8c6cb66f2ebcda66ba03d1288e,
// examples_deepspeed/pretrain_llama2_distributed.sh: variables, an `if` on them, a here-document
// with $VARIABLES and a torchrun launch.
TEST(DeepSpeedImport, ReadsMegatronDeepSpeedsLlama2Example)
{
    const Scenario base = exportScenarios()[2].scenario;
    const Imported imported
        = importDeepSpeed(fileText(kDeepSpeedData + "pretrain_llama2_distributed.sh"), io::toJson(base));
    const Scenario s = readImported(imported);
    EXPECT_EQ(s.model.layers, 24);
    EXPECT_EQ(s.model.hidden, 2048);
    EXPECT_EQ(s.model.ffnHidden, 5504);
    EXPECT_EQ(s.model.heads, 16);
    EXPECT_EQ(s.model.kvHeads, 4);
    EXPECT_TRUE(s.model.gatedMlp);
    EXPECT_FALSE(s.model.tiedEmbeddings);
    EXPECT_FALSE(s.model.dropout);
    EXPECT_EQ(s.model.vocab, base.model.vocab); // its sentencepiece tokenizer sets it
    EXPECT_TRUE(anyNoteHas(imported.notes, "model.vocab"));
    EXPECT_EQ(s.training.seqLen, 2048);
    EXPECT_EQ(s.training.microBatch, 4);
    EXPECT_EQ(s.training.globalBatch, 32);
    EXPECT_EQ(s.training.precision, Precision::Bf16);
    EXPECT_EQ(s.training.trainTokens, 250000.0 * 32 * 2048); // --train-iters 250000
    EXPECT_EQ(s.parallel.degrees.tp, 2);
    EXPECT_EQ(s.parallel.degrees.pp, 2);
    EXPECT_EQ(s.parallel.zeroStage, 0);
    EXPECT_EQ(s.parallel.recompute, Recompute::None); // activation_checkpoint="false" rules the if out
    EXPECT_EQ(s.cluster.nodes, 1); // torchrun --nnodes $NNODES
    EXPECT_EQ(s.cluster.gpusPerNode, 8);
    EXPECT_FALSE(s.training.flashAttention);
}

// microsoft/Megatron-DeepSpeed @ f4157bea, examples_deepspeed/MoE/ds_pretrain_gpt_125M_MoE64.sh:
// the command is built in a variable and `eval`ed, the GPU count comes from nvidia-smi, and the
// JSON from sed on a template (not in the script).
TEST(DeepSpeedImport, ReadsMegatronDeepSpeedsMoeExample)
{
    const Scenario base = exportScenarios()[1].scenario;
    const Imported imported
        = importDeepSpeed(fileText(kDeepSpeedData + "ds_pretrain_gpt_125M_MoE64.sh"), io::toJson(base));
    const Scenario s = readImported(imported);
    EXPECT_EQ(s.model.layers, 12);
    EXPECT_EQ(s.model.hidden, 768);
    EXPECT_EQ(s.model.moe.experts, 64);
    EXPECT_EQ(s.model.moe.topK, 1);
    EXPECT_EQ(s.model.moe.layerFrequency, 2); // Megatron-DeepSpeed's default --expert-interval
    EXPECT_DOUBLE_EQ(s.model.moe.capacityFactor, 1.0);
    EXPECT_TRUE(s.model.moe.padToCapacity);
    EXPECT_EQ(s.training.precision, Precision::Fp16);
    EXPECT_EQ(s.training.gradPrecision, GradPrecision::Fp16);
    EXPECT_EQ(s.training.globalBatch, 256);
    EXPECT_EQ(s.training.microBatch, 4);
    EXPECT_EQ(s.training.trainTokens, 300e9);
    EXPECT_EQ(s.parallel.recompute, Recompute::Full);
    EXPECT_EQ(s.cluster.nodes, base.cluster.nodes);
    EXPECT_TRUE(anyNoteHas(imported.notes, "cluster: the launcher does not give nodes"));
    EXPECT_TRUE(anyNoteHas(imported.notes, "not written by the script"));
}

// microsoft/Megatron-DeepSpeed @ f4157bea,
// examples_deepspeed/curriculum_learning/ds_zero_stage_1_config_baseline.json (fp16, ZeRO-1, no
// micro-batch key) and examples_deepspeed/finetune_hf_llama/ds_config.json (bf16, ZeRO-0).
TEST(DeepSpeedImport, ReadsMegatronDeepSpeedsConfigs)
{
    nlohmann::json base = io::toJson(exportScenarios()[2].scenario); // 16 GPUs, tp 2 × pp 2: dp 4
    {
        const Scenario s
            = readImported(importDeepSpeed(fileText(kDeepSpeedData + "ds_zero_stage_1_config_baseline.json"), base));
        EXPECT_EQ(s.training.globalBatch, 512);
        EXPECT_EQ(s.training.microBatch, 128); // 512 / (gradient_accumulation_steps 1 × dp 4)
        EXPECT_EQ(s.training.precision, Precision::Fp16);
        EXPECT_EQ(s.training.gradPrecision, GradPrecision::Fp16); // the model's type (get_data_types)
        EXPECT_EQ(s.parallel.zeroStage, 1);
    }
    {
        const Scenario s
            = readImported(importDeepSpeed(fileText(kDeepSpeedData + "finetune_hf_llama_ds_config.json"), base));
        EXPECT_EQ(s.training.globalBatch, 256);
        EXPECT_EQ(s.training.microBatch, 16);
        EXPECT_EQ(s.parallel.zeroStage, 0);
        EXPECT_EQ(s.training.gradPrecision, GradPrecision::Fp32); // bf16 without ZeRO accumulates in fp32
    }
}

// ---- Bad input --------------------------------------------------------------------------------------------

nlohmann::json badInputBase()
{
    return io::toJson(exportScenarios()[2].scenario);
}

TEST(DeepSpeedImport, TemplatePlaceholdersAreNotJsonAndTheErrorSaysWhere)
{
    // examples_deepspeed/offload_pp/ds_config_gpt_TEMPLATE.json @ f4157bea: sed fills it in.
    const std::string message = readErrorOf(
        [] { (void)importDeepSpeed(fileText(kDeepSpeedData + "ds_config_gpt_TEMPLATE.json"), badInputBase()); });
    EXPECT_NE(message.find("line 2"), std::string::npos) << message;
}

TEST(DeepSpeedImport, InconsistentBatchNamesTrainBatchSize)
{
    const std::string message = readErrorOf([] {
        (void)importDeepSpeed(R"({"train_batch_size": 100, "train_micro_batch_size_per_gpu": 3,
                                  "gradient_accumulation_steps": 1})",
            badInputBase());
    });
    EXPECT_NE(message.find("train_batch_size"), std::string::npos) << message;
    // In a script the data-parallel size comes from the launch: 16 GPUs over tp 2 × pp 2.
    std::string script = fileNamed(exported(exportScenarios()[2].scenario, ExportFormat::DeepSpeed), kScript).text;
    script.replace(script.find("\"gradient_accumulation_steps\": 32"), 33, "\"gradient_accumulation_steps\": 16");
    const std::string scriptMessage = readErrorOf([&] { (void)importDeepSpeed(script, badInputBase()); });
    EXPECT_NE(scriptMessage.find("train_batch_size"), std::string::npos) << scriptMessage;
    EXPECT_NE(scriptMessage.find("128 ≠ 1 × 16 × 4"), std::string::npos) << scriptMessage;
}

TEST(DeepSpeedImport, WrongTypesNameTheirKey)
{
    const std::pair<const char*, const char*> cases[] = {
        { R"({"train_batch_size": 8, "zero_optimization": {"stage": "two"}})", "zero_optimization.stage" },
        { R"({"train_batch_size": 8, "zero_optimization": {"stage": 5}})", "zero_optimization.stage" },
        { R"({"train_batch_size": true})", "train_batch_size" },
        { R"({"train_batch_size": 99999999999999999999999})", "train_batch_size" },
        { R"({"train_batch_size": 8, "bf16": {"enabled": "yes"}})", "bf16.enabled" },
        { R"({"train_batch_size": 8, "bf16": {"enabled": true}, "fp16": {"enabled": true}})", "fp16" },
        { R"({"train_batch_size": 8, "data_types": {"grad_accum_dtype": "int8"}})", "data_types.grad_accum_dtype" },
        { R"({"train_batch_size": 8, "zero_optimization": {"overlap_comm": 1}})", "zero_optimization.overlap_comm" },
        { R"({"train_batch_size": 8, "zero_optimization": {"offload_optimizer": {"device": 5}}})",
            "zero_optimization.offload_optimizer.device" },
        { R"({"train_batch_size": 8, "zero_optimization": []})", "zero_optimization" },
        { R"({"train_batch_size": 8, "pipeline": {"activation_checkpoint_interval": -1}})",
            "pipeline.activation_checkpoint_interval" },
    };
    for (const auto& [json, key] : cases) {
        SCOPED_TRACE(json);
        const std::string message = readErrorOf([&] { (void)importDeepSpeed(json, badInputBase()); });
        EXPECT_NE(message.find(key), std::string::npos) << message;
    }
}

TEST(DeepSpeedImport, BadFlagsNameTheirLine)
{
    const std::string script
        = fileNamed(exported(exportScenarios()[2].scenario, ExportFormat::DeepSpeed), kScript).text;
    const auto lineOf = [&](const std::string& text) {
        return "line " + std::to_string(std::count(script.begin(), script.begin() + long(script.find(text)), '\n') + 1);
    };
    const std::pair<std::string, std::string> edits[] = {
        { "--num-layers 32", "--num-layers thirty-two" },
        { "--num-layers 32", "--num-layers $LAYERS" },
        { "--tensor-model-parallel-size 2", "--tensor-model-parallel-size 3" },
        { "--bf16", "--bf16 --fp16" },
        { "--zero-stage 1", "--zero-stage 2" },
        { "--micro-batch-size 1", "--micro-batch-size 2" },
    };
    for (const auto& [from, to] : edits) {
        SCOPED_TRACE(to);
        std::string edited = script;
        edited.replace(edited.find(from), from.size(), to);
        const std::string message = readErrorOf([&] { (void)importDeepSpeed(edited, badInputBase()); });
        EXPECT_EQ(message.rfind("line ", 0), 0u) << message;
        if (to.find("--tensor") == std::string::npos) {
            EXPECT_EQ(message.rfind(lineOf(from), 0), 0u) << message;
        }
    }
}

TEST(DeepSpeedImport, HostileInputIsRefusedWithoutCrashing)
{
    std::string garbage;
    for (int i = 0; i < 4096; ++i)
        garbage += char((i * 131 + 7) % 256);
    const std::string inputs[] = {
        garbage,
        std::string(100000, '[') + std::string(100000, ']'),
        "{" + std::string(100000, '['),
        "echo hello\n",
        "#!/bin/bash\npython pretrain_gpt.py --deepspeed --num-layers 99999999999999999999 --hidden-size 4 "
        "--num-attention-heads 1 --seq-length 8 --micro-batch-size 1\n",
        "cat > ds_config.json <<EOF\n{\"train_batch_size\": 8\n",
        "cat <<EOF > " + std::string(1 << 20, 'x') + "\n{}\nEOF\npython pretrain_gpt.py --deepspeed\n",
        "X=${" + std::string(1 << 20, 'A') + "}\n",
    };
    for (const std::string& input : inputs)
        EXPECT_THROW((void)importDeepSpeed(input, badInputBase()), io::ReadError) << input.substr(0, 60);
}

// A mutated export (a byte changed, the file cut, brackets, quotes or signs inserted, a run removed)
// is read or refused with an io::ReadError, never anything else. Deterministic; a longer random run
// of the same found a division by zero in the JSON's batch rule once.
TEST(DeepSpeedImport, MutatedFilesAreReadOrRefusedWithAReadError)
{
    std::mt19937 random(15);
    for (const NamedScenario& s : exportScenarios()) {
        const nlohmann::json base = roundTripBase(s.scenario);
        for (const LaunchFile& file : exported(s.scenario, ExportFormat::DeepSpeed).files)
            for (int i = 0; i < 400; ++i) {
                try {
                    (void)importDeepSpeed(mutated(file.text, random), base);
                } catch (const io::ReadError&) {
                }
            }
    }
}

} // namespace
} // namespace paraplan::frameworks::test
