import LayerLabCore
import LayerLabRaster

/// Each command's attributes and flag words, declared once as typed handles: `CommandTable.all`
/// lists them (help, completion, hints, the shell's `--flags`) and the command's handler reads
/// them through the same handles. See docs/adding-a-command.md.
extension CommandTable {
    enum Canvas {
        static let name = "canvas"
        static let size = CommandAttribute<Size>(.init("size", "WxH", "canvas size in points", default: "200x200")) {
            s, e throws(ScriptError) in try s.reader.size(e)
        }
        static let background = CommandAttribute<Color>(.init("background", "COLOR", "background colour", default: "white")) {
            s, e throws(ScriptError) in try s.reader.color(e)
        }
        /// nil for `auto` or `none`: the scene lasts until everything has ended.
        static let duration = CommandAttribute<TimeExpr?>(
            .init("duration", "T", "scene length (a time expression)",
                  default: "until everything has ended, endless animations shown for one full cycle")) { s, e throws(ScriptError) in
            Session.isAuto(e) ? nil : try s.reader.timeExpr(e)
        }
        /// nil for `auto` or `none`: the end of the scene.
        static let poster = CommandAttribute<Double?>(
            .init("poster", "T", "the moment a still shows when no time is named (`layerlab export FILE x.png`)",
                  default: "the end of the scene")) { s, e throws(ScriptError) in
            Session.isAuto(e) ? nil : try s.reader.number(e, .time, in: Limits.sceneTimes, name: "poster")
        }
        static let attributes = [size.spec, background.spec, duration.spec, poster.spec]
    }

    enum SetCommand {
        static let animated = CommandFlag("animated", "an implicit " + MediaTiming.defaultDurationText + "s animation from the value at the current time")
    }

    enum Move {
        static let name = "move"
        static let index = CommandAttribute<Int>(.init("index", "N", "position among the siblings, 0 at the back", default: "on top")) {
            s, e throws(ScriptError) in try s.reader.integer(e)
        }
        static let attributes = [index.spec]
    }

    enum Group {
        static let sequence = CommandFlag("sequence", "each child begins when the one before it ends")
    }

    enum At {
        static let animated = CommandFlag("animated", "an implicit " + MediaTiming.defaultDurationText + "s animation from the value at that time")
    }

    /// `size=`, `mode=` and `color=` of a command that draws frames in the terminal.
    struct FrameLook: Sendable {
        let size: CommandAttribute<(columns: Int, rows: Int)>
        let mode: CommandAttribute<FrameMode>
        let color: CommandAttribute<ColorMode.Choice>

        var attributes: [CommandSpec.Attribute] { [size.spec, mode.spec, color.spec] }

        init(sizeDefault: String, modeMeaning: String, modeDefault: String) {
            size = .init(.init("size", "COLSxROWS", "frame size in cells", default: sizeDefault)) { s, e throws(ScriptError) in
                try s.cells(e)
            }
            mode = .init(.init("mode", CommandTable.words(FrameMode.self), modeMeaning, default: modeDefault)) { s, e throws(ScriptError) in
                try s.reader.word(e, as: FrameMode.self, what: "mode")
            }
            color = .init(.init("color", CommandTable.words(ColorMode.Choice.self), "colour output", default: "auto")) {
                s, e throws(ScriptError) in try s.reader.word(e, as: ColorMode.Choice.self, what: "color setting")
            }
        }

        /// `show`, `play` and `watch`: at the terminal.
        static let terminal = FrameLook(
            sizeDefault: "fits the terminal",
            modeMeaning: "characters, or an image protocol (pixels: the best the terminal answers for)",
            modeDefault: "the terminal's image protocol where it answers for one, else blocks (ascii without UTF-8)")
        /// `frames`: also into a pipe.
        static let frames = FrameLook(
            sizeDefault: "fits the terminal (80x24 in a pipe)",
            modeMeaning: "characters, or an image protocol (kitty, sixel: escape sequences for a terminal)",
            modeDefault: "blocks at a terminal, ascii in a pipe")
    }

    enum Show {
        static let name = "show"
        static let at = CommandAttribute<Double>.time("at", "scene time", default: "the current time")
        static let look = FrameLook.terminal
        static let attributes = [at.spec] + look.attributes
    }

    enum Play {
        static let name = "play"
        static let from = CommandAttribute<Double>.time("from", "start time", default: "0")
        static let to = CommandAttribute<Double>.time("to", "end time", default: "the scene duration")
        static let speed = CommandAttribute<Double>(.init("speed", "S", "playback rate", default: "1")) { s, e throws(ScriptError) in
            try s.reader.number(e, in: Limits.playSpeeds, name: "speed")
        }
        static let fps = CommandAttribute<Double>.fps(default: "30")
        static let look = FrameLook.terminal
        static let loop = CommandFlag("loop", "start again from the beginning at the end")
        static let attributes = [from.spec, to.spec, speed.spec, fps.spec] + look.attributes
    }

    enum Frames {
        static let name = "frames"
        static let from = CommandAttribute<Double>.time("from", "start time", default: "0")
        static let to = CommandAttribute<Double>.time("to", "end time", default: "the scene duration")
        static let fps = CommandAttribute<Double>.fps(default: "10")
        static let look = FrameLook.frames
        static let attributes = [from.spec, to.spec, fps.spec] + look.attributes
    }

    enum Watch {
        static let name = "watch"
        static let at = CommandAttribute<Double>.time("at", "scene time of the frame shown", default: "the current time")
        static let look = FrameLook.terminal
        static let play = CommandFlag("play", "play the scene over and over instead of one frame")
        static let attributes = [at.spec] + look.attributes
    }

    enum Inspect {
        static let name = "inspect"
        static let at = CommandAttribute<Double>.time("at", "scene time", default: "model and presentation at the current time")
        static let attributes = [at.spec]
    }

    enum Explain {
        static let name = "explain"
        static let at = CommandAttribute<Double>.time("at", "scene time", default: "the current time")
        static let attributes = [at.spec]
    }

    enum Load {
        /// The id as written; the handler looks it up in the archive it opens.
        static let animation = CommandAttribute<Expr>(.init("animation", "ID", "the animation of a dotLottie FILE to open",
                                                            default: "the first the archive lists")) { _, e throws(ScriptError) in e }
        static let strict = CommandFlag("strict", "refuse a Lottie file that uses anything LayerLab would not reproduce")
        static let attributes = [animation.spec]
    }

    package enum Export {
        static let name = "export"
        package static let at = CommandAttribute<Double>.time("at", "time of the png frame", default: "the current time")
        static let size = CommandAttribute<Size>(.init("size", "WxH", "image size in pixels", default: "the canvas size")) {
            s, e throws(ScriptError) in
            let size = try s.reader.size(e)
            let side = ValueRange(lowerBound: 1, upperBound: Double(Limits.exportSide))
            guard side.contains(size.width), side.contains(size.height) else {
                throw .invalid("an export size is WxH pixels, 1 to \(Limits.exportSide) a side", e.range)
            }
            return size
        }
        static let fps = CommandAttribute<Double>.fps(default: wordList(ExportRequest.Format.allCases.compactMap { f in
            f.defaultFPS.map { "\(f.rawValue) \(formatNumber($0))" } }, separator: ", "))
        static let from = CommandAttribute<Double>.time("from", "start time", default: "0")
        static let to = CommandAttribute<Double>.time("to", "end time", default: "the scene duration")
        static let platforms = ["ios", "macos"]
        static let platform = CommandAttribute<String>(.init("platform", wordList(platforms, separator: "|"), "swift: UIKit or AppKit",
                                                             default: "ios")) { _, e throws(ScriptError) in
            let word = Session.wordOrString(e) ?? ""
            guard platforms.contains(word) else {
                throw .unknown(what: "platform", name: word, e.range, suggestion: Suggestion.nearest(word, in: platforms))
            }
            return word
        }
        static let images = CommandAttribute<String>(.init("images", "FOLDER", "lottie: write the images into FOLDER beside the JSON",
                                                           default: "embedded in the JSON")) { _, e throws(ScriptError) in
            let folder = Session.wordOrString(e) ?? ""
            guard !folder.isEmpty, !folder.hasPrefix("/"), !folder.split(separator: "/").contains("..") else {
                throw .invalid("images= is a folder relative to the JSON, inside its folder", e.range)
            }
            return folder
        }
        static let bake = CommandFlag("bake", "lottie: draw what Lottie has no word for (particles, perspective, shadows) as plain keyframed layers and images")
        static let strict = CommandFlag("strict", "refuse (write nothing, exit 1) an export that would lose anything")
        static let force = CommandFlag("force", "replace an existing file that is not of the kind written (the same as export!)")
        static let attributes = [at.spec, size.spec, fps.spec, from.spec, to.spec,
                                 platform.spec, images.spec]
    }
}
