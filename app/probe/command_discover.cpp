// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/probe/probe_run.h"

#include "core/io/topology_json.h"

namespace paraplan::probe {

engine::Discovery discoverDevices(const ProbeRun& run)
{
    const engine::WatchdogStep step(run.watchdog, "discover");
    return run.backend.discover(run.world);
}

nlohmann::json devicesJson(const engine::Discovery& discovery)
{
    nlohmann::json devices = nlohmann::json::array();
    for (const engine::DeviceInfo& d : discovery.devices)
        devices.push_back({ { "rank", d.rank },
                            { "host", d.host },
                            { "index", d.index },
                            { "name", d.name },
                            { "memory_bytes", d.memoryBytes },
                            { "multiprocessors", d.multiprocessors },
                            { "compute_capability", d.computeCapability },
                            { "clock_MHz", d.clockMHz },
                            { "memory_clock_MHz", d.memoryClockMHz },
                            { "bus_id", d.busId } });
    return devices;
}

int runDiscover(const ProbeRun& run)
{
    if (run.world.isRoot())
        run.log.progress("discover", 0, 1, "asking every rank about its device");
    const engine::Discovery discovery = discoverDevices(run);
    if (!run.world.isRoot())
        return 0;
    const nlohmann::json devices = devicesJson(discovery);
    for (const nlohmann::json& device : devices)
        run.log.measurement({ { "kind", "device" }, { "device", device } });
    TopologySpec topology;
    topology.nodes = discovery.nodes;
    for (const std::string& note : discovery.notes)
        run.log.warning("discovery_note", note);
    run.log.result({ { "command", "discover" },
                     { "backend", discovery.backend },
                     { "cpu", discovery.cpu },
                     { "ranks", run.world.size() },
                     { "devices", devices },
                     { "topology", io::toJson(topology) },
                     { "notes", discovery.notes } });
    return 0;
}

} // namespace paraplan::probe
