// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/spec/scenario.h"
#include "core/step/result.h"

// Goodput: the share of the wall clock that trains, once interruptions, checkpoints and restarts
// are paid (docs/goodput.md). Failures arrive at random (exponential, rate 1/M); a checkpoint
// taken every τ of work costs δ of blocking time; a failure costs the restart R and the work since
// the last durable checkpoint. Daly's complete model gives the expected wall clock per unit of work
// (J. T. Daly, A higher order estimate of the optimum checkpoint interval for restart dumps,
// Future Generation Computer Systems 22(3), 2006):
//     T_wall / T_work = M · e^{R/M} · (e^{(τ+δ)/M} − 1) / τ.
namespace paraplan {

// Young's first-order optimum interval, √(2δM) (J. W. Young, A first order approximation to the
// optimum checkpoint interval, Communications of the ACM 17(9), 1974).
[[nodiscard]] double youngInterval(double checkpointS, double mtbfS);

// Daly's higher-order optimum, √(2δM)·[1 + ⅓√(δ/2M) + ⅑(δ/2M)] − δ for δ < 2M, else M.
[[nodiscard]] double dalyInterval(double checkpointS, double mtbfS);

// The useful share of the wall clock at interval τ, checkpoint δ, restart R and MTBF M (Daly's
// model above, its inverse); 0 where the exponent leaves double's range (the job never finishes).
// Without failures (M infinite or 0 rate) it is τ / (τ + δ).
[[nodiscard]] double goodputFraction(double intervalS, double checkpointS, double restartS, double mtbfS);

// The run's goodput for a valid result of `scenario`: rate and restart from the cluster (or the
// published defaults), the checkpoint from its size and the storage, the interval the scenario
// gives or Daly's, in whole steps. Asynchronous checkpoints block for the copy off the GPUs; their
// write time is lost too when a failure comes during it, so it counts with the restart.
[[nodiscard]] RunGoodput goodputOf(const Scenario& scenario, const Result& result);

// The wall clock to train's band: the step's 80 % band (Result::uncertainty) with the goodput at
// the rarest and the most frequent published failure rates (its fraction band): the fastest step
// at the rarest failures, the slowest at the most frequent. None without both, or a budget.
struct TimeToTrainBand {
    double lowS = 0, highS = 0;
};
[[nodiscard]] std::optional<TimeToTrainBand> timeToTrainBand(const Result& result);

} // namespace paraplan
