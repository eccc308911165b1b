// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <vector>

namespace paraplan {

// Layers of each virtual stage, indexed chunk * pp + stage (Megatron: chunk c of stage s is virtual
// stage c * pp + s). `explicitSplit` (layers_per_stage) wins when given; otherwise the layers are
// spread as evenly as possible, the remainder going to the earliest virtual stages, which carry the
// cheap embedding rather than the expensive logits.
[[nodiscard]] std::vector<int64_t> virtualStageLayers(int64_t layers, int64_t pp, int64_t vpp,
                                                      const std::vector<int64_t>& explicitSplit);

} // namespace paraplan
