// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/confirm/synthetic_step.h"

#include "engine/bench/bench_plan.h"
#include "engine/bench/world_groups.h"
#include "engine/confirm/kernel_recorder.h"
#include "engine/confirm/layer_work.h"
#include "engine/confirm/pipeline_messages.h"
#include "engine/runtime/timing.h"

#include "core/model/kernel_costs.h"
#include "core/model/memory_model.h"
#include "core/model/model_shape.h"
#include "core/rules/schedule_rules.h"
#include "core/step/pipeline_schedule.h"
#include "core/step/step_model.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>

namespace paraplan::engine {

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

std::string gib(double bytes)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", bytes / double(1 << 30));
    return text;
}

// The scenario rank this world rank runs (the rank table sends rank r to GPU / world rank t[r]).
int64_t scenarioRankOf(const RankPlacement& placement, int64_t ranks, int worldRank)
{
    for (int64_t r = 0; r < ranks; ++r)
        if (placement.gpuOf(r) == worldRank)
            return r;
    return worldRank;
}

std::unique_ptr<Communicator> groupOf(CommGroup kind, const ParallelDegrees& degrees, const RankPlacement& placement,
                                      Backend& backend, const World& world)
{
    const std::optional<WorldGroup> group = worldGroupOf(kind, degrees, placement, world);
    return group ? backend.communicator(world, group->ranks) : nullptr;
}

// One rank's part of the step: its stage's layers under the schedule, its sends and receives.
class StageRunner {
public:
    // `recorder`: the backend itself when the step is recorded kernel by kernel, else null.
    StageRunner(const Scenario& s, const Result& predicted, Backend& backend, const World& world,
                const ConfirmOptions& options, KernelRecorder* recorder)
        : m_backend(backend)
        , m_recorder(recorder)
        , m_degrees(predicted.parallel.degrees)
        , m_type(backend.computeType(dataTypeOf(s.training.precision)))
    {
        const RankPlacement& placement = s.parallel.placement;
        const int64_t rank = scenarioRankOf(placement, m_degrees.ranks(), world.rank());
        m_stage = denseCoordinate(rank, ParallelDim::Pp, m_degrees, placement.order);
        // Every rank creates every kind of communicator, in the same order (they are collective).
        m_tp = groupOf(CommGroup::Tp, m_degrees, placement, backend, world);
        m_cp = groupOf(CommGroup::Cp, m_degrees, placement, backend, world);
        m_ep = s.model.isMoe() ? groupOf(CommGroup::Ep, m_degrees, placement, backend, world) : nullptr;
        m_etp = s.model.isMoe() ? groupOf(CommGroup::ExpertTp, m_degrees, placement, backend, world) : nullptr;
        m_dp = groupOf(CommGroup::DataParallel, m_degrees, placement, backend, world);
        m_line = groupOf(CommGroup::PipelineHop, m_degrees, placement, backend, world);

        Scenario resolved = s;
        resolved.parallel = predicted.parallel;
        StepPlan plan = planStep(resolved);
        (void)resolveRecompute(resolved, plan);
        m_recomputeFull = plan.layout.recompute == Recompute::Full;
        m_vpp = plan.layout.degrees.vpp;
        for (size_t vs = 0; vs < plan.layout.virtualLayers.size(); ++vs)
            m_virtualLayers.push_back(plan.layout.virtualMix(vs));
        m_virtualLayers.back() += s.model.mtpLayerMix(); // the MTP modules follow the last layer
        m_outputLayers = 1 + s.model.mtpLayers;           // and each computes the logits again
        m_plan = stageMessagePlan(m_stage, m_degrees.pp, m_vpp, plan.layout.microBatches);

        const ParallelSpec& p = predicted.parallel;
        const LayerShard shard = scenarioShard(s, p);
        const LayerMessages messages = layerMessages(s.model, shard);
        m_output = outputTraffic(s.model, shard);
        // One layer's buffers per kind of layer this rank's chunks hold.
        LayerMix here;
        for (size_t vs = size_t(m_stage); vs < m_virtualLayers.size(); vs += size_t(m_degrees.pp))
            here += m_virtualLayers[vs];
        // A deliberately slow norm is one kernel that moves more, not more kernels.
        m_normScale = m_stage == options.slowNormStage ? std::max(1.0, options.slowNormFactor) : 1.0;
        double largestKernel = std::max(m_output.lossForward, m_output.lossBackward);
        if (m_normScale > 1 && m_stage == m_degrees.pp - 1)
            largestKernel = std::max(largestKernel, 2 * m_normScale * m_output.norm);
        for (size_t k = 0; k < kLayerKinds; ++k)
            if (here.count[k] > 0) {
                const LayerTraffic traffic = layerTraffic(s.model, shard, LayerKind::ofIndex(k));
                largestKernel = std::max({ largestKernel, traffic.norm * m_normScale, traffic.residual,
                                           traffic.mlpActivation, traffic.moePermute, traffic.latentNorms });
            }
        m_memory = std::make_unique<MemoryTraffic>(backend, largestKernel);
        m_memory->setLabels(recorder);
        const double epShare = p.moeDispatcher == MoeDispatcher::Flex
            ? flexNetworkShare(s.model.moe, placeGroup(resolved, m_degrees, CommGroup::Ep, {}).nodesSpanned())
            : 1.0;
        for (size_t k = 0; k < kLayerKinds; ++k)
            if (here.count[k] > 0) {
                const LayerKind kind = LayerKind::ofIndex(k);
                // Only MoE layers move tokens to experts (a MoE model's dense layers do not).
                const LayerGroups groups{ m_tp.get(), m_cp.get(), kind.moe ? m_ep.get() : nullptr,
                                          kind.moe ? m_etp.get() : nullptr };
                LayerSettings settings{ .sequenceParallel = shard.sequenceParallel,
                                        .type = m_type,
                                        .dispatcher = p.moeDispatcher,
                                        .epShare = epShare,
                                        .traffic = layerTraffic(s.model, shard, kind),
                                        .memory = m_memory.get(),
                                        .normScale = m_normScale };
                m_layers[k] = std::make_unique<LayerWork>(backend, transformerLayerGemms(s.model, shard, kind).all(),
                                                          shard, messages, groups, settings);
            }
        LayerSettings logits;
        logits.sequenceParallel = shard.sequenceParallel;
        logits.type = m_type;
        m_logits = std::make_unique<LayerWork>(backend, std::vector<GemmShape>{ logitsGemm(s.model, shard) }, shard,
                                               LayerMessages{}, LayerGroups{}, logits);

        // Pipeline messages: each TP rank sends its 1/tp share of the activation.
        const size_t element = elementBytes(m_type);
        m_pipeElements = std::max<size_t>(1, size_t(messages.tpActivation / shard.tp / double(element)));
        m_activationOut = backend.allocate(m_pipeElements * element);
        m_gradientOut = backend.allocate(m_pipeElements * element);
        m_received = backend.allocate(m_pipeElements * element);

        // Gradients of the stage's weights, reduced bucket by bucket over DP.
        const StateBytes bytes = stateBytes(s.training);
        const StageParameters weights = stageParameters(s.model, plan.layout, m_stage);
        m_optimizer = optimizerTraffic(plan.layout, weights, bytes);
        const double parametersHere = weights.total();
        const double bucketParameters = std::min(kGradientBucketParams, parametersHere);
        m_buckets = std::max<int64_t>(1, int64_t(std::ceil(parametersHere / bucketParameters)));
        m_zero = p.zeroStage;
        if (m_dp) {
            m_bucketElements = std::max<size_t>(size_t(m_dp->size()),
                                                size_t(bucketParameters * bytes.gradients / double(element))
                                                    / size_t(m_dp->size()) * size_t(m_dp->size()));
            m_bucket = backend.allocate(m_bucketElements * element);
            m_shard = backend.allocate(m_bucketElements / size_t(m_dp->size()) * element);
        }
        m_workingBytes = m_logits->bytes() + m_memory->bytes() + 3 * m_pipeElements * element
            + (m_dp ? m_bucket->bytes() + m_shard->bytes() : 0);
        for (const std::unique_ptr<LayerWork>& layer : m_layers)
            m_workingBytes += layer ? layer->bytes() : 0;
    }

    [[nodiscard]] int64_t stage() const { return m_stage; }
    [[nodiscard]] size_t workingBytes() const { return m_workingBytes; }

    // Runs one step; returns this rank's measurement of it. The host queues the step's work as
    // training does, marking each operation on the device's queue; the figures are read once the
    // step is done (timing.h: timing each operation alone would count the host's gaps).
    io::ProbeStage step()
    {
        io::ProbeStage m;
        m.stage = m_stage;
        m_marked.clear();
        const int64_t last = m_degrees.pp * m_vpp - 1;
        for (const PipeStep& step : m_plan) {
            const int64_t vs = step.virtualStage;
            if (step.receive)
                mark(m.idleS, [&] { receive(*step.receive); });
            if (step.op.kind == PipelineOpKind::Forward) {
                passOf(false);
                mark(m.busyS, [&] {
                    forEachLayer(vs, [](LayerWork& layer) { layer.forward(); });
                    if (vs == last)
                        for (int64_t o = 0; o < m_outputLayers; ++o)
                            outputForward();
                });
            } else {
                passOf(true);
                mark(m.busyS, [&] {
                    forEachLayer(vs, [&](LayerWork& layer) {
                        if (m_recomputeFull) {
                            passOf(false);
                            layer.forward();
                            passOf(true);
                        }
                        layer.backward();
                    });
                    if (vs == last)
                        for (int64_t o = 0; o < m_outputLayers; ++o)
                            outputBackward();
                });
            }
            if (step.send)
                send(*step.send);
        }
        // Every send so far, taken: what the stage waits for its neighbours to receive once its
        // own work is done.
        m_backend.synchronize();
        if (m_line) {
            const auto start = Clock::now();
            m_line->waitForSends();
            m.sendS = since(start);
        }
        mark(m.tailS, [&] {
            reduceGradients();
            m_memory->move(m_optimizer.update, MemoryKernel::Optimizer);
            m_memory->move(m_optimizer.zeroGradients, MemoryKernel::ZeroGradients);
        });
        for (const Marked& marked : m_marked)
            *marked.figure += marked.interval->seconds();
        return m;
    }

private:
    // `work` on each layer of virtual stage `vs`, kind by kind.
    template <typename Work>
    void forEachLayer(int64_t vs, Work&& work)
    {
        const LayerMix& mix = m_virtualLayers[size_t(vs)];
        for (size_t k = 0; k < kLayerKinds; ++k)
            for (int64_t l = 0; l < mix.count[k]; ++l)
                work(*m_layers[k]);
    }

    // Names the kernels that follow as a forward's or a backward's, where they are recorded.
    void passOf(bool backward)
    {
        if (m_recorder)
            m_recorder->setBackward(backward);
    }

    void outputForward()
    {
        m_memory->move(m_normScale * m_output.norm, MemoryKernel::Norm);
        m_logits->forward();
        m_memory->move(m_output.lossForward, MemoryKernel::Loss);
    }

    void outputBackward()
    {
        m_memory->move(m_output.lossBackward, MemoryKernel::Loss);
        m_logits->backward();
        m_memory->move(2 * m_normScale * m_output.norm, MemoryKernel::Norm);
    }

    // `work` between two marks whose interval adds to `figure` once the step is read.
    template <typename Work>
    void mark(double& figure, Work&& work)
    {
        if (m_marked.size() == m_intervals.size())
            m_intervals.push_back(m_backend.interval());
        DeviceInterval& interval = *m_intervals[m_marked.size()];
        interval.begin();
        work();
        interval.end();
        m_marked.push_back({ &figure, &interval });
    }

    void receive(const PipeMessage& message)
    {
        m_line->receive(*m_received, m_pipeElements, m_type, message.peer, message.tag);
    }

    // Posted at once, never after waiting for the previous send (pipeline_messages.h). Every send
    // of a kind reads the same buffer, which no one writes while they are in flight.
    void send(const PipeMessage& message)
    {
        const Buffer& data = message.kind == PipeMessageKind::Activation ? *m_activationOut : *m_gradientOut;
        m_line->send(data, m_pipeElements, m_type, message.peer, message.tag);
    }

    void reduceGradients()
    {
        if (!m_dp)
            return;
        const size_t block = m_bucketElements / size_t(m_dp->size());
        for (int64_t b = 0; b < m_buckets; ++b) {
            if (m_zero == 0) {
                m_dp->allReduce(*m_bucket, m_bucketElements, m_type);
            } else {
                m_dp->reduceScatter(*m_bucket, *m_shard, block, m_type);
                m_dp->allGather(*m_shard, *m_bucket, block, m_type); // the updated weights come back
            }
        }
    }

    Backend& m_backend;
    KernelRecorder* m_recorder;
    double m_normScale = 1;
    ParallelDegrees m_degrees;
    DataType m_type;
    int64_t m_stage = 0;
    int64_t m_vpp = 1;
    bool m_recomputeFull = false;
    int m_zero = 1;
    std::vector<LayerMix> m_virtualLayers; // by kind of layer, the MTP modules' on the last
    int64_t m_outputLayers = 1;             // the output layer, and again per MTP module
    std::vector<PipeStep> m_plan;
    struct Marked {
        double* figure;
        DeviceInterval* interval;
    };
    std::vector<std::unique_ptr<DeviceInterval>> m_intervals; // made once, reused every step
    std::vector<Marked> m_marked;                             // this step's
    std::unique_ptr<Communicator> m_tp, m_cp, m_ep, m_etp, m_dp, m_line;
    std::unique_ptr<MemoryTraffic> m_memory;
    std::array<std::unique_ptr<LayerWork>, kLayerKinds> m_layers; // by LayerKind::index(), the kinds held here
    std::unique_ptr<LayerWork> m_logits;
    OutputTraffic m_output;
    OptimizerTraffic m_optimizer;
    size_t m_pipeElements = 1;
    std::unique_ptr<Buffer> m_activationOut, m_gradientOut, m_received;
    int64_t m_buckets = 1;
    size_t m_bucketElements = 0;
    std::unique_ptr<Buffer> m_bucket, m_shard;
    size_t m_workingBytes = 0;
};

// Per stage, the slowest of its ranks (the figures are never negative, so the ranks of the other
// stages give 0).
std::vector<io::ProbeStage> byStage(const World& world, const io::ProbeStage& mine, int64_t stages)
{
    std::vector<io::ProbeStage> result(static_cast<size_t>(stages));
    for (int64_t s = 0; s < stages; ++s) {
        const bool here = mine.stage == s;
        result[size_t(s)] = { s, world.maxOf(here ? mine.busyS : 0), world.maxOf(here ? mine.idleS : 0),
                              world.maxOf(here ? mine.sendS : 0), world.maxOf(here ? mine.tailS : 0) };
    }
    return result;
}

// Once the warm-up has made everything the run needs (the context, the libraries' workspaces,
// NCCL's connections and buffers, the working buffers), holds the rest of the memory the model
// predicts for the stage: the step then runs with the prediction's memory in use, and what the
// run itself took is a measurement beside the prediction.
std::unique_ptr<Buffer> holdPrediction(Backend& backend, const World& world, double predictedBytes,
                                       io::ProbeStep& measured)
{
    const double inUse = backend.memoryInUse();
    measured.footprintBytes = world.maxOf(inUse);
    measured.reservedBytes = world.maxOf(predictedBytes);
    const double rest = std::max(0.0, predictedBytes - inUse);
    try {
        return backend.allocate(size_t(rest));
    } catch (const EngineError& e) {
        if (e.code() != io::ProbeCode::OutOfMemory)
            throw;
        throw EngineError(io::ProbeCode::OutOfMemory,
                          "the stage's predicted memory does not fit: " + gib(predictedBytes) + " GiB predicted, "
                              + gib(inUse) + " GiB in use after the warm-up step, and the device cannot hold the other "
                              + gib(rest) + " GiB (" + e.what() + ")");
    }
}

} // namespace

io::ProbeStep runSyntheticSteps(const Scenario& s, const Result& predicted, Backend& backend, const World& world,
                                EventLog& log, Watchdog& watchdog, const ConfirmOptions& options)
{
    const int64_t ranks = predicted.parallel.degrees.ranks();
    if (ranks != world.size())
        throw EngineError(io::ProbeCode::WorldSizeMismatch,
                          "confirm runs one rank per GPU of the scenario: "
                              + std::to_string(ranks) + " ranks (mpirun -np " + std::to_string(ranks)
                              + "); this run has " + std::to_string(world.size()));
    // The stage runner replays Megatron's order (stageMessagePlan); the other schedules' orders,
    // with split backwards and DualPipe's two directions, are not run on devices yet.
    const PipelineSchedule schedule = effectiveSchedule(s.parallel);
    if (schedule != PipelineSchedule::OneFOneB && schedule != PipelineSchedule::Interleaved1F1B)
        throw EngineError(io::ProbeCode::InvalidScenario,
                          std::string("confirm runs the 1f1b and interleaved-1f1b schedules; this scenario's ")
                              + toString(schedule) + " is priced by the model but not yet run on devices. Confirm the "
                              "same configuration with parallel.schedule 1f1b (vpp 1) or interleaved-1f1b");
    io::ProbeStep measured;
    std::unique_ptr<KernelRecorder> recorder;
    if (options.trace) {
        const LayerShard shard = scenarioShard(s, predicted.parallel);
        recorder = std::make_unique<KernelRecorder>(backend, kernelStyleOf(s),
                                                    int64_t(std::llround((shard.qkHeadDim + shard.vHeadDim) / 2)),
                                                    int64_t(std::llround(shard.hidden)));
    }
    std::unique_ptr<StageRunner> runner;
    {
        const WatchdogStep step(watchdog, "confirm: set-up (communicators, buffers)");
        runner = std::make_unique<StageRunner>(s, predicted, recorder ? *recorder : backend, world, options,
                                               recorder.get());
    }
    const double predictedBytes = predicted.stages[size_t(runner->stage())].memory.total();
    std::unique_ptr<Buffer> reserve;
    std::vector<double> stepSeconds;
    std::vector<std::vector<io::ProbeStage>> stages;
    for (int i = 0; i <= options.steps; ++i) {
        if (world.isRoot())
            log.write(io::ProbeProgress{ "confirm", i, options.steps + 1,
                                         i == 0 ? "warm-up step" : "step " + std::to_string(i) });
        const WatchdogStep step(watchdog, "confirm: training step " + std::to_string(i));
        world.barrier();
        const auto start = Clock::now();
        if (recorder && i > 0)
            recorder->startStep();
        const io::ProbeStage mine = runner->step();
        backend.synchronize();
        const double seconds = world.maxOf(since(start));
        if (recorder) // the step ends for every rank once they agree it is over, as training's does
            recorder->endStep();
        std::vector<io::ProbeStage> perStage = byStage(world, mine, predicted.parallel.degrees.pp);
        if (i == 0) { // the warm-up: first-touch allocations, lazy connections
            reserve = holdPrediction(backend, world, predictedBytes, measured);
            continue;
        }
        stepSeconds.push_back(seconds);
        stages.push_back(std::move(perStage));
        if (world.isRoot())
            log.write(io::ProbeStepTime{ i, seconds });
    }
    const TimingStats step = summarize(stepSeconds);
    measured.stepS = step.median;
    measured.stepMinS = step.min;
    measured.stepMaxS = step.max;
    measured.steps = step.count;
    // The stage figures of the step closest to the median.
    size_t median = 0;
    for (size_t i = 0; i < stepSeconds.size(); ++i)
        if (std::fabs(stepSeconds[i] - step.median) < std::fabs(stepSeconds[median] - step.median))
            median = i;
    measured.stages = stages[median];
    if (recorder) {
        *options.trace = recorder->trace();
        options.trace->rank = world.rank();
        options.trace->worldSize = world.size();
        options.trace->device = world.rank();
    }
    return measured;
}

} // namespace paraplan::engine
