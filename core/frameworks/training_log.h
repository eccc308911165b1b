// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

// Training logs read as measurements (docs/frameworks/logs.md): Megatron-LM's iteration lines,
// torchtitan's metrics lines and DeepSpeed's throughput prints.
namespace paraplan::frameworks {

} // namespace paraplan::frameworks
