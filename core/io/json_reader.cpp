// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/io/json_reader.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace paraplan::io {

namespace {

// The index of `text` among `allowed`, or a ReadError at `path` that lists them.
size_t indexOfChoice(const std::string& text, std::span<const char* const> allowed, const std::string& path)
{
    std::string list;
    for (size_t index = 0; index < allowed.size(); ++index) {
        if (text == allowed[index])
            return index;
        list += (index == 0 ? "" : ", ") + std::string("\"") + allowed[index] + "\"";
    }
    throw ReadError(path, "\"" + text + "\" is not one of " + list);
}

std::string withVisibleControlCharacters(std::string_view text)
{
    static constexpr char kHex[] = "0123456789abcdef";
    std::string visible;
    visible.reserve(text.size());
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if ((byte < 0x20 && c != '\n' && c != '\t') || byte == 0x7f)
            visible += std::string("\\u00") + kHex[byte >> 4] + kHex[byte & 0xf];
        else
            visible += c;
    }
    return visible;
}

} // namespace

ReadError::ReadError(std::string path, std::string message)
    : std::runtime_error(withVisibleControlCharacters(path) + ": " + withVisibleControlCharacters(message))
    , m_path(std::move(path))
    , m_message(std::move(message))
{
}

void failAtLine(int line, const std::string& message)
{
    throw ReadError("line " + std::to_string(line), message);
}

namespace {

// Levenshtein distance, for "did you mean" suggestions on misspelt field names.
size_t editDistance(const std::string& a, const std::string& b)
{
    std::vector<size_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        size_t diagonal = row[0];
        row[0] = i;
        for (size_t j = 1; j <= b.size(); ++j) {
            const size_t above = row[j];
            row[j] = std::min({ row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1) });
            diagonal = above;
        }
    }
    return row[b.size()];
}

std::string lineAndColumn(const std::string& text, size_t byte)
{
    size_t line = 1, column = 1;
    for (size_t i = 0; i < byte && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

} // namespace

size_t nestedTooDeepAt(std::string_view text)
{
    int depth = 0;
    bool inString = false, escaped = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > kMaxJsonNesting)
                return i;
        } else if (c == ']' || c == '}') {
            depth = std::max(depth - 1, 0); // a stray closer is the parser's to report
        }
    }
    return std::string_view::npos;
}

namespace {
std::string tooDeepMessage()
{
    return "arrays and objects nested more than " + std::to_string(kMaxJsonNesting)
        + " levels deep; no ParaPlan file nests so deep (is it some other program's data?)";
}
} // namespace

void requireJsonNestingWithinLimit(std::string_view text, const std::string& where)
{
    if (nestedTooDeepAt(text) != std::string_view::npos)
        throw ReadError(where, tooDeepMessage());
}

nlohmann::json parseJson(const std::string& text)
{
    if (const size_t at = nestedTooDeepAt(text); at != std::string::npos)
        throw ReadError(lineAndColumn(text, at), tooDeepMessage());
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        std::string what = e.what();
        // nlohmann's text is "[json.exception.parse_error.101] parse error at line 1, column 5: ..."
        const size_t colon = what.find(": ", what.find("column"));
        const std::string detail = colon == std::string::npos ? what : what.substr(colon + 2);
        const size_t byte = e.byte > 0 ? e.byte - 1 : 0;
        throw ReadError(lineAndColumn(text, byte), "invalid JSON: " + detail);
    } catch (const nlohmann::json::out_of_range& e) {
        // "number overflow parsing '1e400'": locate the literal to say where it is.
        const std::string what = e.what();
        const size_t open = what.find('\''), close = what.rfind('\'');
        const std::string literal = open != std::string::npos && close > open ? what.substr(open + 1, close - open - 1) : "";
        const size_t at = literal.empty() ? std::string::npos : text.find(literal);
        throw ReadError(at == std::string::npos ? std::string("(document)") : lineAndColumn(text, at),
                        "the number " + literal + " is out of range");
    }
}

bool isUtf8(std::string_view text)
{
    for (size_t i = 0; i < text.size();) {
        const auto byte = [&](size_t at) { return at < text.size() ? uint8_t(text[at]) : uint8_t(0); };
        const uint8_t lead = byte(i);
        // The length of the sequence and the range of its second byte (RFC 3629, section 4): no
        // overlong forms, no surrogates, nothing above U+10FFFF.
        size_t length = 1;
        uint8_t low = 0x80, high = 0xBF;
        if (lead < 0x80)
            length = 1;
        else if (lead >= 0xC2 && lead <= 0xDF)
            length = 2;
        else if (lead >= 0xE0 && lead <= 0xEF) {
            length = 3;
            low = lead == 0xE0 ? 0xA0 : 0x80;
            high = lead == 0xED ? 0x9F : 0xBF;
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            length = 4;
            low = lead == 0xF0 ? 0x90 : 0x80;
            high = lead == 0xF4 ? 0x8F : 0xBF;
        } else
            return false;
        if (length > 1 && (byte(i + 1) < low || byte(i + 1) > high))
            return false;
        for (size_t k = 2; k < length; ++k)
            if (byte(i + k) < 0x80 || byte(i + k) > 0xBF)
                return false;
        i += length;
    }
    return true;
}

const char* typeName(const nlohmann::json& value)
{
    switch (value.type()) {
    case nlohmann::json::value_t::null:
        return "null";
    case nlohmann::json::value_t::object:
        return "an object";
    case nlohmann::json::value_t::array:
        return "an array";
    case nlohmann::json::value_t::string:
        return "a string";
    case nlohmann::json::value_t::boolean:
        return "a boolean";
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned:
        return "an integer";
    case nlohmann::json::value_t::number_float:
        return "a number";
    default:
        return "an unsupported value";
    }
}

int64_t asInteger(const nlohmann::json& value, const std::string& path)
{
    if (value.is_number_unsigned()) {
        if (value.get<uint64_t>() > uint64_t(std::numeric_limits<int64_t>::max()))
            throw ReadError(path, "the integer is too large");
        return int64_t(value.get<uint64_t>());
    }
    if (value.is_number_integer())
        return value.get<int64_t>();
    if (value.is_number_float()) {
        const double d = value.get<double>();
        if (std::isfinite(d) && d == std::floor(d)) {
            if (std::fabs(d) < 9.0e15)
                return int64_t(d);
            throw ReadError(path, "expected an integer of plausible size; " + value.dump() + " is too large");
        }
    }
    throw ReadError(path, std::string("expected an integer, got ") + typeName(value)
                        + (value.is_number() ? " with a fractional part" : ""));
}

ObjectReader::ObjectReader(const nlohmann::json& value, std::string path)
    : m_value(value)
    , m_path(std::move(path))
{
    if (!value.is_object())
        throw ReadError(m_path.empty() ? std::string("(document)") : m_path,
                        std::string("expected an object, got ") + typeName(value));
}

std::string ObjectReader::pathOf(const char* key) const { return m_path.empty() ? key : m_path + "." + key; }

void ObjectReader::fail(const char* key, const std::string& message) const { throw ReadError(pathOf(key), message); }

const nlohmann::json* ObjectReader::lookup(const char* key)
{
    m_known.emplace_back(key);
    const auto it = m_value.find(key);
    return it == m_value.end() ? nullptr : &*it;
}

bool ObjectReader::has(const char* key) { return lookup(key) != nullptr; }

const nlohmann::json* ObjectReader::raw(const char* key) { return lookup(key); }

std::optional<int64_t> ObjectReader::integer(const char* key)
{
    const nlohmann::json* v = lookup(key);
    if (!v)
        return std::nullopt;
    return asInteger(*v, pathOf(key));
}

std::optional<double> ObjectReader::number(const char* key)
{
    const nlohmann::json* v = lookup(key);
    if (!v)
        return std::nullopt;
    if (!v->is_number())
        fail(key, std::string("expected a number, got ") + typeName(*v));
    const double d = v->get<double>();
    if (!std::isfinite(d))
        fail(key, "the number is out of range");
    return d;
}

std::optional<bool> ObjectReader::boolean(const char* key)
{
    const nlohmann::json* v = lookup(key);
    if (!v)
        return std::nullopt;
    if (!v->is_boolean())
        fail(key, std::string("expected true or false, got ") + typeName(*v));
    return v->get<bool>();
}

std::optional<std::string> ObjectReader::string(const char* key)
{
    const nlohmann::json* v = lookup(key);
    if (!v)
        return std::nullopt;
    if (!v->is_string())
        fail(key, std::string("expected a string, got ") + typeName(*v));
    return v->get<std::string>();
}

std::optional<size_t> ObjectReader::choice(const char* key, std::initializer_list<const char*> allowed)
{
    return choice(key, std::span<const char* const>(allowed.begin(), allowed.size()));
}

std::optional<size_t> ObjectReader::choice(const char* key, std::span<const char* const> allowed)
{
    const std::optional<std::string> text = string(key);
    if (!text)
        return std::nullopt;
    return indexOfChoice(*text, allowed, pathOf(key));
}

std::optional<std::vector<size_t>> ObjectReader::choiceList(const char* key, std::span<const char* const> allowed)
{
    const nlohmann::json* v = lookup(key);
    if (!v)
        return std::nullopt;
    if (!v->is_array())
        fail(key, std::string("expected an array of strings, got ") + typeName(*v));
    std::vector<size_t> values;
    values.reserve(v->size());
    for (size_t i = 0; i < v->size(); ++i) {
        const nlohmann::json& item = (*v)[i];
        const std::string path = pathOf(key) + "[" + std::to_string(i) + "]";
        if (!item.is_string())
            throw ReadError(path, std::string("expected a string, got ") + typeName(item));
        values.push_back(indexOfChoice(item.get<std::string>(), allowed, path));
    }
    return values;
}

std::optional<std::vector<int64_t>> ObjectReader::integerList(const char* key)
{
    const nlohmann::json* v = lookup(key);
    if (!v)
        return std::nullopt;
    if (!v->is_array())
        fail(key, std::string("expected an array of integers, got ") + typeName(*v));
    std::vector<int64_t> values;
    values.reserve(v->size());
    for (size_t i = 0; i < v->size(); ++i)
        values.push_back(asInteger((*v)[i], pathOf(key) + "[" + std::to_string(i) + "]"));
    return values;
}

std::optional<std::vector<double>> ObjectReader::numberList(const char* key)
{
    const nlohmann::json* v = lookup(key);
    if (!v)
        return std::nullopt;
    if (!v->is_array())
        fail(key, std::string("expected an array of numbers, got ") + typeName(*v));
    std::vector<double> values;
    values.reserve(v->size());
    for (size_t i = 0; i < v->size(); ++i) {
        const nlohmann::json& item = (*v)[i];
        const std::string path = pathOf(key) + "[" + std::to_string(i) + "]";
        if (!item.is_number())
            throw ReadError(path, std::string("expected a number, got ") + typeName(item));
        if (!std::isfinite(item.get<double>()))
            throw ReadError(path, "the number is out of range");
        values.push_back(item.get<double>());
    }
    return values;
}

std::optional<ObjectReader> ObjectReader::object(const char* key)
{
    const nlohmann::json* v = lookup(key);
    if (!v)
        return std::nullopt;
    return ObjectReader(*v, pathOf(key));
}

std::optional<std::vector<ObjectReader>> ObjectReader::objectList(const char* key)
{
    const nlohmann::json* v = lookup(key);
    if (!v)
        return std::nullopt;
    if (!v->is_array())
        fail(key, std::string("expected an array of objects, got ") + typeName(*v));
    std::vector<ObjectReader> items;
    items.reserve(v->size());
    for (size_t i = 0; i < v->size(); ++i)
        items.emplace_back((*v)[i], pathOf(key) + "[" + std::to_string(i) + "]");
    return items;
}

void ObjectReader::rejectUnknownFields() const
{
    for (const auto& [key, value] : m_value.items()) {
        if (std::find(m_known.begin(), m_known.end(), key) != m_known.end())
            continue;
        std::string closest;
        size_t best = 4; // suggest only near misses
        for (const std::string& known : m_known) {
            const size_t d = editDistance(key, known);
            if (d < best) {
                best = d;
                closest = known;
            }
        }
        std::string message = "unknown field";
        if (!closest.empty())
            message += "; did you mean \"" + closest + "\"?";
        else if (m_known.empty())
            message += "; this object takes no fields";
        else {
            std::vector<std::string> names = m_known;
            std::sort(names.begin(), names.end());
            names.erase(std::unique(names.begin(), names.end()), names.end());
            message += "; known fields here: ";
            for (size_t i = 0; i < names.size(); ++i)
                message += (i ? ", " : "") + names[i];
        }
        throw ReadError(m_path.empty() ? key : m_path + "." + key, message);
    }
}

} // namespace paraplan::io
