// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/rules/pipeline_layout_string.h"

#include <algorithm>
#include <cctype>

namespace paraplan {

namespace {

// Beyond this the text is no layout anyone wrote ("t*999999999"): refused before it is built.
constexpr size_t kLongestUnrolled = 1'000'000;

// Reads the digits at `at`; nullopt where there are none or they overflow the limit.
std::optional<size_t> countAt(const std::string& s, size_t& at)
{
    size_t value = 0, digits = 0;
    while (at < s.size() && std::isdigit(static_cast<unsigned char>(s[at]))) {
        value = value * 10 + size_t(s[at++] - '0');
        if (++digits > 7)
            return std::nullopt;
    }
    return digits == 0 ? std::nullopt : std::optional(value);
}

// A stage's transformer layers as the layout writes them.
std::string layersText(int64_t layers) { return layers == 0 ? "" : layers == 1 ? "t" : "t*" + std::to_string(layers); }

// One left-to-right pass of "(group)*n" (the group holding no ')'), as Megatron's first regex.
bool unrollGroups(std::string& s, std::string& error)
{
    std::string out;
    for (size_t i = 0; i < s.size();) {
        if (s[i] == '(') {
            const size_t close = s.find(')', i + 1);
            if (close != std::string::npos && close > i + 1 && close + 1 < s.size() && s[close + 1] == '*') {
                size_t at = close + 2;
                if (const std::optional<size_t> n = countAt(s, at)) {
                    const std::string group = s.substr(i + 1, close - i - 1);
                    if (out.size() + group.size() * *n > kLongestUnrolled) {
                        error = "the layout unrolls to more than a million characters";
                        return false;
                    }
                    for (size_t k = 0; k < *n; ++k)
                        out += group;
                    i = at;
                    continue;
                }
            }
        }
        out += s[i++];
    }
    s = std::move(out);
    return true;
}

// One left-to-right pass of "x*n", as Megatron's second regex.
bool unrollCharacters(std::string& s, std::string& error)
{
    std::string out;
    for (size_t i = 0; i < s.size();) {
        if (i + 1 < s.size() && s[i + 1] == '*') {
            size_t at = i + 2;
            if (const std::optional<size_t> n = countAt(s, at)) {
                if (out.size() + *n > kLongestUnrolled) {
                    error = "the layout unrolls to more than a million characters";
                    return false;
                }
                out.append(*n, s[i]);
                i = at;
                continue;
            }
        }
        out += s[i++];
    }
    s = std::move(out);
    return true;
}

} // namespace

ParsedPipelineLayout parsePipelineLayout(const std::string& text, int64_t mtpLayers)
{
    ParsedPipelineLayout parsed;
    std::string s;
    for (char c : text)
        if (c != ',' && !std::isspace(static_cast<unsigned char>(c)))
            s += c;
    if (!unrollGroups(s, parsed.error) || !unrollCharacters(s, parsed.error))
        return parsed;
    std::vector<std::string> stages(1);
    for (char c : s) {
        if (c == '|') {
            stages.emplace_back();
            continue;
        }
        if (c != 'E' && c != 't' && c != 'm' && c != 'L') {
            parsed.error = std::string("'") + c
                + "' is not a layer: use E (embedding), t (transformer layer), m (MTP module) and L (loss), stages "
                  "separated by '|', x*n to repeat a layer and (...)*n a group";
            return parsed;
        }
        stages.back() += c;
    }
    std::string flat;
    for (const std::string& stage : stages)
        flat += stage;
    const auto count = [&](char c) { return int64_t(std::count(flat.begin(), flat.end(), c)); };
    if (flat.empty() || flat.front() != 'E' || count('E') != 1) {
        parsed.error = "the embedding (E) must open the first stage, once";
        return parsed;
    }
    if (flat.back() != 'L' || count('L') != 1) {
        parsed.error = "the loss (L) must close the last stage, once";
        return parsed;
    }
    if (count('m') != mtpLayers) {
        parsed.error = "the layout places " + std::to_string(count('m')) + " MTP modules (m) but the model has "
            + std::to_string(mtpLayers);
        return parsed;
    }
    const std::string& last = stages.back();
    if (count('m') > 0 && last.find('m') == std::string::npos) {
        parsed.error = "ParaPlan prices the MTP modules (m) on the last stage, before the loss; move them there";
        return parsed;
    }
    if (last.find('t', last.find('m') == std::string::npos ? last.size() : last.find('m')) != std::string::npos) {
        parsed.error = "transformer layers (t) must come before the MTP modules (m)";
        return parsed;
    }
    for (const std::string& stage : stages)
        parsed.layersPerStage.push_back(int64_t(std::count(stage.begin(), stage.end(), 't')));
    return parsed;
}

std::string formatPipelineLayout(const std::vector<int64_t>& split, int64_t mtpLayers)
{
    if (split.empty())
        return "";
    const std::string tail = std::string(size_t(std::max<int64_t>(mtpLayers, 0)), 'm') + "L";
    if (split.size() == 1)
        return std::string("E").append(layersText(split[0])).append(tail);
    // Every middle piece ends on its separator, a run of alike stages folded into (t*k|)*n.
    std::string out = "E";
    out.append(layersText(split[0])).append("|");
    const size_t last = split.size() - 1;
    for (size_t i = 1; i < last;) {
        size_t end = i + 1;
        while (end < last && split[end] == split[i])
            ++end;
        const size_t run = end - i;
        if (run > 1)
            out.append("(").append(layersText(split[i])).append("|)*").append(std::to_string(run));
        else
            out.append(layersText(split[i])).append("|");
        i = end;
    }
    return out.append(layersText(split[last])).append(tail);
}

} // namespace paraplan
