// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/explore/landscape.h"

#include "core/explore/uncertainty.h"
#include "core/rules/parallel_rules.h"
#include "core/spec/units.h"
#include "core/step/evaluator.h"
#include "core/step/step_model.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

namespace paraplan {

void markParetoFront(std::vector<LandscapePoint>& points)
{
    std::vector<size_t> order(points.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(), [&](size_t x, size_t y) {
        return points[x].stepS != points[y].stepS ? points[x].stepS < points[y].stepS
                                                  : points[x].memoryBytes < points[y].memoryBytes;
    });
    double leastMemory = HUGE_VAL;
    for (size_t i : order) {
        points[i].pareto = points[i].memoryBytes < leastMemory;
        leastMemory = std::min(leastMemory, points[i].memoryBytes);
    }
}

void markTiedWithFastest(std::vector<LandscapePoint>& points, const Scenario& scenario, const UncertaintyBands& bands,
                         bool calibrated)
{
    auto bandOf = [&](const LandscapePoint& point) {
        return uncertaintyOf(point.stepS, regimeOf(scenario, point.candidate.degrees.pp, calibrated), bands);
    };
    const auto fastest = std::min_element(points.begin(), points.end(),
                                          [](const LandscapePoint& a, const LandscapePoint& b) { return a.stepS < b.stepS; });
    const std::optional<StepUncertainty> best = fastest == points.end() ? std::nullopt : bandOf(*fastest);
    for (LandscapePoint& point : points) {
        const std::optional<StepUncertainty> band = best ? bandOf(point) : std::nullopt;
        point.tiedWithFastest = band && withinEachOthersBand(*best, *band);
    }
}

Scenario landscapeInputs(const Scenario& scenario)
{
    Scenario inputs = scenario;
    const ParallelSpec explored;
    inputs.pins = ParallelPins{};
    inputs.training.microBatch = 1;
    inputs.parallel.degrees = explored.degrees;
    inputs.parallel.sequenceParallel = explored.sequenceParallel;
    inputs.parallel.recompute = explored.recompute;
    inputs.parallel.recomputeModules = explored.recomputeModules;
    inputs.parallel.zeroStage = explored.zeroStage;
    inputs.parallel.layersPerStage.clear();
    inputs.parallel.schedule.reset();
    return inputs;
}

Landscape computeLandscape(const Scenario& scenario, const LandscapeOptions& options)
{
    const auto started = std::chrono::steady_clock::now();
    const Scenario open = landscapeInputs(scenario);
    int64_t enumerated = 0;
    const std::vector<Candidate> candidates = enumerateCandidates(open, options.cancel, kMostLandscapeCandidates, &enumerated);

    // Memory first (cheap), then the exact step of what fits, spread over the threads.
    std::vector<char> fits(candidates.size(), 0);
    std::vector<double> memory(candidates.size(), 0);
    unsigned threads = options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
    auto inParallel = [&](size_t count, const auto& work) {
        std::vector<std::thread> pool;
        for (unsigned t = 0; t < threads; ++t)
            pool.emplace_back([&, t] {
                Scenario local = open;
                for (size_t i = t; i < count; i += threads) {
                    if (options.cancel && options.cancel->load(std::memory_order_relaxed))
                        return;
                    work(local, i);
                }
            });
        for (std::thread& t : pool)
            t.join();
    };
    inParallel(candidates.size(), [&](Scenario& local, size_t i) {
        applyCandidate(local, candidates[i]);
        memory[i] = peakMemoryBytes(local);
        fits[i] = memory[i] <= gibToBytes(local.cluster.gpu.hbmGib);
    });

    Landscape landscape;
    std::vector<size_t> fitting;
    for (size_t i = 0; i < candidates.size(); ++i)
        if (fits[i])
            fitting.push_back(i);
    landscape.fitting = int64_t(fitting.size());
    if (enumerated > int64_t(candidates.size())) { // priced a sample: the count that fits is its share
        landscape.fitting = int64_t(std::llround(double(fitting.size()) * double(enumerated) / double(candidates.size())));
        landscape.truncated = true;
    }
    if (int64_t(fitting.size()) > options.maxPoints) { // an even spread through the enumeration order
        std::vector<size_t> sample;
        for (int64_t k = 0; k < options.maxPoints; ++k)
            sample.push_back(fitting[size_t(double(k) * double(fitting.size()) / double(options.maxPoints))]);
        fitting.swap(sample);
        landscape.truncated = true;
    }

    landscape.points.resize(fitting.size());
    EvaluateOptions quiet;
    quiet.params = options.params;
    quiet.calibration = options.calibration;
    quiet.diagnostics = false;
    inParallel(fitting.size(), [&](Scenario& local, size_t k) {
        const size_t i = fitting[k];
        applyCandidate(local, candidates[i]);
        landscape.points[k] = { candidates[i], evaluate(local, quiet).time.step, memory[i], false, false };
    });
    landscape.cancelled = options.cancel && options.cancel->load();
    if (landscape.cancelled)
        landscape.points.clear();
    markParetoFront(landscape.points);
    if (options.bands)
        markTiedWithFastest(landscape.points, open, *options.bands, options.calibration != nullptr);
    landscape.elapsedS = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return landscape;
}

std::vector<double> bubbleFractionByMicroBatches(const Scenario& scenario, const std::vector<int64_t>& counts,
                                                 const EvaluateOptions& options)
{
    EvaluateOptions quiet = options;
    quiet.diagnostics = false;
    quiet.recordTimeline = false;
    Scenario s = scenario;
    const int64_t dp = dataParallelOf(scenario);
    std::vector<double> fractions;
    fractions.reserve(counts.size());
    for (int64_t m : counts) {
        if (dp < 1 || !pipelineRuns(scenario.model.layers, scenario.framework, s.parallel.degrees, m, s.parallel.schedule)) {
            fractions.push_back(-1);
            continue;
        }
        s.training.globalBatch = m * s.training.microBatch * dp;
        fractions.push_back(evaluate(s, quiet).bubbleFraction);
    }
    return fractions;
}

} // namespace paraplan
