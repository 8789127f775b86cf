/// The escape sequences the front end uses (ECMA-48 and common private modes).
package enum Escape {
    package static let alternateScreenOn = "\u{1B}[?1049h"
    package static let alternateScreenOff = "\u{1B}[?1049l"
    package static let hideCursor = "\u{1B}[?25l"
    package static let showCursor = "\u{1B}[?25h"
    /// Synchronized output (mode 2026): the terminal shows the frame only when it is complete.
    package static let beginSynchronized = "\u{1B}[?2026h"
    package static let endSynchronized = "\u{1B}[?2026l"
    package static let clearScreen = "\u{1B}[2J"
    package static let clearLine = "\u{1B}[2K"
    package static let reset = "\u{1B}[0m"
    package static let dim = "\u{1B}[2m"
    package static let bold = "\u{1B}[1m"
    /// DECSC/DECRC: an image protocol may leave the cursor anywhere; these put it back.
    package static let saveCursor = "\u{1B}7"
    package static let restoreCursor = "\u{1B}8"
    package static func moveTo(row: Int, column: Int) -> String { "\u{1B}[\(row);\(column)H" }
}
