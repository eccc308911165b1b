// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/scenario.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

// The built-in presets (resources/catalog/*.json, embedded at build time): GPUs, clusters and
// models, each with the public source its figures come from.
namespace paraplan {

struct GpuPreset {
    GpuSpec spec; // spec.architecture is required of a preset
    std::string source;
};

struct ClusterPreset {
    ClusterSpec spec; // spec.preset is the id
    std::string source;
};

struct TopologyPreset {
    std::shared_ptr<const TopologySpec> spec; // spec->preset is the id
    std::string name;
    std::string source;
};

struct ModelPreset {
    ModelSpec spec; // spec.preset is the id
    std::string source;
};

struct Catalog {
    std::vector<GpuPreset> gpus;
    std::vector<ClusterPreset> clusters;
    std::vector<ModelPreset> models;
    std::vector<TopologyPreset> topologies;

    [[nodiscard]] const GpuPreset* findGpu(std::string_view id) const;
    [[nodiscard]] const ClusterPreset* findCluster(std::string_view id) const;
    [[nodiscard]] const ModelPreset* findModel(std::string_view id) const;
    [[nodiscard]] const TopologyPreset* findTopology(std::string_view id) const;
};

} // namespace paraplan
