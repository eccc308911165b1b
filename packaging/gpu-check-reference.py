# SPDX-FileCopyrightText: 2026 ParaPlan developers
# SPDX-License-Identifier: MIT
#
# packaging/gpu-check.sh's independent GEMM rate where PyTorch has CUDA: torch.matmul on random
# bf16 operands at 8192^3 (random, since constant data lets the GPU hold higher clocks), 5 untimed
# runs, then the median of 20 each between CUDA events. Writes one JSON object to argv[1].
import json
import sys

import torch

N = 8192
a = torch.randn(N, N, device="cuda", dtype=torch.bfloat16)
b = torch.randn(N, N, device="cuda", dtype=torch.bfloat16)
for _ in range(5):
    torch.matmul(a, b)
times = []
for _ in range(20):
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    torch.matmul(a, b)
    end.record()
    torch.cuda.synchronize()
    times.append(start.elapsed_time(end) / 1e3)
median = sorted(times)[len(times) // 2]
with open(sys.argv[1], "w") as out:
    json.dump({"tool": f"torch {torch.__version__} matmul", "device": torch.cuda.get_device_name(),
               "median_s": median, "tflops": 2 * N**3 / median / 1e12}, out)
