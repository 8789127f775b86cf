/// What the running binary was built from, for `layerlab --version`.
///
/// `buildCommit` is written into the build folder before each build by the BuildInfo plugin
/// (Plugins/BuildInfo): a constant, so reading it costs nothing at start-up.
public enum BuildInfo {
    /// The full commit hash the sources were at, or "unknown" (no git, or not a clone).
    public static let commit: String = buildCommit
}
