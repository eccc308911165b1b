// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

// Which lane a point-to-point message travels on, for a transport with no tags (NCCL): a lane is
// a communicator of its own, and NCCL runs one communicator's operations one after another on each
// rank, whatever their streams. On a shared one, a send would hold back every later receive until
// its peer takes it, and two ranks that each send to the other before receiving would wait for each
// other for ever. A lane is chosen by the direction (upward, to a higher group rank, or downward),
// the sender's parity and the tag's parity: in a pipeline or a ring no rank then sends and receives
// on one lane, and the pipeline's activations (even tags) never queue behind its gradients (odd
// tags) or the other way round. Messages on one lane between two ranks arrive in the order sent.
namespace paraplan::engine {

inline constexpr int kMessageLanes = 8;

[[nodiscard]] int messageLane(int from, int to, int tag);

// Whether a group of `size` ranks has a pair of neighbours (or the ring's wrap-around) whose
// messages can take `lane`; the others are never set up. The same answer on every rank, so that
// setting the used ones up stays collective.
[[nodiscard]] bool messageLaneUsed(int lane, int size);

} // namespace paraplan::engine
