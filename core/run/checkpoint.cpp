// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/run/checkpoint.h"

#include "core/model/memory_model.h"
#include "core/model/model_shape.h"
#include "core/spec/units.h"

#include <algorithm>

namespace paraplan {

double storageWriteGBps(const ClusterSpec& cluster)
{
    return cluster.storageWriteGBps.value_or(kStorageGBpsPerNode * double(std::max<int64_t>(1, cluster.nodes)));
}

CheckpointCost checkpointCost(const Scenario& scenario, int64_t gpus)
{
    const StateBytes perParameter = stateBytes(scenario.training);
    CheckpointCost cost;
    cost.bytes = totalParameters(scenario.model) * (perParameter.weights + perParameter.optimizer);
    const double storageBytesPerS = storageWriteGBps(scenario.cluster) * kBytesPerSPerGBps;
    cost.writeS = cost.bytes / storageBytesPerS;
    // Read back at the write rate: file systems read at least as fast as they write, so this
    // bounds the read's time from above.
    cost.readS = cost.writeS;
    cost.blockingS = scenario.training.checkpoint.async
        ? cost.bytes / double(std::max<int64_t>(1, gpus)) / (kHostCopyGBps * kBytesPerSPerGBps)
        : cost.writeS;
    return cost;
}

} // namespace paraplan
