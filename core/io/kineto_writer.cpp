// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/io/kineto_writer.h"

#include <cmath>
#include <set>

namespace paraplan::io {

namespace {

// Kineto's default stream is 7; a kernel's pid is its device.
constexpr int64_t kHostThread = 1;

// Microseconds to the nanosecond, as recent Kineto versions write them; a non-finite figure (a bug
// upstream) as null rather than invalid JSON.
nlohmann::json kinetoMicros(double seconds)
{
    if (!std::isfinite(seconds))
        return nullptr;
    return std::round(seconds * 1e9) / 1e3;
}

nlohmann::json metadataEvent(const char* what, int64_t pid, int64_t tid, const std::string& name)
{
    return { { "name", what }, { "ph", "M" },  { "ts", 0 },
             { "pid", pid },   { "tid", tid }, { "args", { { "name", name } } } };
}

} // namespace

nlohmann::json kinetoTraceJson(const MeasuredRank& rank, const KinetoTraceHeader& header)
{
    const int64_t device = rank.device;
    nlohmann::json events = nlohmann::json::array();
    events.push_back(metadataEvent("process_name", device, 0, "GPU " + std::to_string(device)));
    events.push_back(metadataEvent("process_name", header.hostPid, 0, "python3"));
    std::set<int64_t> streams;
    int64_t correlation = 1;
    for (const MeasuredKernel& k : rank.kernels) {
        streams.insert(k.stream);
        nlohmann::json args = { { "External id", correlation }, { "device", device }, { "stream", k.stream },
                                { "correlation", correlation } };
        if (!k.collective.empty())
            args["Collective name"] = k.collective;
        events.push_back({ { "ph", "X" },
                           { "cat", k.kind == KernelClass::Memcpy ? "gpu_memcpy" : "kernel" },
                           { "name", k.name },
                           { "pid", device },
                           { "tid", k.stream },
                           { "ts", kinetoMicros(rank.origin + k.start) },
                           { "dur", kinetoMicros(k.seconds) },
                           { "args", std::move(args) } });
        ++correlation;
    }
    for (const int64_t stream : streams)
        events.push_back(metadataEvent("thread_name", device, stream, "stream " + std::to_string(stream)));
    const int64_t annotationStream = streams.empty() ? 7 : *streams.begin();
    for (size_t i = 0; i < rank.steps.size(); ++i) {
        const StepWindow& step = rank.steps[i];
        const std::string name = "ProfilerStep#" + std::to_string(header.firstStep + int64_t(i));
        const nlohmann::json ts = kinetoMicros(rank.origin + step.start), dur = kinetoMicros(step.end - step.start);
        events.push_back({ { "ph", "X" }, { "cat", "user_annotation" }, { "name", name }, { "pid", header.hostPid },
                           { "tid", kHostThread }, { "ts", ts }, { "dur", dur },
                           { "args", { { "External id", correlation } } } });
        events.push_back({ { "ph", "X" }, { "cat", "gpu_user_annotation" }, { "name", name }, { "pid", device },
                           { "tid", annotationStream }, { "ts", ts }, { "dur", dur },
                           { "args", { { "External id", correlation } } } });
        ++correlation;
    }

    nlohmann::json trace;
    trace["schemaVersion"] = 1;
    nlohmann::json properties = { { "id", device } };
    if (!rank.deviceName.empty())
        properties["name"] = rank.deviceName;
    trace["deviceProperties"] = nlohmann::json::array({ properties });
    if (rank.rank || rank.worldSize) {
        nlohmann::json info = { { "backend", header.backend } };
        if (rank.rank)
            info["rank"] = *rank.rank;
        if (rank.worldSize)
            info["world_size"] = *rank.worldSize;
        trace["distributedInfo"] = std::move(info);
    }
    if (!header.producer.empty())
        trace["paraplan"] = { { "producer", header.producer } };
    trace["traceEvents"] = std::move(events);
    trace["displayTimeUnit"] = "ms";
    return trace;
}

} // namespace paraplan::io
