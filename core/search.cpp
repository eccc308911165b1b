// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "search.h"

#include "evaluator.h"
#include "validation.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

namespace paraplan {

namespace {

std::vector<int64_t> divisorsOf(int64_t n)
{
    std::vector<int64_t> small, large;
    for (int64_t d = 1; d * d <= n; ++d) {
        if (n % d != 0)
            continue;
        small.push_back(d);
        if (d != n / d)
            large.push_back(n / d);
    }
    small.insert(small.end(), large.rbegin(), large.rend());
    return small;
}

// The values one dimension takes: the pinned one, or all of `range`.
std::vector<int64_t> dimension(bool pinned, int64_t pinnedValue, std::vector<int64_t> range)
{
    return pinned ? std::vector<int64_t>{ pinnedValue } : range;
}

std::vector<int64_t> upTo(int64_t n)
{
    std::vector<int64_t> values;
    for (int64_t v = 1; v <= n; ++v)
        values.push_back(v);
    return values;
}

struct Enumeration {
    std::vector<Candidate> candidates; // the rule-abiding ones
    int64_t examined = 0;              // every grid point, including those the rules reject
};

// The grid: tp, cp, pp over the divisors of what is left of N; ep over the divisors of the expert
// count; micro-batch over the divisors of the per-replica batch; vpp up to L / pp; then ZeRO stage,
// recomputation and SP. Each point is checked against the rules of validateScenario (repeated
// here as integer tests, which cost nanoseconds instead of building messages).
Enumeration enumerate(const Scenario& s)
{
    Enumeration e;
    const ModelSpec& m = s.model;
    const ParallelSpec& p = s.parallel;
    const ParallelPins& pin = s.pins;
    const int64_t gpus = s.cluster.gpuCount();
    const int64_t batch = s.training.globalBatch;
    const int64_t ffn = m.isMoe() ? m.moe.expertFfnHidden : m.ffnHidden;

    const std::vector<Recompute> recomputes = pin.recompute
        ? std::vector<Recompute>{ p.recompute }
        // With fused attention selective recomputation saves no memory but still replays the
        // attention: never better than none, so not worth pricing.
        : (s.training.flashAttention ? std::vector<Recompute>{ Recompute::None, Recompute::Full }
                                     : std::vector<Recompute>{ Recompute::None, Recompute::Selective, Recompute::Full });
    const std::vector<int> zeros = pin.zeroStage ? std::vector<int>{ p.zeroStage } : std::vector<int>{ 0, 1, 2, 3 };
    const std::vector<bool> sps = pin.sequenceParallel ? std::vector<bool>{ p.sequenceParallel } : std::vector<bool>{ false, true };
    const int64_t innerPoints = int64_t(recomputes.size() * zeros.size() * sps.size());

    for (int64_t tp : dimension(pin.tp, p.tp, divisorsOf(gpus))) {
        if (gpus % tp != 0)
            continue;
        const bool tpAllowed = m.heads % tp == 0 && (m.kvHeads % tp == 0 || tp % m.kvHeads == 0) && ffn % tp == 0;
        for (int64_t cp : dimension(pin.cp, p.cp, divisorsOf(gpus / tp))) {
            if ((gpus / tp) % cp != 0)
                continue;
            const bool cpAllowed = s.training.seqLen % cp == 0;
            const int64_t rest = gpus / tp / cp;
            for (int64_t pp : dimension(pin.pp, p.pp, divisorsOf(rest))) {
                if (rest % pp != 0)
                    continue;
                const int64_t dp = rest / pp;
                if (pin.dp && p.dp != dp)
                    continue;
                const bool splitAllowed = tpAllowed && cpAllowed && pp <= m.layers && batch % dp == 0;
                const auto eps = dimension(pin.ep, p.ep, m.isMoe() ? divisorsOf(m.moe.experts) : std::vector<int64_t>{ 1 });
                const auto microBatches = batch % dp == 0 ? divisorsOf(batch / dp) : std::vector<int64_t>{ 1 };
                const auto vpps = dimension(pin.vpp, p.vpp, upTo(std::max<int64_t>(m.layers / pp, 1)));
                for (int64_t ep : eps) {
                    const bool epAllowed = ep == 1 || (m.isMoe() && m.moe.experts % ep == 0 && (dp * cp) % ep == 0);
                    for (int64_t b : microBatches) {
                        const int64_t micro = batch % (b * dp) == 0 ? batch / (b * dp) : 0;
                        for (int64_t vpp : vpps) {
                            e.examined += innerPoints;
                            const bool pipelineAllowed = pp * vpp <= m.layers && micro > 0
                                && (vpp == 1 || (pp > 1 && micro % pp == 0))
                                && (p.layersPerStage.empty() || int64_t(p.layersPerStage.size()) == pp * vpp)
                                && micro <= kMaxPipelineOps / (pp * vpp);
                            if (!(splitAllowed && epAllowed && pipelineAllowed))
                                continue;
                            for (int zero : zeros)
                                for (Recompute rc : recomputes)
                                    for (bool sp : sps)
                                        if (!(sp && tp == 1)) // SP needs a TP group to split along
                                            e.candidates.push_back({ tp, pp, dp, cp, ep, vpp, b, zero, rc, sp });
                        }
                    }
                }
            }
        }
    }
    return e;
}

struct Ranked {
    double tokensPerS;
    size_t candidate;
};

// Keeps the K best by throughput; ties broken by enumeration order so results are reproducible.
void keepBest(std::vector<Ranked>& best, Ranked entry, size_t k)
{
    auto better = [](const Ranked& a, const Ranked& b) {
        return a.tokensPerS != b.tokensPerS ? a.tokensPerS > b.tokensPerS : a.candidate < b.candidate;
    };
    if (best.size() == k && !better(entry, best.back()))
        return;
    best.insert(std::upper_bound(best.begin(), best.end(), entry, better), entry);
    if (best.size() > k)
        best.pop_back();
}

} // namespace

void applyCandidate(Scenario& s, const Candidate& c)
{
    s.parallel.tp = c.tp;
    s.parallel.pp = c.pp;
    s.parallel.dp = c.dp;
    s.parallel.cp = c.cp;
    s.parallel.ep = c.ep;
    s.parallel.vpp = c.vpp;
    s.parallel.zeroStage = c.zeroStage;
    s.parallel.recompute = c.recompute;
    s.parallel.sequenceParallel = c.sequenceParallel;
    s.training.microBatch = c.microBatch;
}

std::vector<Candidate> enumerateCandidates(const Scenario& scenario) { return enumerate(scenario).candidates; }

SearchResult searchConfigurations(const Scenario& scenario, const SearchOptions& options)
{
    const auto started = std::chrono::steady_clock::now();
    SearchResult result;
    const Enumeration enumeration = enumerate(scenario);
    const std::vector<Candidate>& candidates = enumeration.candidates;
    const size_t k = size_t(std::max<int64_t>(options.topK, 1));
    const double capacity = scenario.cluster.gpu.hbmGib * 1024.0 * 1024.0 * 1024.0;

    unsigned threads = options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
    threads = std::min<unsigned>(threads, unsigned(std::max<size_t>(candidates.size() / 64, 1)));
    std::atomic<size_t> next{ 0 };
    std::atomic<int64_t> fits{ 0 };
    std::vector<std::vector<Ranked>> perThread(threads);
    auto work = [&](unsigned index) {
        Scenario local = scenario;
        EvaluateOptions evaluateOptions;
        evaluateOptions.params = options.params;
        evaluateOptions.diagnostics = false;
        std::vector<Ranked>& best = perThread[index];
        constexpr size_t kBatch = 64;
        for (size_t begin = next.fetch_add(kBatch); begin < candidates.size(); begin = next.fetch_add(kBatch)) {
            const size_t end = std::min(begin + kBatch, candidates.size());
            for (size_t i = begin; i < end; ++i) {
                applyCandidate(local, candidates[i]);
                if (peakMemoryBytes(local) > capacity)
                    continue;
                fits.fetch_add(1, std::memory_order_relaxed);
                const Result r = evaluate(local, evaluateOptions);
                if (r.valid)
                    keepBest(best, { r.tokensPerS, i }, k);
            }
        }
    };
    std::vector<std::thread> pool;
    for (unsigned i = 1; i < threads; ++i)
        pool.emplace_back(work, i);
    work(0);
    for (std::thread& t : pool)
        t.join();

    std::vector<Ranked> merged;
    for (const auto& list : perThread)
        for (const Ranked& r : list)
            keepBest(merged, r, k);

    // The winners again, with diagnostics and every detail, for the report.
    Scenario chosen = scenario;
    EvaluateOptions detailed;
    detailed.params = options.params;
    for (const Ranked& r : merged) {
        applyCandidate(chosen, candidates[r.candidate]);
        result.best.push_back({ candidates[r.candidate].microBatch, evaluate(chosen, detailed) });
    }
    result.evaluated = enumeration.examined;
    result.valid = int64_t(candidates.size());
    result.fits = fits.load();
    result.elapsedS = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return result;
}

} // namespace paraplan
