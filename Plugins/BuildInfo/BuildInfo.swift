import Foundation
import PackagePlugin

/// Writes `Commit.swift` before every build: the commit the sources were checked out at, from
/// `git`, or "unknown" outside a git clone (a source archive) or without git.
///
/// A prebuild command, so a plain `swift build` gets it too; the file lands in the plugin's
/// work folder under .build, never in the tree, and is rewritten only when the commit changes,
/// so an unchanged checkout rebuilds nothing (docs/install.md).
@main
struct BuildInfo: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "generated")
        let script = """
            set -u
            dir=$1 out=$2
            commit=$(git -C "$dir" rev-parse --verify --quiet HEAD 2>/dev/null) || commit=unknown
            case $commit in *[!0-9a-f]*|'') commit=unknown ;; esac
            mkdir -p "$out"
            text="/// Generated before the build by the BuildInfo plugin: the commit built from.
            let buildCommit = \\"$commit\\""
            if [ "$(cat "$out/Commit.swift" 2>/dev/null)" != "$text" ]; then
                printf '%s\\n' "$text" > "$out/Commit.swift.tmp" && mv "$out/Commit.swift.tmp" "$out/Commit.swift"
            fi
            """
        return [.prebuildCommand(displayName: "Recording the commit built from",
                                 executable: URL(fileURLWithPath: "/bin/sh"),
                                 arguments: ["-c", script, "sh", context.package.directoryURL.path, output.path],
                                 outputFilesDirectory: output)]
    }
}
