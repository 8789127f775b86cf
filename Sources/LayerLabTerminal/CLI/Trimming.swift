/// Trimming without Foundation's `CharacterSet`, so start-up does not load the
/// internationalisation libraries for it.
extension StringProtocol {
    /// The text without leading and trailing blanks: spaces, tabs and other space separators
    /// (not newlines), as `trimmingCharacters(in: .whitespaces)` trims.
    var trimmingBlanks: String {
        func blank(_ c: Character) -> Bool {
            c == " " || c == "\t" || (c.unicodeScalars.count == 1 && c.unicodeScalars.first!.properties.generalCategory == .spaceSeparator)
        }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else { return "" }
        return String(self[first...last])
    }
}
