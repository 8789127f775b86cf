/// What one fuzzed input may cost, so a target runs hundreds of inputs a second: a hang or a
/// blow-up is then the program's, not the size of the input. Within these bounds every
/// command and every exporter still runs (their own limits are part of what is fuzzed).
package enum FuzzBounds {
    /// Lines of a script handled per input (the rest are ignored).
    package static let lines = 200
    /// The frame drawn per input.
    package static let width = 48
    package static let height = 36
}
