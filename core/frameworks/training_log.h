// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

// Training logs read as measurements (docs/frameworks/logs.md): Megatron-LM's iteration lines and
// memory reports (as its forks Megatron-DeepSpeed and gpt-neox print them too), torchtitan's
// metrics lines and DeepSpeed's throughput prints. A log's steady state is the measured point a
// prediction is held against.
namespace paraplan::frameworks {

enum class LogFormat { Megatron, Torchtitan, DeepSpeed };

// "megatron", "torchtitan", "deepspeed".
[[nodiscard]] const char* toString(LogFormat format);

// One logged line. Frameworks log every few iterations; Megatron and torchtitan print the average
// over the iterations since their previous line, DeepSpeed the last iteration alone, and
// `iteration` is the last one the line covers. A figure the line does not print is empty.
struct LogStep {
    int64_t iteration = 0;
    int line = 0;                        // 1-based, in the text read
    std::optional<double> stepS;         // seconds per iteration
    std::optional<double> tflopsPerGpu;  // as the framework counts them (logs.md: model or hardware FLOPs)
    std::optional<double> mfu;           // fraction of the GPU's peak, as the framework counts it
    std::optional<double> tokensPerGpuS; // tokens per second per GPU
    std::optional<double> samplesPerS;   // samples per second of the whole job
    std::optional<int64_t> globalBatch;  // samples per iteration, where the line says
};

struct TrainingLog {
    LogFormat format = LogFormat::Megatron;
    std::vector<LogStep> steps; // one per iteration, in iteration order
    // The largest peaks the log reports for any GPU, in GiB: PyTorch's max_memory_reserved()
    // (Megatron's memory report, torchtitan's `memory`) and max_memory_allocated() (Megatron's
    // memory report, DeepSpeed's MaxMemAllocated).
    std::optional<double> peakReservedGib;
    std::optional<double> peakAllocatedGib;
    std::vector<std::string> notes; // what was left out or assumed, with its line
};

// Reads the step lines of a log (launcher prefixes such as `[rank3]:` or srun's `0: `, terminal
// colours, `\r` progress bars and lines of other programs in between are allowed). `format` forces
// one; without it Megatron-style iteration lines win over the others (Megatron-DeepSpeed logs hold
// DeepSpeed's prints too, and only the iteration lines state the step time), then torchtitan's,
// then DeepSpeed's. An iteration printed more than once (several ranks, a restart) is kept once:
// the line of the highest rank a prefix names, else the last printed. Throws io::ReadError when no
// step can be read: "line N" when the step lines there are all unreadable (the first one's fault),
// "(file)" when the text holds none.
[[nodiscard]] TrainingLog readTrainingLog(const std::string& text, std::optional<LogFormat> format = std::nullopt);

// What one iteration works on, from the scenario, for logs that print rates instead of step times:
// DeepSpeed's samples per second need the global batch, torchtitan's tokens per second per GPU
// need the global batch, the sequence length and the number of GPUs.
struct StepWork {
    int64_t globalBatch = 0;    // samples (sequences) per iteration
    int64_t sequenceLength = 0; // tokens per sample
    int64_t gpus = 0;
};

struct StepOutlier {
    LogStep step;
    double ratioToMedian = 0; // its step time over the steady median
};

// The warm-up rule: logged steps are skipped from the start until the first one within this
// fraction of the median of the log's later half (docs/frameworks/logs.md says why).
inline constexpr double kWarmupTolerance = 0.10;
// The outlier rule: a steady step whose modified z-score 0.6745 |t - median| / MAD exceeds this
// (Iglewicz and Hoaglin's cut-off) is an outlier, with the MAD at least kOutlierMadFloor x median.
inline constexpr double kOutlierScore = 3.5;
inline constexpr double kOutlierMadFloor = 0.01;

struct SteadyState {
    // The median step time of the steps used; empty when the log prints rates and `work` did not
    // say what an iteration works on (notes says what is missing).
    std::optional<double> stepS;
    int warmupSkipped = 0; // logged steps before the steady state
    int used = 0;          // steady steps the medians are over (outliers left out)
    std::vector<StepOutlier> outliers;
    double spread = 0; // (p90 - p10) / median of the used steps' times: 0.05 is a steady log
    // Medians over the used steps that print them.
    std::optional<double> tflopsPerGpu, mfu, tokensPerGpuS, samplesPerS;
    std::vector<std::string> notes;
};

// The steady state of `log`: warm-up skipped, outliers named, medians of the rest. `work` turns
// rates into step times where the log prints no step time (and is checked against the global
// batch a Megatron log prints).
[[nodiscard]] SteadyState steadyStateOf(const TrainingLog& log, std::optional<StepWork> work = std::nullopt);

} // namespace paraplan::frameworks
