/// What the running binary is and was built from, for `layerlab --version`.
///
/// `buildCommit` is written into the build folder before each build by the BuildInfo plugin
/// (Plugins/BuildInfo). Everything here is a constant the optimizer folds: `versionLine` is one
/// string in the binary, so `--version` builds nothing at run time.
package enum BuildInfo {
    /// LayerLab's version.
    package static let version = "0.1.0"
    /// The full commit hash the sources were at, or "unknown" (no git, or not a clone).
    package static let commit: String = buildCommit
    /// What `layerlab --version` prints: `layerlab 0.1.0 (commit 0123abc…)`.
    package static let versionLine = "layerlab \(version) (commit \(buildCommit))"
}
