// swift-tools-version:6.0
import PackageDescription
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Release builds on Linux are one static, position-dependent executable: the Swift runtime,
/// FoundationEssentials, libstdc++, libedit, libpng and giflib all linked in (see README,
/// Performance). The loader then maps no shared library and applies no relocation, which is
/// most of what a short command such as `layerlab --version` used to spend. Static archives do
/// not name what they need, so FoundationEssentials' C shims and collections and the libraries
/// under libedit (terminfo, libbsd, libmd) and libpng (zlib) are named here.
///
/// Linked with lld (the toolchain's own): the default gold prints glibc's notes on account
/// look-ups and `dlopen` in static programs for the Swift runtime's and Foundation's archives,
/// which LayerLab cannot change; lld keeps the release build's output clean.
///
/// The functions a typical run calls are laid out side by side at the start of the code
/// (`Linker/layerlab.order`, written by `scripts/order-code`; every module is compiled with a
/// section per function, below, so each can be placed alone). A short process then maps the
/// executable's pages from a few places instead of from all over its 18 MB of code, which is
/// most of what the kernel spends on it (docs/start-up.md, "Code laid out by use").
let orderFile = String(#filePath.dropLast("Package.swift".count)) + "Linker/layerlab.order"
let staticExecutable: [LinkerSetting] = [
    .unsafeFlags(["-static-executable", "-use-ld=lld",
                  "-Xlinker", "--symbol-ordering-file=\(orderFile)", "-Xlinker", "--no-warn-symbol-ordering"],
                 .when(platforms: [.linux], configuration: .release)),
] + ["_FoundationCShims", "_FoundationCollections", "swiftSynchronization", "tinfo", "bsd", "md", "z"].map {
    .linkedLibrary($0, .when(platforms: [.linux], configuration: .release))
}

/// Generic types such as `[Layer]` reach their runtime metadata through the type's accessor
/// function rather than by demangling its name: the first use of each of the ~140 such types a
/// script touches then costs a table lookup instead of a demangle and a search of the binary's
/// records (docs/start-up.md; `show` 12.97 M -> 11.25 M instructions, the same bytes out).
/// Release builds only: the flag is a frontend option outside the supported set, so debug
/// builds (and the test suite, which builds in debug) are kept working without it.
///
/// A section per function (release): the linker can then drop the functions nothing calls and
/// place the ones a run calls together (`orderFile`).
let swiftSettings: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors",
                  "-Xfrontend", "-function-sections"],
                 .when(configuration: .release)),
]

let package = Package(
    name: "LayerLab",
    products: [
        .executable(name: "layerlab", targets: ["layerlab"]),
    ],
    targets: [
        // C libraries from Debian, through system-library targets.
        .systemLibrary(name: "CEditLine", path: "Sources/CEditLine", pkgConfig: "libedit",
                       providers: [.apt(["libedit-dev"])]),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CGIF", path: "Sources/CGIF", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CJPEG", path: "Sources/CJPEG", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // glibc functions the Glibc module leaves out (mallopt, renameat2).
        .systemLibrary(name: "CSystem", path: "Sources/CSystem"),
        // Numeric kernels for the rasterizer's inner loops: unchecked conversions, a pixel blend.
        // An ordinary C target (not a system library), so an edit to its header rebuilds its callers.
        .target(name: "CNumeric", path: "Sources/CNumeric"),

        // The pure core: document, values, paths, timing, evaluation, undo. No I/O.
        .target(name: "LayerLabCore", dependencies: ["CNumeric"], swiftSettings: swiftSettings),
        // Pure rasterizer and terminal frame encoders.
        .target(name: "LayerLabRaster", dependencies: ["LayerLabCore", "CNumeric"], swiftSettings: swiftSettings),
        // JSON project format (Data in, Data out).
        .target(name: "LayerLabProject", dependencies: ["LayerLabCore"], swiftSettings: swiftSettings),
        // Lottie JSON in: a typed model of the format and its conversion to a Document (pure).
        .target(name: "LayerLabLottie", dependencies: ["LayerLabCore", "LayerLabProject"], swiftSettings: swiftSettings),
        // Lottie JSON (written through LayerLabLottie's typed model), Swift (QuartzCore) source
        // and asciinema casts: pure, Data/String out.
        .target(name: "LayerLabExport", dependencies: ["LayerLabCore", "LayerLabRaster", "LayerLabLottie"],
                swiftSettings: swiftSettings),
        // Zip archives and dotLottie files: the central directory read in Swift, zlib's inflate.
        .target(name: "LayerLabArchive", dependencies: ["LayerLabCore", "CZlib"], swiftSettings: swiftSettings),
        // The command language: lexer, parser, session, diagnostics, help.
        .target(name: "LayerLabScript", dependencies: ["LayerLabCore", "LayerLabRaster"], swiftSettings: swiftSettings),
        // The commit the binary is built from, written before each build (Plugins/BuildInfo).
        .target(name: "LayerLabBuildInfo", plugins: ["BuildInfo"]),
        .plugin(name: "BuildInfo", capability: .buildTool()),
        // Everything that touches files, terminals, clocks and C libraries.
        .target(name: "LayerLabTerminal",
                dependencies: ["LayerLabCore", "LayerLabRaster", "LayerLabScript", "LayerLabProject",
                               "LayerLabExport", "LayerLabLottie", "LayerLabBuildInfo", "LayerLabArchive",
                               "CEditLine", "CPNG", "CGIF", "CJPEG", "CZlib", "CSystem"],
                swiftSettings: swiftSettings),
        // Release builds are a static executable: start-up maps and relocates nothing
        // (README, Performance).
        .executableTarget(name: "layerlab", dependencies: ["LayerLabTerminal", "CSystem"], swiftSettings: swiftSettings,
                         linkerSettings: staticExecutable),
        // Benchmarks printed by scripts/bench (never timed tests).
        .executableTarget(name: "layerlab-bench",
                          dependencies: ["LayerLabCore", "LayerLabRaster", "LayerLabScript", "LayerLabExport", "LayerLabLottie",
                                         "PeerLibraries"],
                          path: "Benchmarks/LayerLabBench"),
        // rlottie and cairo opened at run time (dlopen), for the benchmarks and agreement tests.
        .target(name: "PeerLibraries", path: "Benchmarks/PeerLibraries"),

        // Shared by the test targets: golden files, a seeded random generator, property samples.
        .target(name: "TestSupport", dependencies: ["LayerLabCore"], path: "Tests/TestSupport"),
        .testTarget(name: "LayerLabCoreTests", dependencies: ["LayerLabCore", "TestSupport"]),
        .testTarget(name: "LayerLabRasterTests", dependencies: ["LayerLabRaster", "LayerLabScript", "TestSupport", "PeerLibraries"],
                    exclude: ["__Goldens__"]),
        .testTarget(name: "LayerLabScriptTests", dependencies: ["LayerLabScript", "TestSupport"]),
        .testTarget(name: "LayerLabProjectTests", dependencies: ["LayerLabProject", "LayerLabScript", "TestSupport"],
                    exclude: ["__Goldens__"]),
        .testTarget(name: "LayerLabTerminalTests", dependencies: ["LayerLabTerminal", "CGIF", "CPNG", "CZlib", "TestSupport"]),
        .testTarget(name: "LayerLabArchiveTests", dependencies: ["LayerLabArchive"]),
        .testTarget(name: "LayerLabExportTests", dependencies: ["LayerLabExport", "LayerLabScript", "LayerLabLottie", "TestSupport"]),
        .testTarget(name: "LayerLabLottieTests",
                    dependencies: ["LayerLabLottie", "LayerLabCore", "LayerLabProject", "LayerLabScript", "LayerLabExport"]),
        .testTarget(name: "LottiePlayerTests",
                    dependencies: ["LayerLabExport", "LayerLabScript", "LayerLabRaster", "LayerLabCore", "LayerLabTerminal", "LayerLabLottie",
                                   "PeerLibraries"]),
        .testTarget(name: "ExamplesTests",
                    dependencies: ["LayerLabScript", "LayerLabCore", "LayerLabRaster", "LayerLabTerminal", "TestSupport", "CZlib"],
                    exclude: ["__Goldens__"]),
    ]
)

// libFuzzer targets (docs/fuzzing.md), declared only when scripts/fuzz asks for them
// (LAYERLAB_FUZZ=1), so `swift build` and the tests never build them.
if getenv("LAYERLAB_FUZZ") != nil {
    // lld: gold fails on the libFuzzer runtime's main beside SwiftPM's renamed one.
    let link: [LinkerSetting] = [.unsafeFlags(["-use-ld=lld"])]
    package.targets += [
        .target(name: "FuzzSupport", path: "Fuzz/FuzzSupport"),
        .target(name: "FuzzSession", dependencies: ["LayerLabScript"], path: "Fuzz/FuzzSession"),
        .executableTarget(name: "FuzzScript",
                          dependencies: ["FuzzSupport", "FuzzSession", "LayerLabScript", "LayerLabProject", "LayerLabCore", "LayerLabRaster"],
                          path: "Fuzz/FuzzScript", linkerSettings: link),
        .executableTarget(name: "FuzzProject", dependencies: ["FuzzSupport", "LayerLabProject", "LayerLabCore"],
                          path: "Fuzz/FuzzProject", linkerSettings: link),
        .executableTarget(name: "FuzzSVG", dependencies: ["FuzzSupport", "LayerLabCore"],
                          path: "Fuzz/FuzzSVG", linkerSettings: link),
        .executableTarget(name: "FuzzLottie",
                          dependencies: ["FuzzSupport", "LayerLabLottie", "LayerLabArchive", "LayerLabRaster", "LayerLabCore"],
                          path: "Fuzz/FuzzLottie", linkerSettings: link),
    ]
    package.targets += [
        .executableTarget(name: "FuzzExport",
                          dependencies: ["FuzzSupport", "FuzzSession", "LayerLabScript", "LayerLabExport", "LayerLabRaster", "LayerLabCore"],
                          path: "Fuzz/FuzzExport", linkerSettings: link),
    ]
    package.products += ["FuzzScript", "FuzzProject", "FuzzSVG", "FuzzLottie"].map { .executable(name: $0, targets: [$0]) }
    package.products += [.executable(name: "FuzzExport", targets: ["FuzzExport"])]
}
