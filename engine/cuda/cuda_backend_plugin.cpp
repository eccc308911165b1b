// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// The cuda backend as a plugin, paraplan-cuda-backend.so, which paraplan-probe loads at run time
// (engine/backend/cuda_plugin.h): one build, and one package, runs where CUDA and NCCL are
// installed and where they are not. Only these two symbols are exported.
#include "engine/backend/cuda_plugin_abi.h"
#include "engine/cuda/cuda_backend.h"

extern "C" {

__attribute__((visibility("default"))) const char* paraplan_cuda_backend_build()
{
    return paraplan::engine::kCudaPluginBuild;
}

__attribute__((visibility("default"))) paraplan::engine::Backend*
paraplan_make_cuda_backend(const paraplan::engine::World* world)
{
    return paraplan::engine::makeCudaBackend(*world).release();
}

} // extern "C"
