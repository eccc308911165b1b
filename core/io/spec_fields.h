// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/io/json_reader.h"
#include "core/spec/scenario.h"

// Reading the field groups that scenarios and the catalog share: a field present in the JSON
// overrides the value already in the spec (a preset's, or the default), an absent one leaves it.
namespace paraplan::io {

void readModelFields(ObjectReader& in, ModelSpec& model);
void readGpuFields(ObjectReader& in, GpuSpec& gpu);
void readLinkFields(ObjectReader& in, LinkSpec& link);

// Throws naming `path` unless `present`: for fields that have no default without a preset.
void require(bool present, const ObjectReader& in, const char* key, const char* hint);

} // namespace paraplan::io
