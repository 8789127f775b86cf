// Prints LayerLab's performance figures beside rlottie and cairo where those are installed.
// Run with `scripts/bench [start|frames|peers|gif|core]` (a release build).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
let groups = ["start", "peers", "frames", "gif", "core"]
let chosen = Array(CommandLine.arguments.dropFirst())
if let bad = chosen.first(where: { !groups.contains($0) }) {
    print("layerlab-bench: unknown group '\(bad)'; choose from \(groups.joined(separator: ", "))")
    exit(2)
}
func wants(_ g: String) -> Bool { chosen.isEmpty || chosen.contains(g) }
print("LayerLab benchmarks (release build; median of repeated runs unless marked)")
if wants("start") { startBenchmarks() }
if wants("peers") { peerBenchmarks() }
if wants("frames") { frameBenchmarks() }
if wants("gif") { gifBenchmark() }
if wants("core") { coreBenchmarks() }
