// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/backend/cuda_plugin.h"

#include "engine/backend/cuda_plugin_abi.h"

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <vector>

#include <dlfcn.h>

namespace paraplan::engine {

namespace {

namespace fs = std::filesystem;

// <prefix>/<libdir>/paraplan/backends for a program in <prefix>/bin, as the install rules place them.
std::string installedPlugin()
{
    std::error_code error;
    const fs::path program = fs::read_symlink("/proc/self/exe", error);
    if (error)
        return "";
    return (program.parent_path().parent_path() / PARAPLAN_PLUGIN_INSTALL_DIR / kCudaPluginFile).string();
}

std::vector<std::string> pluginFiles()
{
    std::vector<std::string> files { installedPlugin() };
#ifdef PARAPLAN_CUDA_PLUGIN_BUILD_PATH
    files.emplace_back(PARAPLAN_CUDA_PLUGIN_BUILD_PATH);
#endif
    return files;
}

CudaPlugin find()
{
    if (const char* chosen = std::getenv("PARAPLAN_CUDA_BACKEND"); chosen && *chosen)
        return loadCudaPlugin(chosen);
    for (const std::string& file : pluginFiles()) {
        std::error_code error;
        if (!file.empty() && fs::is_regular_file(file, error))
            return loadCudaPlugin(file);
    }
    CudaPlugin plugin = loadCudaPlugin(kCudaPluginFile);
    // Not on the library path either (a plugin found there whose libraries are missing says so).
    if (!plugin.make && plugin.whyNot.find(std::string("(") + kCudaPluginFile + ":") != std::string::npos) {
#ifdef PARAPLAN_CUDA_PLUGIN_BUILD_PATH
        plugin.whyNot = std::string("the cuda backend (") + kCudaPluginFile + ") is neither in " + pluginFiles().front()
                      + " nor on the library path; PARAPLAN_CUDA_BACKEND=FILE names where it is";
#else
        plugin.whyNot = "this build has no cuda backend: the CUDA toolkit or NCCL was not found when it was configured";
#endif
    }
    return plugin;
}

} // namespace

CudaPlugin loadCudaPlugin(const std::string& path)
{
    CudaPlugin plugin;
    void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        plugin.whyNot = std::string("the cuda backend ") + path + " cannot be loaded (" + ::dlerror()
                      + "): it needs CUDA's runtime and cuBLASLt and NCCL 2, their folder known to the loader "
                        "(ldconfig, or LD_LIBRARY_PATH)";
        return plugin;
    }
    const auto build = reinterpret_cast<const char* (*)()>(::dlsym(handle, kCudaPluginBuildSymbol));
    const auto make = reinterpret_cast<CudaPlugin::Factory>(::dlsym(handle, kCudaPluginFactorySymbol));
    if (!build || !make)
        plugin.whyNot = path + " is not ParaPlan's cuda backend: it has no " + kCudaPluginFactorySymbol;
    else if (std::strcmp(build(), kCudaPluginBuild) != 0)
        plugin.whyNot = path + " comes from " + build() + ", this program from " + kCudaPluginBuild
                      + ": install the two from the same build";
    else
        plugin.make = make;
    if (!plugin.make)
        ::dlclose(handle);
    return plugin;
}

const CudaPlugin& cudaPlugin()
{
    static const CudaPlugin plugin = find();
    return plugin;
}

} // namespace paraplan::engine
