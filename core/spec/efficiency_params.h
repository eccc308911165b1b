// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <array>

// The few physical constants of the efficiency model. Each has a physical range and a prior
// (kEfficiencyParamInfo); the defaults are one joint `paraplan-cli fit` over every case file in
// tests/data/validation (each source weighing the same, each constant pulled towards its prior),
// and `validate --cross-validate` scores them on sources left out (BENCHMARKS.md, "Accuracy").
// A calibration profile (docs/calibration.md) replaces the GEMM and collective figures they shape
// with ones measured on the user's machines.
namespace paraplan {

struct EfficiencyParams {
    // Fraction of the dense peak a large, well-shaped GEMM sustains (cuBLAS on A100 ~0.8-0.9,
    // H100/H200 ~0.7-0.8 at their boost-clock peaks).
    double gemmCeiling = 0.749;
    // Per-tile prologue/epilogue expressed as extra K: a GEMM with small K cannot amortise it.
    double gemmTileOverheadK = 59.6;
    // Attention kernels relative to the GEMM ceiling. The fit puts it well below FlashAttention's
    // published rates (prior 0.5): attention's share of time in the runs is overstated or its
    // kernels are slower in the frameworks than in isolation (BENCHMARKS.md, "Accuracy").
    double attentionEfficiency = 0.312;
    // Fraction of HBM bandwidth that streaming (elementwise, optimizer) kernels reach.
    double hbmEfficiency = 0.790;
    // Fixed GPU cost of each modelled kernel, including the small ones around it the model does
    // not list (bias, casts, copies).
    double kernelOverheadS = 6.73e-6;
    // Framework (Python, dispatcher, launch) time to issue one transformer layer's forward kernels;
    // when the GPU runs them faster than that, it waits for the host.
    double hostLayerOverheadS = 0.779e-3;
    // Framework time per micro-batch on each stage beyond its layers (data, schedule, loss).
    double hostMicroBatchOverheadS = 1.03e-3;
    // NCCL bus bandwidth reached over a link, as a fraction of its per-direction bandwidth.
    double ncclIntraNodeEfficiency = 0.798;
    double ncclInterNodeEfficiency = 0.918;
    // Fixed cost of launching one collective beyond its link latency.
    double collectiveOverheadS = 9.4e-6;
    // How much slower compute runs while overlapped communication runs beside it: NCCL's kernels
    // occupy SMs (one per channel: 16-24 of an H100's 132, NCCL 2.2x tuning.cc) and both share
    // HBM. Hidden communication costs this fraction of the time it overlaps.
    double overlapSlowdown = 0.160;
    // Per-step framework cost outside the pipeline (loss reduction, grad-norm, scheduler, logging).
    double stepOverheadS = 17.6e-3;
    // Relative standard deviation of one rank's step time about the mean (throttling, OS and network
    // noise): the synchronous step waits for the slowest rank (core/step/stragglers.h).
    double rankJitter = 0.0145;
};

// A constant, the physically possible range the fitter keeps it in, and what is known of it before
// any fit (docs/cost-model.md, "Efficiency constants", gives each source): the fit pays for every
// standard deviation it moves a constant from its prior, so data that cannot tell a constant
// apart leave it where physics puts it.
struct EfficiencyParamInfo {
    const char* name;
    double EfficiencyParams::*member;
    double lower;
    double upper;
    double prior;
    double priorSpread; // one standard deviation
};

inline constexpr std::array<EfficiencyParamInfo, 13> kEfficiencyParamInfo{{
    { "gemm_ceiling", &EfficiencyParams::gemmCeiling, 0.4, 0.98, 0.78, 0.05 },
    { "gemm_tile_overhead_k", &EfficiencyParams::gemmTileOverheadK, 0, 1024, 64, 64 },
    { "attention_efficiency", &EfficiencyParams::attentionEfficiency, 0.1, 1.0, 0.5, 0.2 },
    { "hbm_efficiency", &EfficiencyParams::hbmEfficiency, 0.3, 0.95, 0.8, 0.1 },
    { "kernel_overhead_s", &EfficiencyParams::kernelOverheadS, 0, 50e-6, 8e-6, 6e-6 },
    { "host_layer_overhead_s", &EfficiencyParams::hostLayerOverheadS, 0, 3e-3, 0.6e-3, 0.3e-3 },
    { "host_micro_batch_overhead_s", &EfficiencyParams::hostMicroBatchOverheadS, 0, 20e-3, 1e-3, 1e-3 },
    { "nccl_intra_node_efficiency", &EfficiencyParams::ncclIntraNodeEfficiency, 0.4, 0.95, 0.8, 0.05 },
    { "nccl_inter_node_efficiency", &EfficiencyParams::ncclInterNodeEfficiency, 0.4, 0.98, 0.92, 0.04 },
    { "collective_overhead_s", &EfficiencyParams::collectiveOverheadS, 0, 100e-6, 10e-6, 10e-6 },
    { "overlap_slowdown", &EfficiencyParams::overlapSlowdown, 0, 0.5, 0.15, 0.1 },
    { "step_overhead_s", &EfficiencyParams::stepOverheadS, 0, 0.5, 0.02, 0.05 },
    { "rank_jitter", &EfficiencyParams::rankJitter, 0, 0.05, 0.01, 0.01 },
}};

// How much the fit pays per squared standard deviation a constant sits from its prior, in units of
// mean absolute percentage error: a constant moves one standard deviation only when that buys the
// fit 0.2 points of error.
inline constexpr double kPriorWeight = 0.002;

} // namespace paraplan
