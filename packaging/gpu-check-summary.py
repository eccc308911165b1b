# SPDX-FileCopyrightText: 2026 ParaPlan developers
# SPDX-License-Identifier: MIT
#
# packaging/gpu-check.sh's verdict: reads what its steps left in WORK, writes SUMMARY (JSON) and
# prints it in words. Exit 0 when every step passed and every target was met, 1 otherwise.
#
#   python3 gpu-check-summary.py WORK BUNDLE_TXT WALL_SECONDS SUMMARY
import json
import os
import sys

GEMM_TARGET_PCT = 5  # the probe's bf16 GEMM rate against the independent reference
CONFIRM_TARGET_PCT = 10  # the calibrated prediction against the measured step

work, bundle_txt, wall_s, summary_path = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
failed = []  # one line per missed step or target: the summary's verdict


def path(name):
    return os.path.join(work, name)


def events(name):
    if not os.path.exists(path(name)):
        return []
    found = []
    for line in open(path(name)):
        try:
            found.append(json.loads(line))
        except ValueError:
            pass  # launcher messages between the events
    return [e for e in found if isinstance(e, dict) and "event" in e]


def first(name, event):
    return next((e for e in events(name) if e["event"] == event), None)


def errors(name):
    return [f"{e.get('code')}: {e.get('message')}" for e in events(name) if e["event"] == "error"]


def pct(value, reference):
    return round(100 * (value / reference - 1), 2)


# Each step as it ran; a probe step that failed says why in its own error event.
probe_output = {"discover": "discover.jsonl", "bench-gemm": "bench-gemm.jsonl", "bench-small": "bench-small.jsonl",
                "confirm": "confirm.jsonl", "confirm-calibrated": "confirm-calibrated.jsonl",
                "overlap": "bench-overlap.jsonl"}
steps = []
for line in open(path("steps.tsv")):
    name, status, seconds, limit = line.rstrip("\n").split("\t")
    started = status != "not-started"
    steps.append({"name": name, "ok": status == "0", "exit": int(status) if started else None,
                  "seconds": int(seconds), "limit_s": int(limit)})
    if not started:
        failed.append(f"{name}: not started, the check's {limit} s were spent")
    elif status != "0":
        why = f"over its {limit} s limit" if status in ("124", "137") else f"exit {status}"
        failed.append("; ".join([f"{name}: {why}"] + errors(probe_output.get(name, ""))))

# The GPU tests: none may fail, and on a GPU machine none may skip.
gpu_tests = {}
for test in ("engine_gpu_test", "engine_probe_gpu_test"):
    if not os.path.exists(path(test + ".json")):
        gpu_tests[test] = None
        continue
    cases = [c for suite in json.load(open(path(test + ".json")))["testsuites"] for c in suite["testsuite"]]
    failing = [f"{c['classname']}.{c['name']}" for c in cases if c.get("failures")]
    skipped = [f"{c['classname']}.{c['name']}" for c in cases if c.get("result") == "SKIPPED"]
    gpu_tests[test] = {"tests": len(cases), "failed": failing, "skipped": skipped}
    if skipped:
        failed.append(f"{test}: {len(skipped)} test(s) skipped on a GPU machine: {', '.join(skipped)}")

discovered = first("discover.jsonl", "result")
device = discovered["devices"][0] if discovered and discovered.get("devices") else {}
gpus = int(open(path("gpus")).read()) if os.path.exists(path("gpus")) else 1

# The probe's GEMM against the independent one: the forward MLP up-projection is the 8192^3 product.
gemm = {"target_pct": GEMM_TARGET_PCT, "met": False}
bench = first("bench-gemm.jsonl", "result")
probe_gemm = next((g for g in (bench or {}).get("gemms", []) if g["name"] == "mlp up"), None)
reference = json.load(open(path("reference-gemm.json"))) if os.path.exists(path("reference-gemm.json")) else None
if probe_gemm and reference and reference.get("tflops"):
    gemm.update({"shape": [probe_gemm["m"], probe_gemm["n"], probe_gemm["k"]], "probe_tflops": probe_gemm["tflops"],
                 "probe_correct": probe_gemm["correct"], "reference": reference,
                 "difference_pct": pct(probe_gemm["tflops"], reference["tflops"])})
    gemm["met"] = abs(gemm["difference_pct"]) <= GEMM_TARGET_PCT and probe_gemm["correct"]
    if not gemm["met"]:
        failed.append(f"gemm: the probe's {probe_gemm['tflops']:.1f} TFLOP/s is {gemm['difference_pct']:+.1f} % from "
                      f"{reference['tool']}'s {reference['tflops']:.1f} (target within {GEMM_TARGET_PCT} %)"
                      + ("" if probe_gemm["correct"] else "; its result was wrong"))
else:
    failed.append("gemm: not compared (" + ("no probe GEMM rate" if not probe_gemm else "no reference rate") + ")")

# Confirm, uncalibrated (for the record) and calibrated (the target).
confirm = {}
for name, calibrated in (("uncalibrated", False), ("calibrated", True)):
    result = first("confirm-calibrated.jsonl" if calibrated else "confirm.jsonl", "result")
    if not result:
        confirm[name] = None
        if calibrated:
            failed.append("confirm calibrated: no result")
        continue
    measured = result["measured"]["step_s"]
    predicted = result["predicted_without_framework"]["step_s"]
    confirm[name] = {"measured_step_s": measured, "predicted_step_s": predicted, "error_pct": pct(predicted, measured),
                     "calibrated": result["calibrated"]}
    if calibrated:
        confirm[name].update({"target_pct": CONFIRM_TARGET_PCT,
                              "met": result["calibrated"] and abs(pct(predicted, measured)) <= CONFIRM_TARGET_PCT})
        if not confirm[name]["met"]:
            failed.append(f"confirm calibrated: predicted {predicted * 1e3:.2f} ms against {measured * 1e3:.2f} ms "
                          f"measured ({pct(predicted, measured):+.1f} %, target within {CONFIRM_TARGET_PCT} %)"
                          + ("" if result["calibrated"] else "; the calibration profile was not applied"))

overlaps = [e for e in events("bench-overlap.jsonl") if e["event"] == "measurement" and e.get("kind") == "overlap"]
overlap = overlaps[0] if overlaps else {"measured": False, "why": "needs two GPUs" if gpus < 2 else "no measurement"}
if gpus >= 2 and not overlaps:
    failed.append("overlap: the two-rank bench measured no overlap")

manifest = dict(line.rstrip("\n").split("=", 1) for line in open(bundle_txt) if "=" in line)
libraries = dict(line.rstrip("\n").split("\t") for line in open(path("libraries.tsv")))
summary = {"ok": not failed, "failed": failed, "wall_s": wall_s,
           "device": {"name": device.get("name"), "compute_capability": device.get("compute_capability"),
                      "memory_bytes": device.get("memory_bytes"), "gpus": gpus},
           "bundle": manifest, "cuda_libraries": libraries, "steps": steps, "gpu_tests": gpu_tests, "gemm": gemm,
           "confirm": confirm, "overlap": overlap}
with open(summary_path, "w") as out:
    json.dump(summary, out, indent=1)

print(f"device: {device.get('name')} x {gpus}; bundle {manifest.get('commit')}; {wall_s} s")
for test, counts in gpu_tests.items():
    print(f"{test}: " + (f"{counts['tests']} tests, {len(counts['failed'])} failed, {len(counts['skipped'])} skipped"
                         if counts else "did not run"))
if "probe_tflops" in gemm:
    print(f"bf16 GEMM {'x'.join(f'{d:.0f}' for d in gemm['shape'])}: probe {gemm['probe_tflops']:.1f} TFLOP/s, "
          f"{reference['tool']} {reference['tflops']:.1f}, {gemm['difference_pct']:+.1f} % (target within {GEMM_TARGET_PCT} %)")
for name, c in confirm.items():
    if c:
        print(f"confirm {name}: measured {c['measured_step_s'] * 1e3:.2f} ms, predicted {c['predicted_step_s'] * 1e3:.2f} ms, "
              f"{c['error_pct']:+.1f} %" + (f" (target within {CONFIRM_TARGET_PCT} %)" if name == "calibrated" else ""))
if overlaps:
    print(f"overlap: {overlap['m']:.0f}^3 GEMM {overlap['gemm_alone_s'] * 1e3:.2f} ms alone, slowdown {overlap['slowdown']:+.3f} "
          f"beside {overlap['queued']} x {overlap['bytes'] / 2**20:.0f} MiB {overlap['collective']} on {overlap['ranks']} ranks "
          f"(the model's constant: {overlap['predicted_slowdown']:.3f})")
else:
    print(f"overlap: not measured ({overlap['why']})")
print("PASSED: every step and target" if not failed else "FAILED:\n  " + "\n  ".join(failed))
sys.exit(0 if not failed else 1)
