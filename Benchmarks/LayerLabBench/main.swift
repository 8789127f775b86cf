// Prints LayerLab's performance figures. Run with `scripts/bench` (a release build).
print("LayerLab benchmarks (median of repeated runs, release build)")
coreBenchmarks()
frameBenchmarks()
