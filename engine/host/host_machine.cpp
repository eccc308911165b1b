// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/host/host_machine.h"

#include "core/spec/units.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace paraplan::engine {

namespace {

std::string firstLine(const std::filesystem::path& path)
{
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    return line;
}

// "MemTotal:  263741368 kB" -> bytes
double meminfoBytes(const std::string& key)
{
    std::ifstream in("/proc/meminfo");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind(key + ":", 0) == 0) {
            std::istringstream fields(line.substr(key.size() + 1));
            double kib = 0;
            fields >> kib;
            return kib * 1024;
        }
    return 0;
}

std::string cpuModel()
{
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("model name", 0) == 0) {
            const size_t colon = line.find(':');
            return colon == std::string::npos ? line : line.substr(line.find_first_not_of(' ', colon + 1));
        }
    return "unknown CPU";
}

int numaNodes()
{
    int nodes = 0;
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator("/sys/devices/system/node", error)) {
        const std::string name = entry.path().filename().string();
        if (name.size() > 4 && name.rfind("node", 0) == 0 && std::isdigit(static_cast<unsigned char>(name[4])))
            ++nodes;
    }
    return std::max(nodes, 1);
}

std::vector<NetworkPort> networkPorts()
{
    std::vector<NetworkPort> ports;
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator("/sys/class/net", error)) {
        const std::string name = entry.path().filename().string();
        if (name == "lo" || firstLine(entry.path() / "operstate") != "up")
            continue;
        const std::string speed = firstLine(entry.path() / "speed"); // Mb/s; -1 or unreadable if unknown
        const double megabits = std::atof(speed.c_str());
        if (megabits > 0)
            ports.push_back({ name, megabits / 8000.0 });
    }
    std::sort(ports.begin(), ports.end(), [](const NetworkPort& a, const NetworkPort& b) { return a.name < b.name; });
    return ports;
}

} // namespace

HostMachine readHostMachine()
{
    HostMachine machine;
    machine.cpuModel = cpuModel();
    machine.logicalCores = int(sysconf(_SC_NPROCESSORS_ONLN));
    machine.numaNodes = numaNodes();
    machine.memoryBytes = meminfoBytes("MemTotal");
    machine.availableBytes = meminfoBytes("MemAvailable");
    machine.ports = networkPorts();
    return machine;
}

double residentBytes()
{
    std::ifstream statm("/proc/self/statm");
    double sizePages = 0, residentPages = 0;
    if (!(statm >> sizePages >> residentPages))
        return 0;
    return residentPages * double(sysconf(_SC_PAGESIZE));
}

double measureCopyBandwidth()
{
    constexpr size_t kBytes = size_t(64 * kBytesPerMiB); // well beyond any cache
    std::vector<char> from(kBytes, 1), to(kBytes, 0);
    double best = 0;
    for (int run = 0; run < 5; ++run) {
        const auto start = std::chrono::steady_clock::now();
        std::memcpy(to.data(), from.data(), kBytes);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        from[size_t(run)] = to[kBytes - 1 - size_t(run)]; // keep the copy observable
        best = std::max(best, double(kBytes) / seconds);
    }
    return best;
}

} // namespace paraplan::engine
