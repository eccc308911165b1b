// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// A training log (core/frameworks/training_log), as `paraplan-cli import-log` reads it, as every
// format and as detected: what it accepts has finite, positive figures, and its steady state, with
// and without the work of a step, is finite and within the log.
#include "tests/fuzz/fuzz_target.h"

#include "core/frameworks/training_log.h"

#include <cmath>
#include <optional>

namespace paraplan::fuzz {

namespace {

void requireFiniteSteady(const frameworks::TrainingLog& log, const frameworks::SteadyState& s)
{
    require(std::isfinite(s.spread) && s.spread >= 0, "the spread is finite and not negative");
    require(s.used >= 0 && size_t(s.used) + size_t(s.warmupSkipped) <= log.steps.size(),
            "the steady steps and the warm-up are steps of the log");
    for (const std::optional<double>& figure : { s.stepS, s.tflopsPerGpu, s.mfu, s.tokensPerGpuS, s.samplesPerS })
        require(!figure || (std::isfinite(*figure) && *figure > 0), "a steady figure is finite and positive");
}

} // namespace

int fuzzOne(const uint8_t* data, size_t size)
{
    const std::string text = textOf(data, size);
    for (const std::optional<frameworks::LogFormat> format :
         { std::optional<frameworks::LogFormat>(), std::optional(frameworks::LogFormat::Megatron),
           std::optional(frameworks::LogFormat::Torchtitan), std::optional(frameworks::LogFormat::DeepSpeed) }) {
        const std::optional<frameworks::TrainingLog> log
            = readOrRefuse([&] { return frameworks::readTrainingLog(text, format); });
        if (!log)
            continue;
        require(!log->steps.empty(), "an accepted log has a step");
        for (const frameworks::LogStep& step : log->steps)
            require(!step.stepS || (std::isfinite(*step.stepS) && *step.stepS > 0), "a step time is finite and positive");
        requireFiniteSteady(*log, frameworks::steadyStateOf(*log));
        requireFiniteSteady(*log, frameworks::steadyStateOf(*log, frameworks::StepWork{ 256, 4096, 64 }));
    }
    return 0;
}

} // namespace paraplan::fuzz
