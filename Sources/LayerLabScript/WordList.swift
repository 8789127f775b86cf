/// Words joined by a separator, for the lists the command table builds at every start
/// (`ascii|blocks|braille`, `.png, .gif, …`).
///
/// Not `joined(separator:)`: the standard library does not specialise it, and its first call
/// in a process has the Swift runtime look up an associated type by name, searching every
/// conformance record in the binary (0.17 M instructions, about 2 % of `layerlab show`).
/// Elsewhere (help, messages) `joined` is fine.
func wordList(_ words: some Sequence<String>, separator: String) -> String {
    var text = "", first = true
    for w in words {
        if !first { text += separator }
        text += w
        first = false
    }
    return text
}
