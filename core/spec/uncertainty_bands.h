// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <compare>
#include <cstdint>
#include <vector>

// How far the model's step time is off on published runs it never saw, by regime: the 10th,
// 50th and 90th percentile of published step / predicted step over the cross-validated runs of
// each regime (`paraplan-cli validate --cross-validate --bands-out`; the shipped table is
// resources/catalog/uncertainty_bands.json). Plain data; core/explore/uncertainty looks it up.
namespace paraplan {

// Each dimension of a regime; Any is a coarser regime that pools every value of it.
enum class PrecisionRegime { Any, SixteenBit, Fp8 };             // bf16 and fp16 together
enum class ScaleRegime { Any, OneNode, UpTo512Gpus, Beyond512Gpus };
enum class PipelineRegime { Any, NoPipeline, UpTo8Stages, Beyond8Stages }; // pp 1, 2-8, more

struct BandRegime {
    PrecisionRegime precision = PrecisionRegime::Any;
    ScaleRegime scale = ScaleRegime::Any;
    PipelineRegime pipeline = PipelineRegime::Any;
    bool calibrated = false; // priced with a calibration profile's measured rates

    auto operator<=>(const BandRegime&) const = default;
};

struct UncertaintyBand {
    BandRegime regime;
    int64_t runs = 0; // cross-validated runs behind the quantiles
    // Quantiles of published step / predicted step; p10 <= p50 <= p90.
    double p10 = 1;
    double p50 = 1;
    double p90 = 1;
};

struct UncertaintyBands {
    std::vector<UncertaintyBand> bands; // every regime with a run, fine and coarse
};

} // namespace paraplan
