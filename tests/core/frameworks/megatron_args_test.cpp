// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/frameworks/command_line.h"
#include "core/frameworks/megatron_args.h"
#include "core/io/json_reader.h"
#include "tests/core/frameworks/framework_fixtures.h"
#include "tests/scratch_path.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace paraplan::frameworks::test {

namespace {

const std::string kMegatronData = kFrameworksData + "megatron/";

std::string scriptOf(const LaunchBundle& bundle) { return onlyFileNamed(bundle, "pretrain_gpt.sh"); }

// Round trips compare the scenarios as the contract writes them: a preset topology read twice is two
// objects, equal in every field (ClusterSpec compares topologies by identity).
void expectSameScenario(const Scenario& expected, const Scenario& actual, const std::string& what)
{
    const nlohmann::json e = io::toJson(comparable(expected));
    const nlohmann::json a = io::toJson(comparable(actual));
    EXPECT_EQ(e, a) << what << ": " << nlohmann::json::diff(e, a).dump();
}

Imported importFile(const std::string& name, const nlohmann::json& base)
{
    return importMegatron(fileText(kMegatronData + name), base);
}

nlohmann::json defaultBase() { return io::toJson(decoyScenario()); }

Scenario scenarioFrom(const std::string& json) { return io::readScenarioText(json, io::builtinCatalog()); }

bool bashAvailable() { return std::system("command -v bash >/dev/null 2>&1") == 0; }

// Scenarios beyond the three of every format: the features only they carry (MLA, a MoE layer
// pattern, MTP and a layout string; sliding windows, ZeRO-3, an uneven split, the other rank order).
const char* kDeepSeekScenario = R"({
  "model": { "preset": "deepseek-v3" },
  "training": { "seq_len": 4096, "global_batch": 1024, "micro_batch": 1, "precision": "fp8", "fp8_recipe": "blockwise",
                "fp8_param_gather": true, "grad_precision": "bf16", "train_tokens": 4294967296000,
                "precision_aware_optimizer": { "main_params": "fp32", "exp_avg": "bf16", "exp_avg_sq": "bf16" } },
  "cluster": { "preset": "dgx-h100", "nodes": 64 },
  "parallel": { "tp": 2, "pp": 8, "cp": 1, "ep": 32, "etp": 1,
                "pipeline_layout": "Et*7|t*8|t*8|t*8|t*8|t*8|t*8|t*6mL",
                "sequence_parallel": true, "recompute": "selective",
                "recompute_modules": ["mla_up_proj", "moe_act", "layernorm"],
                "zero_stage": 1, "moe_dispatcher": "flex", "moe_a2a_overlap": true },
  "framework": { "cuda_graphs": true }
})";

const char* kDenseVariantsScenario = R"({
  "model": { "preset": "llama3.1-8b", "head_dim": 128, "local_attention": { "window": 4096, "global_every": 4 } },
  "training": { "seq_len": 8192, "global_batch": 64, "micro_batch": 2, "precision": "fp16", "flash_attention": false,
                "train_tokens": 5242880000 },
  "cluster": { "preset": "dgx-h100", "nodes": 4 },
  "parallel": { "tp": 4, "pp": 4, "cp": 2, "vpp": 2, "decoder_first_pipeline_num_layers": 6,
                "decoder_last_pipeline_num_layers": 6, "sequence_parallel": true, "recompute": "full",
                "zero_stage": 3, "tp_comm_overlap": true, "overlap_grad_reduce": true, "overlap_param_gather": true,
                "placement": { "order": "tp-cp-ep-pp-dp" } }
})";

std::vector<NamedScenario> allScenarios()
{
    std::vector<NamedScenario> all = exportScenarios();
    all.push_back({ "deepseek_layout", scenarioFrom(kDeepSeekScenario) });
    all.push_back({ "dense_variants", scenarioFrom(kDenseVariantsScenario) });
    return all;
}

// The words of the script's command that runs pretrain_gpt.py.
const ShellCommand& pretrainCommand(const ShellScript& script)
{
    for (const ShellCommand& command : script.commands)
        for (const ShellWord& word : command.words)
            if (word.text == "pretrain_gpt.py")
                return command;
    ADD_FAILURE() << "no command runs pretrain_gpt.py";
    return script.commands.front();
}

std::string flagName(const std::string& word) { return word.substr(0, word.find('=')); }

} // namespace

// ---------------------------------------------------------------------------------------------
// The shell reader (core/frameworks/command_line.h).

TEST(ShellWords, QuotesEscapesContinuationsAndComments)
{
    const std::vector<ShellWord> words = shellWords("python pretrain_gpt.py --a 'x y' \"q \\\"r\\\"\" \\\n"
                                                     "  --b=c\\ d # a comment\n");
    ASSERT_EQ(words.size(), 6u);
    EXPECT_EQ(words[2].text, "--a");
    EXPECT_EQ(words[3].text, "x y");
    EXPECT_EQ(words[4].text, "q \"r\"");
    EXPECT_EQ(words[5].text, "--b=c d");
    EXPECT_EQ(words[5].line, 2);
}

TEST(ShellWords, VariablesArraysAndFieldSplitting)
{
    const ShellScript script = readShellScript("GPUS=8\nNODES=${SLURM_NNODES:-\"2\"}\n"
                                               "OPTS=\"--x 1\n  --y 2\"\n"
                                               "ARGS=(\n  --num-layers 32 # layers\n  \"--fp8-format hybrid\"\n)\n"
                                               "ARGS+=(--z)\n"
                                               "WORLD=$(($GPUS*NODES))\n"
                                               "run $OPTS \"${ARGS[@]}\" ${ARGS[2]} $WORLD ${#ARGS[@]} \"$UNSET\"\n");
    ASSERT_EQ(script.commands.size(), 1u);
    const std::vector<ShellWord>& w = script.commands[0].words;
    std::vector<std::string> texts;
    for (const ShellWord& word : w)
        texts.push_back(word.text);
    EXPECT_EQ(texts,
        (std::vector<std::string> { "run", "--x", "1", "--y", "2", "--num-layers", "32", "--fp8-format hybrid", "--z",
            "--fp8-format", "hybrid", "16", "4", "" }));
    EXPECT_EQ(w[3].line, 4) << "a word split out of a variable keeps the line its text was written on";
    EXPECT_EQ(w[5].line, 6);
    EXPECT_EQ(w.back().unresolved, "$UNSET");
    EXPECT_FALSE(w.back().onlyUnresolved) << "a quoted empty word stays";
}

TEST(ShellWords, UnresolvedExpansionsAreMarked)
{
    const std::vector<ShellWord> words = shellWords("cmd $HOSTLESS --dir=$(pwd)/x `date` $1");
    ASSERT_EQ(words.size(), 5u);
    EXPECT_TRUE(words[1].onlyUnresolved);
    EXPECT_EQ(words[1].unresolved, "$HOSTLESS");
    EXPECT_EQ(words[2].text, "--dir=/x");
    EXPECT_EQ(words[2].unresolved, "$(pwd)");
    EXPECT_EQ(words[3].unresolved, "`date`");
    EXPECT_EQ(words[4].unresolved, "$1");
}

TEST(ShellWords, ConditionsDecidedByTheScriptsOwnVariables)
{
    const ShellScript script
        = readShellScript("DTYPE=fp8\nMODE=${3:-MOCK}\n"
                          "if [[ \"$DTYPE\" == \"fp8\" && $MODE != real ]]; then\n  A=(--fp8)\nelse\n  A=(--bf16)\nfi\n"
                          "if [ \"$MODE\" = real ]; then B=1; elif [ -z \"$DTYPE\" ]; then B=2; else B=3; fi\n"
                          "if [ -n \"$FROM_ENV\" ]; then C=env; fi\n"
                          "run ${A[@]} $B $C\n");
    ASSERT_EQ(script.commands.size(), 1u);
    const std::vector<ShellWord>& w = script.commands[0].words;
    ASSERT_EQ(w.size(), 4u);
    EXPECT_EQ(w[1].text, "--fp8");
    EXPECT_EQ(w[2].text, "3");
    EXPECT_EQ(w[3].text, "env") << "a test of the environment reads the branch";
    EXPECT_TRUE(anyNoteHas(script.notes, "line 9: a condition that depends on the machine"));
}

TEST(ShellWords, RedirectionsAndHereDocumentsAreDropped)
{
    const ShellScript script
        = readShellScript("mkdir -p logs 2>/dev/null\ncat <<-EOF > x\n\tpython pretrain_gpt.py --num-layers 1\n\tEOF\n"
                          "torchrun pretrain_gpt.py --num-layers 2 2>&1 | tee log.txt\n");
    ASSERT_EQ(script.commands.size(), 4u);
    EXPECT_EQ(script.commands[1].words.size(), 1u) << "cat's redirections and its here-document";
    const std::vector<ShellWord>& run = script.commands[2].words;
    ASSERT_EQ(run.size(), 4u);
    EXPECT_EQ(run[3].text, "2");
    EXPECT_EQ(run[3].line, 5);
}

TEST(ShellWords, BrokenScriptsNameTheLine)
{
    EXPECT_EQ(readErrorOf([] { (void)readShellScript("A=1\nrun 'open\n"); }),
              "line 2: the single quote (') opened here is never closed");
    EXPECT_EQ(readErrorOf([] { (void)readShellScript("run \"open\n\n"); }),
              "line 1: the double quote (\") opened here is never closed");
    EXPECT_EQ(readErrorOf([] { (void)readShellScript("\n\nARGS=(\n --a 1\n"); }),
        "line 3: ARGS=( opened here has no closing )");
    EXPECT_EQ(readErrorOf([] { (void)readShellScript("echo ${A:-x\n"); }),
        "line 1: the ${ expansion opened here is never closed");
    EXPECT_EQ(readErrorOf([] { (void)readShellScript("echo $(date\n"); }),
              "line 1: the $( command substitution opened here is never closed");
}

TEST(ShellWords, HostileScriptsEndInAnErrorNotACrash)
{
    std::string doubling = "A=x\n";
    for (int i = 0; i < 40; ++i)
        doubling += "A=\"$A$A\"\n";
    EXPECT_NE(readErrorOf([&] { (void)readShellScript(doubling); }).find("grow past 16 MiB"), std::string::npos);
    std::string nested = "echo ";
    for (int i = 0; i < 200; ++i)
        nested += "${A:-";
    nested += std::string(200, '}');
    EXPECT_NE(readErrorOf([&] { (void)readShellScript(nested); }).find("nested more than 32 deep"), std::string::npos);
    std::string garbage;
    for (int i = 0; i < 4096; ++i)
        garbage += char((i * 7919) % 256);
    const std::string message = readErrorOf([&] { (void)importMegatron(garbage, defaultBase()); });
    EXPECT_NE(message, "no error");
}

TEST(ShellWords, QuotingForTheShell)
{
    EXPECT_EQ(shellQuoted("optim_grads"), "optim_grads");
    EXPECT_EQ(shellQuoted("Et*7|t*8L"), "'Et*7|t*8L'");
    EXPECT_EQ(shellQuoted("it's"), "'it'\\''s'");
    EXPECT_EQ(shellWords("x " + shellQuoted("([0]*3+[1]*58)"))[1].text, "([0]*3+[1]*58)");
}

// ---------------------------------------------------------------------------------------------
// Export.

TEST(MegatronExport, EveryFlagIsItsFrameworksOwn)
{
    const std::set<std::string> megatron = namesFrom("megatron_lm_args.txt");
    const std::set<std::string> torchrun = namesFrom("torchrun_args.txt");
    const std::set<std::string> slurm = namesFrom("slurm_options.txt");
    for (const NamedScenario& s : allScenarios()) {
        const Result prediction = predictionOf(s.scenario);
        ASSERT_TRUE(prediction.valid) << s.name;
        const LaunchContext context{ s.scenario, prediction, predictionSummary(s.scenario, prediction) };
        std::vector<std::string> notes;
        const std::vector<std::string> arguments = megatronArguments(context, notes);
        ASSERT_FALSE(arguments.empty());
        for (const std::string& argument : arguments)
            EXPECT_TRUE(megatron.contains(argument.substr(0, argument.find(' ')))) << s.name << ": " << argument;

        const std::string text = scriptOf(exportMegatron(context));
        const ShellScript script = readShellScript(text);
        const ShellCommand& run = pretrainCommand(script);
        bool afterScript = false;
        size_t megatronFlags = 0;
        for (const ShellWord& word : run.words) {
            if (word.text == "pretrain_gpt.py")
                afterScript = true;
            else if (word.text.starts_with("--")) {
                EXPECT_TRUE((afterScript ? megatron : torchrun).contains(flagName(word.text)))
                    << s.name << ": " << word.text;
                megatronFlags += afterScript ? 1 : 0;
            }
        }
        EXPECT_EQ(megatronFlags, size_t(std::count_if(arguments.begin(), arguments.end(),
                                                      [](const std::string& a) { return a.starts_with("--"); })));
        const size_t srun = text.find("# srun ");
        ASSERT_NE(srun, std::string::npos) << s.name;
        for (const ShellWord& word : shellWords(text.substr(srun + 2, text.find('\n', srun) - srun - 2))) {
            if (word.text.starts_with("--")) {
                EXPECT_TRUE(slurm.contains(flagName(word.text))) << s.name << ": " << word.text;
            }
        }
    }
}

TEST(MegatronExport, ScriptPassesBashSyntaxCheck)
{
    if (!bashAvailable())
        GTEST_SKIP() << "bash is not installed here";
    for (const NamedScenario& s : allScenarios()) {
        const std::filesystem::path file = paraplan::test::scratchPath("megatron_" + s.name + ".sh");
        std::ofstream(file) << scriptOf(exported(s.scenario, ExportFormat::Megatron));
        EXPECT_EQ(std::system(("bash -n '" + file.string() + "'").c_str()), 0) << s.name;
        std::filesystem::remove(file);
    }
}

// bash itself runs the script with torchrun stubbed out: the words it passes are the words the
// reader finds, so what the import reads is what the launch would run.
TEST(MegatronExport, BashPassesTheWordsTheReaderFinds)
{
    if (!bashAvailable())
        GTEST_SKIP() << "bash is not installed here";
    for (const NamedScenario& s : allScenarios()) {
        const std::string text = scriptOf(exported(s.scenario, ExportFormat::Megatron));
        const std::filesystem::path file = paraplan::test::scratchPath("megatron_run_" + s.name + ".sh");
        const std::filesystem::path out = file.string() + ".out";
        std::ofstream(file) << "torchrun() { printf '%s\\n' \"$@\"; }\nLR=0.1\n" << text;
        ASSERT_EQ(std::system(("bash '" + file.string() + "' > '" + out.string() + "'").c_str()), 0) << s.name;
        std::vector<std::string> ran;
        std::istringstream lines(fileText(out.string()));
        for (std::string line; std::getline(lines, line);)
            ran.push_back(line);
        std::filesystem::remove(file);
        std::filesystem::remove(out);

        const ShellScript script = readShellScript(text, { { "LR", { ShellWord{ "0.1", 1, {}, false } } } });
        const ShellCommand& run = pretrainCommand(script);
        std::vector<std::string> read;
        for (size_t i = 1; i < run.words.size(); ++i)
            read.push_back(run.words[i].text);
        EXPECT_EQ(ran, read) << s.name;
    }
}

TEST(MegatronExport, WritesTheScenariosSettings)
{
    const std::vector<NamedScenario> scenarios = exportScenarios();
    const std::string llama70b = scriptOf(exported(scenarios[0].scenario, ExportFormat::Megatron));
    for (const char* line : { "    --tensor-model-parallel-size 8\n", "    --pipeline-model-parallel-size 4\n",
             "    --num-virtual-stages-per-pipeline-rank 5\n", "    --sequence-parallel\n",
             "    --num-query-groups 8\n", "    --vocab-size 128256\n", "    --train-iters 476838\n",
             "    --use-distributed-optimizer\n", "    --overlap-param-gather\n", "GPUS_PER_NODE=8\nNNODES=8\n",
             "export CUDA_DEVICE_MAX_CONNECTIONS=1", "# predicted step " })
        EXPECT_NE(llama70b.find(line), std::string::npos) << line;
    const std::string mixtral = scriptOf(exported(scenarios[1].scenario, ExportFormat::Megatron));
    for (const char* line : { "    --num-experts 8\n", "    --moe-router-topk 2\n",
             "    --expert-model-parallel-size 8\n", "    --moe-token-dispatcher-type alltoall\n",
             "    --fp8-format hybrid\n", "    --fp8-recipe tensorwise\n", "    --recompute-granularity selective\n" })
        EXPECT_NE(mixtral.find(line), std::string::npos) << line;
    EXPECT_EQ(mixtral.find("CUDA_DEVICE_MAX_CONNECTIONS"), std::string::npos)
        << "tp 1, cp 1: Megatron does not ask for it";
    const std::string deepseek = scriptOf(exported(scenarioFrom(kDeepSeekScenario), ExportFormat::Megatron));
    for (const char* line :
        { "    --moe-layer-freq '[0]*3+[1]*58'\n", "    --pipeline-model-parallel-layout 'Et*7|(t*8|)*6t*6mL'\n",
            "    --q-lora-rank 1536\n", "    --mtp-num-layers 1\n", "    --moe-router-enable-expert-bias\n",
            "    --moe-shared-expert-intermediate-size 2048\n", "    --cuda-graph-impl local\n",
            "    --exp-avg-dtype bf16\n", "    --overlap-moe-expert-parallel-comm\n" })
        EXPECT_NE(deepseek.find(line), std::string::npos) << line;
    const std::string dense = scriptOf(exported(scenarioFrom(kDenseVariantsScenario), ExportFormat::Megatron));
    for (const char* line : { "    --use-megatron-fsdp\n", "    --data-parallel-sharding-strategy optim_grads_params\n",
             "    --window-size '(4096,0)'\n", "    --window-attn-skip-freq 4\n", "    --kv-channels 128\n",
             "    --decoder-first-pipeline-num-layers 6\n", "    --use-tp-pp-dp-mapping\n", "    --fp16\n",
             "    --attention-backend unfused\n", "    --recompute-method uniform\n",
             "unset CUDA_DEVICE_MAX_CONNECTIONS" })
        EXPECT_NE(dense.find(line), std::string::npos) << line;
}

TEST(MegatronExport, NotesWhatMegatronCannotSay)
{
    const std::vector<NamedScenario> scenarios = exportScenarios();
    const LaunchBundle swapped = exported(scenarios[2].scenario, ExportFormat::Megatron);
    EXPECT_TRUE(anyNoteHas(
        swapped.notes, "rank_to_gpu: Megatron-LM has no flag for a rank table; launch with the env or slurm export"))
        << allNotes(swapped.notes);
    EXPECT_NE(scriptOf(swapped).find("#   - parallel.placement.rank_to_gpu"), std::string::npos)
        << "the script says so too";

    Scenario zeroBubble = scenarios[2].scenario;
    zeroBubble.parallel.schedule = PipelineSchedule::ZbH1;
    EXPECT_TRUE(anyNoteHas(exported(zeroBubble, ExportFormat::Megatron).notes,
                        "parallel.schedule zb-h1: Megatron-LM runs 1F1B and interleaved 1F1B only"));
    Scenario onNemo = scenarios[0].scenario;
    onNemo.framework.name = Framework::Nemo;
    EXPECT_TRUE(anyNoteHas(exported(onNemo, ExportFormat::Megatron).notes, "the prediction was for framework nemo"));
    EXPECT_TRUE(
        anyNoteHas(exported(scenarios[0].scenario, ExportFormat::Megatron).notes, "--train-iters 476838 trains"));
}

// ---------------------------------------------------------------------------------------------
// Round trips.

TEST(MegatronRoundTrip, EachScenarioComesBack)
{
    for (const NamedScenario& s : allScenarios()) {
        const Result prediction = predictionOf(s.scenario);
        const LaunchBundle bundle = exportLaunch(s.scenario, prediction, ExportFormat::Megatron);
        const Imported imported = importMegatron(scriptOf(bundle), roundTripBase(s.scenario));
        Scenario expected = s.scenario;
        // Megatron-LM has no "auto": the export writes the recomputation the evaluation chose.
        expected.parallel.recompute = prediction.parallel.recompute;
        expected.parallel.recomputeModules = prediction.parallel.recomputeModules;
        // It counts whole steps: train_tokens comes back rounded up to one (the export notes it).
        if (const std::optional<double> tokens = s.scenario.training.trainTokens) {
            const double perStep = double(s.scenario.training.globalBatch) * double(s.scenario.training.seqLen);
            expected.training.trainTokens = std::ceil(*tokens / perStep) * perStep;
        }
        // A rank table is no Megatron flag: it comes from the base (here the decoy's: none), and the
        // export notes that the env or slurm export places the ranks.
        if (s.scenario.parallel.placement.table) {
            EXPECT_TRUE(anyNoteHas(bundle.notes, "rank_to_gpu"));
            expected.parallel.placement.table.reset();
        }
        expectSameScenario(expected, readImported(imported), s.name);
        EXPECT_TRUE(
            anyNoteHas(imported.notes, "cluster: the GPUs, links and topology are not in a Megatron-LM launch"));
    }
}

TEST(MegatronRoundTrip, ARankTableComesBackFromTheBase)
{
    const Scenario swapped = exportScenarios()[2].scenario;
    const Imported imported = importMegatron(scriptOf(exported(swapped, ExportFormat::Megatron)), io::toJson(swapped));
    const Scenario back = readImported(imported);
    ASSERT_TRUE(back.parallel.placement.table);
    EXPECT_EQ(back.parallel.placement.table->gpuOfRank, swapped.parallel.placement.table->gpuOfRank);
    EXPECT_TRUE(anyNoteHas(imported.notes, "parallel: not in the launch; kept from the base: placement.rank_to_gpu"));
}

// megatron/training/arguments.py ("Parameters dtype"): an fp16 run keeps its gradients in fp16
// unless --accumulate-allreduce-grads-in-fp32 asks for fp32 main gradients; a bf16 run gets fp32
// ones unless --grad-reduce-in-bf16.
TEST(MegatronRoundTrip, Fp16GradientsAreMegatronsDefault)
{
    Scenario fp16 = scenarioFrom(kDenseVariantsScenario);
    ASSERT_EQ(fp16.training.precision, Precision::Fp16);
    for (const GradPrecision grads : { GradPrecision::Fp16, GradPrecision::Fp32 }) {
        fp16.training.gradPrecision = grads;
        const std::string script = scriptOf(exported(fp16, ExportFormat::Megatron));
        const bool fp32Flag = script.find("--accumulate-allreduce-grads-in-fp32\n") != std::string::npos;
        EXPECT_EQ(fp32Flag, grads == GradPrecision::Fp32) << toString(grads);
        EXPECT_EQ(script.find("--grad-reduce-in-bf16"), std::string::npos) << toString(grads);
        EXPECT_EQ(readImported(importMegatron(script, io::toJson(fp16))).training.gradPrecision, grads)
            << toString(grads);
    }
}

// ---------------------------------------------------------------------------------------------
// Real launch scripts: NVIDIA/Megatron-LM @ d98e8a64ddf34856e74b24714e3bedb2f5a39553, copied verbatim
// into tests/data/frameworks/megatron/ (README.md there gives each path).

TEST(MegatronImport, Gpt3175bExample)
{
    // examples/gpt3/train_gpt3_175b_distributed.sh: arrays, $((...)), positional parameters.
    const Imported imported = importFile("train_gpt3_175b_distributed.sh", defaultBase());
    const Scenario s = readImported(imported);
    EXPECT_EQ(s.model.layers, 96);
    EXPECT_EQ(s.model.hidden, 12288);
    EXPECT_EQ(s.model.heads, 96);
    EXPECT_EQ(s.model.kvHeads, 96);
    EXPECT_EQ(s.model.ffnHidden, 4 * 12288) << "Megatron's default without --ffn-hidden-size";
    EXPECT_TRUE(s.model.dropout) << "Megatron's 0.1 dropouts";
    EXPECT_TRUE(s.model.tiedEmbeddings);
    EXPECT_EQ(s.training.seqLen, 2048);
    EXPECT_EQ(s.training.globalBatch, 1536);
    EXPECT_EQ(s.training.microBatch, 1);
    EXPECT_EQ(s.training.precision, Precision::Fp16);
    EXPECT_EQ(s.training.gradPrecision, GradPrecision::Fp16) << "--fp16 without --accumulate-allreduce-grads-in-fp32";
    EXPECT_TRUE(s.training.flashAttention);
    EXPECT_DOUBLE_EQ(*s.training.trainTokens, 500000.0 * 1536 * 2048);
    EXPECT_EQ(s.parallel.degrees.tp, 8);
    EXPECT_EQ(s.parallel.degrees.pp, 16);
    EXPECT_EQ(s.parallel.zeroStage, 0) << "no --use-distributed-optimizer";
    EXPECT_FALSE(s.parallel.overlapGradReduce);
    EXPECT_EQ(s.parallel.recompute, Recompute::None);
    EXPECT_EQ(s.cluster.nodes, 1);
    EXPECT_EQ(s.cluster.gpusPerNode, 8);
    EXPECT_TRUE(anyNoteHas(imported.notes, "vocab 51200 (the tokenizer's)")) << allNotes(imported.notes);
    EXPECT_TRUE(anyNoteHas(imported.notes, "--step-batch-size-schedule")) << "an unknown flag is named";
    EXPECT_TRUE(anyNoteHas(imported.notes, "tp x pp x cp = 128 does not divide the launch's 8 GPUs"));
}

TEST(MegatronImport, Llama3Fp8Example)
{
    // examples/llama/train_llama3_8b_h100_fp8.sh: if/else on the script's own variables, arrays of
    // "--flag value" strings split when expanded, ${3:-"MOCK"} defaults.
    const Imported imported = importFile("train_llama3_8b_h100_fp8.sh", defaultBase());
    const Scenario s = readImported(imported);
    EXPECT_EQ(s.model.layers, 32);
    EXPECT_EQ(s.model.kvHeads, 8);
    EXPECT_EQ(s.model.headDimension, 128);
    EXPECT_EQ(s.model.ffnHidden, 14336);
    EXPECT_TRUE(s.model.gatedMlp);
    EXPECT_FALSE(s.model.tiedEmbeddings);
    EXPECT_FALSE(s.model.dropout);
    EXPECT_EQ(s.model.vocab, 128256);
    EXPECT_EQ(s.training.precision, Precision::Fp8);
    EXPECT_EQ(s.training.fp8Recipe, Fp8Recipe::Delayed) << "Megatron's default recipe";
    EXPECT_TRUE(s.training.fp8ParamGather);
    EXPECT_EQ(s.training.gradPrecision, GradPrecision::Bf16);
    EXPECT_EQ(s.training.seqLen, 8192);
    EXPECT_EQ(s.training.globalBatch, 128);
    EXPECT_DOUBLE_EQ(*s.training.trainTokens, 1953125000.0 * 8192);
    EXPECT_EQ(s.parallel.degrees.tp, 1);
    EXPECT_FALSE(s.parallel.sequenceParallel) << "Megatron turns it off at tp 1";
    EXPECT_EQ(s.parallel.zeroStage, 1);
    EXPECT_TRUE(s.parallel.overlapGradReduce);
    EXPECT_TRUE(s.parallel.overlapParamGather);
    EXPECT_EQ(s.cluster.nodes, 1);
    EXPECT_EQ(s.cluster.gpusPerNode, 8);
    EXPECT_TRUE(anyNoteHas(imported.notes, "--fp8-amax-history-len")) << allNotes(imported.notes);
    EXPECT_FALSE(anyNoteHas(imported.notes, "--data-path"))
        << "the real-data branch is ruled out by TOKENIZER_ARG's default";
}

TEST(MegatronImport, Mixtral8x7bExample)
{
    // examples/mixtral/train_mixtral_8x7b_distributed.sh: ${SLURM_NNODES:-"1"}, continuations in an array.
    const Imported imported = importFile("train_mixtral_8x7b_distributed.sh", defaultBase());
    const Scenario s = readImported(imported);
    EXPECT_EQ(s.model.moe.experts, 8);
    EXPECT_EQ(s.model.moe.topK, 2);
    EXPECT_EQ(s.model.moe.expertFfnHidden, 14336);
    EXPECT_EQ(s.model.moe.loadBalancing, LoadBalancing::AuxLoss);
    EXPECT_EQ(s.parallel.moeDispatcher, MoeDispatcher::AllToAll);
    EXPECT_EQ(s.parallel.degrees.ep, 8);
    EXPECT_EQ(s.parallel.degrees.pp, 4);
    EXPECT_EQ(s.parallel.zeroStage, 1);
    EXPECT_EQ(s.model.kvHeads, 8);
    EXPECT_EQ(s.training.seqLen, 4096);
    EXPECT_EQ(s.cluster.nodes, 1);
    EXPECT_DOUBLE_EQ(*s.training.trainTokens, 500000.0 * 256 * 4096);
    EXPECT_TRUE(anyNoteHas(imported.notes, "vocab 51200 (the tokenizer's: Llama2Tokenizer)"))
        << allNotes(imported.notes);
    EXPECT_TRUE(anyNoteHas(imported.notes, "a condition that depends on the machine")) << "[ -n \"${WANDB_API_KEY}\" ]";
}

TEST(MegatronImport, DeepSeekV3FsdpExample)
{
    // examples/megatron_fsdp/sbatch_mfsdp_deepseek_v3.sh: the command is a string variable run by
    // srun inside a here-document; MLA, 256 experts after 3 dense layers, MTP, Megatron-FSDP.
    const Imported imported = importFile("sbatch_mfsdp_deepseek_v3.sh", defaultBase());
    const Scenario s = readImported(imported);
    EXPECT_EQ(s.model.layers, 61);
    EXPECT_EQ(s.model.moe.experts, 256);
    EXPECT_EQ(s.model.moe.topK, 8);
    EXPECT_EQ(s.model.moe.firstDenseLayers, 3);
    EXPECT_EQ(s.model.moe.layerFrequency, 1);
    EXPECT_EQ(s.model.moe.sharedExperts, 1);
    EXPECT_EQ(s.model.moe.sharedExpertFfnHidden, 2048);
    EXPECT_EQ(s.model.moe.groups, 8);
    EXPECT_EQ(s.model.moe.groupTopK, 4);
    EXPECT_EQ(s.model.moe.loadBalancing, LoadBalancing::AuxFree);
    EXPECT_EQ(s.model.mla.qLoraRank, 1536);
    EXPECT_EQ(s.model.mla.kvLoraRank, 512);
    EXPECT_EQ(s.model.mla.qkRopeHeadDim, 64);
    EXPECT_EQ(s.model.mtpLayers, 1);
    EXPECT_EQ(s.parallel.moeDispatcher, MoeDispatcher::Flex);
    EXPECT_EQ(s.parallel.zeroStage, 3) << "Megatron-FSDP, optim_grads_params";
    EXPECT_EQ(s.parallel.degrees.ep, 8);
    EXPECT_EQ(s.parallel.degrees.etp, 1);
    EXPECT_EQ(s.parallel.recompute, Recompute::Selective);
    EXPECT_TRUE(s.parallel.recomputeModules.has(RecomputeModule::MlaUpProj));
    EXPECT_TRUE(s.parallel.recomputeModules.has(RecomputeModule::Moe));
    EXPECT_FALSE(s.parallel.recomputeModules.has(RecomputeModule::CoreAttn));
    EXPECT_EQ(s.training.microBatch, 4);
    EXPECT_EQ(s.training.globalBatch, 2048);
    EXPECT_DOUBLE_EQ(*s.training.trainTokens, 585937500.0 * 4096);
    EXPECT_TRUE(anyNoteHas(imported.notes, "the value of TRAINING_CMD")) << allNotes(imported.notes);
}

TEST(MegatronImport, BareCommandLine)
{
    const Imported imported = importMegatron(
        "torchrun --nproc-per-node=4 --nnodes=1:2 pretrain_gpt.py --num-layers=24 --hidden-size 2048 "
        "--num-attention-heads 16 --seq-length 1024 --micro-batch-size 2 --global-batch-size 64 --bf16 "
        "--recompute-activations --num-layers-per-virtual-pipeline-stage 3 --pipeline-model-parallel-size 4 "
        "--tokenizer-type GPT2BPETokenizer --moe-layer-freq 2 --num-experts 4",
        defaultBase());
    const Scenario s = readImported(imported);
    EXPECT_EQ(s.model.layers, 24);
    EXPECT_EQ(s.cluster.gpusPerNode, 4);
    EXPECT_EQ(s.cluster.nodes, 2) << "an elastic range's maximum";
    EXPECT_EQ(s.parallel.degrees.vpp, 2) << "24 layers / pp 4 / 3 per chunk";
    EXPECT_EQ(s.parallel.recompute, Recompute::Selective);
    EXPECT_EQ(s.model.vocab, 50304) << "GPT-2's 50257 tokens padded to a multiple of 128";
    EXPECT_EQ(s.model.moe.layerFrequency, 2);
    EXPECT_EQ(s.model.moe.expertFfnHidden, 4 * 2048);
    EXPECT_TRUE(anyNoteHas(imported.notes, "--moe-layer-freq 2 makes layers 0, 2, ... MoE"));
}

// ---------------------------------------------------------------------------------------------
// Bad input: each error names the line and what to change.

TEST(MegatronImport, BadInputNamesTheLineAndFlag)
{
    const nlohmann::json base = defaultBase();
    auto error = [&](const std::string& text) { return readErrorOf([&] { (void)importMegatron(text, base); }); };
    EXPECT_EQ(
        error("python pretrain_gpt.py --hidden-size 64 \\\n  --num-layers\n"), "line 2: --num-layers needs a value");
    EXPECT_EQ(error("python pretrain_gpt.py --num-layers --hidden-size 64"), "line 1: --num-layers needs a value");
    EXPECT_EQ(error("ARGS=(\n --hidden-size 64\n --num-layers many\n)\npython pretrain_gpt.py ${ARGS[@]}"),
              "line 3: --num-layers takes a whole number; got \"many\"");
    EXPECT_EQ(error("python pretrain_gpt.py --num-layers -4"), "line 1: --num-layers must be at least 1; got -4");
    EXPECT_EQ(error("python pretrain_gpt.py --num-layers 99999999999999999999999"),
              "line 1: --num-layers 99999999999999999999999 is too large");
    EXPECT_EQ(error("python pretrain_gpt.py --hidden-dropout 1.5"), "line 1: --hidden-dropout 1.5 is outside 0 to 1");
    EXPECT_EQ(error("python pretrain_gpt.py \\\n --num-layers 8 --tokenizer-type X --hidden-size 'open"),
              "line 2: the single quote (') opened here is never closed");
    EXPECT_EQ(error("L=32\npython pretrain_gpt.py --num-layers $LAYERS"),
              "line 2: --num-layers's value uses $LAYERS, which the script does not set; set it in the script or write "
              "the value");
    EXPECT_EQ(error("python pretrain_gpt.py --recompute-granularity partial"),
              "line 1: --recompute-granularity \"partial\" is not one of Megatron-LM's choices: full, selective");
    EXPECT_EQ(error("python pretrain_gpt.py --swiglu yes"), "line 1: --swiglu takes no value, but \"yes\" follows it");
    EXPECT_EQ(error("python pretrain_gpt.py --num-layers 4 --num-experts 2 --moe-layer-freq '[0]*3+[1]*2'"),
              "line 1: --moe-layer-freq's pattern has 5 layers; --num-layers is 4");
    EXPECT_EQ(error("python pretrain_gpt.py --num-layers 4 --pipeline-model-parallel-size 2 "
                    "--pipeline-model-parallel-layout 'Et|t|tL'"),
        "line 1: --pipeline-model-parallel-layout's 3 stages do not divide into --pipeline-model-parallel-size 2");
    EXPECT_EQ(error("python pretrain_gpt.py --train-iters 10 --train-samples 100"),
              "line 1: give --train-iters or --train-samples, not both (Megatron-LM refuses both)");
    EXPECT_EQ(error("echo hello\nls -l\n"),
        "(file): no Megatron-LM invocation: no command runs pretrain_*.py or passes "
        "--num-layers, --hidden-size or --tensor-model-parallel-size");
}

TEST(MegatronImport, WhatTheLaunchDoesNotSayComesFromTheBaseAndIsNamed)
{
    const Scenario decoy = decoyScenario();
    const Imported imported
        = importMegatron("python pretrain_gpt.py --tensor-model-parallel-size 2 --bf16", defaultBase());
    const Scenario s = readImported(imported);
    EXPECT_EQ(s.model.layers, decoy.model.layers);
    EXPECT_EQ(s.training.seqLen, decoy.training.seqLen);
    EXPECT_EQ(s.cluster.nodes, decoy.cluster.nodes);
    EXPECT_EQ(s.parallel.degrees.tp, 2);
    EXPECT_EQ(s.parallel.degrees.pp, 1) << "Megatron's default, not the base's";
    EXPECT_EQ(s.parallel.zeroStage, 0) << "Megatron's default, not the base's";
    for (const char* note : { "model: not in the launch; kept from the base: layers 96 (--num-layers), hidden 12288",
                              "training: not in the launch; kept from the base: seq_len 2048 (--seq-length)",
                              "cluster: not in the launch; kept from the base: nodes 96, gpus_per_node 8" })
        EXPECT_TRUE(anyNoteHas(imported.notes, note)) << note << "\n" << allNotes(imported.notes);
}

} // namespace paraplan::frameworks::test
