extension Color {
    /// CSS named colours, used for names UIKit does not define. Filled in by the script work.
    static let cssNames: [String: Color] = [:]
}
