// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/explore/search.h"
#include "core/spec/scenario.h"
#include "core/spec/uncertainty_bands.h"

// Configurations the model cannot tell apart (within each other's 80 % band with the fastest)
// ranked by what makes a prediction hold on a real cluster, rule by rule:
// 1. a pipeline schedule the framework's release has (one from a fork or a library is one more
//    thing to port and trust; validation's schedule_outside_framework);
// 2. less exposed communication (the least certain part of a step: contention and jitter), alike
//    within 2 % of the fastest step;
// 3. no TP group across nodes (its collectives then ride the network, not NVLink);
// 4. more memory headroom (fragmentation and transient buffers), alike within 5 % of HBM;
// 5. the faster predicted step, alike within a millionth of the fastest step (configurations that
//    only swap dp for cp often price the same but for rounding);
// 6. where none tells them apart, the search's order.
// Each rule splits the entries it has to order into those alike with the best of them and the
// rest, and orders each part by the next rule (the alike) or again by itself (the rest).
namespace paraplan {

inline constexpr double kAlikeCommunicationShare = 0.02; // of the fastest step
inline constexpr double kAlikeHeadroomShare = 0.05;      // of HBM
inline constexpr double kAlikeStepShare = 1e-6;          // of the fastest step

// Attaches every entry's band (core/explore/uncertainty.h; `calibrated`: the search priced with a
// calibration), marks the entries tied with the fastest and ranks them. `search.best` keeps its
// order, fastest first; nothing is tied when the fastest stands alone or has no band.
void rankTiesByRobustness(SearchResult& search, const Scenario& scenario, const UncertaintyBands& bands,
                          bool calibrated);

// The contract's name of a rule ("exposed_communication"); "" for TieRule::None.
[[nodiscard]] const char* toString(TieRule rule);

} // namespace paraplan
