// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/probe/probe_run.h"

namespace paraplan::probe {

engine::Discovery discoverDevices(const ProbeRun& run)
{
    const engine::WatchdogStep step(run.watchdog, "discover");
    return run.backend.discover(run.world);
}

io::ProbeResult resultOf(const ProbeRun& run, const char* command, const engine::Discovery& discovery)
{
    io::ProbeResult result;
    result.command = command;
    result.backend = run.backend.name();
    result.cpu = run.backend.measuresCpu();
    result.ranks = run.world.size();
    result.devices = discovery.devices;
    return result;
}

int runDiscover(const ProbeRun& run)
{
    if (run.world.isRoot())
        run.log.write(io::ProbeProgress{ "discover", 0, 1, "asking every rank about its device" });
    const engine::Discovery discovery = discoverDevices(run);
    if (!run.world.isRoot())
        return 0;
    for (const io::ProbeDevice& device : discovery.devices)
        run.log.write(device);
    for (const std::string& note : discovery.notes)
        run.log.warning(io::ProbeCode::DiscoveryNote, note);
    io::ProbeResult result = resultOf(run, "discover", discovery);
    result.topology.emplace().nodes = discovery.nodes;
    result.notes = discovery.notes;
    run.log.write(std::move(result));
    return 0;
}

} // namespace paraplan::probe
