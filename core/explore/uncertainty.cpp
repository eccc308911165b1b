// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/explore/uncertainty.h"

#include "core/spec/translatable.h"

#include <algorithm>
#include <cstdio>

namespace paraplan {

namespace {

const UncertaintyBand* findBand(const UncertaintyBands& table, const BandRegime& regime)
{
    const auto it = std::find_if(table.bands.begin(), table.bands.end(),
                                 [&](const UncertaintyBand& band) { return band.regime == regime; });
    return it == table.bands.end() ? nullptr : &*it;
}

// The words of each regime dimension, in the order of its enumeration (Any, pooled: none).
constexpr const char* kPrecisionWords[] = { nullptr, QT_TRANSLATE_NOOP("Uncertainty", "bf16/fp16"),
                                            QT_TRANSLATE_NOOP("Uncertainty", "fp8") };
constexpr const char* kScaleWords[] = { nullptr, QT_TRANSLATE_NOOP("Uncertainty", "one node"),
                                        QT_TRANSLATE_NOOP("Uncertainty", "2 nodes to 512 GPUs"),
                                        QT_TRANSLATE_NOOP("Uncertainty", "more than 512 GPUs") };
constexpr const char* kPipelineWords[] = { nullptr, QT_TRANSLATE_NOOP("Uncertainty", "pp 1"),
                                           QT_TRANSLATE_NOOP("Uncertainty", "pp 2–8"),
                                           QT_TRANSLATE_NOOP("Uncertainty", "pp above 8") };

// The precision, scale and pipeline of a regime ("every run" when it pools them all).
std::string dimensionWords(const BandRegime& regime)
{
    std::string words;
    for (const char* part : regimeWords(regime))
        words += (words.empty() ? "" : ", ") + std::string(part);
    return words;
}

} // namespace

BandRegime regimeOf(const Scenario& s, int64_t pipelineStages, bool calibrated)
{
    BandRegime r;
    // FP4 runs have no published step times yet: they borrow the band of the runs whose linear
    // layers were quantised too.
    r.precision = quantizedLinears(s.training.precision) ? PrecisionRegime::Fp8 : PrecisionRegime::SixteenBit;
    r.scale = s.cluster.nodes <= 1      ? ScaleRegime::OneNode
        : s.cluster.gpuCount() <= 512 ? ScaleRegime::UpTo512Gpus
                                      : ScaleRegime::Beyond512Gpus;
    r.pipeline = pipelineStages <= 1 ? PipelineRegime::NoPipeline
        : pipelineStages <= 8        ? PipelineRegime::UpTo8Stages
                                     : PipelineRegime::Beyond8Stages;
    r.calibrated = calibrated;
    return r;
}

std::array<BandRegime, 4> fallbackChain(const BandRegime& own)
{
    BandRegime anyPrecision = own;
    anyPrecision.precision = PrecisionRegime::Any;
    BandRegime scaleOnly = anyPrecision;
    scaleOnly.pipeline = PipelineRegime::Any;
    BandRegime everyRun = scaleOnly;
    everyRun.scale = ScaleRegime::Any;
    return { own, anyPrecision, scaleOnly, everyRun };
}

std::optional<StepUncertainty> uncertaintyOf(double stepS, const BandRegime& own, const UncertaintyBands& bands)
{
    const UncertaintyBand* ownBand = findBand(bands, own);
    for (const BandRegime& regime : fallbackChain(own)) {
        const UncertaintyBand* band = findBand(bands, regime);
        if (band && band->runs >= kMinBandRuns)
            return StepUncertainty{ stepS * band->p10, stepS * band->p50, stepS * band->p90, band->runs,
                                    regime,           own,              ownBand ? ownBand->runs : 0 };
    }
    return std::nullopt;
}

std::optional<StepUncertainty> uncertaintyOf(const Scenario& scenario, const Result& result,
                                             const UncertaintyBands& bands, bool calibrated)
{
    if (!result.valid)
        return std::nullopt;
    return uncertaintyOf(result.time.step, regimeOf(scenario, result.parallel.degrees.pp, calibrated), bands);
}

std::vector<const char*> regimeWords(const BandRegime& regime)
{
    std::vector<const char*> words;
    for (const char* part : { kPrecisionWords[size_t(regime.precision)], kScaleWords[size_t(regime.scale)],
                              kPipelineWords[size_t(regime.pipeline)] })
        if (part)
            words.push_back(part);
    if (words.empty())
        words.push_back(QT_TRANSLATE_NOOP("Uncertainty", "every run"));
    return words;
}

std::string describeRegime(const BandRegime& regime)
{
    const std::string words = dimensionWords(regime) + ", ";
    if (!regime.calibrated)
        return words + "uncalibrated";
    char factor[16];
    std::snprintf(factor, sizeof factor, "%.2f", kCalibratedSpreadFactor);
    return words + "calibrated (assumed: the uncalibrated spread x " + factor + ")";
}

std::string describeBasis(const StepUncertainty& u)
{
    std::string basis = std::to_string(u.runs) + " cross-validated runs: " + describeRegime(u.regime);
    if (u.regime != u.own)
        basis += "; " + dimensionWords(u.own) + " has " + std::to_string(u.ownRuns) + ", fewer than "
            + std::to_string(kMinBandRuns);
    return basis;
}

} // namespace paraplan
