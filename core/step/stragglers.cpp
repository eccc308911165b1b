// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/step/stragglers.h"

#include <cmath>
#include <iterator>
#include <numbers>

namespace paraplan {

double normalQuantile(double p)
{
    // Acklam (2003): rational approximations on the central region and the two tails.
    static constexpr double a[] = { -3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                                    1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00 };
    static constexpr double b[] = { -5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                                    6.680131188771972e+01,  -1.328068155288572e+01 };
    static constexpr double c[] = { -7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                                    -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00 };
    static constexpr double d[] = { 7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                                    3.754408661907416e+00 };
    constexpr double low = 0.02425;
    double x;
    if (p < low) {
        const double q = std::sqrt(-2 * std::log(p));
        x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
            / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    } else if (p <= 1 - low) {
        const double q = p - 0.5, r = q * q;
        x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
            / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
    } else {
        const double q = std::sqrt(-2 * std::log(1 - p));
        x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
            / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
    // One Halley step against the exact distribution function.
    const double e = 0.5 * std::erfc(-x / std::numbers::sqrt2) - p;
    const double u = e * std::sqrt(2 * std::numbers::pi) * std::exp(x * x / 2);
    return x - u / (1 + x * u / 2);
}

double expectedMaxOfNormals(int64_t n)
{
    // Exact values for few ranks, where Blom's approximation is up to 4 % off (integrated
    // numerically: n times the integral of x phi(x) Phi(x)^(n-1)); beyond, it is within 0.5 %.
    static constexpr double kExact[] = { 0, 0, 0.564190, 0.846284, 1.029375, 1.162964, 1.267206, 1.352178, 1.423600,
                                         1.485013, 1.538753, 1.586436, 1.629228, 1.667990, 1.703382, 1.735913, 1.765991 };
    if (n < 2)
        return 0;
    if (n < int64_t(std::size(kExact)))
        return kExact[n];
    // A search asks for the same n for every configuration it bounds.
    thread_local int64_t lastN = 0;
    thread_local double lastValue = 0;
    if (n != lastN) {
        lastValue = normalQuantile((double(n) - 0.375) / (double(n) + 0.25));
        lastN = n;
    }
    return lastValue;
}

} // namespace paraplan
