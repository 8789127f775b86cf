import LayerLabCore
import LayerLabRaster

/// What handling some input produced, as CPython's `InteractiveInterpreter.runsource` has it:
/// more input needed, done, or failed.
package enum Outcome: Sendable {
    /// The input stops inside a bracket or after a trailing `\`: prompt for a continuation line.
    case needsMoreInput
    /// Every command ran; print the texts and perform the effects, in order.
    case done([Response])
    /// A command failed and changed nothing; the responses of the commands before it (on the
    /// same line) still stand. With `runScript`, nothing at all changed.
    case failed([Response], Diagnostic)

    package var responses: [Response] {
        switch self {
        case .needsMoreInput: return []
        case .done(let r), .failed(let r, _): return r
        }
    }

    package var diagnostic: Diagnostic? {
        if case .failed(_, let d) = self { return d }
        return nil
    }
}

/// One thing for the front end to do.
package enum Response: Sendable, Equatable {
    /// Text to print on standard output (no trailing newline; print one line per response).
    case text(String)
    /// Something only the front end can do: draw, play, write a file, leave.
    case effect(Effect)
}

/// Work that needs a terminal, a clock or the file system: the session describes it, the front
/// end performs it. Each carries the document as it was when the command ran, so effects inside
/// a script see the state the script had built at that point.
package enum Effect: Sendable, Equatable {
    case show(ShowRequest)
    case play(PlayRequest)
    case frames(FramesRequest)
    case export(ExportRequest)
    /// Text to read (`help`): at a terminal it is wrapped to the width, its headings are
    /// coloured and it goes through a pager when longer than the screen; elsewhere it prints
    /// as it is.
    case page(String)
    /// Clear the terminal screen (nothing elsewhere).
    case clearScreen
    /// Replay a script whenever it changes and keep a live preview of it (a terminal front end).
    case watch(WatchRequest)
    /// Open the document as a script in the user's editor, then replay it
    /// (`Session.replaceDocument(withScript:name:)`).
    case edit(EditRequest)
    /// Leave; an interactive front end asks first when `Session.isDirty`.
    case quit
    /// Something the user should know that is not an error (what an opened Lottie file uses
    /// that is not drawn, a character the font lacks): printed on standard error, so it reaches
    /// the user of a script or pipe without mixing into what the commands print; the command
    /// still succeeds.
    case warning(String)
}

/// `watch FILE`: the script to replay and how to show it.
package struct WatchRequest: Sendable, Equatable {
    package var file: String
    /// The scene time of the frame shown (while not playing).
    package var time: Double
    /// Play the scene over and over instead of showing one frame.
    package var play: Bool
    package var size: (columns: Int, rows: Int)?
    package var mode: FrameMode?
    package var color: ColorMode.Choice?

    package init(file: String, time: Double, play: Bool, size: (columns: Int, rows: Int)? = nil,
                mode: FrameMode? = nil, color: ColorMode.Choice? = nil) {
        self.file = file; self.time = time; self.play = play; self.size = size; self.mode = mode; self.color = color
    }

    package static func == (a: WatchRequest, b: WatchRequest) -> Bool {
        a.file == b.file && a.time == b.time && a.play == b.play && a.size?.columns == b.size?.columns
            && a.size?.rows == b.size?.rows && a.mode == b.mode && a.color == b.color
    }
}

/// `show`, and the frame `preview on` asks for after each change.
package struct ShowRequest: Sendable, Equatable {
    package var document: Document
    package var time: Double
    /// Columns × rows; nil fits the terminal.
    package var size: (columns: Int, rows: Int)?
    /// nil picks by terminal.
    package var mode: FrameMode?
    /// nil is auto.
    package var color: ColorMode.Choice?

    package init(document: Document, time: Double, size: (columns: Int, rows: Int)? = nil,
                mode: FrameMode? = nil, color: ColorMode.Choice? = nil) {
        self.document = document; self.time = time; self.size = size; self.mode = mode; self.color = color
    }

    package static func == (a: ShowRequest, b: ShowRequest) -> Bool {
        a.document == b.document && a.time == b.time && a.size?.columns == b.size?.columns
            && a.size?.rows == b.size?.rows && a.mode == b.mode && a.color == b.color
    }
}

package struct PlayRequest: Sendable, Equatable {
    package var document: Document
    package var from: Double
    /// nil: the scene duration.
    package var to: Double?
    package var speed: Double
    package var fps: Double?
    package var loop: Bool
    /// Columns × rows of the frame; nil fits the terminal (as `show`).
    package var size: (columns: Int, rows: Int)?
    /// nil picks by terminal.
    package var mode: FrameMode?
    /// nil is auto.
    package var color: ColorMode.Choice?

    package init(document: Document, from: Double, to: Double?, speed: Double, fps: Double?, loop: Bool,
                size: (columns: Int, rows: Int)? = nil, mode: FrameMode? = nil, color: ColorMode.Choice? = nil) {
        self.document = document; self.from = from; self.to = to; self.speed = speed; self.fps = fps
        self.loop = loop; self.size = size; self.mode = mode; self.color = color
    }

    package static func == (a: PlayRequest, b: PlayRequest) -> Bool {
        a.document == b.document && a.from == b.from && a.to == b.to && a.speed == b.speed && a.fps == b.fps
            && a.loop == b.loop && a.size?.columns == b.size?.columns && a.size?.rows == b.size?.rows
            && a.mode == b.mode && a.color == b.color
    }
}

package struct FramesRequest: Sendable, Equatable {
    package var document: Document
    package var from: Double
    package var to: Double?
    package var fps: Double?
    /// Columns × rows; nil fits the terminal (80x24 when output is not one).
    package var size: (columns: Int, rows: Int)?
    /// nil picks by terminal.
    package var mode: FrameMode?
    /// nil is auto.
    package var color: ColorMode.Choice?

    package init(document: Document, from: Double, to: Double?, fps: Double?,
                size: (columns: Int, rows: Int)? = nil, mode: FrameMode? = nil, color: ColorMode.Choice? = nil) {
        self.document = document; self.from = from; self.to = to; self.fps = fps
        self.size = size; self.mode = mode; self.color = color
    }

    package static func == (a: FramesRequest, b: FramesRequest) -> Bool {
        a.document == b.document && a.from == b.from && a.to == b.to && a.fps == b.fps
            && a.size?.columns == b.size?.columns && a.size?.rows == b.size?.rows
            && a.mode == b.mode && a.color == b.color
    }
}

package struct EditRequest: Sendable, Equatable {
    /// The document as a script (`ScriptWriter`), checked to rebuild it exactly.
    package var script: String
    /// A file name for the script (`loader.lab` while editing `loader.json`).
    package var fileName: String
}

package struct ExportRequest: Sendable, Equatable {
    package enum Format: String, Sendable, CaseIterable {
        case png, gif, lottie, swift, cast
        /// One frame as DEC sixel graphics (`.six`), for a terminal or a document.
        case sixel
        /// The document as a script (`.lab`), as `save` writes it: an opened Lottie file
        /// becomes commands a person can read and edit.
        case script

        /// Whether the file is a source a person edits (a script), flushed to disk before it
        /// replaces an old one as `save` does. Pictures, code and animations are made again
        /// from the document, so their atomic replace skips the flush (a disk write each).
        package var isSource: Bool { self == .script }

        /// The extension a file of this format has; `export FILE` picks the format by it.
        package var fileExtension: String {
            switch self {
            case .lottie: return "json"
            case .sixel: return "six"
            case .script: return "lab"
            default: return rawValue
            }
        }

        /// Frames per second when `fps=` is not given (nil: the format has no frame rate).
        /// Help prints these, and the exporters use them.
        package var defaultFPS: Double? {
            switch self {
            case .gif: return 20
            case .cast: return 30
            case .lottie: return 60
            case .png, .swift, .sixel, .script: return nil
            }
        }

        /// The format `file`'s extension names (case-insensitive), or nil.
        package init?(fileName file: String) {
            let name = file.split(separator: "/").last.map(String.init) ?? file
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
            let ext = name[name.index(after: dot)...].lowercased()
            guard let f = Format.allCases.first(where: { $0.fileExtension == ext }) else { return nil }
            self = f
        }

        /// `.png, .gif, .json (Lottie), .swift, .cast`, for messages and help.
        package static var extensionList: String {
            wordList(allCases.lazy.map { "." + $0.fileExtension + ($0 == .lottie ? " (Lottie)" : $0 == .script ? " (script)" : "") }, separator: ", ")
        }
    }
    package var document: Document
    package var format: Format
    package var file: String
    /// The png frame's time (default: the session's current time).
    package var at: Double
    /// Pixels, WxH; nil uses the canvas size.
    package var size: Size?
    package var fps: Double?
    package var from: Double?
    package var to: Double?
    /// Refuse (write nothing, fail) when the export would lose anything (`strict=true`, `--strict`).
    package var strict = false
    /// `export!` (`force`, `--force`): replace an existing file even when it is not of the kind written.
    package var replacing = false
    /// The document's own script and project, which an export never replaces.
    package var protectedFiles: [String] = []
    /// Swift: `ios` (UIKit) or `macos` (AppKit); nil is ios.
    package var platform: String?
    /// Lottie: write images into this folder beside the JSON instead of embedding them.
    package var imageFolder: String?
    /// Lottie: draw particles, perspective and shadows as plain layers, paths and images (`bake`, `--bake`).
    package var bake = false
    /// Script: the document's script, written and checked to rebuild it when the request is made.
    package var script: String?
}
