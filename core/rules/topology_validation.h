// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/rules/validation_checker.h"
#include "core/spec/scenario.h"

// The rules for `cluster.topology` and `parallel.placement` (docs/topology.md), part of
// validateScenario(): a topology whose GPUs cannot reach each other or a NIC, or a rank table that
// is not a permutation of the GPUs, cannot be priced.
namespace paraplan::validation {

// False when the topology has errors (the rest of the cluster's rules then say nothing more).
bool checkTopology(Checker& c, const ClusterSpec& cluster);
// Needs valid degrees: the rank table must place tp·pp·dp·cp ranks on as many distinct GPUs.
void checkPlacement(Checker& c, const Scenario& scenario);

} // namespace paraplan::validation
