// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <nlohmann/json.hpp>

#include <random>
#include <string>
#include <vector>

// Hostile input for the JSON readers' robustness tests: text with random edits, and documents with
// a hostile value in each place. A reader must read each or refuse it with a ReadError.
namespace paraplan::test {

// `text` with one to four random edits (a character replaced, up to eight erased, one inserted),
// drawn from JSON's own characters and a byte that is no UTF-8; never empty.
inline std::string mutatedText(std::string text, std::mt19937& random)
{
    const std::string alphabet = "{}[]\":,0123456789.-+eE truefalsnul\\\xff";
    for (int edits = 1 + int(random() % 4); edits > 0; --edits) {
        const size_t at = random() % text.size();
        switch (random() % 3) {
        case 0:
            text[at] = alphabet[random() % alphabet.size()];
            break;
        case 1:
            text.erase(at, 1 + random() % 8);
            break;
        default:
            text.insert(at, 1, alphabet[random() % alphabet.size()]);
        }
        if (text.empty())
            text.push_back('{');
    }
    return text;
}

// Every value in the JSON, by pointer (the root left out).
inline void collectPaths(const nlohmann::json& j, const nlohmann::json::json_pointer& at,
                         std::vector<nlohmann::json::json_pointer>& out)
{
    if (j.is_object())
        for (const auto& [key, value] : j.items())
            collectPaths(value, at / key, out);
    else if (j.is_array())
        for (size_t i = 0; i < j.size(); ++i)
            collectPaths(j[i], at / i, out);
    if (!at.empty())
        out.push_back(at);
}

// `base` with each of its values in turn replaced by each hostile value (wrong types, signs,
// magnitudes and a regime name out of place), as text for `read`.
template<typename Read>
void readEveryHostileVariant(const nlohmann::json& base, Read read)
{
    const nlohmann::json hostile[] = { nullptr, true, -1, 0, 1e-300, 1e300, -1e300, 9223372036854775807LL, 0.5, "text",
                                       "any", nlohmann::json::array(), nlohmann::json::object(),
                                       nlohmann::json::array({ 1 }) };
    std::vector<nlohmann::json::json_pointer> paths;
    collectPaths(base, nlohmann::json::json_pointer(), paths);
    for (const auto& path : paths)
        for (const nlohmann::json& value : hostile) {
            nlohmann::json mutated = base;
            mutated[path] = value;
            read(mutated.dump());
        }
}

} // namespace paraplan::test
