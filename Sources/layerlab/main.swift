// The `layerlab` executable: everything lives in LayerLabTerminal's CLI dispatch table.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayerLabTerminal

#if canImport(Glibc)
import CSystem

// Memory a run frees stays with it, up to 32 MB: by default the C library hands the top of the
// heap back after every large free and gives buffers of 128 KB or more (a 200 px frame's
// surfaces) pages of their own, so drawing one frame mapped, zeroed and unmapped the same pages
// several times over (docs/start-up.md, "Memory kept").
_ = mallopt(M_TRIM_THRESHOLD, 32 << 20)
_ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
#endif
exit(CLI.main(CommandLine.arguments))
