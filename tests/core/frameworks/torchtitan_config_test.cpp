// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/frameworks/torchtitan_config.h"
#include "core/io/json_reader.h"
#include "tests/core/frameworks/framework_fixtures.h"
#include "tests/scratch_path.h"

#include <gtest/gtest.h>

#include <toml.hpp>

#include <cstdlib>
#include <filesystem>
#include <functional>
#include <random>
#include <regex>

// torchtitan's TOML job config (the releases up to v0.2.2) and its Python Trainer.Config form (after
// 9810191), written and read back (docs/frameworks/torchtitan.md).
namespace paraplan::frameworks::test {
namespace {

const std::string kTitanData = kFrameworksData + "torchtitan/";

const std::string& onlyFile(const LaunchBundle& bundle)
{
    EXPECT_EQ(bundle.files.size(), 1u);
    return bundle.files.front().text;
}

// The dotted key of every value of a TOML table that is not itself a table.
void tomlKeys(const toml::value& table, const std::string& prefix, std::set<std::string>& keys)
{
    for (const auto& [key, value] : table.as_table()) {
        if (value.is_table())
            tomlKeys(value, prefix + key + ".", keys);
        else
            keys.insert(prefix + key);
    }
}

toml::value parsedToml(const std::string& text)
{
    std::istringstream in(text);
    return toml::parse(in, "train.toml");
}

// What cannot round-trip, per scenario and form: applied to the expected scenario, each named in
// the export's notes (an empty word: a ParaPlan-only setting no launch file states).
struct TitanException {
    std::string noteWord;
    std::function<void(Scenario&)> apply;
};

std::vector<TitanException> titanExceptions(const std::string& scenario, ExportFormat format)
{
    // torchtitan's FSDP2 has no ZeRO-1; the export writes ZeRO-2 ("never" resharding).
    std::vector<TitanException> exceptions
        = { { "parallel.zero_stage 1", [](Scenario& s) { s.parallel.zeroStage = 2; } } };
    if (scenario == "default") {
        exceptions.push_back({ "", [](Scenario& s) { s.parallel.recompute = Recompute::None; } }); // "auto" as chosen
        // Whole steps: 476838 × 256 × 8192 tokens.
        exceptions.push_back(
            { "training.train_tokens", [](Scenario& s) { s.training.trainTokens = 476838.0 * 256 * 8192; } });
    }
    if (scenario == "moe_mixtral") {
        // torchtitan names a model by a registered flavor; Mixtral's shape is none of them.
        exceptions.push_back(
            { "model: torchtitan has no flavor", [](Scenario& s) { s.model = decoyScenario().model; } });
        if (format == ExportFormat::TorchtitanPy) // quantization goes through the model's registration
            exceptions.push_back({ "training.precision fp8", [](Scenario& s) {
                                      s.training.precision = Precision::Bf16;
                                      s.training.fp8Recipe = Fp8Recipe::Delayed;
                                  } });
    }
    if (scenario == "pcie_swapped_ranks") {
        // The rank table is the launcher's (the environment export's CUDA_VISIBLE_DEVICES).
        exceptions.push_back({ "parallel.placement", [](Scenario& s) { s.parallel.placement = {}; } });
        if (format == ExportFormat::TorchtitanToml) // TP there always splits the norms' activations
            exceptions.push_back(
                { "parallel.sequence_parallel", [](Scenario& s) { s.parallel.sequenceParallel = true; } });
    }
    return exceptions;
}

void expectRoundTrip(ExportFormat format)
{
    for (const NamedScenario& s : exportScenarios()) {
        SCOPED_TRACE(s.name);
        const LaunchBundle bundle = exported(s.scenario, format);
        const ImportFormat back
            = format == ExportFormat::TorchtitanToml ? ImportFormat::TorchtitanToml : ImportFormat::TorchtitanPy;
        const Imported imported = importLaunch(onlyFile(bundle), back, roundTripBase(s.scenario));
        Scenario expected = s.scenario;
        for (const TitanException& e : titanExceptions(s.name, format)) {
            e.apply(expected);
            if (!e.noteWord.empty()) {
                EXPECT_TRUE(anyNoteHas(bundle.notes, e.noteWord)) << "no export note on " << e.noteWord;
            }
        }
        EXPECT_EQ(valuesOf(readImported(imported)), valuesOf(expected));
        EXPECT_EQ(readImported(imported).framework.name, Framework::Torchtitan);
    }
}

// ---- TOML ---------------------------------------------------------------------------------------------

TEST(TorchtitanTomlExport, WritesOnlyTorchtitansKeysAndScheduleNames)
{
    const std::set<std::string> keys = namesFrom("torchtitan_job_config.txt");
    const std::set<std::string> schedules = namesFrom("torch_pipeline_schedules.txt");
    for (const NamedScenario& s : exportScenarios()) {
        SCOPED_TRACE(s.name);
        const toml::value toml = parsedToml(onlyFile(exported(s.scenario, ExportFormat::TorchtitanToml)));
        std::set<std::string> written;
        tomlKeys(toml, "", written);
        EXPECT_GE(written.size(), 15u);
        for (const std::string& key : written)
            EXPECT_TRUE(keys.count(key)) << key << " is not a key of torchtitan's JobConfig";
        if (toml.at("parallelism").contains("pipeline_parallel_schedule")) {
            EXPECT_TRUE(schedules.count(toml.at("parallelism").at("pipeline_parallel_schedule").as_string().str));
        }
    }
}

TEST(TorchtitanTomlExport, StatesTheBatchTheWayTorchtitanDividesIt)
{
    const NamedScenario pipelined = exportScenarios()[0]; // pp 4, 128 micro-batches of 1 per replica
    const toml::value toml = parsedToml(onlyFile(exported(pipelined.scenario, ExportFormat::TorchtitanToml)));
    EXPECT_EQ(toml.at("training").at("local_batch_size").as_integer(), 128);
    EXPECT_EQ(toml.at("training").at("global_batch_size").as_integer(), 256);
    EXPECT_EQ(toml.at("parallelism").at("pipeline_parallel_microbatch_size").as_integer(), 1);
    EXPECT_EQ(toml.at("parallelism").at("data_parallel_shard_degree").as_integer(), 2);
    EXPECT_EQ(toml.at("parallelism").at("module_fqns_per_model_part").as_array().size(), 20u); // pp 4 × vpp 5
    EXPECT_EQ(toml.at("parallelism").at("pipeline_parallel_schedule").as_string().str, "Interleaved1F1B");
    EXPECT_EQ(toml.at("model").at("flavor").as_string().str, "70B");
    const toml::value plain
        = parsedToml(onlyFile(exported(exportScenarios()[2].scenario, ExportFormat::TorchtitanToml)));
    EXPECT_EQ(plain.at("activation_checkpoint").at("mode").as_string().str, "full");
    EXPECT_EQ(plain.at("model").at("flavor").as_string().str, "8B");
}

TEST(TorchtitanTomlRoundTrip, TheConfigGivesTheScenarioBackButForWhatTorchtitanCannotSay)
{
    expectRoundTrip(ExportFormat::TorchtitanToml);
}

// pytorch/torchtitan @ 238fa9953e4aec2a62582121564273d7cbb1e9f1 (the last commit that reads TOML),
// torchtitan/models/llama3/train_configs/llama3_8b.toml and llama3_70b.toml.
TEST(TorchtitanTomlImport, ReadsTorchtitansLlama3Configs)
{
    const nlohmann::json base = io::toJson(exportScenarios()[0].scenario); // 64 GPUs
    {
        const Imported imported = importTorchtitanToml(fileText(kTitanData + "llama3_8b.toml"), base);
        const Scenario s = readImported(imported);
        EXPECT_EQ(s.model.layers, 32);
        EXPECT_EQ(s.model.ffnHidden, 14336);
        EXPECT_EQ(s.training.seqLen, 8192);
        EXPECT_EQ(s.training.microBatch, 1);
        EXPECT_EQ(s.training.globalBatch, 64); // local_batch_size 1 × dp 64 (shard degree -1 takes every GPU)
        EXPECT_EQ(s.training.trainTokens, 1000.0 * 64 * 8192);
        EXPECT_EQ(s.parallel.degrees.tp, 1);
        EXPECT_EQ(s.parallel.zeroStage, 3);
        EXPECT_EQ(s.parallel.recompute, Recompute::Selective); // selective_ac_option "op"
        EXPECT_TRUE(anyNoteHas(imported.notes, "[optimizer]"));
    }
    {
        const Scenario s = readImported(importTorchtitanToml(fileText(kTitanData + "llama3_70b.toml"), base));
        EXPECT_EQ(s.model.layers, 80);
        EXPECT_EQ(s.model.ffnHidden, 28672);
        EXPECT_EQ(s.parallel.degrees.tp, 8);
        EXPECT_TRUE(s.parallel.sequenceParallel);
        EXPECT_EQ(s.training.globalBatch, 64); // local 8 × dp 8
        EXPECT_EQ(s.parallel.recompute, Recompute::Full);
    }
}

// selective_ac_option "op" is torchtitan's per-operator checkpointing: an import names no Megatron
// modules, and on framework torchtitan ParaPlan prices torchtitan's policy (it keeps far less than
// Megatron-Core's selective). An export of a Megatron-Core prediction says its selective was not
// torchtitan's.
TEST(TorchtitanTomlImport, SelectiveIsTorchtitansPerOperatorPolicy)
{
    const nlohmann::json base = io::toJson(exportScenarios()[0].scenario);
    const Imported imported = importTorchtitanToml(fileText(kTitanData + "llama3_8b.toml"), base);
    EXPECT_FALSE(imported.document.at("parallel").contains("recompute_modules"));
    const Scenario titan = readImported(imported);
    ASSERT_EQ(titan.parallel.recompute, Recompute::Selective);
    ASSERT_EQ(titan.framework.name, Framework::Torchtitan);
    Scenario megatron = titan;
    megatron.framework.name = Framework::MegatronCore;
    EXPECT_LT(predictionOf(titan).memory.activations, 0.8 * predictionOf(megatron).memory.activations);
    const auto pricedModules
        = [](const LaunchBundle& bundle) { return anyNoteHas(bundle.notes, "'s modules, which keep more"); };
    EXPECT_FALSE(pricedModules(exported(titan, ExportFormat::TorchtitanToml)));
    EXPECT_TRUE(pricedModules(exported(megatron, ExportFormat::TorchtitanToml)));
}

// torch.compile takes the loss when [compile] lists it ("model" and "loss" by default): the
// scenario says framework.compiled_loss, which keeps 4 bytes a logit where eager PyTorch keeps 12.
// The flag survives the scenario's writer and torchtitan's export.
TEST(TorchtitanTomlImport, ACompiledLossIsTheFrameworks)
{
    const nlohmann::json base = io::toJson(exportScenarios()[0].scenario);
    const Scenario eager // [compile] enable=false
        = readImported(importTorchtitanToml(fileText(kTitanData + "llama3_8b.toml"), base));
    const Scenario compiled
        = readImported(importTorchtitanToml(fileText(kTitanData + "llama3_405b_24e9105.toml"), base)); // enable=true
    EXPECT_FALSE(eager.framework.compiledLoss);
    EXPECT_TRUE(compiled.framework.compiledLoss);
    EXPECT_EQ(lossBytesPerLogit(eager.framework), 12.0);
    EXPECT_EQ(lossBytesPerLogit(compiled.framework), 4.0);
    EXPECT_TRUE(io::readScenario(io::toJson(compiled), io::builtinCatalog()).framework.compiledLoss);

    const std::string withLoss = onlyFile(exported(compiled, ExportFormat::TorchtitanToml));
    EXPECT_EQ(parsedToml(withLoss).at("compile").at("components").as_array().size(), 2u);
    Scenario asyncTpOnly = compiled;
    asyncTpOnly.framework.compiledLoss = false;
    asyncTpOnly.parallel.tpCommOverlap = true;
    const toml::value modelOnly = parsedToml(onlyFile(exported(asyncTpOnly, ExportFormat::TorchtitanToml)));
    EXPECT_EQ(modelOnly.at("compile").at("components").as_array().size(), 1u);
    EXPECT_FALSE(readImported(importTorchtitanToml(toml::format(modelOnly), base)).framework.compiledLoss);
    // The Python form: compile.enable with its default components, or compile.components naming the model alone.
    for (const Scenario* s : std::initializer_list<const Scenario*>{ &compiled, &asyncTpOnly }) {
        const std::string py = onlyFile(exported(*s, ExportFormat::TorchtitanPy));
        EXPECT_EQ(readImported(importTorchtitanPy(py, base)).framework.compiledLoss, s->framework.compiledLoss) << py;
    }
}

// pytorch/torchtitan @ 24e91056a3ae395aec8dcca8c67aa4f16f3da3d0, llama3_405b.toml: the older names,
// converters = ["float8"] and a [float8] section, with async TP under torch.compile; and the same
// file @ 238fa995, still naming the converter "float8" beside a [quantize.linear.float8] section.
TEST(TorchtitanTomlImport, ReadsTheOlderFloat8Names)
{
    const nlohmann::json base = io::toJson(exportScenarios()[0].scenario);
    for (const char* file : { "llama3_405b_24e9105.toml", "llama3_405b.toml" }) {
        SCOPED_TRACE(file);
        const Scenario s = readImported(importTorchtitanToml(fileText(kTitanData + file), base));
        EXPECT_EQ(s.model.layers, 126);
        EXPECT_EQ(s.model.ffnHidden, 53248);
        EXPECT_EQ(s.training.precision, Precision::Fp8);
        EXPECT_EQ(s.training.fp8Recipe, Fp8Recipe::Tensorwise);
        EXPECT_TRUE(s.training.fp8ParamGather);
        EXPECT_TRUE(s.parallel.tpCommOverlap);
        EXPECT_EQ(s.parallel.recompute, Recompute::Full);
    }
}

// pytorch/torchtitan @ 238fa995, torchtitan/models/deepseek_v3/train_configs/deepseek_v3_16b.toml:
// a model whose shape ParaPlan does not know by its flavor, with expert parallelism.
TEST(TorchtitanTomlImport, KeepsAnUnknownModelFromTheBaseAndSaysSo)
{
    const Scenario base = exportScenarios()[1].scenario; // Mixtral, 32 GPUs
    const Imported imported = importTorchtitanToml(fileText(kTitanData + "deepseek_v3_16b.toml"), io::toJson(base));
    const Scenario s = readImported(imported);
    EXPECT_EQ(s.model.layers, base.model.layers);
    EXPECT_TRUE(anyNoteHas(imported.notes, "deepseek_v3 / 16B"));
    EXPECT_EQ(s.parallel.degrees.ep, 8);
    EXPECT_EQ(s.training.microBatch, 4);
    EXPECT_EQ(s.training.globalBatch, 4 * 32);
    EXPECT_EQ(s.parallel.zeroStage, 3); // "default" without a pipeline reshards after the forward
}

TEST(TorchtitanTomlImport, BadValuesNameTheirLineAndKey)
{
    const std::string good = onlyFile(exported(exportScenarios()[0].scenario, ExportFormat::TorchtitanToml));
    const nlohmann::json base = roundTripBase(exportScenarios()[0].scenario);
    const auto lineOf = [&](const std::string& text) {
        return "line " + std::to_string(std::count(good.begin(), good.begin() + long(good.find(text)), '\n') + 1);
    };
    const std::tuple<std::string, std::string, std::string> edits[] = {
        { "tensor_parallel_degree = 8", "tensor_parallel_degree = \"8\"", "parallelism.tensor_parallel_degree" },
        { "tensor_parallel_degree = 8", "tensor_parallel_degree = 0", "parallelism.tensor_parallel_degree" },
        { "pipeline_parallel_schedule = \"Interleaved1F1B\"", "pipeline_parallel_schedule = \"Interleaved2F2B\"",
            "parallelism.pipeline_parallel_schedule" },
        { "pipeline_parallel_schedule = \"Interleaved1F1B\"", "pipeline_parallel_schedule = \"1F1B\"",
            "parallelism.pipeline_parallel_schedule" },
        { "global_batch_size = 256", "global_batch_size = 300", "training.global_batch_size" },
        { "pipeline_parallel_microbatch_size = 1", "pipeline_parallel_microbatch_size = 3",
            "parallelism.pipeline_parallel_microbatch_size" },
        { "\"layers.5\", ", "", "parallelism.module_fqns_per_model_part" },
        { "mode = \"none\"", "mode = \"sometimes\"", "activation_checkpoint.mode" },
        { "steps = 476838", "steps = 4.5", "training.steps" },
    };
    for (const auto& [from, to, key] : edits) {
        SCOPED_TRACE(to);
        std::string edited = good;
        edited.replace(edited.find(from), from.size(), to);
        const std::string message = readErrorOf([&] { (void)importTorchtitanToml(edited, base); });
        EXPECT_NE(message.find(key), std::string::npos) << message;
        const std::string where
            = key == "parallelism.module_fqns_per_model_part" ? lineOf("module_fqns_per_model_part") : lineOf(from);
        EXPECT_EQ(message.rfind(where, 0), 0u) << message;
    }
}

TEST(TorchtitanTomlImport, BrokenAndHostileFilesAreRefusedWithALine)
{
    const nlohmann::json base = roundTripBase(exportScenarios()[0].scenario);
    const std::pair<std::string, std::string> cases[] = {
        { "[training]\nseq_len = 4096\nsteps = = 3\n", "line 3" },
        { "[training]\nseq_len = 4096\n[training]\nsteps = 3\n", "line 3" },
        { "[parallelism]\ntensor_parallel_degree = 99999999999999999999999\n", "line 2" },
        { "[parallelism]\nmodule_fqns_per_model_part = " + std::string(10000, '[') + "\n", "line 2" },
        { std::string("\xff\xfe\x00\x01garbage", 12), "line 1" },
    };
    for (const auto& [toml, where] : cases) {
        SCOPED_TRACE(toml.substr(0, 60));
        const std::string message = readErrorOf([&] { (void)importTorchtitanToml(toml, base); });
        EXPECT_EQ(message.rfind(where, 0), 0u) << message;
    }
}

// ---- Python -------------------------------------------------------------------------------------------

TEST(TorchtitanPyExport, WritesOnlyTrainerConfigNames)
{
    const std::set<std::string> names = namesFrom("torchtitan_trainer_config.txt");
    const std::set<std::string> schedules = namesFrom("torch_pipeline_schedules.txt");
    static const std::regex assignment(R"(^    config\.([a-z_.]+) = )");
    static const std::regex import(R"(^from ([a-z_.0-9]+) import ([A-Za-z_0-9]+)$)");
    static const std::regex base(R"(^    config = ([A-Za-z_0-9]+)\(\)$)");
    static const std::regex flavor(R"re(model_registry\("([^"]+)")re");
    static const std::regex schedule(R"re(pipeline_parallel_schedule = "([^"]+)")re");
    for (const NamedScenario& s : exportScenarios()) {
        SCOPED_TRACE(s.name);
        const std::string py = onlyFile(exported(s.scenario, ExportFormat::TorchtitanPy));
        std::istringstream lines(py);
        int assignments = 0;
        for (std::string line; std::getline(lines, line);) {
            std::smatch m;
            if (std::regex_search(line, m, assignment)) {
                ++assignments;
                EXPECT_TRUE(names.count(m[1])) << "config." << m[1] << " is not in Trainer.Config";
            }
            if (std::regex_match(line, m, import)) {
                EXPECT_TRUE(names.count(m[1].str() + "." + m[2].str()))
                    << m[1] << "." << m[2] << " is not torchtitan's";
            }
            if (std::regex_match(line, m, base) && m[1] != "Trainer") {
                EXPECT_TRUE(names.count("torchtitan.models.llama3.config_registry." + m[1].str())) << m[1];
            }
            if (std::regex_search(line, m, flavor)) {
                EXPECT_TRUE(names.count("llama3 flavor " + m[1].str())) << m[1];
            }
            if (std::regex_search(line, m, schedule)) {
                EXPECT_TRUE(schedules.count(m[1])) << m[1];
            }
        }
        EXPECT_GE(assignments, 14);
    }
}

TEST(TorchtitanPyExport, IsPythonThatParses)
{
    if (std::system("python3 -c 'import ast' > /dev/null 2>&1") != 0)
        GTEST_SKIP() << "python3 is not installed here; the file's syntax cannot be checked";
    const std::filesystem::path file = paraplan::test::scratchPath("torchtitan_export_test.py");
    for (const NamedScenario& s : exportScenarios()) {
        SCOPED_TRACE(s.name);
        std::ofstream(file) << onlyFile(exported(s.scenario, ExportFormat::TorchtitanPy));
        const std::string check = "python3 -c 'import ast,sys; ast.parse(open(sys.argv[1]).read())' " + file.string();
        EXPECT_EQ(std::system(check.c_str()), 0);
    }
    std::filesystem::remove(file);
}

TEST(TorchtitanPyRoundTrip, TheConfigGivesTheScenarioBackButForWhatTorchtitanCannotSay)
{
    expectRoundTrip(ExportFormat::TorchtitanPy);
}

// pytorch/torchtitan @ b5bcd76c66d0acb1a08b176d9639425bc55e0b2a, torchtitan_recipes/tests/h100.py:
// configs derived from shipped ones by assignments, several functions in one module.
TEST(TorchtitanPyImport, ReadsTheFirstConfigFunctionOfTorchtitansRecipes)
{
    const Scenario base = exportScenarios()[0].scenario;
    const Imported imported = importTorchtitanPy(fileText(kTitanData + "h100.py"), io::toJson(base));
    const Scenario s = readImported(imported);
    // llama3_debugmodel_tp2_asynctp_compile
    EXPECT_EQ(s.parallel.degrees.tp, 2);
    EXPECT_TRUE(s.parallel.tpCommOverlap);
    EXPECT_TRUE(anyNoteHas(imported.notes, "config = llama3_debugmodel(): ParaPlan does not run it"));
    EXPECT_TRUE(anyNoteHas(imported.notes, "the others are skipped: llama3_debugmodel_dist_gemm_tp2"));
    EXPECT_EQ(s.model.layers, base.model.layers); // no model_spec: the base's model
}

// pytorch/torchtitan @ 9810191bbb0385d8ac91cd31abbc7f4156a0d462 (the commit that replaced TOML),
// torchtitan/models/llama3/config_registry.py: a Trainer.Config(...) constructor, outside the
// subset of assignments ParaPlan reads, refused at its line.
TEST(TorchtitanPyImport, RefusesConstructorFormAtItsLine)
{
    const std::string message = readErrorOf([] {
        (void)importTorchtitanPy(
            fileText(kTitanData + "llama3_config_registry_9810191.py"), io::toJson(exportScenarios()[0].scenario));
    });
    EXPECT_EQ(message.rfind("line 31", 0), 0u) << message; // `return Trainer.Config(`
}

TEST(TorchtitanPyImport, BadLinesAreNamed)
{
    const std::string good = onlyFile(exported(exportScenarios()[0].scenario, ExportFormat::TorchtitanPy));
    const nlohmann::json base = roundTripBase(exportScenarios()[0].scenario);
    const auto lineOf = [&](const std::string& text) {
        return "line " + std::to_string(std::count(good.begin(), good.begin() + long(good.find(text)), '\n') + 1);
    };
    const std::pair<std::string, std::string> edits[] = {
        { "config.parallelism.tensor_parallel_degree = 8", "config.parallelism.tensor_parallel_degree = \"8\"" },
        { "config.parallelism.tensor_parallel_degree = 8", "config.parallelism.tensor_parallel_degree = tp" },
        { "config.parallelism.tensor_parallel_degree = 8", "if True: config.parallelism.tensor_parallel_degree = 8" },
        { "config.parallelism.pipeline_parallel_schedule = \"Interleaved1F1B\"",
            "config.parallelism.pipeline_parallel_schedule = \"ZBV\"" },
        { "config.training.mixed_precision_reduce = \"float32\"",
            "config.training.mixed_precision_reduce = \"bfloat16\"" },
        { "config.activation_checkpoint = None", "config.activation_checkpoint = \"none\"" },
        { "config.training.num_tokens_per_train_step = 2097152",
            "config.training.num_tokens_per_train_step = 2097153" },
    };
    for (const auto& [from, to] : edits) {
        SCOPED_TRACE(to);
        std::string edited = good;
        edited.replace(edited.find(from), from.size(), to);
        const std::string message = readErrorOf([&] { (void)importTorchtitanPy(edited, base); });
        EXPECT_EQ(message.rfind(lineOf(from), 0), 0u) << message;
    }
    EXPECT_THROW((void)importTorchtitanPy("import os\n", base), io::ReadError);
    EXPECT_THROW((void)importTorchtitanPy("def f():\n    config = Trainer.Config()\n", base), io::ReadError);
    EXPECT_THROW(
        (void)importTorchtitanPy("def f():\n    config.x = [" + std::string(5000, '[') + "\n", base), io::ReadError);
    EXPECT_THROW((void)importTorchtitanPy("def f():\n    config.x = " + std::string(200, '[') + std::string(200, ']')
                         + "\n    return config\n",
                     base),
        io::ReadError);
}

// A mutated export is read or refused with an io::ReadError, never anything else. Deterministic; a
// longer random run of the same found a division by zero once.
TEST(TorchtitanImport, MutatedConfigsAreReadOrRefusedWithAReadError)
{
    std::mt19937 random(15);
    for (const NamedScenario& s : exportScenarios()) {
        const nlohmann::json base = roundTripBase(s.scenario);
        const std::string toml = onlyFile(exported(s.scenario, ExportFormat::TorchtitanToml));
        const std::string py = onlyFile(exported(s.scenario, ExportFormat::TorchtitanPy));
        for (int i = 0; i < 400; ++i) {
            const std::string t = mutated(toml, random), p = mutated(py, random);
            try {
                (void)importTorchtitanToml(t, base);
            } catch (const io::ReadError&) {
            }
            try {
                (void)importTorchtitanPy(p, base);
            } catch (const io::ReadError&) {
            }
        }
    }
}

} // namespace
} // namespace paraplan::frameworks::test
