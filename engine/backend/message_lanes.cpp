// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/backend/message_lanes.h"

namespace paraplan::engine {

namespace {

constexpr int kUpward = 0, kDownward = 4;

} // namespace

int messageLane(int from, int to, int tag) { return (to > from ? kUpward : kDownward) + 2 * (from % 2) + (tag & 1); }

bool messageLaneUsed(int lane, int size)
{
    // Upward: from rank 0 (even) or 1 (odd) to the next one. Downward: from rank 1 (odd) to 0, or
    // from rank 2 (even) to 1; in a group of two the wrap-around from rank 1 is downward and odd.
    const bool upward = lane < kDownward, odd = (lane / 2) % 2 == 1;
    return upward ? (odd ? 1 : 0) + 1 < size : (odd ? 1 : 2) < size;
}

} // namespace paraplan::engine
