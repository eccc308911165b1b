// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/explore/band_estimation.h"

#include "core/explore/statistics.h"
#include "core/explore/uncertainty.h"

#include <map>
#include <string>

namespace paraplan {

namespace {

BandRegime caseRegime(const CaseOutcome& o)
{
    return regimeOf(o.validationCase->scenario, o.result.parallel.degrees.pp, false);
}

} // namespace

double stepRatio(const CaseOutcome& o)
{
    const double published = o.validationCase->published;
    return o.validationCase->metric == PublishedMetric::StepSeconds ? published / o.predicted : o.predicted / published;
}

UncertaintyBands bandsFromOutcomes(const std::vector<CaseOutcome>& outcomes)
{
    std::map<BandRegime, std::vector<double>> ratios;
    for (const CaseOutcome& o : outcomes)
        if (o.evaluated)
            for (const BandRegime& regime : fallbackChain(caseRegime(o)))
                ratios[regime].push_back(stepRatio(o));
    UncertaintyBands table;
    for (const auto& [regime, values] : ratios) {
        UncertaintyBand band{ regime, int64_t(values.size()), quantile(values, 0.1), quantile(values, 0.5),
                              quantile(values, 0.9) };
        table.bands.push_back(band);
        band.regime.calibrated = true;
        band.p10 = band.p50 - (band.p50 - band.p10) * kCalibratedSpreadFactor;
        band.p90 = band.p50 + (band.p90 - band.p50) * kCalibratedSpreadFactor;
        table.bands.push_back(band);
    }
    return table;
}

BandCoverage bandCoverage(const UncertaintyBands& bands, const std::vector<CaseOutcome>& outcomes)
{
    BandCoverage coverage;
    for (const CaseOutcome& o : outcomes) {
        if (!o.evaluated)
            continue;
        // The band of a unit step is the band of the ratio.
        const std::optional<StepUncertainty> band = uncertaintyOf(1.0, caseRegime(o), bands);
        if (!band)
            continue;
        ++coverage.count;
        const double ratio = stepRatio(o);
        coverage.inside += band->p10 <= ratio && ratio <= band->p90;
    }
    return coverage;
}

BandCoverage heldOutBandCoverage(const std::vector<CaseOutcome>& outcomes)
{
    std::map<std::string, std::pair<std::vector<CaseOutcome>, std::vector<CaseOutcome>>> split; // group: its own, the others
    for (const CaseOutcome& o : outcomes)
        split[o.validationCase->group];
    for (const CaseOutcome& o : outcomes)
        for (auto& [group, parts] : split)
            (o.validationCase->group == group ? parts.first : parts.second).push_back(o);
    BandCoverage total;
    for (const auto& [group, parts] : split) {
        const BandCoverage coverage = bandCoverage(bandsFromOutcomes(parts.second), parts.first);
        total.inside += coverage.inside;
        total.count += coverage.count;
    }
    return total;
}

} // namespace paraplan
