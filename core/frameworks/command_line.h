// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

// Shell command lines and launch scripts split into words as bash would, for the readers of
// Megatron-LM and Megatron-DeepSpeed launches (docs/frameworks/megatron.md).
namespace paraplan::frameworks {

} // namespace paraplan::frameworks
