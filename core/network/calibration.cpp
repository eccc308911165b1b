// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/network/calibration.h"

#include "core/spec/units.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <tuple>

namespace paraplan {

namespace {

double squaredDistance(const std::array<double, 3>& a, const std::array<double, 3>& b)
{
    double sum = 0;
    for (size_t axis = 0; axis < a.size(); ++axis)
        sum += (a[axis] - b[axis]) * (a[axis] - b[axis]);
    return sum;
}

} // namespace

bool isPlausible(const GemmMeasurement& g)
{
    return kGemmDimensionRange.holds(g.m) && kGemmDimensionRange.holds(g.n) && kGemmDimensionRange.holds(g.k)
        && kGemmSecondsRange.holds(g.seconds);
}

bool isPlausible(const CollectiveMeasurement& c)
{
    return c.ranks >= 2 && kCollectiveBytesRange.holds(c.bytes) && kBusGBpsRange.holds(c.busGBps);
}

Calibration::Calibration(CalibrationProfile profile)
    : m_profile(std::move(profile))
{
    // Equal shapes (and equal sizes below) measured more than once are averaged.
    std::map<std::pair<Precision, std::array<double, 3>>, std::pair<double, int>> gemmSums;
    for (const GemmMeasurement& g : m_profile.gemms) {
        if (!isPlausible(g)) // readers refuse these
            continue;
        auto& [sum, count] = gemmSums[{ g.precision, { std::log(g.m), std::log(g.n), std::log(g.k) } }];
        sum += 2 * g.m * g.n * g.k / g.seconds;
        ++count;
    }
    for (const auto& [key, total] : gemmSums) {
        const auto& [precision, logShape] = key;
        if (m_gemms.empty() || m_gemms.back().precision != precision)
            m_gemms.push_back({ precision, {}, logShape, logShape });
        GemmTable& table = m_gemms.back();
        table.points.push_back({ logShape, total.first / total.second });
        for (size_t axis = 0; axis < logShape.size(); ++axis) {
            table.lowest[axis] = std::min(table.lowest[axis], logShape[axis]);
            table.highest[axis] = std::max(table.highest[axis], logShape[axis]);
        }
    }

    std::map<std::tuple<Collective, int64_t, bool, double>, std::pair<double, int>> busSums;
    for (const CollectiveMeasurement& c : m_profile.collectives) {
        if (!isPlausible(c))
            continue;
        auto& [sum, count] = busSums[{ c.collective, c.ranks, c.crossesNodes, c.bytes }];
        sum += GBpsToBytesPerS(c.busGBps);
        ++count;
    }
    for (const auto& [key, total] : busSums) { // ordered by series, then by size
        const auto& [collective, ranks, crossesNodes, bytes] = key;
        const bool sameSeries = !m_bandwidths.empty() && m_bandwidths.back().collective == collective
            && m_bandwidths.back().ranks == ranks && m_bandwidths.back().crossesNodes == crossesNodes;
        if (!sameSeries)
            m_bandwidths.push_back({ collective, ranks, crossesNodes, {}, {}, {} });
        BandwidthSeries& series = m_bandwidths.back();
        series.logBytes.push_back(std::log(bytes));
        series.bytes.push_back(bytes);
        series.busBytesPerS.push_back(total.first / total.second);
    }
}

// Inverse-distance weighting of the two nearest measured shapes in (log m, log n, log k). Between
// two measured shapes this is linear interpolation along the segment that joins them (the inverse
// distances of two points are the linear weights); the third-nearest shape's distance R is taken
// off each inverse distance (1/d - 1/R, modified Shepard), so a shape's weight fades to zero as it
// stops being one of the two nearest and the answer stays continuous. Each log dimension is first
// clamped to the measured range: beyond what was measured a shape takes what the nearest measured
// shapes reached, never a trend carried past them. The answer is a weighted mean of measured rates,
// so it never leaves their range.
std::optional<double> Calibration::gemmFlopsPerS(Precision precision, double m, double n, double k) const
{
    const auto table = std::find_if(m_gemms.begin(), m_gemms.end(),
                                    [&](const GemmTable& t) { return t.precision == precision; });
    if (table == m_gemms.end() || !(m > 0 && n > 0 && k > 0))
        return std::nullopt;
    std::array<double, 3> query{ std::log(m), std::log(n), std::log(k) };
    for (size_t axis = 0; axis < query.size(); ++axis)
        query[axis] = std::clamp(query[axis], table->lowest[axis], table->highest[axis]);

    constexpr double kFar = std::numeric_limits<double>::infinity();
    std::array<double, 3> nearest{ kFar, kFar, kFar }; // squared distances, ascending
    std::array<double, 2> rate{ 0, 0 };
    for (const GemmPoint& p : table->points) {
        const double d = squaredDistance(query, p.logShape);
        if (d >= nearest[2])
            continue;
        if (d < nearest[0]) {
            nearest = { d, nearest[0], nearest[1] };
            rate = { p.flopsPerS, rate[0] };
        } else if (d < nearest[1]) {
            nearest = { nearest[0], d, nearest[1] };
            rate[1] = p.flopsPerS;
        } else {
            nearest[2] = d;
        }
    }
    if (nearest[0] <= 1e-18 || nearest[1] == kFar) // on a measured shape, or only one measured
        return rate[0];
    const double fade = 1 / std::sqrt(nearest[2]); // 0 with no third shape
    const double w0 = 1 / std::sqrt(nearest[0]) - fade;
    const double w1 = 1 / std::sqrt(nearest[1]) - fade;
    if (w0 + w1 <= 0) // the three nearest are equally far: none is nearer, take the mean
        return (rate[0] + rate[1]) / 2;
    return (w0 * rate[0] + w1 * rate[1]) / (w0 + w1);
}

// nccl-tests' sendrecv_perf has every rank send to the next at once, and its bus bandwidth (factor 1)
// is what one pair sustains however long the ring: the series with the fewest ranks, the closest to a
// lone pipeline hop, stands for any pair.
const Calibration::BandwidthSeries* Calibration::seriesFor(Collective collective, int64_t ranks,
                                                           bool crossesNodes) const
{
    const BandwidthSeries* found = nullptr;
    for (const BandwidthSeries& s : m_bandwidths) {
        if (s.collective != collective || s.crossesNodes != crossesNodes)
            continue;
        if (collective == Collective::SendRecv ? (!found || s.ranks < found->ranks) : s.ranks == ranks)
            found = &s;
    }
    return found;
}

// Linear in log(bytes) between measured sizes. Above the largest size the bandwidth stays the
// largest's (the link is saturated). Below the smallest the time stays the smallest's: small
// messages are latency-bound, so halving one does not halve its time, and carrying the smallest
// bandwidth down would price a 4-byte reduction at nothing.
std::optional<double> Calibration::busBytesPerS(Collective collective, int64_t ranks, bool crossesNodes,
                                                double bytes) const
{
    const BandwidthSeries* series = seriesFor(collective, ranks, crossesNodes);
    if (!series || !(bytes > 0))
        return std::nullopt;
    const std::vector<double>& sizes = series->bytes;
    const std::vector<double>& bus = series->busBytesPerS;
    if (bytes <= sizes.front())
        return bus.front() * bytes / sizes.front();
    if (bytes >= sizes.back())
        return bus.back();
    const double logBytes = std::log(bytes);
    const size_t above = size_t(std::upper_bound(series->logBytes.begin(), series->logBytes.end(), logBytes)
                                - series->logBytes.begin());
    const size_t below = above - 1;
    const double t = (logBytes - series->logBytes[below]) / (series->logBytes[above] - series->logBytes[below]);
    return bus[below] + t * (bus[above] - bus[below]);
}

} // namespace paraplan
