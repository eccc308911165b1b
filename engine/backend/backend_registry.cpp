// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/backend/backend_registry.h"

#include "engine/backend/cuda_plugin.h"
#include "engine/host/host_backend.h"

namespace paraplan::engine {

std::vector<std::string> availableBackends()
{
    if (cudaPlugin().make)
        return { "cuda", "host" };
    return { "host" };
}

std::string defaultBackend() { return availableBackends().front(); }

std::unique_ptr<Backend> makeBackend(std::string_view name, const World& world)
{
    if (name == "host")
        return std::make_unique<HostBackend>(world);
    if (name == "cuda") {
        const CudaPlugin& plugin = cudaPlugin();
        if (!plugin.make)
            throw EngineError(io::ProbeCode::BackendUnavailable,
                              plugin.whyNot + "; use --backend host for CPU measurements");
        return std::unique_ptr<Backend>(plugin.make(&world));
    }
    throw EngineError(io::ProbeCode::UnknownBackend, "unknown backend \"" + std::string(name) + "\"; use cuda or host");
}

} // namespace paraplan::engine
