// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// paraplan-probe: discovers devices, measures a scenario's GEMMs and collectives, and runs a
// synthetic training step on the real placement and schedule, on GPUs or (labelled) CPUs, one
// rank per device under mpirun or srun. Output: JSON lines (docs/engine-protocol.md).
#include "app/probe/probe_run.h"

#include "engine/backend/backend_registry.h"

#include "core/spec/version.h"

#include <unistd.h>

#include <csignal>
#include <cstring>
#include <iostream>

using namespace paraplan;

namespace {

// Written by the signal handler when the launcher stops this rank (another rank died, or the job
// was cancelled): rendered in advance, since a handler may not allocate.
std::string g_terminatedLine;

extern "C" void onTerminate(int)
{
    const ssize_t ignored = write(STDOUT_FILENO, g_terminatedLine.data(), g_terminatedLine.size());
    (void)ignored;
    _exit(1);
}

// The other ranks may be waiting for this one in a collective: a failure ends the whole job. A
// lone rank has nobody waiting and exits with its status, without MPI's abort banner.
int endAfterError(const engine::World& world, int status)
{
    if (world.size() > 1)
        MPI_Abort(world.comm(), status);
    return status;
}

int dispatch(const probe::ProbeRun& run)
{
    if (run.options.command == "discover")
        return probe::runDiscover(run);
    if (run.options.command == "bench")
        return probe::runBench(run);
    return probe::runConfirm(run);
}

} // namespace

int main(int argc, char** argv)
{
    engine::World world(&argc, &argv);
    engine::EventLog log(std::cout, world.rank());
    g_terminatedLine = log.errorLine(io::ProbeCode::Terminated, "rank " + std::to_string(world.rank())
                                                       + " was stopped by a signal: another rank failed or the job "
                                                         "was cancelled");
    std::signal(SIGTERM, onTerminate);
    std::signal(SIGINT, onTerminate);

    const std::string first = argc > 1 ? argv[1] : "";
    if (first == "--version") {
        if (world.isRoot())
            std::cout << "paraplan-probe " << kVersion << "\n";
        return 0;
    }
    if (first == "--help" || first == "-h" || first == "help") {
        if (world.isRoot())
            std::cout << probe::probeUsage();
        return 0;
    }
    probe::ProbeOptions options;
    try {
        options = probe::parseProbeOptions(std::vector<std::string>(argv + 1, argv + argc));
    } catch (const std::invalid_argument& e) {
        if (world.isRoot())
            std::cerr << "paraplan-probe: " << e.what() << "\n\n" << probe::probeUsage();
        return 1;
    }
    try {
        if (world.isRoot() && !options.output.empty())
            log.setResultsFile(options.output);
        const std::string name = options.backend.empty() ? engine::defaultBackend() : options.backend;
        const std::unique_ptr<engine::Backend> backend = engine::makeBackend(name, world);
        // After the backend, so that it ends first: its abort hook uses the backend.
        engine::Watchdog watchdog(log, std::chrono::duration<double>(options.watchdogSeconds));
        watchdog.addAbortHook([&backend] { backend->abortCommunication(); });
        const int status = dispatch({ options, world, log, watchdog, *backend });
        world.barrier();
        return status;
    } catch (const engine::EngineError& e) {
        log.error(e.code(), e.what());
        return endAfterError(world, e.code() == io::ProbeCode::InvalidScenario ? 2 : 1);
    } catch (const std::exception& e) {
        log.error(io::ProbeCode::InternalError, e.what());
        return endAfterError(world, 1);
    }
}
