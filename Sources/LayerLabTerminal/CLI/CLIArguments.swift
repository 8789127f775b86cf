import LayerLabScript

/// What a subcommand takes, as data: the shell completions and the manual page are written
/// from it (`ShellCompletion`, `ManPage`), so a subcommand or option added to the table appears
/// in both with no further edit.
package struct CLIArguments: Sendable {
    /// The words that are not options, in order (`FILE`, then `OUT` for export).
    package var operands: [CLIOperand]
    package var options: [CLIOption]

    package init(operands: [CLIOperand], options: [CLIOption]) {
        self.operands = operands; self.options = options
    }

    /// The options that take a value (`--at T`), whose next word is not an operand.
    package var valueOptions: [CLIOption] { options.filter { $0.value != nil } }
}

/// One `--option`, with or without a value.
package struct CLIOption: Sendable {
    /// Every spelling, long first: `["--help", "-h"]`.
    package var names: [String]
    /// The value's placeholder (`T`, `COLSxROWS`), or nil for a flag.
    package var value: String?
    /// What may be typed as the value.
    package var values: CLIValues
    package var meaning: String
    /// What holds when the option is not given, for the manual.
    package var defaultValue: String?

    package init(_ names: [String], value: String? = nil, values: CLIValues = .text, meaning: String,
                default defaultValue: String? = nil) {
        self.names = names; self.value = value; self.values = values; self.meaning = meaning
        self.defaultValue = defaultValue
    }

    package var name: String { names[0] }
}

/// A word that is not an option: `FILE`, `OUT`, `LAYER.KEYPATH`.
package struct CLIOperand: Sendable {
    package var placeholder: String
    package var values: CLIValues
    /// Given any number of times (`run FILE...`).
    package var repeats: Bool = false
    /// May be left out (`layerlab [FILE]`).
    package var optional: Bool = false

    package init(_ placeholder: String, _ values: CLIValues, repeats: Bool = false, optional: Bool = false) {
        self.placeholder = placeholder; self.values = values; self.repeats = repeats; self.optional = optional
    }

    /// `FILE...`, `[FILE]`.
    package var synopsis: String {
        let word = placeholder + (repeats ? "..." : "")
        return optional ? "[\(word)]" : word
    }
}

/// What a shell offers for a word.
package enum CLIValues: Sendable, Equatable {
    /// Free text (a time, a layer name): nothing to offer.
    case text
    /// One of a closed set.
    case words([String])
    /// Files with one of these extensions (any file when empty), and folders to reach them.
    case files([String])
    /// Folders.
    case folders

    /// The closed set of a placeholder such as `ascii|blocks|braille`; a file or folder for
    /// `FILE`/`FOLDER`; else free text.
    init(placeholder: String) {
        if placeholder.contains("|") {
            self = .words(placeholder.split(separator: "|").map(String.init))
        } else if placeholder == "FILE" {
            self = .files([])
        } else if placeholder == "FOLDER" {
            self = .folders
        } else {
            self = .text
        }
    }
}

/// The files LayerLab reads and writes, by extension.
package enum DocumentFiles {
    /// What `layerlab FILE`, `run`, `load` and the file subcommands open: scripts, then projects.
    package static let inputExtensions = ["lab", "json", "lottie"]
    /// What `export` writes, one extension a format.
    package static var exportExtensions: [String] {
        var seen: [String] = []
        for f in ExportRequest.Format.allCases where !seen.contains(f.fileExtension) { seen.append(f.fileExtension) }
        return seen
    }
}
