import LayerLabCore

/// What handling some input produced, as CPython's `InteractiveInterpreter.runsource` has it:
/// more input needed, done, or failed.
public enum Outcome: Sendable {
    /// The input stops inside a bracket or after a trailing `\`: prompt for a continuation line.
    case needsMoreInput
    /// Every command ran; print the texts and perform the effects, in order.
    case done([Response])
    /// A command failed and changed nothing; the responses of the commands before it (on the
    /// same line) still stand. With `runScript`, nothing at all changed.
    case failed([Response], Diagnostic)

    public var responses: [Response] {
        switch self {
        case .needsMoreInput: return []
        case .done(let r), .failed(let r, _): return r
        }
    }

    public var diagnostic: Diagnostic? {
        if case .failed(_, let d) = self { return d }
        return nil
    }
}

/// One thing for the front end to do.
public enum Response: Sendable, Equatable {
    /// Text to print on standard output (no trailing newline; print one line per response).
    case text(String)
    /// Something only the front end can do: draw, play, write a file, leave.
    case effect(Effect)
}

/// Work that needs a terminal, a clock or the file system: the session describes it, the front
/// end performs it. Each carries the document as it was when the command ran, so effects inside
/// a script see the state the script had built at that point.
public enum Effect: Sendable, Equatable {
    case show(ShowRequest)
    case play(PlayRequest)
    case frames(FramesRequest)
    case export(ExportRequest)
    /// Leave; an interactive front end asks first when `Session.isDirty`.
    case quit
}

/// `show`, and the frame `preview on` asks for after each change.
public struct ShowRequest: Sendable, Equatable {
    public var document: Document
    public var time: Double
    /// Columns × rows; nil fits the terminal.
    public var size: (columns: Int, rows: Int)?
    /// `ascii`, `blocks` or `braille`; nil picks by terminal.
    public var mode: String?
    /// `auto`, `always` or `never`; nil is auto.
    public var color: String?

    public static func == (a: ShowRequest, b: ShowRequest) -> Bool {
        a.document == b.document && a.time == b.time && a.size?.columns == b.size?.columns
            && a.size?.rows == b.size?.rows && a.mode == b.mode && a.color == b.color
    }
}

public struct PlayRequest: Sendable, Equatable {
    public var document: Document
    public var from: Double
    /// nil: the scene duration.
    public var to: Double?
    public var speed: Double
    public var fps: Double?
    public var loop: Bool
}

public struct FramesRequest: Sendable, Equatable {
    public var document: Document
    public var from: Double
    public var to: Double?
    public var fps: Double?
    /// Columns × rows; nil fits the terminal (80x24 when output is not one).
    public var size: (columns: Int, rows: Int)?
    /// `ascii`, `blocks` or `braille`; nil picks by terminal.
    public var mode: String?
    /// `auto`, `always` or `never`; nil is auto.
    public var color: String?

    public init(document: Document, from: Double, to: Double?, fps: Double?,
                size: (columns: Int, rows: Int)? = nil, mode: String? = nil, color: String? = nil) {
        self.document = document; self.from = from; self.to = to; self.fps = fps
        self.size = size; self.mode = mode; self.color = color
    }

    public static func == (a: FramesRequest, b: FramesRequest) -> Bool {
        a.document == b.document && a.from == b.from && a.to == b.to && a.fps == b.fps
            && a.size?.columns == b.size?.columns && a.size?.rows == b.size?.rows
            && a.mode == b.mode && a.color == b.color
    }
}

public struct ExportRequest: Sendable, Equatable {
    public enum Format: String, Sendable, CaseIterable { case png, gif, lottie, swift, cast }
    public var document: Document
    public var format: Format
    public var file: String
    /// The png frame's time (default: the session's current time).
    public var at: Double
    /// Pixels, WxH; nil uses the canvas size.
    public var size: Size?
    public var fps: Double?
    public var from: Double?
    public var to: Double?
    /// `export!`: replace an existing file even when it is not of the kind written.
    public var replacing = false
    /// The document's own script and project, which an export never replaces.
    public var protectedFiles: [String] = []
}
