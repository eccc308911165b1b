// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

// What the cuda backend plugin (engine/cuda/cuda_backend_plugin.cpp) and its loader
// (cuda_plugin.cpp) agree on: the file, the two C symbols it exports, and the build both must be
// from, since the backend's C++ interface crosses between them.
namespace paraplan::engine {

inline constexpr const char* kCudaPluginFile = "paraplan-cuda-backend.so";
// const char* ()
inline constexpr const char* kCudaPluginBuildSymbol = "paraplan_cuda_backend_build";
// Backend* (const World*): a new backend, owned by the caller; throws EngineError as makeBackend.
inline constexpr const char* kCudaPluginFactorySymbol = "paraplan_make_cuda_backend";
// ParaPlan's version and the compiler's: the loader refuses a plugin from another build.
inline constexpr const char* kCudaPluginBuild = "ParaPlan " PARAPLAN_VERSION ", " __VERSION__;

} // namespace paraplan::engine
