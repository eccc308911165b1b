// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

// Strict reading of JSON objects: every field is looked up by name with its expected type, and
// whatever the reader never asked for is an unknown field. Every failure names the JSON path.
namespace paraplan::io {

// A read failure: where (JSON path, or "line L, column C" for syntax) and what to change.
class ReadError : public std::runtime_error {
public:
    // what() is "path: message" with control characters other than line breaks and tabs written
    // as \u00XX: a key or value quoted from a hostile file may hold a NUL, which would end the C
    // string there, or escapes that rewrite the terminal. path() and message() keep them as read.
    ReadError(std::string path, std::string message);
    [[nodiscard]] const std::string& path() const { return m_path; }
    [[nodiscard]] const std::string& message() const { return m_message; }

private:
    std::string m_path;
    std::string m_message;
};

// Throws the ReadError of the plain-text importers (nvidia-smi, nccl-tests): at "line N" of the file.
[[noreturn]] void failAtLine(int line, const std::string& message);

// Parses text into JSON; syntax errors become a ReadError naming line and column, and so does
// nesting deeper than kMaxJsonNesting.
[[nodiscard]] nlohmann::json parseJson(const std::string& text);

// Arrays and objects nested deeper than this are refused before parsing: nlohmann writes, compares
// and destroys values recursively, so a line of a million '[' would overflow the stack. ParaPlan's
// deepest files (a topology in a cluster in a scenario in a project) nest about ten levels.
inline constexpr int kMaxJsonNesting = 64;
// The byte of `text` that opens an array or object beyond kMaxJsonNesting levels, or npos.
[[nodiscard]] size_t nestedTooDeepAt(std::string_view text);
// Throws a ReadError at `where` when `text` nests too deep (nestedTooDeepAt), for the readers that
// parse JSON lines or values of their own.
void requireJsonNestingWithinLimit(std::string_view text, const std::string& where);

// Whether `text` is UTF-8, as every JSON string must be: the importers of plain-text tool output
// check the names they pass on to JSON (nlohmann throws when it writes anything else).
[[nodiscard]] bool isUtf8(std::string_view text);

class ObjectReader {
public:
    // `path` is the object's own JSON path ("" for the document root).
    ObjectReader(const nlohmann::json& value, std::string path);
    // The reader keeps a reference to the object: a temporary would die under it.
    ObjectReader(const nlohmann::json&& value, std::string path) = delete;

    [[nodiscard]] bool has(const char* key);
    [[nodiscard]] std::optional<int64_t> integer(const char* key);
    [[nodiscard]] std::optional<double> number(const char* key);
    [[nodiscard]] std::optional<bool> boolean(const char* key);
    [[nodiscard]] std::optional<std::string> string(const char* key);
    // One of `allowed`, as its index in the list.
    [[nodiscard]] std::optional<size_t> choice(const char* key, std::initializer_list<const char*> allowed);
    [[nodiscard]] std::optional<size_t> choice(const char* key, std::span<const char* const> allowed);
    // An array of strings, each one of `allowed`, as their indices.
    [[nodiscard]] std::optional<std::vector<size_t>> choiceList(const char* key, std::span<const char* const> allowed);
    [[nodiscard]] std::optional<std::vector<int64_t>> integerList(const char* key);
    [[nodiscard]] std::optional<std::vector<double>> numberList(const char* key);
    [[nodiscard]] std::optional<ObjectReader> object(const char* key);
    // An array of objects, each read strictly; paths name the element ("cluster.topology.nodes[2]").
    [[nodiscard]] std::optional<std::vector<ObjectReader>> objectList(const char* key);
    // The raw value, for fields that take more than one shape; nullptr when absent.
    [[nodiscard]] const nlohmann::json* raw(const char* key);

    [[nodiscard]] std::string pathOf(const char* key) const;
    [[noreturn]] void fail(const char* key, const std::string& message) const;

    // Throws for the first field the reader never asked for, suggesting the closest known name.
    void rejectUnknownFields() const;

private:
    const nlohmann::json* lookup(const char* key);

    const nlohmann::json& m_value;
    std::string m_path;
    std::vector<std::string> m_known;
};

[[nodiscard]] const char* typeName(const nlohmann::json& value);
[[nodiscard]] int64_t asInteger(const nlohmann::json& value, const std::string& path);

} // namespace paraplan::io
