// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/io/calibration_json.h"

#include "core/io/json_reader.h"
#include "core/io/spec_fields.h"

#include <cmath>
#include <sstream>

namespace paraplan::io {

namespace {

// Shapes and sizes are whole numbers: write 8192, not 8192.0.
nlohmann::json numberOf(double value)
{
    return std::floor(value) == value && std::fabs(value) < 9.0e15 ? nlohmann::json(int64_t(value))
                                                                     : nlohmann::json(value);
}

std::string decimal(double value)
{
    std::ostringstream text;
    text << value;
    return text.str();
}

// A figure every measurement needs, in the range a measurement can have (calibration.h).
double measured(ObjectReader& in, const char* key, MeasuredRange range, const char* hint)
{
    const std::optional<double> value = in.number(key);
    require(value.has_value(), in, key, hint);
    if (!range.holds(*value))
        in.fail(key, "must be between " + decimal(range.lowest) + " and " + decimal(range.highest) + "; "
                    + std::string(hint));
    return *value;
}

GemmMeasurement readGemm(ObjectReader& in)
{
    GemmMeasurement g;
    g.m = measured(in, "m", kGemmDimensionRange, "give the rows of C (and of A)");
    g.n = measured(in, "n", kGemmDimensionRange, "give the columns of C (and of B)");
    g.k = measured(in, "k", kGemmDimensionRange, "give the inner dimension");
    const std::optional<size_t> precision = in.choice("precision", { "bf16", "fp16", "fp8" });
    require(precision.has_value(), in, "precision", "one of bf16, fp16, fp8");
    g.precision = Precision(*precision);
    g.seconds = measured(in, "seconds", kGemmSecondsRange, "give the time of one product in seconds");
    in.rejectUnknownFields();
    return g;
}

CollectiveMeasurement readCollective(ObjectReader& in)
{
    CollectiveMeasurement c;
    // The names of collectiveTraits, in the enum's order.
    const std::optional<size_t> collective = in.choice("collective",
        { "all_reduce", "all_gather", "reduce_scatter", "all_to_all", "broadcast", "reduce", "send_recv" });
    require(collective.has_value(), in, "collective", "name the collective, e.g. \"all_reduce\"");
    c.collective = Collective(*collective);
    const std::optional<int64_t> ranks = in.integer("ranks");
    require(ranks.has_value(), in, "ranks", "give the number of ranks in the group");
    if (*ranks < 2)
        in.fail("ranks", "a collective needs at least 2 ranks");
    c.ranks = *ranks;
    const std::optional<bool> crossesNodes = in.boolean("crosses_nodes");
    require(crossesNodes.has_value(), in, "crosses_nodes", "say whether the group spans more than one node");
    c.crossesNodes = *crossesNodes;
    c.bytes = measured(in, "bytes", kCollectiveBytesRange, "give nccl-tests' size S in bytes");
    c.busGBps
        = measured(in, "bus_GBps", kBusGBpsRange, "give nccl-tests' bus bandwidth in GB/s (1e9 bytes per second)");
    in.rejectUnknownFields();
    return c;
}

} // namespace

CalibrationProfile readCalibrationProfile(const std::string& text)
{
    const nlohmann::json document = parseJson(text);
    ObjectReader in(document, "");
    CalibrationProfile profile;
    const std::optional<std::string> device = in.string("device");
    require(device.has_value(), in, "device", "name what was measured, e.g. \"NVIDIA H100 80GB HBM3\"");
    profile.device = *device;
    profile.source = in.string("source").value_or("");
    profile.cpu = in.boolean("cpu").value_or(false);
    if (in.has("memory_GBps"))
        profile.memoryGBps
            = measured(in, "memory_GBps", kMemoryGBpsRange, "give the copy bandwidth, reads plus writes, in GB/s");
    if (in.has("overlap_slowdown")) // 0 is a measurement too: compute that did not slow
        profile.overlapSlowdown = measured(in, "overlap_slowdown", kOverlapSlowdownRange,
                                           "give the fraction by which compute slows beside communication "
                                           "(0.15: 15 % slower)");
    if (std::optional<std::vector<ObjectReader>> gemms = in.objectList("gemms"))
        for (ObjectReader& g : *gemms)
            profile.gemms.push_back(readGemm(g));
    if (std::optional<std::vector<ObjectReader>> collectives = in.objectList("collectives"))
        for (ObjectReader& c : *collectives)
            profile.collectives.push_back(readCollective(c));
    in.rejectUnknownFields();
    if (profile.gemms.empty() && profile.collectives.empty() && profile.memoryGBps <= 0 && !profile.overlapSlowdown)
        throw ReadError("(document)", "the profile has no measurements; give \"gemms\", \"collectives\", "
                                      "\"memory_GBps\" or \"overlap_slowdown\"");
    return profile;
}

nlohmann::json toJson(const CalibrationProfile& profile)
{
    nlohmann::json gemms = nlohmann::json::array();
    for (const GemmMeasurement& g : profile.gemms)
        gemms.push_back(
            { { "m", numberOf(g.m) }, { "n", numberOf(g.n) }, { "k", numberOf(g.k) },
              { "precision", toString(g.precision) }, { "seconds", g.seconds } });
    nlohmann::json collectives = nlohmann::json::array();
    for (const CollectiveMeasurement& c : profile.collectives)
        collectives.push_back({ { "collective", collectiveTraits(c.collective).name },
                                { "ranks", c.ranks },
                                { "crosses_nodes", c.crossesNodes },
                                { "bytes", numberOf(c.bytes) },
                                { "bus_GBps", c.busGBps } });
    nlohmann::json out = { { "device", profile.device },
                           { "source", profile.source },
                           { "cpu", profile.cpu },
                           { "gemms", gemms },
                           { "collectives", collectives } };
    if (profile.memoryGBps > 0)
        out["memory_GBps"] = profile.memoryGBps;
    if (profile.overlapSlowdown)
        out["overlap_slowdown"] = *profile.overlapSlowdown;
    return out;
}

} // namespace paraplan::io
