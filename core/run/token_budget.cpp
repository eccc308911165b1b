// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/run/token_budget.h"

#include "core/model/model_shape.h"

namespace paraplan {

ChinchillaPoint chinchillaPoint(const ModelSpec& model)
{
    ChinchillaPoint p;
    p.dense = model.moe.experts == 0;
    p.parameters = p.dense ? totalParameters(model) : activeParameters(model);
    p.tokens = kChinchillaTokensPerParameter * p.parameters;
    p.trainingFlops = 6 * p.parameters * p.tokens;
    return p;
}

double tokensOverChinchilla(double tokens, const ModelSpec& model)
{
    const double optimal = chinchillaPoint(model).tokens;
    return optimal > 0 ? tokens / optimal : 0;
}

} // namespace paraplan
