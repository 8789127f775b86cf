// Prints LayerLab's performance figures beside rlottie and cairo where those are installed.
// Run with `scripts/bench [--check] [start|frames|peers|gif|core|lottie|bake|circle|shape|many|pixels|play]` (a release build).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
// `circle` and `shape` are the two halves of `peers`, `many` the 1,000-layer part of `frames`,
// for focused runs.
let groups = ["start", "peers", "frames", "gif", "core", "circle", "shape", "many", "pixels", "play", "lottie", "bake"]
// `--check` makes a missed target an error (exit status 1), so a change can be held to them.
let check = CommandLine.arguments.dropFirst().contains("--check")
let chosen = CommandLine.arguments.dropFirst().filter { $0 != "--check" }
if let bad = chosen.first(where: { !groups.contains($0) }) {
    print("layerlab-bench: unknown group '\(bad)'; choose from \(groups.joined(separator: ", "))")
    exit(2)
}
func wants(_ g: String) -> Bool { chosen.isEmpty || chosen.contains(g) }
print("LayerLab benchmarks (release build; median of repeated runs unless marked)")
if wants("start") { startBenchmarks() }
if wants("peers") { peerBenchmarks() }
if chosen.contains("circle") { circleBenchmarks() }
if chosen.contains("shape") { shapeBenchmarks() }
if wants("frames") { frameBenchmarks() }
if chosen.contains("many") { manyLayersBenchmarks() }
if wants("gif") { gifBenchmark() }
if wants("core") { coreBenchmarks() }
if wants("lottie") { lottieBenchmarks() }
if wants("bake") { bakeBenchmarks() }
if wants("pixels") { pixelBenchmarks() }
if wants("play") { playBenchmarks() }

if check {
    print("")
    if missedTargets.isEmpty {
        print("check: every target met")
    } else {
        print("check: \(missedTargets.count) target\(missedTargets.count == 1 ? "" : "s") NOT met: \(missedTargets.joined(separator: "; "))")
        exit(1)
    }
}
