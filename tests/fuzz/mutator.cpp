// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/fuzz/mutator.h"

#include "core/io/json_reader.h"

#include <algorithm>
#include <array>
#include <string_view>

namespace paraplan::fuzz {

namespace {

    // Numbers that break arithmetic (zero, signs, the edges of int32, int64, uint64 and double, what
    // overflows them) and how other tools print a non-number; used in JSON and in text formats alike.
    constexpr std::array<std::string_view, 27> kHostileNumbers = {
        "0",
        "-0",
        "1",
        "-1",
        "0.5",
        "3",
        "1024",
        "2147483648",
        "4294967296",
        "9007199254740993",
        "9223372036854775807",
        "9223372036854775808",
        "-9223372036854775809",
        "18446744073709551616",
        "123456789012345678901234567890",
        "1e-300",
        "1e-320",
        "1e300",
        "-1e300",
        "1e308",
        "1e999",
        "-1e999",
        "NaN",
        "nan",
        "-nan",
        "inf",
        "N/A",
    };

    // JSON values of every other type, and the shapes readers forget: empty, nested, a number as a string.
    constexpr std::array<std::string_view, 13> kHostileJsonValues = {
        "null",
        "true",
        "false",
        R"("")",
        R"("text")",
        R"("any")",
        R"("NaN")",
        R"("1e999")",
        "[]",
        "{}",
        "[1]",
        "[[]]",
        R"({"":0})",
    };

    // Tokens an insertion draws from: JSON's own, and the words of the text formats ParaPlan imports.
    constexpr std::array<std::string_view, 24> kTokens = {
        "{",
        "}",
        "[",
        "]",
        "\"",
        ":",
        ",",
        "\\",
        "\\u0000",
        "\\ud800",
        "\n",
        "\r\n",
        "\t",
        " ",
        "-",
        "e",
        "#",
        "GPU0",
        "NIC0",
        "NV12",
        "SYS",
        "PIX",
        "X",
        "\xff",
    };

    // Deeper than any reader needs, so that recursion without a bound shows.
    const std::string& deepNesting()
    {
        static const std::string text = std::string(20000, '[') + std::string(20000, ']');
        return text;
    }

    std::string_view anyHostileLiteral(std::mt19937_64& random)
    {
        const size_t pick = random() % (kHostileNumbers.size() + kHostileJsonValues.size() + 1);
        if (pick < kHostileNumbers.size())
            return kHostileNumbers[pick];
        if (pick < kHostileNumbers.size() + kHostileJsonValues.size())
            return kHostileJsonValues[pick - kHostileNumbers.size()];
        return deepNesting();
    }

    // A JSON value is replaced by a literal that nlohmann cannot hold (1e999, NaN, 20000 brackets) by
    // writing this marker in its place and substituting the literal in the text.
    constexpr std::string_view kMarker = "@@paraplan-fuzz-literal@@";

    std::string withLiteral(const nlohmann::json& document, std::string_view literal, int indent)
    {
        std::string text = document.dump(indent);
        const std::string quoted = "\"" + std::string(kMarker) + "\"";
        const size_t at = text.find(quoted);
        if (at != std::string::npos)
            text.replace(at, quoted.size(), literal);
        return text;
    }

    constexpr int kMaxCollectedDepth = 64;

    // Every value under `at`, by pointer, the root left out, down to a depth no real file reaches, so
    // that a mutated document cannot exhaust the stack here. Returns false when it stopped there.
    bool collectPaths(const nlohmann::json& value, const nlohmann::json::json_pointer& at,
        std::vector<nlohmann::json::json_pointer>& out, int depth = 0)
    {
        if (depth > kMaxCollectedDepth)
            return false;
        bool whole = true;
        if (value.is_object())
            for (const auto& [key, member] : value.items())
                whole &= collectPaths(member, at / key, out, depth + 1);
        else if (value.is_array())
            for (size_t i = 0; i < value.size(); ++i)
                whole &= collectPaths(value[i], at / i, out, depth + 1);
        if (!at.empty())
            out.push_back(at);
        return whole;
    }

    // Inputs grow by copies; past this they would only slow the run, never reach new code.
    constexpr size_t kMaxInputBytes = 256 * 1024;

} // namespace

Mutator::Mutator(std::vector<std::string> corpus, uint64_t seed)
    : m_corpus(std::move(corpus))
    , m_random(seed)
{
    if (m_corpus.empty())
        m_corpus.emplace_back();
}

std::string Mutator::next()
{
    return mutate(anyCorpusInput());
}

std::string Mutator::mutate(std::string text)
{
    for (size_t edits = 1 + below(6); edits > 0; --edits) {
        switch (below(10)) {
        case 0:
        case 1:
        case 2:
        case 3:
            if (editJsonValue(text))
                break;
            [[fallthrough]];
        case 4:
        case 5:
            editBytes(text);
            break;
        case 6:
        case 7:
            replaceNumber(text);
            break;
        case 8:
            editLines(text);
            break;
        default:
            spliceWithCorpus(text);
        }
        if (text.size() > kMaxInputBytes)
            text.resize(kMaxInputBytes);
    }
    return text;
}

void Mutator::editBytes(std::string& text)
{
    const size_t at = below(text.size() + 1);
    switch (text.empty() ? 2 : below(5)) {
    case 0:
        text[std::min(at, text.size() - 1)] ^= char(1 << below(8));
        break;
    case 1:
        text[std::min(at, text.size() - 1)] = char(m_random());
        break;
    case 2:
        text.insert(at, kTokens[below(kTokens.size())]);
        break;
    case 3:
        text.erase(std::min(at, text.size() - 1), 1 + below(16));
        break;
    default: {
        const size_t from = below(text.size());
        text.insert(at, text.substr(from, 1 + below(64)));
    }
    }
}

void Mutator::editLines(std::string& text)
{
    std::vector<std::string> lines;
    for (size_t begin = 0; begin < text.size();) {
        const size_t end = std::min(text.find('\n', begin), text.size() - 1) + 1;
        lines.push_back(text.substr(begin, end - begin));
        begin = end;
    }
    if (lines.empty())
        return;
    const size_t line = below(lines.size());
    switch (below(4)) {
    case 0:
        lines.erase(lines.begin() + std::ptrdiff_t(line));
        break;
    case 1:
        lines.insert(lines.begin() + std::ptrdiff_t(line), 1 + below(32), lines[line]);
        break;
    case 2:
        std::swap(lines[line], lines[below(lines.size())]);
        break;
    default: // cut mid-line, as a killed writer leaves a file
        lines.resize(line + 1);
        lines.back().resize(below(lines.back().size() + 1));
    }
    text.clear();
    for (const std::string& l : lines)
        text += l;
}

void Mutator::replaceNumber(std::string& text)
{
    auto partOfNumber
        = [](char c) { return (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E'; };
    std::vector<std::pair<size_t, size_t>> numbers; // begin, length
    for (size_t i = 0; i < text.size();) {
        if ((text[i] >= '0' && text[i] <= '9')
            || ((text[i] == '-' || text[i] == '.') && i + 1 < text.size() && text[i + 1] >= '0'
                && text[i + 1] <= '9')) {
            size_t end = i + 1;
            while (end < text.size() && partOfNumber(text[end]))
                ++end;
            numbers.emplace_back(i, end - i);
            i = end;
        } else {
            ++i;
        }
    }
    if (numbers.empty()) {
        editBytes(text);
        return;
    }
    const auto [begin, length] = numbers[below(numbers.size())];
    text.replace(begin, length, kHostileNumbers[below(kHostileNumbers.size())]);
}

void Mutator::spliceWithCorpus(std::string& text)
{
    const std::string& other = anyCorpusInput();
    text = text.substr(0, below(text.size() + 1)) + other.substr(below(other.size() + 1));
}

bool Mutator::editJsonValue(std::string& text)
{
    // Too deep to write back: nlohmann writes recursively (the readers refuse such text unparsed).
    if (io::nestedTooDeepAt(text) != std::string::npos)
        return false;
    nlohmann::json document = nlohmann::json::parse(text, nullptr, false);
    if (document.is_discarded())
        return false;
    std::vector<nlohmann::json::json_pointer> paths;
    const bool shallow = collectPaths(document, nlohmann::json::json_pointer(), paths);
    if (paths.empty())
        return false;
    const nlohmann::json::json_pointer& path = paths[below(paths.size())];
    // Indented, deep nesting would grow as the square of its depth.
    const int indent = shallow && below(2) ? 2 : -1;
    nlohmann::json& parent = document[path.parent_pointer()];
    switch (below(6)) {
    case 0:
    case 1:
        document[path] = kMarker;
        text = withLiteral(document, anyHostileLiteral(m_random), indent);
        return true;
    case 2: // a field or element missing
        if (parent.is_object())
            parent.erase(path.back());
        else
            parent.erase(size_t(std::stoul(path.back())));
        break;
    case 3: // a value of the right vocabulary in the wrong place
        document[path] = nlohmann::json(document[paths[below(paths.size())]]);
        break;
    case 4: // many of a thing: arrays grown, or a field renamed into one the reader does not know
        if (parent.is_array()) {
            const nlohmann::json copy = document[path];
            // No more copies than the input's size allows: the text is cut to it anyway.
            for (size_t copies = 1 + below(std::min<size_t>(256, kMaxInputBytes / text.size())); copies > 0; --copies)
                parent.push_back(copy);
        } else {
            const nlohmann::json value = document[path];
            parent.erase(path.back());
            parent[path.back() + (below(2) ? "s" : "_")] = value;
        }
        break;
    default: // the right value one level too deep
        document[path] = nlohmann::json::array({ document[path] });
    }
    text = document.dump(indent);
    return true;
}

std::vector<std::string> everyHostileVariant(const nlohmann::json& base)
{
    std::vector<nlohmann::json::json_pointer> paths;
    collectPaths(base, nlohmann::json::json_pointer(), paths);
    std::vector<std::string> variants;
    for (const auto& path : paths) {
        nlohmann::json marked = base;
        marked[path] = kMarker;
        for (std::string_view literal : kHostileNumbers)
            variants.push_back(withLiteral(marked, literal, -1));
        for (std::string_view literal : kHostileJsonValues)
            variants.push_back(withLiteral(marked, literal, -1));
    }
    return variants;
}

} // namespace paraplan::fuzz
