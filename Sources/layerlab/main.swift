// The `layerlab` executable: everything lives in LayerLabTerminal's CLI dispatch table.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayerLabTerminal

exit(CLI.main(CommandLine.arguments))
