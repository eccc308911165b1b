// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/io/kineto_trace.h"

#include "core/io/json_reader.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace paraplan::io {

namespace {

// Limits no real trace comes near: timestamps are microseconds since some epoch (about 1.7e15 for
// the Unix epoch today), a kernel or step lasts far less than a day.
constexpr double kLatestTimestampUs = 1e17;
constexpr double kLongestDurationUs = 8.64e10; // one day

std::string lowercaseCategory(const nlohmann::json& event)
{
    const auto cat = event.find("cat");
    if (cat == event.end() || !cat->is_string())
        return {};
    std::string text = cat->get<std::string>();
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return text;
}

bool isCompleteEvent(const nlohmann::json& event)
{
    const auto ph = event.find("ph");
    return ph != event.end() && ph->is_string() && ph->get<std::string>() == "X";
}

double microsecondsOf(const nlohmann::json& event, const char* key, const std::string& path, bool duration)
{
    const auto value = event.find(key);
    const std::string where = path + "." + key;
    if (value == event.end())
        throw ReadError(where, duration ? "missing: a complete (\"X\") event needs its duration in microseconds"
                                        : "missing: an event needs its timestamp in microseconds");
    if (!value->is_number())
        throw ReadError(where, std::string("expected a number of microseconds, got ") + typeName(*value));
    const double us = value->get<double>();
    if (!std::isfinite(us))
        throw ReadError(where, "the number is out of range");
    if (duration && us < 0)
        throw ReadError(where, "a negative duration (" + value->dump() + " us): the event ends before it starts");
    if (duration && us > kLongestDurationUs)
        throw ReadError(where, value->dump() + " us is longer than a day: not a kernel's duration");
    if (!duration && std::fabs(us) > kLatestTimestampUs)
        throw ReadError(where, value->dump() + " us is no plausible timestamp (microseconds since an epoch)");
    return us;
}

std::string nameOf(const nlohmann::json& event, const std::string& path)
{
    const auto name = event.find("name");
    if (name == event.end())
        throw ReadError(path + ".name", "missing: a GPU event is named after its kernel");
    if (!name->is_string())
        throw ReadError(path + ".name", std::string("expected the kernel's name as a string, got ") + typeName(*name));
    return name->get<std::string>();
}

// An integer field of `object` where it is one; the traces write device and stream numbers as
// integers, some tools as strings, which then say nothing.
std::optional<int64_t> integerField(const nlohmann::json& object, const char* key)
{
    if (!object.is_object())
        return std::nullopt;
    const auto value = object.find(key);
    if (value == object.end() || !value->is_number_integer())
        return std::nullopt;
    return value->get<int64_t>();
}

std::string stringField(const nlohmann::json& object, const char* key)
{
    if (!object.is_object())
        return {};
    const auto value = object.find(key);
    return value != object.end() && value->is_string() ? value->get<std::string>() : std::string();
}

const nlohmann::json& argsOf(const nlohmann::json& event)
{
    static const nlohmann::json none = nlohmann::json::object();
    const auto args = event.find("args");
    return args != event.end() && args->is_object() ? *args : none;
}

// "ProfilerStep#12" -> 12, or nullopt for any other name.
std::optional<int64_t> profilerStepOf(const nlohmann::json& event)
{
    const auto name = event.find("name");
    if (name == event.end() || !name->is_string())
        return std::nullopt;
    const std::string& text = name->get_ref<const std::string&>();
    static constexpr std::string_view prefix = "ProfilerStep#";
    if (text.rfind(prefix, 0) != 0 || text.size() == prefix.size() || text.size() > prefix.size() + 12)
        return std::nullopt;
    int64_t number = 0;
    for (size_t i = prefix.size(); i < text.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(text[i])))
            return std::nullopt;
        number = number * 10 + (text[i] - '0');
    }
    return number;
}

struct RawKernel {
    MeasuredKernel kernel;
    int64_t device = 0;
};

void readDistributedInfo(const nlohmann::json& root, MeasuredRank& rank)
{
    const auto info = root.find("distributedInfo");
    if (info == root.end() || info->is_null())
        return;
    if (!info->is_object())
        throw ReadError("distributedInfo", std::string("expected an object, got ") + typeName(*info));
    if (const auto r = info->find("rank"); r != info->end()) {
        const int64_t value = asInteger(*r, "distributedInfo.rank");
        if (value < 0)
            throw ReadError("distributedInfo.rank", "a rank is never negative");
        rank.rank = value;
    }
    if (const auto w = info->find("world_size"); w != info->end()) {
        const int64_t value = asInteger(*w, "distributedInfo.world_size");
        if (value < 1)
            throw ReadError("distributedInfo.world_size", "a job has at least one rank");
        rank.worldSize = value;
    }
    if (rank.rank && rank.worldSize && *rank.rank >= *rank.worldSize)
        throw ReadError("distributedInfo.rank", "rank " + std::to_string(*rank.rank) + " is not below world_size "
                                                    + std::to_string(*rank.worldSize));
}

std::string deviceNameOf(const nlohmann::json& root, int64_t device)
{
    const auto properties = root.find("deviceProperties");
    if (properties == root.end() || !properties->is_array())
        return {};
    for (const nlohmann::json& p : *properties)
        if (integerField(p, "id") == device)
            return stringField(p, "name");
    return {};
}

} // namespace

MeasuredRank readKinetoTrace(const std::string& text, int64_t stepsHeld)
{
    const nlohmann::json root = parseJson(text);
    const nlohmann::json* events = nullptr;
    if (root.is_array()) {
        events = &root; // the Trace Event Format's array form: the events alone
    } else if (root.is_object()) {
        const auto found = root.find("traceEvents");
        if (found == root.end())
            throw ReadError("traceEvents", "missing: a Chrome trace holds its events in \"traceEvents\" (is this "
                                           "a PyTorch profiler trace?)");
        if (!found->is_array())
            throw ReadError("traceEvents", std::string("expected an array of events, got ") + typeName(*found));
        events = &*found;
    } else {
        throw ReadError("(file)", std::string("a Chrome trace is a JSON object with \"traceEvents\"; this file holds ")
                                      + typeName(root));
    }

    MeasuredRank rank;
    if (root.is_object())
        readDistributedInfo(root, rank);
    std::vector<RawKernel> raw;
    std::map<int64_t, StepWindow> hostSteps, deviceSteps; // by step number
    for (size_t i = 0; i < events->size(); ++i) {
        const nlohmann::json& event = (*events)[i];
        const std::string path = "traceEvents[" + std::to_string(i) + "]";
        if (!event.is_object())
            throw ReadError(path, std::string("an event is a JSON object, not ") + typeName(event));
        if (!isCompleteEvent(event))
            continue;
        const std::string category = lowercaseCategory(event);
        const bool kernel = category == "kernel";
        const bool memcpy = category == "gpu_memcpy" || category == "gpu_memset";
        if (kernel || memcpy) {
            const nlohmann::json& args = argsOf(event);
            RawKernel k;
            k.kernel.name = nameOf(event, path);
            k.kernel.start = microsecondsOf(event, "ts", path, false) * 1e-6;
            k.kernel.seconds = microsecondsOf(event, "dur", path, true) * 1e-6;
            k.device = integerField(args, "device").value_or(integerField(event, "pid").value_or(0));
            k.kernel.stream = integerField(args, "stream").value_or(integerField(event, "tid").value_or(0));
            const GpuActivity activity = !memcpy ? GpuActivity::Kernel
                : category == "gpu_memset"       ? GpuActivity::Memset
                                                 : GpuActivity::Memcpy;
            k.kernel.collective = stringField(args, "Collective name");
            k.kernel.kind = classifyKernel(k.kernel.name, k.kernel.collective, activity);
            raw.push_back(std::move(k));
            continue;
        }
        const std::optional<int64_t> step = profilerStepOf(event);
        if (!step)
            continue;
        const double start = microsecondsOf(event, "ts", path, false) * 1e-6;
        const double end = start + microsecondsOf(event, "dur", path, true) * 1e-6;
        std::map<int64_t, StepWindow>& steps = category == "gpu_user_annotation" ? deviceSteps : hostSteps;
        auto [it, fresh] = steps.try_emplace(*step, StepWindow{ start, end });
        if (!fresh) { // the same step annotated on several streams or threads: its whole extent
            it->second.start = std::min(it->second.start, start);
            it->second.end = std::max(it->second.end, end);
        }
    }
    if (raw.empty())
        throw ReadError("traceEvents", "no GPU kernel events (\"ph\": \"X\" with \"cat\": \"kernel\"): profile with "
                                       "ProfilerActivity.CUDA among the activities");

    // One trace per rank: the device that ran most of the kernels.
    std::map<int64_t, size_t> perDevice;
    for (const RawKernel& k : raw)
        ++perDevice[k.device];
    const auto busiest = std::max_element(perDevice.begin(), perDevice.end(),
                                          [](const auto& a, const auto& b) { return a.second < b.second; });
    rank.device = busiest->first;
    rank.deviceName = root.is_object() ? deviceNameOf(root, rank.device) : std::string();
    for (const auto& [device, count] : perDevice)
        if (device != rank.device)
            rank.notes.push_back(std::to_string(count) + " kernels on device " + std::to_string(device)
                                 + " left out: a trace is one rank's, on one device");
    for (RawKernel& k : raw)
        if (k.device == rank.device)
            rank.kernels.push_back(std::move(k.kernel));
    const std::map<int64_t, StepWindow>& steps = deviceSteps.empty() ? hostSteps : deviceSteps;
    for (const auto& [number, window] : steps)
        rank.steps.push_back(window);
    placeOnStepAxis(rank, stepsHeld);
    if (rank.kernels.empty())
        throw ReadError("traceEvents", "no GPU kernel ran within the profiled steps (ProfilerStep#N): they all "
                                       "started before the first");
    if (rank.span() > kLongestDurationUs * 1e-6)
        throw ReadError("traceEvents", "the profiled steps span more than a day: the timestamps are not one run's");
    return rank;
}

} // namespace paraplan::io
