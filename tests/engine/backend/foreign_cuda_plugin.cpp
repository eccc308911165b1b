// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// A cuda backend plugin from another build, as an older package would leave one: the loader must
// refuse it before calling anything but its build string (cuda_plugin_test.cpp).
extern "C" {

__attribute__((visibility("default"))) const char* paraplan_cuda_backend_build()
{
    return "ParaPlan 0.0.1, another compiler";
}

__attribute__((visibility("default"))) void* paraplan_make_cuda_backend(const void*) { return nullptr; }

} // extern "C"
