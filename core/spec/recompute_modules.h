// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <array>
#include <cstdint>
#include <string>

// What selective recomputation checkpoints in each layer: Megatron-Core's --recompute-modules
// (megatron/core/transformer/transformer_config.py @ d98e8a64, `recompute_modules`; the layer's
// use of them in transformer_layer.py). core_attn, mlp, moe and shared_experts checkpoint a whole
// submodule and keep its input; moe_act, layernorm and mla_up_proj discard one output and replay
// the kernel that made it in the backward. What each saves and costs: docs/cost-model.md,
// "Selective recomputation".
namespace paraplan {

enum class RecomputeModule : uint8_t {
    CoreAttn,      // the attention core (scores, softmax, weighted values)
    MlaUpProj,     // MLA's up projections and RoPE: the per-head queries, keys and values
    MoeAct,        // the routed experts' activation function: the down GEMM's input
    Layernorm,     // the norms that are modules of their own (MLA's input norm, a MoE layer's pre-MLP norm)
    Mlp,           // a dense layer's whole MLP
    Moe,           // a MoE layer's whole MLP: router, dispatch, experts, combine (the token movement again)
    SharedExperts, // a MoE layer's shared experts
};

inline constexpr std::array<RecomputeModule, 7> kRecomputeModules = {
    RecomputeModule::CoreAttn, RecomputeModule::MlaUpProj,     RecomputeModule::MoeAct, RecomputeModule::Layernorm,
    RecomputeModule::Mlp,      RecomputeModule::SharedExperts, RecomputeModule::Moe,
};

// Megatron's name ("core_attn", "mla_up_proj", ...).
[[nodiscard]] const char* toString(RecomputeModule module);

// A set of modules; Megatron's default is core_attn alone.
class RecomputeModules {
public:
    constexpr RecomputeModules() = default;
    [[nodiscard]] static constexpr RecomputeModules none() { return RecomputeModules(0); }

    [[nodiscard]] constexpr bool has(RecomputeModule module) const { return (m_bits & bit(module)) != 0; }
    [[nodiscard]] constexpr RecomputeModules with(RecomputeModule module) const
    {
        return RecomputeModules(uint8_t(m_bits | bit(module)));
    }
    [[nodiscard]] constexpr bool empty() const { return m_bits == 0; }
    [[nodiscard]] constexpr bool isDefault() const { return *this == RecomputeModules(); }

    constexpr bool operator==(const RecomputeModules&) const = default;
    constexpr auto operator<=>(const RecomputeModules&) const = default;

private:
    constexpr explicit RecomputeModules(uint8_t bits) : m_bits(bits) {}
    [[nodiscard]] static constexpr uint8_t bit(RecomputeModule module) { return uint8_t(1u << unsigned(module)); }

    uint8_t m_bits = bit(RecomputeModule::CoreAttn);
};

// The set's names in kRecomputeModules' order, joined by ", " ("mla_up_proj, moe_act").
[[nodiscard]] std::string moduleList(RecomputeModules modules);

} // namespace paraplan
