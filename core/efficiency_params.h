// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <array>

// The few physical constants of the efficiency model. Defaults are fitted on the published runs of
// shared/validation/calibration_cases.json with `paraplan-cli fit` (see BENCHMARKS.md, "Accuracy");
// an engine calibration profile may replace them with measured values.
namespace paraplan {

struct EfficiencyParams {
    // Fraction of the dense peak a large, well-shaped GEMM sustains (cuBLAS on A100 ~0.8-0.9,
    // H100/H200 ~0.7-0.8 at their boost-clock peaks).
    double gemmCeiling = 0.752;
    // Per-tile prologue/epilogue expressed as extra K: a GEMM with small K cannot amortise it.
    double gemmTileOverheadK = 236;
    // Fused attention kernels relative to the GEMM ceiling.
    double attentionEfficiency = 0.302;
    // Fraction of HBM bandwidth that streaming (elementwise, optimizer) kernels reach.
    double hbmEfficiency = 0.616;
    // Fixed GPU cost of one kernel (launch, ramp-up, tail).
    double kernelOverheadS = 4e-6;
    // Framework (Python, dispatcher, launch) time to issue one transformer layer's forward kernels;
    // when the GPU runs them faster than that, it waits for the host.
    double hostLayerOverheadS = 600e-6;
    // NCCL bus bandwidth reached over a link, as a fraction of its per-direction bandwidth.
    double ncclIntraNodeEfficiency = 0.846;
    double ncclInterNodeEfficiency = 0.95;
    // Fixed cost of launching one collective (NCCL kernel launch, proxy, handshake).
    double collectiveOverheadS = 0.3e-6;
    // Per-step framework cost outside the pipeline (loss reduction, grad-norm, scheduler, logging).
    double stepOverheadS = 44e-3;
};

struct EfficiencyParamInfo {
    const char* name;
    double EfficiencyParams::*member;
    double lower;
    double upper;
};

// Every fittable constant with its physically plausible range (the fitter stays inside it).
inline constexpr std::array<EfficiencyParamInfo, 10> kEfficiencyParamInfo{{
    { "gemm_ceiling", &EfficiencyParams::gemmCeiling, 0.4, 0.98 },
    { "gemm_tile_overhead_k", &EfficiencyParams::gemmTileOverheadK, 0, 256 },
    { "attention_efficiency", &EfficiencyParams::attentionEfficiency, 0.3, 1.0 },
    { "hbm_efficiency", &EfficiencyParams::hbmEfficiency, 0.6, 0.95 },
    { "kernel_overhead_s", &EfficiencyParams::kernelOverheadS, 0, 20e-6 },
    { "host_layer_overhead_s", &EfficiencyParams::hostLayerOverheadS, 0, 3e-3 },
    { "nccl_intra_node_efficiency", &EfficiencyParams::ncclIntraNodeEfficiency, 0.5, 0.85 },
    { "nccl_inter_node_efficiency", &EfficiencyParams::ncclInterNodeEfficiency, 0.5, 0.95 },
    { "collective_overhead_s", &EfficiencyParams::collectiveOverheadS, 0, 100e-6 },
    { "step_overhead_s", &EfficiencyParams::stepOverheadS, 0, 0.5 },
}};

} // namespace paraplan
