// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/model_spec.h"

// The reference a token budget is held against: Chinchilla's compute-optimal point, about 20
// training tokens per parameter (Hoffmann et al., Training Compute-Optimal Large Language Models,
// arXiv:2203.15556, 2022: their Table 3 puts 70B at 1.4T tokens, 67B at 1.5T). The run's own budget
// is tokenBudget() (core/spec/scenario.h): train_tokens, or a data set's tokens times its epochs.
namespace paraplan {

inline constexpr double kChinchillaTokensPerParameter = 20;

struct ChinchillaPoint {
    double parameters = 0; // those the fit counts: all of a dense model's, a MoE's active ones
    double tokens = 0;
    double trainingFlops = 0; // 6 · parameters · tokens
    // Chinchilla's fit is of dense models: for a mixture of experts the point counts the
    // parameters each token meets, an approximation the paper does not test.
    bool dense = true;
};

[[nodiscard]] ChinchillaPoint chinchillaPoint(const ModelSpec& model);

// The budget over the compute-optimal tokens (1: on the point; above: the model is over-trained,
// as Llama 3 8B's 15T tokens are about 94x).
[[nodiscard]] double tokensOverChinchilla(double tokens, const ModelSpec& model);

} // namespace paraplan
