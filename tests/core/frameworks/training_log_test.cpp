// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// Training logs as measurements: real excerpts (tests/data/frameworks/logs/README.md names each
// source) read with their format and iterations; the steady state of logs whose answer is known;
// cut, interleaved, coloured and hostile logs.
#include "core/frameworks/training_log.h"
#include "tests/core/frameworks/framework_fixtures.h"

#include "core/io/json_reader.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace paraplan;
using namespace paraplan::frameworks;

namespace {

using test::allNotes;
using test::anyNoteHas;

std::string logSample(const std::string& name) { return test::fileText(test::kFrameworksData + "logs/" + name); }

// "line N" or "(file)" of the ReadError the text raises, or "" when it reads.
std::string readErrorPathOf(const std::string& text, std::optional<LogFormat> format = std::nullopt)
{
    try {
        (void)readTrainingLog(text, format);
    } catch (const io::ReadError& e) {
        return e.path();
    }
    return "";
}

std::string readErrorMessageOf(const std::string& text, std::optional<LogFormat> format = std::nullopt)
{
    try {
        (void)readTrainingLog(text, format);
    } catch (const io::ReadError& e) {
        return e.message();
    }
    return "";
}

std::vector<int64_t> iterationsOf(const TrainingLog& log)
{
    std::vector<int64_t> iterations;
    for (const LogStep& step : log.steps)
        iterations.push_back(step.iteration);
    return iterations;
}

// Every figure of the log and of its steady state is finite (hostile input must not make NaN).
void expectFinite(const TrainingLog& log)
{
    const auto finite = [](const std::optional<double>& value) { return !value || std::isfinite(*value); };
    for (const LogStep& s : log.steps)
        EXPECT_TRUE(finite(s.stepS) && finite(s.tflopsPerGpu) && finite(s.mfu) && finite(s.tokensPerGpuS)
                    && finite(s.samplesPerS))
            << "iteration " << s.iteration;
    EXPECT_TRUE(finite(log.peakReservedGib) && finite(log.peakAllocatedGib));
    const SteadyState steady = steadyStateOf(log);
    EXPECT_TRUE(finite(steady.stepS) && finite(steady.tflopsPerGpu) && finite(steady.mfu)
                && finite(steady.tokensPerGpuS) && finite(steady.samplesPerS) && std::isfinite(steady.spread));
}

// A Megatron-LM iteration line as training_log() writes it (megatron/training/training.py).
std::string megatronLine(int64_t iteration, double ms, double tflops, int64_t globalBatch = 1024)
{
    char line[512];
    std::snprintf(line, sizeof line,
                  " [2025-01-01 00:00:00.000000] iteration %8lld/%8d | consumed samples: %12lld | elapsed time per "
                  "iteration (ms): %.1f | throughput per GPU (TFLOP/s/GPU): %.1f | learning rate: 3.000000E-04 | "
                  "global batch size: %5lld | lm loss: 7.000000E+00 | loss scale: 1.0 | grad norm: 1.000 | number "
                  "of skipped iterations:   0 | number of nan iterations:   0 |\n",
                  (long long)iteration, 1000, (long long)(iteration * globalBatch), ms, tflops, (long long)globalBatch);
    return line;
}

} // namespace

// ---- Real excerpts ----

struct SampleExpectation {
    const char* file;
    LogFormat format;
    std::vector<int64_t> iterations;
};

TEST(TrainingLogSamples, EachIsReadWithItsFormatAndIterations)
{
    const SampleExpectation samples[] = {
        { "megatron_lm_756_mixtral_h100.log", LogFormat::Megatron, { 29, 30, 31, 71, 72, 73, 85, 86, 87 } },
        { "megatron_lm_60_gpt2_v100.log", LogFormat::Megatron, { 5, 10 } },
        { "megatron_llm_11_no_throughput.log", LogFormat::Megatron,
          { 122, 123, 124, 125, 162, 163, 164, 165, 182, 183, 184, 185 } },
        { "megatron_deepspeed_alcf_polaris.log", LogFormat::Megatron, { 199, 200 } },
        { "gpt_neox_947_llama_bf16.log", LogFormat::Megatron, { 1, 2 } },
        { "deepspeed_3742_gpt_neox.log", LogFormat::Megatron, { 34 } },
        { "torchtitan_2389_moe_all_ranks.log", LogFormat::Torchtitan, { 4, 5 } },
        { "torchtitan_3393_rank0.log", LogFormat::Torchtitan,
          { 14, 15, 16, 17, 18, 19, 20, 21, 54, 55, 56, 57, 58, 59, 60, 61 } },
        { "torchtitan_1287_llama_gc_profiler.log", LogFormat::Torchtitan, { 200, 210, 220, 230, 240, 250 } },
        { "torchtitan_1884_four_ranks.log", LogFormat::Torchtitan, { 1, 10 } },
        { "deepspeed_1825_samplespersec.log", LogFormat::DeepSpeed, { 40, 50 } },
        { "deepspeed_255_bart.log", LogFormat::DeepSpeed, { 2650, 2700 } },
        { "deepspeed_849_zero3.log", LogFormat::DeepSpeed, { 25 } },
    };
    for (const SampleExpectation& sample : samples) {
        SCOPED_TRACE(sample.file);
        const TrainingLog log = readTrainingLog(logSample(sample.file));
        EXPECT_EQ(log.format, sample.format);
        EXPECT_EQ(iterationsOf(log), sample.iterations);
        expectFinite(log);
    }
}

TEST(TrainingLogSamples, MegatronMixtralFigures)
{
    // NVIDIA/Megatron-LM#756: Mixtral 8x7B on 16 H100, --log-throughput, every iteration logged.
    const TrainingLog log = readTrainingLog(logSample("megatron_lm_756_mixtral_h100.log"));
    const LogStep& first = log.steps.front();
    EXPECT_EQ(first.line, 1);
    EXPECT_DOUBLE_EQ(*first.stepS, 5.9121);
    EXPECT_DOUBLE_EQ(*first.tflopsPerGpu, 220.9);
    EXPECT_EQ(*first.globalBatch, 128);
    EXPECT_FALSE(first.samplesPerS);
    EXPECT_EQ(log.steps.back().line, 9);
    EXPECT_FALSE(log.peakReservedGib); // no memory report in the excerpt
    EXPECT_TRUE(log.notes.empty()) << allNotes(log.notes);

    // Step times 5912.1 ... 5444.5 ms, all within 10 % of each other: no warm-up, no outlier; the
    // median of the nine is 5580.9 ms, whose line printed 234.0 TFLOP/s/GPU.
    const SteadyState steady = steadyStateOf(log);
    EXPECT_EQ(steady.warmupSkipped, 0);
    EXPECT_TRUE(steady.outliers.empty());
    EXPECT_EQ(steady.used, 9);
    EXPECT_DOUBLE_EQ(*steady.stepS, 5.5809);
    EXPECT_DOUBLE_EQ(*steady.tflopsPerGpu, 234.0);
    EXPECT_FALSE(steady.mfu);
    EXPECT_GT(steady.spread, 0.05);
    EXPECT_LT(steady.spread, 0.10);
}

TEST(TrainingLogSamples, OldMegatronWarmupAndMemoryReport)
{
    // NVIDIA/Megatron-LM#60 (2020): no timestamp, no consumed samples, "after 5 iterations memory
    // (MB)" without a rank; iteration 5 took 16.5 s per iteration, iteration 10 2.0 s.
    const TrainingLog log = readTrainingLog(logSample("megatron_lm_60_gpt2_v100.log"));
    EXPECT_DOUBLE_EQ(*log.steps[0].stepS, 16.4915);
    EXPECT_DOUBLE_EQ(*log.peakReservedGib, 17482.0 / 1024);
    EXPECT_DOUBLE_EQ(*log.peakAllocatedGib, 12606.06201171875 / 1024);
    const SteadyState steady = steadyStateOf(log);
    EXPECT_EQ(steady.warmupSkipped, 1);
    EXPECT_EQ(steady.used, 1);
    EXPECT_DOUBLE_EQ(*steady.stepS, 1.9939);
    EXPECT_TRUE(anyNoteHas(steady.notes, "warm-up: iteration 5 (line 6) skipped")) << allNotes(steady.notes);
}

TEST(TrainingLogSamples, DriftingMegatronLogSkipsItsEarlyFastSteps)
{
    // epfLLM/Megatron-LLM#11: 86.5 s per iteration at 122, 115 s at 162, 127 s at 182. The later
    // half's median is 126.3 s, so 122-125 (more than 10 % from it) count as warm-up, and the
    // wide spread says the log never settled.
    const TrainingLog log = readTrainingLog(logSample("megatron_llm_11_no_throughput.log"));
    const SteadyState steady = steadyStateOf(log);
    EXPECT_EQ(steady.warmupSkipped, 4);
    EXPECT_EQ(steady.used, 8);
    EXPECT_TRUE(steady.outliers.empty());
    EXPECT_NEAR(*steady.stepS, (115.4139 + 125.5537) / 2, 1e-9);
    EXPECT_GT(steady.spread, 0.10);
    EXPECT_FALSE(steady.tflopsPerGpu);
}

TEST(TrainingLogSamples, MegatronDeepSpeedLogPrefersTheIterationLines)
{
    // argonne-lcf/Megatron-DeepSpeed ALCF/README.md: DeepSpeed's timer lines and Megatron-DeepSpeed's
    // iteration lines side by side, then a checkpoint and a traceback.
    const std::string text = logSample("megatron_deepspeed_alcf_polaris.log");
    const TrainingLog log = readTrainingLog(text);
    ASSERT_EQ(log.steps.size(), 2u);
    const LogStep& step = log.steps[0];
    EXPECT_EQ(step.line, 2);
    EXPECT_DOUBLE_EQ(*step.stepS, 14.2875);
    EXPECT_DOUBLE_EQ(*step.samplesPerS, 53.753);
    EXPECT_DOUBLE_EQ(*step.tokensPerGpuS, 1146.733);
    EXPECT_DOUBLE_EQ(*step.tflopsPerGpu, 69.85);
    EXPECT_EQ(*step.globalBatch, 768);
    EXPECT_TRUE(anyNoteHas(log.notes, "2 DeepSpeed step lines left out")) << allNotes(log.notes);

    // Read as DeepSpeed: the timer's global steps, each step's own samples per second and the peak
    // allocated memory.
    const TrainingLog deepspeed = readTrainingLog(text, LogFormat::DeepSpeed);
    EXPECT_EQ(deepspeed.format, LogFormat::DeepSpeed);
    EXPECT_EQ(iterationsOf(deepspeed), (std::vector<int64_t>{ 199, 200 }));
    EXPECT_DOUBLE_EQ(*deepspeed.steps[0].samplesPerS, 61.35304005128382);
    EXPECT_FALSE(deepspeed.steps[0].stepS);
    EXPECT_DOUBLE_EQ(*deepspeed.peakAllocatedGib, 19.52);
    EXPECT_FALSE(deepspeed.peakReservedGib);
    EXPECT_TRUE(anyNoteHas(deepspeed.notes, "2 Megatron-LM step lines left out")) << allNotes(deepspeed.notes);
}

TEST(TrainingLogSamples, GptNeoxLinesAreMegatronStyle)
{
    // EleutherAI/gpt-neox#947: "samples/sec" first, "approx flops per GPU: 9.8TFLOPS", a memory
    // report without a rank.
    const TrainingLog log = readTrainingLog(logSample("gpt_neox_947_llama_bf16.log"));
    EXPECT_DOUBLE_EQ(*log.steps[0].samplesPerS, 2.930);
    EXPECT_DOUBLE_EQ(*log.steps[0].tflopsPerGpu, 9.8);
    EXPECT_DOUBLE_EQ(*log.steps[1].tflopsPerGpu, 16.4);
    EXPECT_DOUBLE_EQ(*log.steps[1].stepS, 6.5247);
    EXPECT_DOUBLE_EQ(*log.peakReservedGib, 37120.0 / 1024);

    // Newer gpt-neox (megatron/logging.py at ea7aefd8f) scales the unit and adds MFU and HFU.
    const TrainingLog newer = readTrainingLog(" samples/sec: 95.120 | iteration      100/  320000 | elapsed time per "
                                              "iteration (ms): 5382.6 | learning rate: 5.999E-05 | approx flops per "
                                              "GPU: 1.2PFLOPS | MFU: 41.25% | HFU: 55.00% | lm_loss: 2.1E+00 |\n"
                                              " samples/sec: 0.120 | iteration      110/  320000 | elapsed time per "
                                              "iteration (ms): 4266700.0 | approx flops per GPU: 950.5GFLOPS |\n");
    EXPECT_DOUBLE_EQ(*newer.steps[0].tflopsPerGpu, 1200);
    EXPECT_DOUBLE_EQ(*newer.steps[0].mfu, 0.4125);
    EXPECT_DOUBLE_EQ(*newer.steps[1].tflopsPerGpu, 0.9505);

    // deepspeedai/DeepSpeed#3742 holds the same lines beside DeepSpeed's timer: read as DeepSpeed,
    // its global step 34.
    const TrainingLog deepspeed = readTrainingLog(logSample("deepspeed_3742_gpt_neox.log"), LogFormat::DeepSpeed);
    EXPECT_EQ(iterationsOf(deepspeed), (std::vector<int64_t>{ 34 }));
    EXPECT_DOUBLE_EQ(*deepspeed.steps[0].samplesPerS, 8.00912418308922);
    EXPECT_DOUBLE_EQ(*deepspeed.peakAllocatedGib, 63.31);
}

TEST(TrainingLogSamples, TorchtitanFigures)
{
    // pytorch/torchtitan#1287: no grad_norm yet; GC and profiler lines in between.
    const TrainingLog log = readTrainingLog(logSample("torchtitan_1287_llama_gc_profiler.log"));
    const LogStep& first = log.steps.front();
    EXPECT_EQ(first.line, 2);
    EXPECT_DOUBLE_EQ(*first.tokensPerGpuS, 5856);
    EXPECT_DOUBLE_EQ(*first.tflopsPerGpu, 339.16);
    EXPECT_DOUBLE_EQ(*first.mfu, 0.3429);
    EXPECT_FALSE(first.stepS);
    EXPECT_DOUBLE_EQ(*log.peakReservedGib, 49.66);
    EXPECT_TRUE(log.notes.empty()) << allNotes(log.notes);

    // Without the step's work the step time stays unknown (notes say what to give); the medians
    // of what the lines print are there.
    const SteadyState rates = steadyStateOf(log);
    EXPECT_FALSE(rates.stepS);
    EXPECT_TRUE(anyNoteHas(rates.notes, "give the global batch, the sequence length and the number of GPUs"));
    EXPECT_EQ(rates.used, 6);
    EXPECT_DOUBLE_EQ(*rates.tokensPerGpuS, (5864.0 + 5862.0) / 2);

    // With it: step time = global batch x sequence / (tps x GPUs); the median of the six step
    // times lies between those of 5864 and 5862 tokens/s.
    const SteadyState steady = steadyStateOf(log, StepWork{ 8, 8192, 8 });
    ASSERT_TRUE(steady.stepS);
    EXPECT_NEAR(*steady.stepS, (8192.0 / 5864 + 8192.0 / 5862) / 2, 1e-12);
}

TEST(TrainingLogSamples, TorchtitanRanksPrintingTheSameStepAreFolded)
{
    // pytorch/torchtitan#1884: ranks 3, 0, 1, 2 each print step 1 with their own tps; the
    // highest rank's line is kept.
    const TrainingLog four = readTrainingLog(logSample("torchtitan_1884_four_ranks.log"));
    EXPECT_EQ(four.steps[0].line, 1);
    EXPECT_DOUBLE_EQ(*four.steps[0].tokensPerGpuS, 86);
    EXPECT_DOUBLE_EQ(*four.steps[0].tflopsPerGpu, 4.98);
    EXPECT_TRUE(anyNoteHas(four.notes, "3 lines repeat an iteration")) << allNotes(four.notes);

    // pytorch/torchtitan#2389: seven unprefixed copies of step 4; the last printed is kept.
    const TrainingLog seven = readTrainingLog(logSample("torchtitan_2389_moe_all_ranks.log"));
    EXPECT_EQ(seven.steps[0].line, 7);
    EXPECT_DOUBLE_EQ(*seven.steps[0].tokensPerGpuS, 10049);
    EXPECT_DOUBLE_EQ(*seven.peakReservedGib, 66.91);
}

TEST(TrainingLogSamples, DeepSpeedRatesNeedTheGlobalBatch)
{
    // deepspeedai/DeepSpeed#1825 (0.5-0.6): "0/40, SamplesPerSec=..." is a running average over
    // micro steps; IPython noise in between.
    const TrainingLog log = readTrainingLog(logSample("deepspeed_1825_samplespersec.log"));
    EXPECT_DOUBLE_EQ(*log.steps[0].samplesPerS, 83.48609168106144);
    EXPECT_DOUBLE_EQ(*log.peakAllocatedGib, 9.02);
    EXPECT_TRUE(anyNoteHas(log.notes, "running average")) << allNotes(log.notes);
    EXPECT_TRUE(anyNoteHas(log.notes, "micro steps")) << allNotes(log.notes);

    const SteadyState rates = steadyStateOf(log);
    EXPECT_FALSE(rates.stepS);
    EXPECT_TRUE(anyNoteHas(rates.notes, "give the global batch to have it in seconds")) << allNotes(rates.notes);

    const SteadyState steady = steadyStateOf(log, StepWork{ 64, 0, 0 });
    ASSERT_TRUE(steady.stepS);
    EXPECT_NEAR(*steady.stepS, (64 / 83.48609168106144 + 64 / 83.73838805358588) / 2, 1e-12);
}

// ---- Steady state ----

TEST(TrainingLogSteadyState, KnownAnswerWithWarmupAndOutlier)
{
    // Iterations 10 ... 200: two warm-up intervals (30 s, 1.5 s), then seventeen steady ones
    // around 1 s and one 2.5 s stall at iteration 120. The line's TFLOP/s is 400 / seconds.
    const std::vector<double> ms = { 30000, 1500, 1000, 990, 1010, 980, 1000, 1020, 990, 1010,
                                     1000, 990,   2500, 1010, 1000, 980, 1020, 990,  1010, 1000 };
    std::string text = "using world size: 64\n";
    for (size_t i = 0; i < ms.size(); ++i)
        text += megatronLine(int64_t(i + 1) * 10, ms[i], 400000 / ms[i]);
    const TrainingLog log = readTrainingLog(text);
    ASSERT_EQ(log.steps.size(), 20u);
    const SteadyState steady = steadyStateOf(log);
    EXPECT_EQ(steady.warmupSkipped, 2);
    ASSERT_EQ(steady.outliers.size(), 1u);
    EXPECT_EQ(steady.outliers[0].step.iteration, 130);
    EXPECT_EQ(steady.outliers[0].step.line, 14);
    EXPECT_DOUBLE_EQ(steady.outliers[0].ratioToMedian, 2.5);
    EXPECT_EQ(steady.used, 17);
    // Sorted: 980 x2, 990 x4, 1000 x5, 1010 x4, 1020 x2: the ninth is 1000; p10 = 986, p90 = 1014.
    EXPECT_DOUBLE_EQ(*steady.stepS, 1.0);
    EXPECT_NEAR(steady.spread, (1014.0 - 986.0) / 1000, 1e-12);
    EXPECT_NEAR(*steady.tflopsPerGpu, 400, 0.05);
    EXPECT_TRUE(anyNoteHas(steady.notes, "warm-up: iterations 10 to 20 (lines 2 to 3) skipped"))
        << allNotes(steady.notes);
    EXPECT_TRUE(anyNoteHas(steady.notes, "outlier: iteration 130 (line 14) took 2.50 x the median"))
        << allNotes(steady.notes);
}

TEST(TrainingLogSteadyState, SteadyLogHasNoOutlierFromTinyDifferences)
{
    // A very steady log (MAD 0.2 ms): a 2 % slower interval is noise, not an outlier, because the
    // MAD is floored at 1 % of the median.
    const double ms[] = { 1000.0, 1000.4, 999.8, 1000.2, 1020.0, 999.6, 1000.0, 1000.4, 999.8 };
    std::string text;
    for (int i = 0; i < 9; ++i)
        text += megatronLine((i + 1) * 100, ms[i], 400);
    const SteadyState steady = steadyStateOf(readTrainingLog(text));
    EXPECT_TRUE(steady.outliers.empty());
    EXPECT_EQ(steady.used, 9);
    EXPECT_DOUBLE_EQ(*steady.stepS, 1.0);
}

TEST(TrainingLogSteadyState, GlobalBatchOfTheLogIsCheckedAgainstTheScenario)
{
    const TrainingLog log = readTrainingLog(logSample("megatron_lm_756_mixtral_h100.log"));
    EXPECT_FALSE(anyNoteHas(steadyStateOf(log, StepWork{ 128, 4096, 16 }).notes, "global batch"));
    const SteadyState other = steadyStateOf(log, StepWork{ 256, 4096, 16 });
    EXPECT_TRUE(anyNoteHas(other.notes, "the log's global batch size is 128, the scenario's 256"))
        << allNotes(other.notes);
    // The printed step time stands: the scenario's batch does not rescale it.
    EXPECT_DOUBLE_EQ(*other.stepS, 5.5809);

    std::string rampUp;
    for (int i = 1; i <= 6; ++i)
        rampUp += megatronLine(i * 10, 1000, 400, i <= 3 ? 512 : 1024);
    EXPECT_TRUE(anyNoteHas(steadyStateOf(readTrainingLog(rampUp)).notes, "changes within the steady steps"));
}

TEST(TrainingLogSteadyState, OneStepAndNoSteps)
{
    const SteadyState one = steadyStateOf(readTrainingLog(megatronLine(10, 1234.5, 300)));
    EXPECT_EQ(one.used, 1);
    EXPECT_DOUBLE_EQ(*one.stepS, 1.2345);
    EXPECT_EQ(one.spread, 0);
    EXPECT_TRUE(anyNoteHas(one.notes, "too few to tell the warm-up"));

    const SteadyState none = steadyStateOf(TrainingLog{});
    EXPECT_EQ(none.used, 0);
    EXPECT_FALSE(none.stepS);
    EXPECT_TRUE(anyNoteHas(none.notes, "no step to measure"));
}

TEST(TrainingLogSteadyState, StepsBuiltElsewhereWithBadFiguresMakeNoNaN)
{
    // steadyStateOf takes any TrainingLog: zero, negative and NaN rates or times are passed over.
    TrainingLog log;
    log.format = LogFormat::DeepSpeed;
    for (double rate : { 0.0, 10.0, std::nan(""), -5.0, 10.5 }) {
        LogStep step;
        step.iteration = int64_t(log.steps.size()) + 1;
        step.samplesPerS = rate;
        log.steps.push_back(step);
    }
    const SteadyState steady = steadyStateOf(log, StepWork{ 64, 0, 0 });
    EXPECT_EQ(steady.used, 2);
    EXPECT_FALSE(steady.stepS);
    EXPECT_TRUE(anyNoteHas(steady.notes, "3 steps have no positive samples per second")) << allNotes(steady.notes);
    EXPECT_TRUE(std::isfinite(steady.spread));

    LogStep negative;
    negative.stepS = -1;
    const SteadyState none = steadyStateOf(TrainingLog{ LogFormat::Megatron, { negative }, {}, {}, {} });
    EXPECT_EQ(none.used, 0);
    EXPECT_FALSE(none.stepS);
}

// ---- Cut, interleaved, coloured ----

TEST(TrainingLogShapes, LogCutInsideItsLastLine)
{
    // Megatron: the last line ends inside its elapsed time; its fields have no closing bar.
    const std::string megatron = logSample("megatron_lm_756_mixtral_h100.log");
    const std::string cut = megatron.substr(0, megatron.rfind("(ms): 5444.5") + std::string("(ms): 54").size());
    const TrainingLog log = readTrainingLog(cut);
    EXPECT_EQ(log.steps.size(), 8u);
    EXPECT_EQ(log.steps.back().iteration, 86);
    EXPECT_TRUE(anyNoteHas(log.notes, "line 9: iteration 87 has no \"elapsed time per iteration (ms)\""))
        << allNotes(log.notes);

    // torchtitan: the log ends inside "tps: 7,096" ("7,0" would read as 70).
    const std::string titan = logSample("torchtitan_3393_rank0.log");
    const TrainingLog titanCut = readTrainingLog(titan.substr(0, titan.rfind("tps: 7,096") + std::string("tps: 7,0").size()));
    EXPECT_EQ(titanCut.steps.back().iteration, 60);
    EXPECT_TRUE(anyNoteHas(titanCut.notes, "line 16: step 61: tps is not a positive number (the log ends inside it)"))
        << allNotes(titanCut.notes);

    // DeepSpeed: the log ends inside CurrSamplesPerSec; the running average before it is not
    // taken for the step's own.
    const std::string ds = logSample("megatron_deepspeed_alcf_polaris.log");
    const std::string dsCut = ds.substr(0, ds.find("CurrSamplesPerSec=58.7") + std::string("CurrSamplesPerSec=58.7").size());
    const TrainingLog dsLog = readTrainingLog(dsCut, LogFormat::DeepSpeed);
    EXPECT_EQ(iterationsOf(dsLog), (std::vector<int64_t>{ 199 }));
    EXPECT_TRUE(anyNoteHas(dsLog.notes, "line 4: global step 200: the log ends inside its samples per second"))
        << allNotes(dsLog.notes);

    // A memory report cut inside "max reserved": the reserved peak is unknown, the allocated one kept.
    const std::string memory = "[Rank 0] (after 10 iterations) memory (MB) | allocated: 1024.0 | max allocated: 2048.0 | "
                               "reserved: 3072.0 | max reserved: 40";
    const TrainingLog withMemory = readTrainingLog(megatronLine(10, 1000, 400) + memory);
    EXPECT_FALSE(withMemory.peakReservedGib);
    EXPECT_DOUBLE_EQ(*withMemory.peakAllocatedGib, 2.0);
}

TEST(TrainingLogShapes, InterleavedRanksWarningsAndTracebacks)
{
    // srun --label prefixes, a fork that prints on every rank, warnings and a traceback between.
    std::string text;
    text += "0: [W socket.cpp:464] [c10d] The server socket has failed to listen on any local network address.\n";
    text += "0:" + megatronLine(10, 1100, 360);
    text += "7:" + megatronLine(10, 1000, 400);
    text += "3: /usr/lib/python3/site-packages/torch/utils/checkpoint.py:429: UserWarning: torch.utils.checkpoint: "
            "please pass in use_reentrant=True or use_reentrant=False explicitly.\n";
    text += "7:" + megatronLine(20, 1010, 396);
    text += "0:" + megatronLine(20, 1090, 367);
    text += "5: Traceback (most recent call last):\n";
    text += "5:   File \"pretrain_gpt.py\", line 231, in <module>\n";
    text += "5: RuntimeError: NCCL communicator was aborted on rank 5.\n";
    const TrainingLog log = readTrainingLog(text);
    ASSERT_EQ(iterationsOf(log), (std::vector<int64_t>{ 10, 20 }));
    EXPECT_DOUBLE_EQ(*log.steps[0].stepS, 1.0); // rank 7's line
    EXPECT_EQ(log.steps[1].line, 5);
    EXPECT_DOUBLE_EQ(*log.steps[1].stepS, 1.01);

    // torchtitan ranks whose writes interleave inside one line: the glued value is not read.
    const std::string glued = "[rank0]:[titan] - root - INFO - step: 10  loss:  7.1234  memory: 40.12GiB(50.68%)  "
                              "tps: 1,2[rank1]:[titan] - root - INFO - step: 10  loss:  7.1234\n"
                              "[rank1]:[titan] - root - INFO - step: 20  loss:  7.0000  memory: 40.12GiB(50.68%)  "
                              "tps: 1,234  tflops: 345.67  mfu: 34.95%\n";
    const TrainingLog titan = readTrainingLog(glued);
    EXPECT_EQ(iterationsOf(titan), (std::vector<int64_t>{ 20 }));
    EXPECT_TRUE(anyNoteHas(titan.notes, "line 1: step 10: tps is not a positive number")) << allNotes(titan.notes);

    // A restarted run logs iterations again: the later line is kept and the restart is named.
    const std::string restarted = megatronLine(10, 1000, 400) + megatronLine(20, 1000, 400)
                                  + megatronLine(10, 1200, 333) + megatronLine(20, 1100, 364);
    const TrainingLog again = readTrainingLog(restarted);
    EXPECT_EQ(iterationsOf(again), (std::vector<int64_t>{ 10, 20 }));
    EXPECT_DOUBLE_EQ(*again.steps[1].stepS, 1.1);
    EXPECT_TRUE(anyNoteHas(again.notes, "line 3: the iteration goes back from 20 to 10")) << allNotes(again.notes);

    // Open MPI's --tag-output and torchrun's [default3]: prefixes name ranks too.
    const std::string tagged = "[1,2]<stdout>:" + megatronLine(30, 900, 444) + "[1,0]<stdout>:"
                               + megatronLine(30, 950, 421) + "[default3]:" + megatronLine(40, 990, 404)
                               + "[default1]:" + megatronLine(40, 995, 402);
    const TrainingLog ranks = readTrainingLog(tagged);
    EXPECT_DOUBLE_EQ(*ranks.steps[0].stepS, 0.9);
    EXPECT_DOUBLE_EQ(*ranks.steps[1].stepS, 0.99);
}

TEST(TrainingLogShapes, ProgressBarsAndColours)
{
    // tqdm redraws its bar after '\r'; the log line follows the last redraw on the same line, and
    // its own bars are those of the bar.
    std::string bars = "  5%|5         | 50/1000 [00:10<03:10,  5.00it/s]\r 10%|#         | 100/1000 [00:20<03:00,  5.00it/s]";
    std::string megatron = megatronLine(100, 1000, 400);
    const TrainingLog log = readTrainingLog(bars + megatron + bars + "\r" + megatronLine(200, 1000, 400));
    EXPECT_EQ(iterationsOf(log), (std::vector<int64_t>{ 100, 200 }));
    EXPECT_EQ(log.steps[1].line, 2);

    // Each redraw has its own launcher prefix: rank 3's line, after rank 1's bar, wins over rank 2's.
    const TrainingLog ranks = readTrainingLog("[rank1]: 50%|#####     | 5/10\r[rank3]:" + megatronLine(100, 1000, 400)
                                              + "[rank2]:" + megatronLine(100, 1100, 364));
    EXPECT_DOUBLE_EQ(*ranks.steps[0].stepS, 1.0);

    // torchtitan's colours (torchtitan/tools/utils.py Color), and the same pasted without ESC.
    const std::string coloured = "\x1b[31mstep:  1  \x1b[32mloss: 12.2465  \x1b[38;2;180;60;0mgrad_norm:  4.5253  "
                                 "\x1b[38;2;54;234;195mmemory: 33.21GiB(34.95%)  \x1b[34mtps: 86  \x1b[36mtflops: 4.98  "
                                 "\x1b[35mmfu: 0.50%\x1b[39m\r\n"
                                 "[31mstep: 10  [32mloss: 10.2391  [38;2;180;60;0mgrad_norm: 16.1413  "
                                 "[38;2;54;234;195mmemory: 44.84GiB(47.19%)  [34mtps: 5,615  [36mtflops: 325.20  "
                                 "[35mmfu: 32.88%[39m\r\n";
    const TrainingLog titan = readTrainingLog(coloured);
    ASSERT_EQ(iterationsOf(titan), (std::vector<int64_t>{ 1, 10 }));
    EXPECT_DOUBLE_EQ(*titan.steps[0].mfu, 0.005);
    EXPECT_DOUBLE_EQ(*titan.steps[1].tokensPerGpuS, 5615);
    EXPECT_DOUBLE_EQ(*titan.steps[1].tflopsPerGpu, 325.20);
    EXPECT_DOUBLE_EQ(*titan.peakReservedGib, 44.84);
    EXPECT_TRUE(titan.notes.empty()) << allNotes(titan.notes);
}

TEST(TrainingLogShapes, FormatsOfOtherReleases)
{
    // torchtitan before 2024-11 (train.py at e62573d4c): "wps", no tflops; newer releases print
    // "mfu: N/A" under FP8 (metrics.py at f113706c4); "validate step:" lines are not training steps.
    const std::string titan = "2024-10-03 15:01:18,520 - root - INFO - step: 117  loss:  3.9053  memory: "
                              "36.20GiB(81.50%)  wps: 1,710  mfu: 23.50%\n"
                              "[titan] 2026-03-01 10:00:00,000 - root - INFO - validate step: 120  loss:  3.8000  "
                              "memory: 36.20GiB(81.50%)  tps: 9,999\n"
                              "[titan] 2026-03-01 10:00:01,000 - root - INFO - step: 130  loss:  3.8000  grad_norm:  "
                              "0.5000  memory: 38.00GiB(40.00%)  tps: 12,345  tflops: 1,234.56  mfu: N/A\n";
    const TrainingLog log = readTrainingLog(titan);
    ASSERT_EQ(iterationsOf(log), (std::vector<int64_t>{ 117, 130 }));
    EXPECT_DOUBLE_EQ(*log.steps[0].tokensPerGpuS, 1710);
    EXPECT_DOUBLE_EQ(*log.steps[0].mfu, 0.235);
    EXPECT_FALSE(log.steps[0].tflopsPerGpu);
    EXPECT_DOUBLE_EQ(*log.steps[1].tflopsPerGpu, 1234.56);
    EXPECT_FALSE(log.steps[1].mfu);
    EXPECT_TRUE(log.notes.empty()) << allNotes(log.notes);

    // Megatron's memory report from every model-parallel rank (report_memory in
    // megatron/training/utils/common_utils.py): the fullest GPU's peak.
    const std::string megatron = megatronLine(10, 1000, 400)
                                 + "[Rank 0] (after 10 iterations) memory (MB) | allocated: 1024.00 | max allocated: "
                                   "2048.00 | reserved: 3072.00 | max reserved: 4096.00\n"
                                   "[Rank 4] (after 10 iterations) memory (MB) | allocated: 1536.00 | max allocated: "
                                   "2560.00 | reserved: 4096.00 | max reserved: 5120.00 | total device memory used: 6000.00\n";
    const TrainingLog memory = readTrainingLog(megatron);
    EXPECT_DOUBLE_EQ(*memory.peakReservedGib, 5.0);
    EXPECT_DOUBLE_EQ(*memory.peakAllocatedGib, 2.5);

    // DeepSpeed's pipeline engine (deepspeed/runtime/pipe/engine.py) states the step time; its
    // throughput timer's lines beside it are left out.
    const std::string pipeline = "steps: 10 loss: 2.3456 iter time (s): 1.234 samples/sec: 103.728\n"
                                 "[2024-01-01 00:00:00,000] [INFO] [timer.py:260:stop] epoch=0/micro_step=80/"
                                 "global_step=10, RunningAvgSamplesPerSec=100.0, CurrSamplesPerSec=103.0, "
                                 "MemAllocated=10.5GB, MaxMemAllocated=20.25GB\n"
                                 "steps: 20 loss: 2.3000 iter time (s): 1.240 samples/sec: 103.226\n";
    const TrainingLog ds = readTrainingLog(pipeline);
    EXPECT_EQ(ds.format, LogFormat::DeepSpeed);
    EXPECT_EQ(iterationsOf(ds), (std::vector<int64_t>{ 10, 20 }));
    EXPECT_DOUBLE_EQ(*ds.steps[0].stepS, 1.234);
    EXPECT_DOUBLE_EQ(*ds.steps[0].samplesPerS, 103.728);
    EXPECT_DOUBLE_EQ(*ds.peakAllocatedGib, 20.25); // the timer line's memory stands
    EXPECT_TRUE(anyNoteHas(ds.notes, "1 throughput-timer lines left out")) << allNotes(ds.notes);
    EXPECT_DOUBLE_EQ(*steadyStateOf(ds).stepS, (1.234 + 1.240) / 2);
}

// ---- Bad and hostile input ----

TEST(TrainingLogBadInput, NoStepLineAtAll)
{
    EXPECT_EQ(readErrorPathOf(""), "(file)");
    EXPECT_EQ(readErrorPathOf("\n\n\r\n"), "(file)");
    EXPECT_EQ(readErrorPathOf("Traceback (most recent call last):\nRuntimeError: CUDA out of memory\n"), "(file)");
    EXPECT_NE(readErrorMessageOf("hello\n").find("is this a training log?"), std::string::npos);

    // Binary garbage, NUL bytes included.
    std::mt19937 random(15);
    std::string binary(1 << 16, '\0');
    for (char& c : binary)
        c = char(random());
    EXPECT_EQ(readErrorPathOf(binary), "(file)");

    // A format that the log does not hold is named with the one it does.
    const std::string titan = logSample("torchtitan_3393_rank0.log");
    EXPECT_EQ(readErrorPathOf(titan, LogFormat::DeepSpeed), "(file)");
    EXPECT_NE(readErrorMessageOf(titan, LogFormat::DeepSpeed).find("the log has torchtitan lines"), std::string::npos);
}

TEST(TrainingLogBadInput, UnreadableStepLinesNameTheLine)
{
    const std::string bad = "starting\n iteration       10/     100 | elapsed time per iteration (ms): -5.0 | lm loss: 1 |\n";
    EXPECT_EQ(readErrorPathOf(bad), "line 2");
    EXPECT_NE(readErrorMessageOf(bad).find("not a positive number of milliseconds"), std::string::npos);
    EXPECT_EQ(readErrorPathOf(" iteration 10/ 100 | elapsed time per iteration (ms): 1e999 |\n"), "line 1");
    EXPECT_EQ(readErrorPathOf(" iteration 10/ 100 | elapsed time per iteration (ms): nan |\n"), "line 1");
    EXPECT_EQ(readErrorPathOf(" iteration 10/ 100 | elapsed time per iteration (ms): 0x1p4 |\n"), "line 1");
    EXPECT_EQ(readErrorPathOf("step: 10  loss: 7.0  tps: -1,234\n"), "line 1");
    EXPECT_EQ(readErrorPathOf("[INFO] 0/10, SamplesPerSec=inf\n"), "line 1");
    EXPECT_EQ(readErrorPathOf("[INFO] SamplesPerSec=12.5, MemAllocated=1GB\n"), "line 1");

    // Beside a readable line, the bad ones become notes and their figures are never NaN.
    const std::string mixed = megatronLine(10, 1000, 400)
                              + " iteration 20/ 100 | elapsed time per iteration (ms): 1e999 |\n"
                              + " iteration 30/ 100 | elapsed time per iteration (ms): 1000.0 | throughput per GPU "
                                "(TFLOP/s/GPU): nan | global batch size: -4 |\n";
    const TrainingLog log = readTrainingLog(mixed);
    EXPECT_EQ(iterationsOf(log), (std::vector<int64_t>{ 10, 30 }));
    EXPECT_FALSE(log.steps[1].tflopsPerGpu);
    EXPECT_FALSE(log.steps[1].globalBatch);
    EXPECT_TRUE(anyNoteHas(log.notes, "line 2: iteration 20: the elapsed time")) << allNotes(log.notes);
    EXPECT_TRUE(anyNoteHas(log.notes, "line 3: throughput per GPU (TFLOP/s/GPU) is not a number"))
        << allNotes(log.notes);
    expectFinite(log);
}

TEST(TrainingLogBadInput, HostileSizesAndNumbers)
{
    // An iteration number too long for any counter is no iteration field at all.
    EXPECT_EQ(readErrorPathOf(" iteration 99999999999999999999/ 100 | elapsed time per iteration (ms): 1.0 |\n"), "(file)");

    // A long line of near-misses, and a long line around a real one.
    std::string nearMisses;
    for (int i = 0; i < 200000; ++i)
        nearMisses += "iteration 1/ step: SamplesPerSec= ";
    EXPECT_NE(readErrorPathOf(nearMisses), "");
    const std::string padding(1 << 20, 'x');
    const TrainingLog padded = readTrainingLog(padding + " " + megatronLine(10, 1000, 400) + padding + "\n");
    EXPECT_EQ(iterationsOf(padded), (std::vector<int64_t>{ 10 }));

    // Huge and tiny figures stay inside their bounds or are left out.
    const TrainingLog huge = readTrainingLog(megatronLine(10, 1000, 400)
                                             + " iteration 20/ 100 | elapsed time per iteration (ms): 1e300 |\n"
                                             + "step: 5  loss: 1.0  tps: 1e300\n");
    EXPECT_EQ(iterationsOf(huge), (std::vector<int64_t>{ 10 }));
    expectFinite(huge);

    // Thousands of bad lines make a bounded number of notes.
    std::string many = megatronLine(1, 1000, 400);
    for (int i = 2; i < 5000; ++i)
        many += " iteration " + std::to_string(i) + "/ 9999 | elapsed time per iteration (ms): -1 |\n";
    const TrainingLog manyNotes = readTrainingLog(many);
    EXPECT_LE(manyNotes.notes.size(), 31u);
    EXPECT_TRUE(anyNoteHas(manyNotes.notes, "more notes"));
}
