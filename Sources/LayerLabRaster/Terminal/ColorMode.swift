/// How many colours frames use: 24-bit, the 256-colour palette, or none.
package enum ColorMode: String, Hashable, Sendable, CaseIterable {
    case truecolor
    case ansi256
    case none

    /// The `color=` choice of `show`, `frames` and the command line.
    package enum Choice: String, Hashable, Sendable, CaseIterable {
        case auto, always, never
    }

    /// The colour mode for an environment: `never`, `NO_COLOR` (any value)
    /// or `TERM=dumb` give none; `COLORTERM=truecolor|24bit` gives 24-bit; otherwise 256.
    /// `always` ignores `NO_COLOR`, `TERM=dumb` and `isTerminal`; `auto` gives none when the
    /// output is not a terminal.
    package static func resolve(_ choice: Choice, environment env: [String: String],
                               isTerminal: Bool = true) -> ColorMode {
        let colorterm = (env["COLORTERM"] ?? "").lowercased()
        let deep: ColorMode = colorterm == "truecolor" || colorterm == "24bit" ? .truecolor : .ansi256
        switch choice {
        case .never: return .none
        case .always: return deep
        case .auto:
            if env["NO_COLOR"] != nil || env["TERM"] == "dumb" || !isTerminal { return .none }
            return deep
        }
    }
}
