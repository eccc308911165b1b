// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

// Device memory and the collectives of one group of ranks, as NCCL offers them; the host backend
// does the same with MPI on host memory.
namespace paraplan::engine {

enum class DataType { Fp32, Bf16, Fp16 };
[[nodiscard]] size_t elementBytes(DataType type);
[[nodiscard]] const char* toString(DataType type);

class Buffer {
public:
    virtual ~Buffer() = default;
    [[nodiscard]] virtual void* data() = 0;
    [[nodiscard]] virtual const void* data() const = 0;
    [[nodiscard]] virtual size_t bytes() const = 0;
};

class Communicator {
public:
    virtual ~Communicator() = default;
    [[nodiscard]] virtual int size() const = 0;
    [[nodiscard]] virtual int rank() const = 0;

    // Sums `count` elements across the group, in place.
    virtual void allReduce(Buffer& data, size_t count, DataType type) = 0;
    // `count` elements from each rank land, in rank order, in `out` (size() * count elements).
    virtual void allGather(const Buffer& in, Buffer& out, size_t count, DataType type) = 0;
    // Sums size() * count elements across the group; rank r keeps the r-th block of `count`.
    virtual void reduceScatter(const Buffer& in, Buffer& out, size_t count, DataType type) = 0;
    // Block j of `count` elements of `in` goes to rank j, and arrives in block r of its `out`.
    virtual void allToAll(const Buffer& in, Buffer& out, size_t count, DataType type) = 0;

    // Point to point, to and from ranks of this group. A send returns at once and completes in
    // the background; waitForSends() returns once every send so far has been received (a sender
    // must not overwrite a buffer before). A receive returns once the data is there (for a device,
    // once later work on it is ordered after the data). Messages between two ranks with one tag
    // arrive in the order sent (the pipeline's activations and gradients use different tags).
    virtual void send(const Buffer& data, size_t count, DataType type, int peer, int tag) = 0;
    virtual void receive(Buffer& data, size_t count, DataType type, int peer, int tag) = 0;
    virtual void waitForSends() = 0;

    // Communication that overlaps compute, as training hides gradient reductions behind the
    // backward: an all-reduce (in place, as allReduce) that runs beside the backend's GEMMs, copies
    // and kernels rather than after them, on a second CUDA stream or, on the host, a thread of its
    // own. It starts once what the backend has queued so far is done, and this returns once it is
    // queued. All-reduces started before the next waitForBackground() run one after another; until
    // then `data` must stay untouched and this group must run nothing else.
    virtual void allReduceInBackground(Buffer& data, size_t count, DataType type) = 0;
    // Returns once every background all-reduce has finished, with the seconds from the start of
    // the first to the end of the last as the side stream or thread measured them: the caller's
    // clock cannot, being busy with compute until after they may have ended.
    [[nodiscard]] virtual double waitForBackground() = 0;

    // Ends every operation in flight on this group (the watchdog's last resort).
    virtual void abort() = 0;
};

} // namespace paraplan::engine
