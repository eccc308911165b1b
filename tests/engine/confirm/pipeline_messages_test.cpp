// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/backend/message_lanes.h"
#include "engine/confirm/pipeline_messages.h"

#include <gtest/gtest.h>

#include <deque>
#include <map>
#include <string>

namespace paraplan::engine {
namespace {

struct InFlight {
    int to;
    int tag;
};

// Runs every stage's message plan the way the engine's transports do: a stage posts each send and
// goes on (nothing waits for a send until the step's end), and blocks on each receive until its
// message comes. Messages travel on NCCL's lanes, first in first out per sender and lane (NCCL has
// no tags, so a receive takes whatever its lane holds first: that must be the message it asked
// for). Returns an empty string when every stage ends with every message taken, else what stuck.
std::string runPlans(int64_t stages, int64_t chunks, int64_t microBatches)
{
    std::vector<std::vector<PipeStep>> plans;
    for (int64_t s = 0; s < stages; ++s)
        plans.push_back(stageMessagePlan(s, stages, chunks, microBatches));
    std::vector<size_t> next(size_t(stages), 0);
    std::map<std::pair<int, int>, std::deque<InFlight>> lanes; // (sender, lane) -> messages in order
    for (bool progress = true; progress;) {
        progress = false;
        for (int r = 0; r < int(stages); ++r) {
            while (next[size_t(r)] < plans[size_t(r)].size()) {
                const PipeStep& step = plans[size_t(r)][next[size_t(r)]];
                if (step.receive) {
                    std::deque<InFlight>& lane = lanes[{ step.receive->peer, messageLane(step.receive->peer, r, step.receive->tag) }];
                    if (lane.empty())
                        break; // blocked until the neighbour sends
                    if (lane.front().to != r || lane.front().tag != step.receive->tag)
                        return "stage " + std::to_string(r) + " expected tag " + std::to_string(step.receive->tag)
                            + " from stage " + std::to_string(step.receive->peer) + " but its lane holds tag "
                            + std::to_string(lane.front().tag) + " for stage " + std::to_string(lane.front().to) + " first";
                    lane.pop_front();
                }
                if (step.send)
                    lanes[{ r, messageLane(r, step.send->peer, step.send->tag) }].push_back({ step.send->peer, step.send->tag });
                ++next[size_t(r)];
                progress = true;
            }
        }
    }
    for (int64_t s = 0; s < stages; ++s)
        if (next[size_t(s)] != plans[size_t(s)].size())
            return "deadlock: stage " + std::to_string(s) + " stuck at operation " + std::to_string(next[size_t(s)]) + " of "
                + std::to_string(plans[size_t(s)].size());
    for (const auto& [from, lane] : lanes)
        if (!lane.empty())
            return "stage " + std::to_string(from.first) + " sent a message nobody received";
    return "";
}

TEST(PipelineMessages, EveryScheduleRunsToTheEndWithEveryMessageTakenInOrder)
{
    for (int64_t pp = 2; pp <= 8; ++pp)
        for (int64_t vpp = 1; vpp <= 4; ++vpp)
            for (int64_t m : { pp, 2 * pp, 3 * pp + (vpp == 1 ? 1 : 0), vpp == 1 ? pp - 1 : 4 * pp })
                EXPECT_EQ(runPlans(pp, vpp, m), "") << "pp " << pp << ", vpp " << vpp << ", micro-batches " << m;
}

TEST(PipelineMessages, EachOperationTakesItsInputFromTheNeighbouringVirtualStage)
{
    const int64_t pp = 3, vpp = 2, m = 6;
    for (int64_t s = 0; s < pp; ++s) {
        const std::vector<PipeStep> plan = stageMessagePlan(s, pp, vpp, m);
        EXPECT_EQ(plan.size(), size_t(2 * vpp * m));
        for (const PipeStep& step : plan) {
            const bool forward = step.op.kind == PipelineOpKind::Forward;
            const int64_t vs = step.virtualStage;
            EXPECT_EQ(vs % pp, s);
            // The first virtual stage reads the data, the last the loss: nothing comes in there.
            EXPECT_EQ(step.receive.has_value(), forward ? vs > 0 : vs < pp * vpp - 1);
            EXPECT_EQ(step.send.has_value(), forward ? vs < pp * vpp - 1 : vs > 0);
            if (step.receive) {
                const int64_t from = forward ? vs - 1 : vs + 1;
                EXPECT_EQ(step.receive->peer, from % pp);
                EXPECT_EQ(step.receive->tag, pipeMessageTag(forward ? PipeMessageKind::Activation : PipeMessageKind::Gradient, vs));
            }
            if (step.send) {
                EXPECT_EQ(step.send->virtualStage, forward ? vs + 1 : vs - 1);
            }
        }
    }
}

TEST(MessageLanes, NoRankSendsAndReceivesOnOneLaneAndActivationsNeverShareOneWithGradients)
{
    for (int size = 2; size <= 8; ++size)
        for (int r = 0; r < size; ++r) {
            const int up = (r + 1) % size, down = (r + size - 1) % size;
            for (int tag : { 0, 1 }) {
                const int sendUp = messageLane(r, up, tag), sendDown = messageLane(r, down, tag);
                const int receiveFromDown = messageLane(down, r, tag), receiveFromUp = messageLane(up, r, tag);
                for (int sent : { sendUp, sendDown }) {
                    EXPECT_TRUE(messageLaneUsed(sent, size)) << "size " << size << ", rank " << r;
                    if (size > 2) { // in a group of two both neighbours are one rank, on lanes of their own
                        EXPECT_NE(sent, receiveFromDown) << "size " << size << ", rank " << r;
                        EXPECT_NE(sent, receiveFromUp) << "size " << size << ", rank " << r;
                    }
                }
                EXPECT_NE(messageLane(r, up, tag), messageLane(r, up, tag + 1));
            }
        }
}

} // namespace
} // namespace paraplan::engine
