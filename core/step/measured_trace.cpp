// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/step/measured_trace.h"

#include <algorithm>
#include <map>
#include <string_view>
#include <utility>

namespace paraplan {

void placeOnStepAxis(MeasuredRank& rank, int64_t stepsHeld)
{
    std::vector<MeasuredKernel>& kernels = rank.kernels;
    std::stable_sort(kernels.begin(), kernels.end(),
                     [](const MeasuredKernel& a, const MeasuredKernel& b) { return a.start < b.start; });
    double lastEnd = kernels.empty() ? 0.0 : kernels.front().start;
    for (const MeasuredKernel& k : kernels)
        lastEnd = std::max(lastEnd, k.start + k.seconds);
    std::vector<StepWindow>& steps = rank.steps;
    std::sort(steps.begin(), steps.end(), [](const StepWindow& a, const StepWindow& b) { return a.start < b.start; });
    if (steps.empty()) {
        const double first = kernels.empty() ? 0.0 : kernels.front().start;
        const auto count = std::max<int64_t>(1, stepsHeld);
        const double each = (lastEnd - first) / double(count);
        for (int64_t i = 0; i < count; ++i)
            steps.push_back({ first + double(i) * each, i + 1 == count ? lastEnd : first + double(i + 1) * each });
    } else {
        // Work queued before the first profiled step belongs to no step of the trace; the GPU may
        // still run the last step's work after the host's annotation of it has ended.
        const double first = steps.front().start;
        const auto before = std::find_if(kernels.begin(), kernels.end(),
                                         [&](const MeasuredKernel& k) { return k.start >= first; });
        if (before != kernels.begin()) {
            rank.notes.push_back(std::to_string(before - kernels.begin())
                                 + " kernels that started before the first profiled step left out");
            kernels.erase(kernels.begin(), before);
        }
        steps.back().end = std::max(steps.back().end, lastEnd);
    }
    rank.origin = steps.front().start;
    for (MeasuredKernel& k : kernels)
        k.start -= rank.origin;
    for (StepWindow& step : steps) {
        step.start -= rank.origin;
        step.end -= rank.origin;
    }
}

MeasuredSeconds measuredSecondsPerStep(const MeasuredRank& rank)
{
    MeasuredSeconds m;
    const double span = rank.span();
    if (rank.steps.empty() || span <= 0)
        return m;
    const double steps = double(rank.steps.size());
    const double from = rank.steps.front().start, to = rank.steps.back().end;
    double covered = 0, reached = from; // the union of the kernels' intervals, kernels by start
    for (const MeasuredKernel& k : rank.kernels) {
        m.byClass[size_t(k.kind)] += k.seconds;
        const double end = std::min(to, k.start + k.seconds);
        const double begin = std::max(reached, k.start);
        if (end > begin) {
            covered += end - begin;
            reached = end;
        }
    }
    std::map<std::pair<KernelClass, std::string_view>, std::vector<double>> byName;
    for (const MeasuredKernel& k : rank.kernels)
        byName[{ k.kind, k.name }].push_back(k.seconds);
    for (auto& [key, durations] : byName) {
        const auto middle = durations.begin() + std::ptrdiff_t(durations.size() / 2);
        std::nth_element(durations.begin(), middle, durations.end());
        double median = *middle;
        if (durations.size() % 2 == 0)
            median = (median + *std::max_element(durations.begin(), middle)) / 2;
        m.typicalByClass[size_t(key.first)] += median * double(durations.size());
    }
    for (double& seconds : m.byClass)
        seconds /= steps;
    for (double& seconds : m.typicalByClass)
        seconds /= steps;
    m.idle = std::max(0.0, span - covered) / steps;
    m.window = span / steps;
    return m;
}

} // namespace paraplan
