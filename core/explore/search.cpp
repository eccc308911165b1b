// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/explore/search.h"

#include "core/network/placement.h"
#include "core/rules/parallel_rules.h"
#include "core/rules/pipeline_split.h"
#include "core/rules/schedule_rules.h"
#include "core/rules/validation.h"
#include "core/step/evaluator.h"
#include "core/step/step_model.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <tuple>

namespace paraplan {

namespace {

// The values one dimension takes: the pinned one, or all of `range`.
// A pinned degree below 1 (validation's invalid_parallel_degree) pins nothing the grid can hold:
// the dimension is empty, and so is the search.
std::vector<int64_t> dimension(bool pinned, int64_t pinnedValue, std::vector<int64_t> range)
{
    if (!pinned)
        return range;
    return pinnedValue >= 1 ? std::vector<int64_t>{ pinnedValue } : std::vector<int64_t>{};
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
    int64_t total = 0;                 // the rule-abiding ones, of which `candidates` may be a sample
};

// The grid: tp, cp, pp over the divisors of what is left of N; ep over the divisors of the expert
// count and etp over the divisors of a node's GPUs (or as tp); micro-batch over the divisors of the per-replica batch; vpp up to L / pp; then ZeRO stage,
// recomputation, SP and the MoE dispatcher. Each point is held against the rules of core/rules/parallel_rules.h, the
// predicates validation words (integer tests, nanoseconds, instead of messages). `visit` gets every
// rule-abiding candidate; the count of grid points held is returned.
// `cancel`, when set, ends the walk early (checked every few thousand grid points).
template <typename Visit>
int64_t visitGrid(const Scenario& s, Visit&& visit, const std::atomic<bool>* cancel = nullptr)
{
    int64_t examined = 0;
    int64_t sinceCancelCheck = 0;
    constexpr int64_t kCancelCheckInterval = 4096;
    const ModelSpec& m = s.model;
    const ParallelSpec& p = s.parallel;
    const ParallelDegrees& given = p.degrees;
    const ParallelPins& pin = s.pins;
    const int64_t gpus = s.cluster.gpuCount();
    const int64_t batch = s.training.globalBatch;

    // Selective recomputation is priced with the modules worth replaying for this model (none for
    // a dense model with fused attention: it would save no memory but still replay the attention).
    using RecomputeChoice = std::pair<Recompute, RecomputeModules>;
    std::vector<RecomputeChoice> recomputes;
    if (pin.recompute) {
        recomputes.emplace_back(p.recompute, p.recomputeModules);
    } else {
        recomputes.emplace_back(Recompute::None, p.recomputeModules);
        if (const std::optional<RecomputeModules> modules = selectiveRecomputeModules(s))
            recomputes.emplace_back(Recompute::Selective, *modules);
        recomputes.emplace_back(Recompute::Full, p.recomputeModules);
    }
    const std::vector<int> zeros = pin.zeroStage ? std::vector<int>{ p.zeroStage } : std::vector<int>{ 0, 1, 2, 3 };
    const std::vector<bool> sps = pin.sequenceParallel ? std::vector<bool>{ p.sequenceParallel } : std::vector<bool>{ false, true };
    const std::vector<MoeDispatcher> dispatchers = pin.moeDispatcher || !m.isMoe()
        ? std::vector<MoeDispatcher>{ p.moeDispatcher }
        : std::vector<MoeDispatcher>{ MoeDispatcher::AllToAll, MoeDispatcher::AllGather, MoeDispatcher::Flex };
    // 0 is "as tp" (pinned, the scenario's; explored, once for each tp).
    std::vector<int64_t> etps{ 0 };
    if (pin.etp)
        etps = given.etp >= 0 ? std::vector<int64_t>{ given.etp } : std::vector<int64_t>{};
    else if (m.isMoe()) // splitting an expert's GEMMs across nodes is never worth pricing
        for (int64_t etp : divisorsOf(std::max<int64_t>(s.cluster.gpusPerNode, 1)))
            etps.push_back(etp);
    const int64_t innerPoints = int64_t(recomputes.size() * zeros.size() * sps.size() * dispatchers.size());
    // The schedules a pipeline of this vpp can run besides the one vpp implies (schedulesToExplore).
    const auto schedulesFor = [&](int64_t pp, int64_t vpp) {
        return pin.schedule ? std::vector<std::optional<PipelineSchedule>>{ p.schedule } : schedulesToExplore(s.framework, pp, vpp);
    };
    // Lighter end stages, which carry the embedding and the logits (Megatron-Bridge's recipes take a
    // layer off each): tried beside the even split unless the scenario splits the layers itself,
    // where a stage is one chunk (with interleaving a layer less on one chunk of many matters
    // little) and with the schedule vpp implies (the zero-bubble and DualPipe schedules balance the
    // ends in their own way: W passes, V placement, two directions).
    const bool splitGiven = !p.layersPerStage.empty() || usesMegatronSplit(p);
    const auto trimsFor = [&](int64_t pp, int64_t vpp, const std::optional<PipelineSchedule>& schedule) {
        if (splitGiven)
            return std::vector<std::optional<int64_t>>{ std::nullopt };
        std::vector<std::optional<int64_t>> trims{ 0 };
        if (!schedule && pp > 1 && vpp == 1 && !trimmedEndsSplit(m.layers, pp, 1).empty())
            trims.emplace_back(1);
        return trims;
    };

    ParallelDegrees d;
    for (int64_t tp : dimension(pin.tp, given.tp, divisorsOf(gpus))) {
        d.tp = tp;
        const bool tpAllowed = tpFitsModel(m, tp);
        for (int64_t cp : dimension(pin.cp, given.cp, divisorsOf(std::max<int64_t>(gpus / tp, 1)))) {
            d.cp = cp;
            const bool cpAllowed = cpSplitsSequence(s.training.seqLen, cp);
            for (int64_t pp : dimension(pin.pp, given.pp, divisorsOf(std::max<int64_t>(gpus / tp / cp, 1)))) {
                d.pp = pp;
                d.dp = derivedDataParallel(gpus, d);
                if (d.dp == 0 || (pin.dp && given.dp != d.dp))
                    continue;
                const bool splitAllowed = tpAllowed && cpAllowed;
                const auto eps = dimension(pin.ep, given.ep, m.isMoe() ? divisorsOf(m.moe.experts) : std::vector<int64_t>{ 1 });
                const auto microBatches = batch % d.dp == 0 ? divisorsOf(batch / d.dp) : std::vector<int64_t>{ 1 };
                const auto vpps = dimension(pin.vpp, given.vpp, upTo(std::max<int64_t>(m.layers / pp, 1)));
                for (size_t e = 0; e < eps.size() * etps.size(); ++e) {
                    d.ep = eps[e / etps.size()];
                    d.etp = etps[e % etps.size()];
                    if (!pin.etp && d.etp == tp)
                        continue; // priced as 0, "as tp"
                    const bool epAllowed = epFits(m, d);
                    for (int64_t b : microBatches) {
                        const int64_t micro = microBatchCount(batch, b, d.dp);
                        for (int64_t vpp : vpps) {
                          d.vpp = vpp;
                          for (const std::optional<PipelineSchedule>& schedule : schedulesFor(pp, vpp))
                          for (const std::optional<int64_t>& trim : trimsFor(pp, vpp, schedule)) {
                            examined += innerPoints;
                            if (cancel && ++sinceCancelCheck == kCancelCheckInterval) {
                                sinceCancelCheck = 0;
                                if (cancel->load(std::memory_order_relaxed))
                                    return examined;
                            }
                            if (!(splitAllowed && epAllowed && pipelineRuns(m.layers, s.framework, d, micro, schedule)
                                  && layersPerStageFit(p.layersPerStage, m.layers, d)))
                                continue;
                            for (int zero : zeros)
                                for (const auto& [rc, modules] : recomputes)
                                    for (bool sp : sps)
                                        for (MoeDispatcher dispatcher : dispatchers) {
                                            // SP without a TP group is SP off: enumerated once, unless
                                            // pinned. The allgather dispatcher gathers every token of
                                            // the ETP x EP group, Megatron-Core's choice for small
                                            // groups: priced only where the group fits in a node;
                                            // the flex one differs from the all-to-all only where
                                            // the group spans nodes: priced only there.
                                            const bool spCounts = !(sp && tp == 1 && !pin.sequenceParallel);
                                            const bool inNode = d.expertSplit() > 0 && d.expertSplit() <= s.cluster.gpusPerNode;
                                            const bool dispatcherCounts = dispatcher == MoeDispatcher::AllToAll
                                                || pin.moeDispatcher
                                                || (dispatcher == MoeDispatcher::AllGather ? inNode
                                                                                           : d.expertSplit() > s.cluster.gpusPerNode);
                                            if (spCounts && dispatcherCounts)
                                                visit(Candidate{ d, b, zero, rc, modules, sp, dispatcher, schedule, trim });
                                        }
                          }
                        }
                    }
                }
            }
        }
    }
    return examined;
}

// The grid walked twice, to count and then to fill: growing a vector of a million candidates by
// reallocation costs a fifth of a large search (copies and fresh pages). Past `maxCandidates`,
// candidate k is kept when the sample's share of the first k+1 passes another whole one: an even
// spread, in order. A cancelled walk gives nothing.
Enumeration enumerate(const Scenario& s, const std::atomic<bool>* cancel = nullptr, size_t maxCandidates = SIZE_MAX)
{
    if (!problemsBeforeSearch(s).empty())
        return {};
    uint64_t count = 0;
    (void)visitGrid(s, [&](const Candidate&) { ++count; }, cancel);
    const uint64_t kept = std::min<uint64_t>(count, maxCandidates);
    Enumeration e;
    e.total = int64_t(count);
    e.candidates.reserve(size_t(kept));
    uint64_t k = 0;
    e.examined = visitGrid(
        s,
        [&](const Candidate& c) {
            if ((k + 1) * kept / count > k * kept / count)
                e.candidates.push_back(c);
            ++k;
        },
        cancel);
    if (cancel && cancel->load())
        return {};
    return e;
}

// Every candidate trains the same tokens per step, so the fastest step is the highest throughput.
struct Ranked {
    double step;
    size_t candidate; // its place in the grid's walk, which breaks ties
    size_t position;  // its place in the order of floors, where its Candidate is kept
};

// Keeps the K best; ties broken by enumeration order so results are reproducible.
void keepBest(std::vector<Ranked>& best, Ranked entry, size_t k)
{
    auto better = [](const Ranked& a, const Ranked& b) {
        return a.step != b.step ? a.step < b.step : a.candidate < b.candidate;
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
    s.parallel.degrees = c.degrees;
    s.parallel.zeroStage = c.zeroStage;
    s.parallel.recompute = c.recompute;
    s.parallel.recomputeModules = c.recomputeModules;
    s.parallel.sequenceParallel = c.sequenceParallel;
    s.parallel.moeDispatcher = c.moeDispatcher;
    s.parallel.schedule = c.schedule;
    if (c.endTrim && *c.endTrim > 0)
        s.parallel.layersPerStage = trimmedEndsSplit(s.model.layers, c.degrees.virtualStages(), *c.endTrim);
    else if (c.endTrim)
        s.parallel.layersPerStage.clear();
    s.training.microBatch = c.microBatch;
}

Diagnostics problemsBeforeSearch(const Scenario& scenario)
{
    Scenario unsplit = scenario;
    unsplit.parallel = ParallelSpec{};
    unsplit.parallel.degrees.dp = 0;
    unsplit.training.microBatch = 1;
    // Every configuration runs one rank on each GPU: a rank table must place them whatever the split.
    unsplit.parallel.placement = scenario.parallel.placement;
    Diagnostics problems;
    for (const Diagnostic& d : validateScenario(unsplit)) {
        const bool aboutSplit = (d.path.rfind("parallel", 0) == 0 && d.path.rfind("parallel.placement", 0) != 0)
            || d.code == "global_batch_not_divisible" || d.code == "schedule_too_large";
        if (d.severity == Severity::Error && !aboutSplit)
            problems.push_back(d);
    }
    // A degree the scenario pins is one the search keeps: it must be one a split can have.
    for (const Diagnostic& d : validateScenario(scenario))
        if (d.severity == Severity::Error
            && (d.code == "invalid_parallel_degree" || (d.code == "value_too_large" && d.path.rfind("parallel.", 0) == 0)))
            problems.push_back(d);
    return problems;
}

std::vector<Candidate> enumerateCandidates(const Scenario& scenario, const std::atomic<bool>* cancel, size_t maxCandidates,
                                           int64_t* total)
{
    Enumeration e = enumerate(scenario, cancel, maxCandidates);
    if (total)
        *total = e.total;
    return std::move(e.candidates);
}

namespace {

// What a worker has priced once and meets again thousands of times: the group placements of each
// set of degrees, and the layer costs of each (tp, cp, ep, micro-batch, SP, recompute) with the
// links its TP, CP and EP groups got.
class WorkerCache {
public:
    const GroupPlacements& groups(const Scenario& s, const ParallelLayout& layout, const EfficiencyParams& params,
                                  const Calibration* calibration)
    {
        // Interleaving re-splits a stage's layers, not its ranks: the groups are vpp's alike.
        ParallelDegrees degrees = layout.degrees;
        degrees.vpp = 1;
        auto it = m_groups.find(degrees);
        if (it == m_groups.end())
            it = m_groups.emplace(degrees, placeGroups(s, degrees, params, calibration)).first;
        return it->second;
    }

    const LayerCostSet& layerCosts(const Scenario& s, const ParallelLayout& layout, const DeviceRates& rates,
                                   const GroupPlacements& groups)
    {
        // Locality picks the measured series when calibrated: two groups alike in bandwidth and
        // latency may still differ there.
        auto link = [&](CommGroup g) {
            const LinkRate& rate = groups[g].rate;
            return std::tuple{ rate.busBytesPerS, rate.latencyS, rate.crossesNodes };
        };
        const Key key{ layout.degrees.tp,
                       layout.degrees.cp,
                       layout.degrees.ep,
                       layout.degrees.expertTp(),
                       s.training.microBatch,
                       s.parallel.moeDispatcher,
                       layout.sequenceParallel,
                       layout.recompute,
                       layout.recomputeModules,
                       groups[CommGroup::Ep].nodesSpanned(),
                       { link(CommGroup::Tp), link(CommGroup::Cp), link(CommGroup::Ep), link(CommGroup::ExpertTp) } };
        auto it = m_layerCosts.find(key);
        if (it == m_layerCosts.end())
            it = m_layerCosts.emplace(key, layerCostsFor(s, layout, rates, groups)).first;
        return it->second;
    }

private:
    using Links = std::array<std::tuple<double, double, bool>, 4>;
    using Key = std::tuple<int64_t, int64_t, int64_t, int64_t, int64_t, MoeDispatcher, bool, Recompute, RecomputeModules,
                           int64_t, Links>;
    std::map<ParallelDegrees, GroupPlacements> m_groups;
    std::map<Key, LayerCostSet> m_layerCosts;
};

struct Bounded {
    double lowerBound;
    size_t candidate;     // its place in the grid's walk, which breaks ties
    size_t position = 0;  // in the second pass, its place in the order of floors
};

// The lower floor first; the walk's order breaks ties, so results are reproducible.
bool lowerFirst(const Bounded& a, const Bounded& b)
{
    return a.lowerBound != b.lowerBound ? a.lowerBound < b.lowerBound : a.candidate < b.candidate;
}

// The second pass takes the candidates in order of their floor but reaches only the first few
// thousand of a million: `order` is put in order a batch at a time, and each batch's candidates are
// found by one more walk of the grid (a hundredth of a search). Holding every candidate of the
// grid instead would cost a third of the search in the first touch of fresh memory.
// After it, order[0, to) is in order, ahead of the rest, and ordered[j] is order[j]'s candidate.
void materialize(const Scenario& s, std::vector<Bounded>& order, size_t to, std::vector<Candidate>& ordered)
{
    const auto from = std::ptrdiff_t(ordered.size());
    if (to < order.size())
        std::nth_element(order.begin() + from, order.begin() + std::ptrdiff_t(to), order.end(), lowerFirst);
    std::sort(order.begin() + from, order.begin() + std::ptrdiff_t(to), lowerFirst);
    std::vector<std::pair<size_t, size_t>> wanted; // (place in the walk, position in order)
    for (size_t j = ordered.size(); j < to; ++j)
        wanted.emplace_back(order[j].candidate, j);
    std::sort(wanted.begin(), wanted.end());
    ordered.resize(to);
    size_t k = 0;
    size_t w = 0;
    (void)visitGrid(s, [&](const Candidate& c) {
        for (; w < wanted.size() && wanted[w].first == k; ++w)
            ordered[wanted[w].second] = c;
        ++k;
    });
}

// The schedules that place the layers in order (all but the V-shaped ones and DualPipe) price a
// candidate alike but for its memory: its passes, tails and lower bound are the same whichever of
// them runs it. Within a run of candidates with the same degrees and micro-batch (the grid walks
// the schedules inside them), the bound is priced once for those schedules.
class SharedBounds {
public:
    std::optional<double> find(const Candidate& c, const ParallelLayout& layout)
    {
        if (!sharesBound(layout))
            return std::nullopt;
        if (!(c.degrees == m_degrees && c.microBatch == m_microBatch)) {
            m_bounds.clear();
            m_degrees = c.degrees;
            m_microBatch = c.microBatch;
            return std::nullopt;
        }
        const auto it = m_bounds.find(keyOf(c, layout));
        return it == m_bounds.end() ? std::nullopt : std::optional(it->second);
    }
    void keep(const Candidate& c, const ParallelLayout& layout, double bound)
    {
        if (sharesBound(layout) && c.degrees == m_degrees && c.microBatch == m_microBatch)
            m_bounds.emplace(keyOf(c, layout), bound);
    }

private:
    using Key = std::tuple<std::optional<int64_t>, int, Recompute, RecomputeModules, bool, MoeDispatcher>;
    [[nodiscard]] static bool sharesBound(const ParallelLayout& layout)
    {
        const ScheduleTraits traits = scheduleTraits(layout.schedule);
        return !traits.vShape && !traits.bidirectional;
    }
    // The recomputation as resolved (auto settles per schedule, by its memory).
    [[nodiscard]] static Key keyOf(const Candidate& c, const ParallelLayout& layout)
    {
        return { c.endTrim, c.zeroStage, layout.recompute, layout.recomputeModules, c.sequenceParallel, c.moeDispatcher };
    }

    ParallelDegrees m_degrees;
    int64_t m_microBatch = -1;
    std::map<Key, double> m_bounds;
};

bool sameButForTheDispatcher(const Candidate& a, const Candidate& b)
{
    return a.degrees == b.degrees && a.microBatch == b.microBatch && a.zeroStage == b.zeroStage && a.recompute == b.recompute
        && a.recomputeModules == b.recomputeModules && a.sequenceParallel == b.sequenceParallel && a.schedule == b.schedule
        && a.endTrim == b.endTrim;
}

} // namespace

SearchResult searchConfigurations(const Scenario& scenario, const SearchOptions& options)
{
    const auto started = std::chrono::steady_clock::now();
    SearchResult result;
    if (!problemsBeforeSearch(scenario).empty())
        return result;
    // The grid is walked, not held: a walk costs a hundredth of the search, a million candidates
    // held cost a third of it in fresh pages. This walk counts; each worker walks it again and
    // prices its share; the second pass finds the few it reaches (materialize).
    size_t ruleAbiding = 0;
    result.gridPoints = visitGrid(scenario, [&](const Candidate&) { ++ruleAbiding; });
    const size_t k = size_t(std::max<int64_t>(options.topK, 1));
    const Calibration* calibration = options.calibration.get();
    const DeviceRates rates
        = deviceRates(scenario.cluster.gpu, scenario.training.precision, options.params, calibration);

    unsigned threads = options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
    threads = std::min<unsigned>(threads, unsigned(std::max<size_t>(ruleAbiding / 256, 1)));
    auto inParallel = [&](const std::function<void(unsigned)>& work) {
        std::vector<std::thread> pool;
        for (unsigned i = 1; i < threads; ++i)
            pool.emplace_back(work, i);
        work(0);
        for (std::thread& t : pool)
            t.join();
    };

    // Pass 1: memory for every candidate, and for those that fit a floor on the step from their
    // layers' own work (stepWorkFloor: no tails, no schedule simulation yet). The walk is dealt out
    // in runs of kRun candidates, run r to worker r mod threads: neighbours in the walk share their
    // degrees, so a run reuses what its first candidate priced.
    std::atomic<int64_t> memoryPriced{ 0 };
    std::vector<std::vector<Bounded>> fitting(threads);
    std::vector<WorkerCache> caches(threads);
    inParallel([&](unsigned index) {
        Scenario local = scenario;
        WorkerCache& cache = caches[index];
        SharedBounds shared;
        int64_t priced = 0;
        constexpr size_t kRun = 256;
        size_t i = 0;
        Candidate previous;
        bool previousFits = false;
        (void)visitGrid(scenario, [&](const Candidate& c) {
            const size_t at = i++;
            if ((at / kRun) % threads != index)
                return;
            // The dispatcher, the grid's innermost choice, moves no memory: candidates in a row
            // that differ only there fit or not together.
            const bool repeats = at % kRun != 0 && sameButForTheDispatcher(previous, c);
            previous = c;
            ++priced;
            if (repeats && !previousFits)
                return;
            applyCandidate(local, c);
            StepPlan plan = planStep(local);
            (void)resolveRecompute(local, plan);
            if (!repeats)
                previousFits = peakMemoryOf(local, plan) <= plan.capacityBytes;
            if (!previousFits)
                return;
            if (const std::optional<double> floor = shared.find(c, plan.layout)) {
                fitting[index].push_back({ *floor, at });
                return;
            }
            const GroupPlacements& groups = cache.groups(local, plan.layout, options.params, calibration);
            const double floor = stepWorkFloor(local, plan, cache.layerCosts(local, plan.layout, rates, groups), options.params);
            shared.keep(c, plan.layout, floor);
            fitting[index].push_back({ floor, at });
        });
        memoryPriced += priced;
    });
    std::vector<Bounded> order = std::move(fitting[0]);
    for (size_t t = 1; t < fitting.size(); ++t)
        order.insert(order.end(), fitting[t].begin(), fitting[t].end());

    // Pass 2, branch and bound (the ranking stays exact): candidates are taken in order of their
    // floor and given the full lower bound (stepLowerBound); those are simulated in order of that
    // bound. Whatever comes next, floor or bound, once it is no better than the K-th best step
    // found, nothing after it can enter the top K: floor <= bound <= step. The candidates reached
    // so far, by position in `order`, are found a batch at a time, each twice the last.
    constexpr size_t kFirstBatch = 4096;
    std::vector<Candidate> ordered;
    std::mutex mutex;
    std::vector<Ranked> best;
    std::vector<Bounded> bounded; // a min-heap on the full bound
    const auto higher = [](const Bounded& a, const Bounded& b) { return lowerFirst(b, a); };
    auto kthStep = [&] { return best.size() < k ? HUGE_VAL : best.back().step; };
    size_t next = 0;
    inParallel([&](unsigned index) {
        Scenario local = scenario;
        WorkerCache& cache = caches[index];
        EvaluateOptions evaluateOptions;
        evaluateOptions.params = options.params;
        evaluateOptions.calibration = options.calibration;
        evaluateOptions.diagnostics = false;
        std::unique_lock lock(mutex);
        for (;;) {
            const size_t i = next;
            if (i < order.size() && i >= ordered.size())
                materialize(scenario, order, std::min(order.size(), std::max(2 * ordered.size(), kFirstBatch)), ordered);
            const bool floorFirst = i < order.size() && (bounded.empty() || lowerFirst(order[i], bounded.front()));
            if (floorFirst ? order[i].lowerBound >= kthStep() : bounded.empty() || bounded.front().lowerBound >= kthStep())
                return;
            if (floorFirst) {
                next = i + 1;
                const Candidate c = ordered[i];
                lock.unlock();
                applyCandidate(local, c);
                StepPlan plan = planStep(local);
                (void)resolveRecompute(local, plan);
                const GroupPlacements& groups = cache.groups(local, plan.layout, options.params, calibration);
                const StepTiming timing = stepTiming(local, plan, rates,
                                                     cache.layerCosts(local, plan.layout, rates, groups), groups,
                                                     options.params);
                const double bound = stepLowerBound(plan, timing, options.params);
                lock.lock();
                ++result.bounded;
                if (bound < kthStep()) {
                    bounded.push_back({ bound, order[i].candidate, i });
                    std::push_heap(bounded.begin(), bounded.end(), higher);
                }
                continue;
            }
            std::pop_heap(bounded.begin(), bounded.end(), higher);
            const Bounded taken = bounded.back();
            bounded.pop_back();
            const Candidate c = ordered[taken.position];
            lock.unlock();
            applyCandidate(local, c);
            const Result r = evaluate(local, evaluateOptions);
            lock.lock();
            ++result.simulated;
            keepBest(best, { r.time.step, taken.candidate, taken.position }, k);
        }
    });

    // The winners again, with diagnostics and every detail, for the report.
    Scenario chosen = scenario;
    EvaluateOptions detailed;
    detailed.params = options.params;
    detailed.calibration = options.calibration;
    for (const Ranked& r : best) {
        applyCandidate(chosen, ordered[r.position]);
        result.best.push_back({ ordered[r.position].microBatch, evaluate(chosen, detailed) });
    }
    result.ruleAbiding = int64_t(ruleAbiding);
    result.memoryPriced = memoryPriced.load();
    result.fits = int64_t(order.size());
    result.elapsedS = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return result;
}

} // namespace paraplan
