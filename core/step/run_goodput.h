// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <optional>

// The whole run as a team commits to it: its step times, failures, checkpoints and restarts. Plain
// figures that front ends attach to a Result (core/run/goodput.h computes them; docs/goodput.md).
namespace paraplan {

struct RunGoodput {
    double failuresPerGpuHour = 0; // the rate the job was priced at
    double mtbfS = 0;              // the job's mean time between interruptions: 1 / (rate · GPUs)
    double checkpointBytes = 0;    // what one checkpoint holds (weights and optimizer states)
    double checkpointWriteS = 0;   // the checkpoint written to storage
    double checkpointBlockingS = 0; // of which the training waits (all of it unless asynchronous)
    bool asyncCheckpoint = false;
    double checkpointIntervalS = 0;      // whole steps between checkpoints
    int64_t checkpointIntervalSteps = 0;
    bool intervalGiven = false;          // the scenario's, not the optimal one
    double youngIntervalS = 0;           // Young 1974, first order
    double dalyIntervalS = 0;            // Daly 2006, higher order
    double restartS = 0;                 // detection and restart, and the checkpoint read back
    double lostWorkPerFailureS = 0;      // the work since the last durable checkpoint, on average
    double fraction = 0;                 // useful training time over wall-clock time
    // The fraction at the lowest and highest published fleet failure rate (the rate's spread), the
    // step held: what the failure rate alone leaves uncertain.
    double fractionLow = 0, fractionHigh = 0;
    double effectiveTokensPerS = 0;      // tokens/s over the wall clock, failures included
    // With a token budget (training.train_tokens, or dataset_tokens · epochs): wall-clock time to
    // train through failures, checkpoints and restarts, the interruptions expected on the way, and
    // with a price, the cost. None where the fraction is 0 (interrupted faster than it can save).
    std::optional<double> trainTokens;
    std::optional<double> timeToTrainS;
    std::optional<double> expectedFailures;
    std::optional<double> costUsd;
};

} // namespace paraplan
