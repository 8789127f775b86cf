/// The escape sequences the front end uses (ECMA-48 and common private modes).
public enum Escape {
    public static let alternateScreenOn = "\u{1B}[?1049h"
    public static let alternateScreenOff = "\u{1B}[?1049l"
    public static let hideCursor = "\u{1B}[?25l"
    public static let showCursor = "\u{1B}[?25h"
    /// Synchronized output (mode 2026): the terminal shows the frame only when it is complete.
    public static let beginSynchronized = "\u{1B}[?2026h"
    public static let endSynchronized = "\u{1B}[?2026l"
    public static let clearScreen = "\u{1B}[2J"
    public static let clearLine = "\u{1B}[2K"
    public static let reset = "\u{1B}[0m"
    public static let dim = "\u{1B}[2m"
    public static let bold = "\u{1B}[1m"
    /// DECSC/DECRC: an image protocol may leave the cursor anywhere; these put it back.
    public static let saveCursor = "\u{1B}7"
    public static let restoreCursor = "\u{1B}8"
    public static func moveTo(row: Int, column: Int) -> String { "\u{1B}[\(row);\(column)H" }
}
