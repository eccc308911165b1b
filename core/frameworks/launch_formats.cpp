// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/frameworks/launch_formats.h"

#include "core/frameworks/deepspeed_config.h"
#include "core/frameworks/hf_config.h"
#include "core/frameworks/launch_environment.h"
#include "core/frameworks/megatron_args.h"
#include "core/frameworks/megatron_bridge.h"
#include "core/frameworks/nemo_yaml.h"
#include "core/frameworks/slurm_script.h"
#include "core/frameworks/torchtitan_config.h"

namespace paraplan::frameworks {

LaunchBundle exportLaunch(const Scenario& scenario, const Result& prediction, ExportFormat format)
{
    const LaunchContext context{ scenario, prediction, predictionSummary(scenario, prediction) };
    switch (format) {
    case ExportFormat::Megatron: return exportMegatron(context);
    case ExportFormat::MegatronBridge: return exportMegatronBridge(context);
    case ExportFormat::NemoYaml: return exportNemoYaml(context);
    case ExportFormat::DeepSpeed: return exportDeepSpeed(context);
    case ExportFormat::TorchtitanToml: return exportTorchtitanToml(context);
    case ExportFormat::TorchtitanPy: return exportTorchtitanPy(context);
    case ExportFormat::Env: return exportEnvironment(context);
    case ExportFormat::Slurm: return exportSlurm(context);
    }
    return {};
}

Imported importLaunch(const std::string& text, ImportFormat format, const nlohmann::json& base)
{
    switch (format) {
    case ImportFormat::HfConfig: return importHfConfig(text);
    case ImportFormat::Megatron: return importMegatron(text, base);
    case ImportFormat::MegatronBridge: return importMegatronBridge(text, base);
    case ImportFormat::NemoYaml: return importNemoYaml(text, base);
    case ImportFormat::DeepSpeed: return importDeepSpeed(text, base);
    case ImportFormat::TorchtitanToml: return importTorchtitanToml(text, base);
    case ImportFormat::TorchtitanPy: return importTorchtitanPy(text, base);
    }
    return {};
}

} // namespace paraplan::frameworks
