// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/spec/units.h"

#include <gtest/gtest.h>

using namespace paraplan;

TEST(Units, MemoryIsBinaryBandwidthAndComputeDecimal)
{
    EXPECT_DOUBLE_EQ(gibToBytes(1), 1073741824.0);
    EXPECT_DOUBLE_EQ(bytesToGib(gibToBytes(80)), 80);
    EXPECT_DOUBLE_EQ(kBytesPerMiB * 1024, kBytesPerGiB);
    EXPECT_DOUBLE_EQ(GBpsToBytesPerS(450), 450e9); // NVLink 4 per direction, as quoted
    EXPECT_DOUBLE_EQ(bytesPerSToGBps(25e9), 25);   // HDR InfiniBand, 200 Gb/s
    EXPECT_DOUBLE_EQ(tflopsToFlopsPerS(989.4), 989.4e12);
    EXPECT_DOUBLE_EQ(flopsPerSToTflops(312e12), 312);
    EXPECT_DOUBLE_EQ(usToSeconds(8), 8e-6);
    EXPECT_DOUBLE_EQ(secondsToUs(2.5e-6), 2.5);
}
