// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/topology/layout.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <functional>
#include <limits>
#include <map>
#include <numeric>

namespace paraplan::widgets {

namespace {

constexpr double kGpuPitch = 100; // a GPU and a gap wide enough for a line to pass between two
constexpr double kRowGap = 40;    // between the layers, room for lines and their bends
constexpr double kBandGap = 64;   // between bands, room for a network bar
constexpr double kMinSpacing = 14;
constexpr int64_t kMostGpusPerBand = 24; // a GB200 NVL72: three bands of six trays
constexpr double kUnset = std::numeric_limits<double>::quiet_NaN();

enum Layer { kCpuLayer, kPcieLayer, kGpuLayer, kNvSwitchLayer, kNicLayer };

// The devices each device is linked to (core's adjacency, without the links themselves).
using Adjacency = std::vector<std::vector<int64_t>>;

Adjacency adjacencyOf(const NodeSpec& node)
{
    const std::vector<std::vector<LinkNeighbour>> neighbours = linkNeighbours(node);
    Adjacency adjacency(neighbours.size());
    for (size_t d = 0; d < neighbours.size(); ++d)
        for (const LinkNeighbour& n : neighbours[d])
            adjacency[d].push_back(n.device);
    return adjacency;
}

// Hops from a CPU through PCIe switches: 0 for a switch under a CPU, 1 under that one, ...
std::vector<int> pcieLevels(const NodeSpec& node, const Adjacency& adjacency)
{
    std::vector<int> level(node.devices.size(), -1);
    std::vector<bool> seen(node.devices.size(), false);
    std::deque<int64_t> queue;
    for (size_t d = 0; d < node.devices.size(); ++d)
        if (node.devices[d].kind == DeviceKind::Cpu) {
            seen[d] = true;
            queue.push_back(int64_t(d));
        }
    while (!queue.empty()) {
        const int64_t u = queue.front();
        queue.pop_front();
        for (int64_t v : adjacency[size_t(u)])
            if (!seen[size_t(v)] && node.devices[size_t(v)].kind == DeviceKind::PcieSwitch) {
                seen[size_t(v)] = true;
                level[size_t(v)] = level[size_t(u)] + 1;
                queue.push_back(v);
            }
    }
    for (size_t d = 0; d < node.devices.size(); ++d)
        if (node.devices[d].kind == DeviceKind::PcieSwitch)
            level[d] = std::max(level[d], 0); // a switch no CPU reaches sits in the top PCIe row
    return level;
}

double mean(const std::vector<double>& v) { return std::accumulate(v.begin(), v.end(), 0.0) / double(v.size()); }

class Layout {
public:
    explicit Layout(const NodeSpec& node)
        : m_node(node)
        , m_adjacency(adjacencyOf(node))
        , m_level(pcieLevels(node, m_adjacency))
        , m_x(node.devices.size(), kUnset)
        , m_band(node.devices.size(), -1)
        , m_size(node.devices.size())
        , m_bars(node.devices.size())
    {
        for (size_t d = 0; d < node.devices.size(); ++d)
            m_size[d] = deviceSize(kindOf(int64_t(d)));
    }

    NodeLayout run()
    {
        orderGpus();
        placeNics();
        placeParents();
        placeNvSwitches();
        return geometry();
    }

private:
    DeviceKind kindOf(int64_t d) const { return m_node.devices[size_t(d)].kind; }
    bool placed(int64_t d) const { return !std::isnan(m_x[size_t(d)]); }
    bool isParentOf(int64_t parent, int64_t child) const
    {
        const DeviceKind kind = kindOf(child);
        if (kind == DeviceKind::Gpu || kind == DeviceKind::Nic)
            return true;
        if (kind != DeviceKind::PcieSwitch)
            return false;
        return kindOf(parent) == DeviceKind::Cpu ? m_level[size_t(child)] == 0
                                                 : m_level[size_t(child)] == m_level[size_t(parent)] + 1;
    }
    void put(int64_t d, int band, double x)
    {
        m_band[size_t(d)] = band;
        m_x[size_t(d)] = x;
    }

    // GPUs in the order of a walk down from each CPU through its switches, so that the GPUs under
    // one switch (or one CPU) are neighbours; GPUs nothing leads to keep their listed order. A
    // switch with more NICs than GPUs gets the room for its NICs' gaps. The siblings stay in one
    // band when they can.
    void orderGpus()
    {
        struct Siblings {
            std::vector<int64_t> gpus;
            int64_t width = 0; // in GPU slots: the GPUs, or the parent's NICs if it has more
        };
        std::vector<bool> visited(m_node.devices.size(), false);
        std::vector<Siblings> siblings;
        std::function<void(int64_t)> visit = [&](int64_t d) {
            visited[size_t(d)] = true;
            Siblings group;
            int64_t nics = 0;
            for (int64_t v : m_adjacency[size_t(d)]) {
                nics += kindOf(v) == DeviceKind::Nic ? 1 : 0;
                if (kindOf(v) == DeviceKind::Gpu && !visited[size_t(v)]) {
                    visited[size_t(v)] = true;
                    group.gpus.push_back(v);
                }
            }
            if (!group.gpus.empty()) {
                group.width = std::max(int64_t(group.gpus.size()), nics);
                siblings.push_back(std::move(group));
            }
            for (int64_t v : m_adjacency[size_t(d)])
                if (!visited[size_t(v)] && kindOf(v) == DeviceKind::PcieSwitch && isParentOf(d, v))
                    visit(v);
        };
        for (DeviceKind top : { DeviceKind::Cpu, DeviceKind::PcieSwitch })
            for (size_t d = 0; d < m_node.devices.size(); ++d)
                if (kindOf(int64_t(d)) == top && !visited[d])
                    visit(int64_t(d));
        for (size_t d = 0; d < m_node.devices.size(); ++d)
            if (kindOf(int64_t(d)) == DeviceKind::Gpu && !visited[d])
                siblings.push_back({ { int64_t(d) }, 1 });

        int64_t width = 0;
        for (const Siblings& s : siblings)
            width += s.width;
        const int64_t bands = std::max<int64_t>((width + kMostGpusPerBand - 1) / kMostGpusPerBand, 1);
        const int64_t perBand = (width + bands - 1) / bands; // as even as the bands can be
        int band = 0;
        int64_t slot = 0;
        for (const Siblings& group : siblings) {
            if (slot > 0 && (slot >= perBand || slot + group.width > kMostGpusPerBand)) {
                ++band;
                slot = 0;
            }
            slot += (group.width - int64_t(group.gpus.size())) / 2; // the GPUs in the middle of their room
            for (int64_t gpu : group.gpus) {
                if (slot >= kMostGpusPerBand) {
                    ++band;
                    slot = 0;
                }
                put(gpu, band, double(slot++) * kGpuPitch);
            }
            slot += (group.width - int64_t(group.gpus.size()) + 1) / 2;
        }
    }

    // The GPUs a switch or CPU serves: its own, else those of the switches under it.
    std::vector<int64_t> servedGpus(int64_t parent) const
    {
        std::vector<int64_t> gpus;
        std::vector<int64_t> level{ parent };
        std::vector<bool> seen(m_node.devices.size(), false);
        seen[size_t(parent)] = true;
        while (!level.empty() && gpus.empty()) {
            std::vector<int64_t> next;
            for (int64_t u : level)
                for (int64_t v : m_adjacency[size_t(u)]) {
                    if (seen[size_t(v)] || !isParentOf(u, v))
                        continue;
                    seen[size_t(v)] = true;
                    if (kindOf(v) == DeviceKind::Gpu)
                        gpus.push_back(v);
                    else if (kindOf(v) == DeviceKind::PcieSwitch)
                        next.push_back(v);
                }
            level = std::move(next);
        }
        return gpus;
    }

    bool gapTaken(int band, double x) const
    {
        return std::any_of(m_takenGaps.begin(), m_takenGaps.end(),
                           [&](const auto& g) { return g.first == band && std::abs(g.second - x) < 1; });
    }

    // The NICs of a switch (or CPU) go in the gaps nearest the middle of the GPUs it serves, so the
    // lines down to them pass between GPUs, left to right in their listed order; a NIC on a GPU
    // goes in the gap beside that GPU.
    void placeNics()
    {
        std::map<int64_t, std::vector<int64_t>> nicsOf; // the device a NIC is placed by -> its NICs
        std::vector<int64_t> anchors;                   // in the order first met
        for (size_t d = 0; d < m_node.devices.size(); ++d) {
            if (kindOf(int64_t(d)) != DeviceKind::Nic)
                continue;
            int64_t anchor = -1;
            for (int64_t v : m_adjacency[d]) {
                const bool gpu = kindOf(v) == DeviceKind::Gpu;
                if (gpu || ((kindOf(v) == DeviceKind::PcieSwitch || kindOf(v) == DeviceKind::Cpu) && !servedGpus(v).empty())) {
                    anchor = v;
                    if (gpu || kindOf(v) == DeviceKind::PcieSwitch)
                        break; // a GPU or a switch decides over a CPU
                }
            }
            if (anchor < 0)
                continue; // nothing to sit under: placed at the end of its row
            if (!nicsOf.count(anchor))
                anchors.push_back(anchor);
            nicsOf[anchor].push_back(int64_t(d));
        }
        for (int64_t anchor : anchors) {
            std::vector<double> gaps;
            double centre = 0;
            int band = 0;
            if (kindOf(anchor) == DeviceKind::Gpu) {
                band = m_band[size_t(anchor)];
                centre = m_x[size_t(anchor)] + kGpuPitch / 2;
                gaps = { centre, centre - kGpuPitch };
            } else {
                const std::vector<int64_t> served = servedGpus(anchor);
                band = m_band[size_t(served.front())];
                std::vector<double> xs;
                for (int64_t g : served)
                    if (m_band[size_t(g)] == band)
                        xs.push_back(m_x[size_t(g)]);
                std::sort(xs.begin(), xs.end());
                centre = (xs.front() + xs.back()) / 2;
                for (size_t i = 1; i < xs.size(); ++i)
                    gaps.push_back((xs[i - 1] + xs[i]) / 2);
                for (int k = 0; k < 4; ++k) {
                    gaps.push_back(xs.back() + kGpuPitch * (0.5 + k));
                    gaps.push_back(xs.front() - kGpuPitch * (0.5 + k));
                }
            }
            std::stable_sort(gaps.begin(), gaps.end(), [&](double a, double b) {
                const double da = std::abs(a - centre), db = std::abs(b - centre);
                return da < db - 1e-6 || (std::abs(da - db) <= 1e-6 && a > b); // ties go right
            });
            std::vector<double> chosen;
            for (double g : gaps)
                if (chosen.size() < nicsOf[anchor].size() && !gapTaken(band, g))
                    chosen.push_back(g);
            while (chosen.size() < nicsOf[anchor].size()) // no gap left: they crowd, and the row spreads them
                chosen.push_back(gaps.front());
            std::sort(chosen.begin(), chosen.end());
            for (size_t i = 0; i < chosen.size(); ++i) {
                put(nicsOf[anchor][i], band, chosen[i]);
                m_takenGaps.emplace_back(band, chosen[i]);
            }
        }
    }

    // Switches, deepest first, then CPUs over what they serve: right over a lone NIC (its line
    // then drops straight through the gap), else over their GPUs, else over whatever they hold.
    void placeParents()
    {
        int deepest = 0;
        for (size_t d = 0; d < m_node.devices.size(); ++d)
            if (kindOf(int64_t(d)) == DeviceKind::PcieSwitch)
                deepest = std::max(deepest, m_level[d]);
        auto place = [&](int64_t d) {
            int band = -1;
            for (int64_t v : m_adjacency[size_t(d)]) // the band of its GPUs, else of its first placed child
                if (isParentOf(d, v) && placed(v) && (band < 0 || kindOf(v) == DeviceKind::Gpu)) {
                    band = m_band[size_t(v)];
                    if (kindOf(v) == DeviceKind::Gpu)
                        break;
                }
            if (band < 0)
                return;
            std::vector<double> nics, gpus, all;
            for (int64_t v : m_adjacency[size_t(d)]) {
                if (!isParentOf(d, v) || !placed(v) || m_band[size_t(v)] != band)
                    continue;
                (kindOf(v) == DeviceKind::Nic ? nics : kindOf(v) == DeviceKind::Gpu ? gpus : all).push_back(m_x[size_t(v)]);
            }
            all.insert(all.end(), nics.begin(), nics.end());
            put(d, band, nics.size() == 1 ? nics.front() : !gpus.empty() ? mean(gpus) : mean(all));
        };
        for (int level = deepest; level >= 0; --level)
            for (size_t d = 0; d < m_node.devices.size(); ++d)
                if (kindOf(int64_t(d)) == DeviceKind::PcieSwitch && m_level[d] == level)
                    place(int64_t(d));
        for (size_t d = 0; d < m_node.devices.size(); ++d)
            if (kindOf(int64_t(d)) == DeviceKind::Cpu)
                place(int64_t(d));
    }

    // An NVSwitch spans the GPUs it joins, with a bar in each band that holds some; switches that
    // would overlap take rows of their own.
    void placeNvSwitches()
    {
        std::map<int, std::vector<std::vector<std::pair<double, double>>>> rows; // band -> sub-rows of spans
        const double half = deviceSize(DeviceKind::Gpu).width() / 2;
        for (size_t d = 0; d < m_node.devices.size(); ++d) {
            if (kindOf(int64_t(d)) != DeviceKind::NvSwitch)
                continue;
            std::map<int, std::pair<double, double>> spans; // band -> left, right
            for (int64_t v : m_adjacency[d])
                if (kindOf(v) == DeviceKind::Gpu) {
                    auto [it, fresh] = spans.try_emplace(m_band[size_t(v)], m_x[size_t(v)] - half, m_x[size_t(v)] + half);
                    it->second.first = std::min(it->second.first, m_x[size_t(v)] - half);
                    it->second.second = std::max(it->second.second, m_x[size_t(v)] + half);
                }
            if (spans.empty())
                continue; // joins no GPU: placed at the end of its row
            int subRow = 0; // the first sub-row free in every band the switch spans
            auto clashes = [&](int row) {
                return std::any_of(spans.begin(), spans.end(), [&](const auto& s) {
                    const auto& bandRows = rows[s.first];
                    return row < int(bandRows.size())
                        && std::any_of(bandRows[size_t(row)].begin(), bandRows[size_t(row)].end(), [&](const auto& other) {
                               return s.second.first < other.second + kMinSpacing && other.first < s.second.second + kMinSpacing;
                           });
                });
            };
            while (clashes(subRow))
                ++subRow;
            for (const auto& [band, span] : spans) {
                auto& bandRows = rows[band];
                if (int(bandRows.size()) <= subRow)
                    bandRows.resize(size_t(subRow) + 1);
                bandRows[size_t(subRow)].push_back(span);
                m_bars[d].push_back({ band, span });
            }
            m_nvSwitchRow[int64_t(d)] = subRow;
            const auto& first = spans.begin()->second;
            put(int64_t(d), spans.begin()->first, (first.first + first.second) / 2);
            m_size[d].setWidth(std::max(first.second - first.first, m_size[d].width()));
        }
    }

    // Bands top to bottom, each with its layers top to bottom, each layer as tall as its tallest
    // device; the gaps between bands hold the network.
    NodeLayout geometry()
    {
        struct Key {
            int band, layer, sub;
            auto operator<=>(const Key&) const = default;
        };
        int bands = 1;
        for (int b : m_band)
            bands = std::max(bands, b + 1);
        std::map<Key, std::vector<int64_t>> rows;
        for (size_t d = 0; d < m_node.devices.size(); ++d) {
            const int band = std::max(m_band[d], 0);
            switch (kindOf(int64_t(d))) {
            case DeviceKind::Cpu:
                rows[{ band, kCpuLayer, 0 }].push_back(int64_t(d));
                break;
            case DeviceKind::PcieSwitch:
                rows[{ band, kPcieLayer, m_level[d] }].push_back(int64_t(d));
                break;
            case DeviceKind::Gpu:
                rows[{ band, kGpuLayer, 0 }].push_back(int64_t(d));
                break;
            case DeviceKind::NvSwitch: {
                const auto it = m_nvSwitchRow.find(int64_t(d));
                rows[{ band, kNvSwitchLayer, it != m_nvSwitchRow.end() ? it->second : 0 }].push_back(int64_t(d));
                for (const auto& bar : m_bars[d]) // rows for its bars in the other bands
                    rows[{ bar.first, kNvSwitchLayer, it->second }];
                break;
            }
            case DeviceKind::Nic:
                rows[{ band, kNicLayer, 0 }].push_back(int64_t(d));
                break;
            }
        }
        // Devices nothing placed go at the right end of their row.
        double rightmost = 0;
        for (size_t d = 0; d < m_x.size(); ++d)
            if (placed(int64_t(d)))
                rightmost = std::max(rightmost, m_x[d] + m_size[d].width() / 2);
        NodeLayout layout;
        layout.devices.resize(m_node.devices.size());
        std::map<std::pair<int, int>, double> rowY; // (band, NVSwitch sub-row) -> y, for bars
        double y = 0;
        int band = 0;
        for (auto& [key, row] : rows) {
            if (key.band != band) {
                layout.bandGaps.push_back(y - kRowGap + kBandGap / 2);
                y += kBandGap - kRowGap;
                band = key.band;
            }
            double end = rightmost;
            for (int64_t d : row)
                if (!placed(d)) {
                    put(d, key.band, end + kMinSpacing + m_size[size_t(d)].width() / 2);
                    end = m_x[size_t(d)] + m_size[size_t(d)].width() / 2;
                }
            if (key.layer != kGpuLayer && key.layer != kNvSwitchLayer) // GPUs are on their grid already
                separate(row);
            double height = key.layer == kNvSwitchLayer ? deviceSize(DeviceKind::NvSwitch).height() : 0;
            for (int64_t d : row)
                height = std::max(height, m_size[size_t(d)].height());
            if (key.layer == kNvSwitchLayer)
                rowY[{ key.band, key.sub }] = y + height / 2;
            for (int64_t d : row)
                layout.devices[size_t(d)] = { QPointF(m_x[size_t(d)], y + height / 2), m_size[size_t(d)], {} };
            y += height + (key.layer == kNvSwitchLayer ? kRowGap * 0.7 : kRowGap);
        }
        for (size_t d = 0; d < m_bars.size(); ++d) {
            if (m_bars[d].size() < 2)
                continue;
            const QPointF centre = layout.devices[d].centre;
            const double h = m_size[d].height();
            for (const auto& [b, span] : m_bars[d]) {
                const double barY = rowY[{ b, m_nvSwitchRow[int64_t(d)] }];
                layout.devices[d].bars.emplace_back(span.first - centre.x(), barY - h / 2 - centre.y(), span.second - span.first, h);
            }
        }
        // Node coordinates start at the top left of what was laid out.
        double left = std::numeric_limits<double>::infinity();
        for (const DeviceGeometry& g : layout.devices) {
            left = std::min(left, g.centre.x() - g.size.width() / 2);
            for (const QRectF& bar : g.bars)
                left = std::min(left, g.centre.x() + bar.left());
        }
        for (size_t d = 0; d < layout.devices.size(); ++d) {
            layout.devices[d].centre.rx() -= left;
            if (const auto& p = m_node.devices[d].position)
                layout.devices[d].centre = QPointF((*p)[0], (*p)[1]);
        }
        return layout;
    }

    // Spreads a row's devices so none overlap, keeping their order by wanted x.
    void separate(std::vector<int64_t>& row)
    {
        std::stable_sort(row.begin(), row.end(), [&](int64_t a, int64_t b) { return m_x[size_t(a)] < m_x[size_t(b)]; });
        for (size_t i = 1; i < row.size(); ++i) {
            const int64_t prev = row[i - 1], cur = row[i];
            const double least = m_x[size_t(prev)] + (m_size[size_t(prev)].width() + m_size[size_t(cur)].width()) / 2 + kMinSpacing;
            m_x[size_t(cur)] = std::max(m_x[size_t(cur)], least);
        }
    }

    const NodeSpec& m_node;
    Adjacency m_adjacency;
    std::vector<int> m_level;
    std::vector<double> m_x; // inside its band; NaN until placed
    std::vector<int> m_band;
    std::vector<QSizeF> m_size;
    std::vector<std::vector<std::pair<int, std::pair<double, double>>>> m_bars; // NVSwitch: (band, span)
    std::vector<std::pair<int, double>> m_takenGaps;                             // (band, x) of placed NICs
    std::map<int64_t, int> m_nvSwitchRow;
};

} // namespace

QSizeF deviceSize(DeviceKind kind)
{
    switch (kind) {
    case DeviceKind::Gpu:
        return { 72, 48 };
    case DeviceKind::NvSwitch:
        return { 120, 22 };
    case DeviceKind::PcieSwitch:
        return { 64, 24 };
    case DeviceKind::Cpu:
        return { 76, 34 };
    case DeviceKind::Nic:
        return { 66, 26 };
    }
    return { 60, 30 };
}

NodeLayout layoutNode(const NodeSpec& node)
{
    if (node.devices.empty())
        return {};
    return Layout(node).run();
}

} // namespace paraplan::widgets
