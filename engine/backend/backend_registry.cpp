// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/backend/backend_registry.h"

#include "engine/host/host_backend.h"

#ifdef PARAPLAN_HAVE_CUDA
#include "engine/cuda/cuda_backend.h"
#endif

namespace paraplan::engine {

std::vector<std::string> availableBackends()
{
#ifdef PARAPLAN_HAVE_CUDA
    return { "cuda", "host" };
#else
    return { "host" };
#endif
}

std::string defaultBackend() { return availableBackends().front(); }

std::unique_ptr<Backend> makeBackend(std::string_view name, const World& world)
{
    if (name == "host")
        return std::make_unique<HostBackend>(world);
    if (name == "cuda") {
#ifdef PARAPLAN_HAVE_CUDA
        return makeCudaBackend(world);
#else
        throw EngineError(io::ProbeCode::BackendUnavailable,
                          "this build has no cuda backend: the CUDA toolkit or NCCL was not "
                          "found when it was configured; use --backend host for CPU measurements");
#endif
    }
    throw EngineError(io::ProbeCode::UnknownBackend, "unknown backend \"" + std::string(name) + "\"; use cuda or host");
}

} // namespace paraplan::engine
