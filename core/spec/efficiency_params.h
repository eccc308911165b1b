// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <array>

// The few physical constants of the efficiency model, fitted to published, measured runs with
// `paraplan-cli fit` (BENCHMARKS.md, "Accuracy", gives the commands and the scores):
// - the GPU and network constants on shared/validation/calibration_cases.json (SC21, Korthikanti
//   et al. 2022, Megatron-LM on H100: large models, where they dominate);
// - the framework overheads on vTrain's single-node runs (small models, the only published runs
//   where they matter), alternating the two fits until neither moves.
// vTrain's multi-node runs stay unseen by both. A calibration profile (docs/calibration.md) replaces
// the GEMM and collective figures they shape with ones measured on the user's machines.
namespace paraplan {

struct EfficiencyParams {
    // Fraction of the dense peak a large, well-shaped GEMM sustains (cuBLAS on A100 ~0.8-0.9,
    // H100/H200 ~0.7-0.8 at their boost-clock peaks).
    double gemmCeiling = 0.768;
    // Per-tile prologue/epilogue expressed as extra K: a GEMM with small K cannot amortise it.
    double gemmTileOverheadK = 256;
    // Attention kernels relative to the GEMM ceiling (fitted on runs from the unfused-softmax era
    // as well as FlashAttention ones, hence low).
    double attentionEfficiency = 0.30;
    // Fraction of HBM bandwidth that streaming (elementwise, optimizer) kernels reach.
    double hbmEfficiency = 0.60;
    // Fixed GPU cost of each modelled kernel, including the small ones around it the model does
    // not list (bias, casts, copies).
    double kernelOverheadS = 20e-6;
    // Framework (Python, dispatcher, launch) time to issue one transformer layer's forward kernels;
    // when the GPU runs them faster than that, it waits for the host.
    double hostLayerOverheadS = 0.89e-3;
    // Framework time per micro-batch on each stage beyond its layers (data, schedule, loss).
    double hostMicroBatchOverheadS = 0.89e-3;
    // NCCL bus bandwidth reached over a link, as a fraction of its per-direction bandwidth.
    double ncclIntraNodeEfficiency = 0.85;
    double ncclInterNodeEfficiency = 0.95;
    // Fixed cost of launching one collective beyond its link latency.
    double collectiveOverheadS = 0;
    // How much slower compute runs while overlapped communication runs beside it: NCCL's kernels
    // occupy SMs (one per channel: 16-24 of an H100's 132, NCCL 2.2x tuning.cc) and both share
    // HBM. Hidden communication costs this fraction of the time it overlaps.
    double overlapSlowdown = 0;
    // Per-step framework cost outside the pipeline (loss reduction, grad-norm, scheduler, logging).
    double stepOverheadS = 0.2e-3;
    // Relative standard deviation of one rank's step time about the mean (throttling, OS and network
    // noise): the synchronous step waits for the slowest rank (core/step/stragglers.h).
    double rankJitter = 0;
};

struct EfficiencyParamInfo {
    const char* name;
    double EfficiencyParams::*member;
    double lower;
    double upper;
};

// Every fittable constant with its physically plausible range (the fitter stays inside it).
inline constexpr std::array<EfficiencyParamInfo, 13> kEfficiencyParamInfo{{
    { "gemm_ceiling", &EfficiencyParams::gemmCeiling, 0.4, 0.98 },
    { "gemm_tile_overhead_k", &EfficiencyParams::gemmTileOverheadK, 0, 256 },
    { "attention_efficiency", &EfficiencyParams::attentionEfficiency, 0.3, 1.0 },
    { "hbm_efficiency", &EfficiencyParams::hbmEfficiency, 0.6, 0.95 },
    { "kernel_overhead_s", &EfficiencyParams::kernelOverheadS, 0, 20e-6 },
    { "host_layer_overhead_s", &EfficiencyParams::hostLayerOverheadS, 0, 3e-3 },
    { "host_micro_batch_overhead_s", &EfficiencyParams::hostMicroBatchOverheadS, 0, 20e-3 },
    { "nccl_intra_node_efficiency", &EfficiencyParams::ncclIntraNodeEfficiency, 0.5, 0.85 },
    { "nccl_inter_node_efficiency", &EfficiencyParams::ncclInterNodeEfficiency, 0.5, 0.95 },
    { "collective_overhead_s", &EfficiencyParams::collectiveOverheadS, 0, 100e-6 },
    { "overlap_slowdown", &EfficiencyParams::overlapSlowdown, 0, 0.4 },
    { "step_overhead_s", &EfficiencyParams::stepOverheadS, 0, 0.5 },
    { "rank_jitter", &EfficiencyParams::rankJitter, 0, 0.05 },
}};

} // namespace paraplan
