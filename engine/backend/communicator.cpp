// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "engine/backend/communicator.h"

namespace paraplan::engine {

size_t elementBytes(DataType type) { return type == DataType::Fp32 ? 4 : 2; }

const char* toString(DataType type)
{
    switch (type) {
    case DataType::Fp32:
        return "fp32";
    case DataType::Bf16:
        return "bf16";
    case DataType::Fp16:
        return "fp16";
    }
    return "fp32";
}

} // namespace paraplan::engine
