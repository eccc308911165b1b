// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// What one MoE layer of the synthetic step sends, dispatcher by dispatcher (issue #13): the
// collectives, their groups, order and sizes are those the model prices (core's
// moeTokenMovement), forward and backward; a dense layer of a MoE model moves no tokens.
#include "engine/confirm/layer_work.h"
#include "engine/host/host_backend.h"
#include "tests/engine/test_world.h"

#include "core/io/catalog_reader.h"
#include "core/io/scenario_reader.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace paraplan;
using namespace paraplan::engine;

namespace {

// A group of `size` ranks that only writes down what it was asked to do.
class RecordingCommunicator : public Communicator {
public:
    RecordingCommunicator(std::string name, int size, std::vector<std::string>& log)
        : m_name(std::move(name)), m_size(size), m_log(log)
    {
    }
    int size() const override { return m_size; }
    int rank() const override { return 0; }
    void allReduce(Buffer&, size_t count, DataType) override { record("all-reduce", count); }
    void allGather(const Buffer&, Buffer&, size_t count, DataType) override { record("all-gather", count); }
    void reduceScatter(const Buffer&, Buffer&, size_t count, DataType) override { record("reduce-scatter", count); }
    void allToAll(const Buffer&, Buffer&, size_t count, DataType) override { record("all-to-all", count); }
    void send(const Buffer&, size_t, DataType, int, int) override {}
    void receive(Buffer&, size_t, DataType, int, int) override {}
    void waitForSends() override {}
    void allReduceInBackground(Buffer&, size_t count, DataType) override { record("background all-reduce", count); }
    double waitForBackground() override { return 0; }
    void abort() override {}

    size_t lastCount = 0;

private:
    void record(const char* what, size_t count)
    {
        m_log.push_back(m_name + " " + what);
        lastCount = count;
    }
    std::string m_name;
    int m_size;
    std::vector<std::string>& m_log;
};

Scenario scenarioOf(const std::string& json) { return io::readScenarioText(json, io::builtinCatalog()); }

struct TokenMoves {
    std::vector<std::string> forward, backward;
};

// One forward and one backward of the layer of `kind` of a tiny MoE model with EP 4 and ETP 2.
TokenMoves movesOf(MoeDispatcher dispatcher, LayerKind kind, double epShare = 1)
{
    const Scenario s = scenarioOf(R"({
      "model": { "name": "tiny moe", "layers": 2, "hidden": 64, "heads": 2, "kv_heads": 2, "ffn_hidden": 128,
                 "vocab": 256, "moe": { "experts": 8, "top_k": 2, "expert_ffn_hidden": 32, "first_dense_layers": 1 } },
      "training": { "seq_len": 16, "global_batch": 8 },
      "cluster": { "preset": "dgx-h100", "nodes": 1 },
      "parallel": { "tp": 1, "ep": 4, "etp": 2 } })");
    const ParallelDegrees d = { .ep = 4, .dp = 8, .etp = 2 };
    const LayerShard shard(s.model, s.training.seqLen, 1, d, false, 2);
    std::vector<std::string> log;
    RecordingCommunicator ep("EP", 4, log), etp("ETP", 2, log);
    HostBackend backend(engine::test::world());
    LayerSettings settings;
    settings.type = backend.computeType(DataType::Bf16);
    settings.dispatcher = dispatcher;
    settings.epShare = epShare;
    LayerWork layer(backend, transformerLayerGemms(s.model, shard, kind).all(), shard, layerMessages(s.model, shard),
                    LayerGroups{ nullptr, nullptr, kind.moe ? &ep : nullptr, kind.moe ? &etp : nullptr }, settings);
    TokenMoves moves;
    layer.forward();
    moves.forward = log;
    log.clear();
    layer.backward();
    moves.backward = log;
    return moves;
}

using Log = std::vector<std::string>;

} // namespace

TEST(LayerWork, TheAllToAllDispatcherMovesTokensOverEpThenEtp)
{
    const TokenMoves m = movesOf(MoeDispatcher::AllToAll, { true, false });
    EXPECT_EQ(m.forward, (Log{ "EP all-to-all", "ETP all-gather", "ETP reduce-scatter", "EP all-to-all" }));
    EXPECT_EQ(m.backward, (Log{ "EP all-to-all", "ETP all-gather", "ETP reduce-scatter", "EP all-to-all" }));
}

TEST(LayerWork, TheAllGatherDispatcherGathersOverEtpThenEp)
{
    const TokenMoves m = movesOf(MoeDispatcher::AllGather, { true, false });
    EXPECT_EQ(m.forward, (Log{ "ETP all-gather", "EP all-gather", "EP reduce-scatter", "ETP reduce-scatter" }));
    EXPECT_EQ(m.backward, (Log{ "ETP all-gather", "EP all-gather", "EP reduce-scatter", "ETP reduce-scatter" }));
}

TEST(LayerWork, TheFlexDispatchersAllToAllCarriesItsShare)
{
    const TokenMoves all = movesOf(MoeDispatcher::Flex, { true, false });
    EXPECT_EQ(all.forward, (Log{ "EP all-to-all", "ETP all-gather", "ETP reduce-scatter", "EP all-to-all" }));
    // The buffers follow the share: what the all-to-all carries halves with it.
    std::vector<std::string> log;
    const Scenario s = scenarioOf(R"({
      "model": { "name": "tiny moe", "layers": 1, "hidden": 64, "heads": 2, "kv_heads": 2, "ffn_hidden": 128,
                 "vocab": 256, "moe": { "experts": 8, "top_k": 2, "expert_ffn_hidden": 32 } },
      "training": { "seq_len": 64, "global_batch": 8 }, "cluster": { "preset": "dgx-h100", "nodes": 1 },
      "parallel": { "ep": 4 } })");
    const ParallelDegrees d = { .ep = 4, .dp = 8 };
    const LayerShard shard(s.model, s.training.seqLen, 1, d, false, 2);
    HostBackend backend(engine::test::world());
    auto countFor = [&](double share) {
        RecordingCommunicator ep("EP", 4, log);
        LayerSettings settings;
        settings.type = backend.computeType(DataType::Bf16);
        settings.dispatcher = MoeDispatcher::Flex;
        settings.epShare = share;
        LayerWork layer(backend, transformerLayerGemms(s.model, shard, { true, false }).all(), shard,
                        layerMessages(s.model, shard), LayerGroups{ nullptr, nullptr, &ep, nullptr }, settings);
        layer.forward();
        return ep.lastCount;
    };
    EXPECT_NEAR(double(countFor(0.5)) * 2, double(countFor(1.0)), 4.0); // buffers round up to whole elements a rank
}

TEST(LayerWork, ADenseLayerOfAMoeModelMovesNoTokens)
{
    const TokenMoves m = movesOf(MoeDispatcher::AllToAll, { false, false });
    EXPECT_TRUE(m.forward.empty());
    EXPECT_TRUE(m.backward.empty());
}
