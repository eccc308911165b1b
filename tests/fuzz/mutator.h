// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

// Hostile input for every reader's robustness checks: the fuzz targets' runner (corpus_runner.cpp)
// and the readers' own unit tests draw their mutations from here, so there is one list of what
// "hostile" means.
namespace paraplan::fuzz {

// Inputs made from a corpus by random edits, reproducible from the seed. Each input is a corpus
// file with one to six edits stacked: bytes flipped, inserted, erased or copied; a splice with
// another corpus file; lines deleted, repeated or swapped (the text formats); a number replaced by
// a hostile literal (0, -1, 1e308, 1e999, NaN, 2^63, ...); and, where the text is JSON, a value
// replaced by a hostile one, removed, copied beside itself or buried in deep nesting.
class Mutator {
public:
    // `corpus` must hold at least one input.
    Mutator(std::vector<std::string> corpus, uint64_t seed);

    [[nodiscard]] std::string next();
    [[nodiscard]] std::string mutate(std::string text);

private:
    [[nodiscard]] size_t below(size_t n) { return n == 0 ? 0 : size_t(m_random() % n); }
    [[nodiscard]] const std::string& anyCorpusInput() { return m_corpus[below(m_corpus.size())]; }

    void editBytes(std::string& text);
    void editLines(std::string& text);
    void replaceNumber(std::string& text);
    void spliceWithCorpus(std::string& text);
    // False when `text` is not JSON (the caller then edits it as text).
    [[nodiscard]] bool editJsonValue(std::string& text);

    std::vector<std::string> m_corpus;
    std::mt19937_64 m_random;
};

// `base` (a JSON document) with each of its values in turn replaced by each hostile value, as text:
// the exhaustive counterpart of Mutator's JSON edits for a reader's unit test.
[[nodiscard]] std::vector<std::string> everyHostileVariant(const nlohmann::json& base);

} // namespace paraplan::fuzz
