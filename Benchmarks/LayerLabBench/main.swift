// Prints LayerLab's performance figures. Run with `scripts/bench [core|frames]` (a release build).
let only = CommandLine.arguments.dropFirst().first
print("LayerLab benchmarks (median of repeated runs, release build)")
if only == nil || only == "core" { coreBenchmarks() }
if only == nil || only == "frames" { frameBenchmarks() }
