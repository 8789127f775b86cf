import LayerLabCore

/// One command's entry: what `help`, `help COMMAND`, tab completion and argument hints show.
public struct CommandInfo: Sendable {
    public enum Group: String, Sendable, CaseIterable {
        case document = "Building the document"
        case animation = "Animating"
        case viewing = "Looking at it"
        case history = "Undo"
        case files = "Files"
        case session = "Session"
    }

    /// What a positional argument names, for completion.
    public enum ArgumentKind: Sendable {
        case newName, layer, layerOrAnimation, anyName, keyPath, layerKeyPath, time, file, format, topic, count, onOff
    }

    public struct Attribute: Sendable {
        public var name: String
        public var meaning: String
        public var defaultValue: String
    }

    public var name: String
    public var synopsis: String
    public var group: Group
    public var summary: String
    public var positional: [ArgumentKind]
    public var attributes: [Attribute]
    /// Bare words the command accepts (`animated`, `sequence`, `loop`, `as`, `in`).
    public var flags: [String]
    public var example: String
}

/// Every command of the language, in help order.
public enum CommandTable {
    public static let timing: [CommandInfo.Attribute] = [
        .init(name: "beginTime", meaning: "when it starts, in the parent's time (a time expression)", defaultValue: "0"),
        .init(name: "duration", meaning: "length of one iteration", defaultValue: "0.25s (group child: the group; spring: settling)"),
        .init(name: "speed", meaning: "rate of its clock relative to the parent", defaultValue: "1"),
        .init(name: "timeOffset", meaning: "added to its local time", defaultValue: "0"),
        .init(name: "repeatCount", meaning: "iterations; fractions allowed, inf forever", defaultValue: "0 (once)"),
        .init(name: "repeatDuration", meaning: "active time instead of repeatCount", defaultValue: "0 (unused)"),
        .init(name: "autoreverses", meaning: "play backwards after each forward iteration", defaultValue: "false"),
        .init(name: "fillMode", meaning: "removed, forwards, backwards or both", defaultValue: "removed"),
        .init(name: "removedOnCompletion", meaning: "false keeps the end value (with fillMode forwards)", defaultValue: "true"),
        .init(name: "timingFunction", meaning: "linear, easeIn, easeOut, easeInEaseOut, default or cubic(x1, y1, x2, y2)", defaultValue: "linear"),
        .init(name: "additive", meaning: "add to the value beneath instead of replacing it", defaultValue: "false"),
    ]

    static let fromTo: [CommandInfo.Attribute] = [
        .init(name: "from", meaning: "start value", defaultValue: "the value beneath"),
        .init(name: "to", meaning: "end value", defaultValue: "the value beneath"),
        .init(name: "by", meaning: "relative change", defaultValue: "none"),
    ]

    public static let all: [CommandInfo] = [
        CommandInfo(name: "canvas", synopsis: "canvas [size=WxH] [background=COLOR] [duration=T]", group: .document,
                    summary: "Sets the canvas size, background colour and scene duration.", positional: [],
                    attributes: [.init(name: "size", meaning: "canvas size in points", defaultValue: "200x200"),
                                 .init(name: "background", meaning: "background colour", defaultValue: "white"),
                                 .init(name: "duration", meaning: "scene length (a time expression)",
                                       defaultValue: "end of the last finite animation or event; 4s if all repeat forever")],
                    flags: [], example: "canvas size=300x200 background=#202020"),
        CommandInfo(name: "path", synopsis: "path NAME = PATH", group: .document,
                    summary: "Defines (or redefines) a named path; layers and animations that use the name follow it.",
                    positional: [.newName], attributes: [], flags: [],
                    example: "path small = oval(50, 50, 0, 0)"),
        CommandInfo(name: "layer", synopsis: "layer|shape|text|image NAME [in PARENT] [prop=value ...]", group: .document,
                    summary: "Adds a layer (CALayer, CAShapeLayer, text or image) on top of its siblings.",
                    positional: [.newName], attributes: [], flags: ["in"],
                    example: "layer box position=(100, 100) bounds=rect(0, 0, 100, 100)\nshape ring in box path=circle(50, 50, 20) fillColor=clear strokeColor=red lineWidth=2"),
        CommandInfo(name: "set", synopsis: "set LAYER prop=value ... [animated] | set LAYER.prop = value | set ANIMATION attr=value ...",
                    group: .document,
                    summary: "Changes layer properties (with `animated`: an implicit 0.25s animation at the current time), or an animation's timing and values.",
                    positional: [.layerOrAnimation], attributes: [], flags: ["animated"],
                    example: "shape ring path=circle(100, 100, 20) fillColor=clear strokeColor=red strokeEnd=0\nset ring strokeEnd=0.4 animated"),
        CommandInfo(name: "delete", synopsis: "delete LAYER|ANIMATION|EVENT|PATH", group: .document,
                    summary: "Deletes a layer (with its sublayers, animations and events), an animation, an event or a path.",
                    positional: [.anyName], attributes: [], flags: [], example: "shape oval path=circle(100, 100, 40)\nanimate oval opacity from=1 to=0.5 as fade\ndelete fade"),
        CommandInfo(name: "rename", synopsis: "rename OLD NEW", group: .document,
                    summary: "Renames anything; masks, animations, events, time expressions and path uses follow.",
                    positional: [.anyName, .newName], attributes: [], flags: [], example: "shape oval path=circle(100, 100, 40)\nanimate oval path to=circle(100, 100, 60) duration=0.3\nrename oval.path expand"),
        CommandInfo(name: "move", synopsis: "move LAYER [in PARENT] [index=N]", group: .document,
                    summary: "Moves a layer under another (or to the top level without `in`), at index N (default: on top).",
                    positional: [.layer], attributes: [.init(name: "index", meaning: "position among the siblings, 0 at the back", defaultValue: "on top")],
                    flags: ["in"], example: "layer box\nshape dot path=circle(0, 0, 5)\nmove dot in box index=0"),
        CommandInfo(name: "animate", synopsis: "animate LAYER KEYPATH [from=V] [to=V] [by=V] [TIMING ...] [as NAME]", group: .animation,
                    summary: "Adds a basic animation (CABasicAnimation). Unnamed animations are called LAYER.KEYPATH.",
                    positional: [.layer, .layerKeyPath], attributes: fromTo + timing, flags: ["as"],
                    example: "shape box position=(100, 100) path=rect(-20, -20, 40, 40)\nanimate box transform.rotation.z to=1turn duration=0.45s"),
        CommandInfo(name: "keyframes", synopsis: "keyframes LAYER KEYPATH values=[...] [keyTimes=[...]] [calculationMode=M] [timingFunctions=[...]] [TIMING ...] [as NAME]",
                    group: .animation, summary: "Adds a keyframe animation (CAKeyframeAnimation).",
                    positional: [.layer, .layerKeyPath],
                    attributes: [.init(name: "values", meaning: "the keyframe values", defaultValue: "required"),
                                 .init(name: "keyTimes", meaning: "0…1 fraction of the duration for each value", defaultValue: "evenly spaced"),
                                 .init(name: "calculationMode", meaning: "linear, discrete, paced, cubic or cubicPaced", defaultValue: "linear"),
                                 .init(name: "timingFunctions", meaning: "one timing function per segment", defaultValue: "linear")] + timing,
                    flags: ["as"], example: "shape dot position=(100, 0) path=circle(0, 0, 10)\nkeyframes dot position.y values=[0, 80, 60, 80] keyTimes=[0, 0.5, 0.75, 1] duration=1"),
        CommandInfo(name: "spring", synopsis: "spring LAYER KEYPATH [from=V] to=V [mass= stiffness= damping= initialVelocity=] [dampingRatio= initialSpringVelocity=] [TIMING ...] [as NAME]",
                    group: .animation,
                    summary: "Adds a spring (CASpringAnimation's physics, or UIKit's dampingRatio form). See `help timing`.",
                    positional: [.layer, .layerKeyPath],
                    attributes: fromTo + [
                        .init(name: "mass", meaning: "mass of the object", defaultValue: "1"),
                        .init(name: "stiffness", meaning: "spring constant", defaultValue: "100"),
                        .init(name: "damping", meaning: "friction", defaultValue: "10"),
                        .init(name: "initialVelocity", meaning: "start velocity, in distances per second", defaultValue: "0"),
                        .init(name: "dampingRatio", meaning: "UIKit form: 1 = no overshoot (needs duration)", defaultValue: "unused"),
                        .init(name: "initialSpringVelocity", meaning: "UIKit form: start velocity, distances per second", defaultValue: "0"),
                    ] + timing,
                    flags: ["as"], example: "text label position=(100, 100) bounds=rect(0, 0, 200, 120) string=\"S\" fontSize=100 foregroundColor=black alignment=center\nspring label transform.scale from=0.25 to=1 dampingRatio=0.7 initialSpringVelocity=0.1 duration=0.4"),
        CommandInfo(name: "group", synopsis: "group NAME on LAYER [sequence] [TIMING ...] { CHILDREN }", group: .animation,
                    summary: "Adds an animation group (CAAnimationGroup); children are animate/keyframes/spring lines without the layer, or nested `group NAME { … }` blocks. With `sequence` each child starts when the previous ends.",
                    positional: [.newName], attributes: timing, flags: ["on", "sequence"],
                    example: "path large = oval(2.5, 17.5, 95, 95)\npath squishV = oval(2.5, 20, 95, 90)\nshape oval path=large fillColor=red\ngroup wobble on oval sequence repeatCount=2 {\n    animate path from=large to=squishV duration=0.3\n    animate path from=squishV to=large duration=0.3\n}"),
        CommandInfo(name: "at", synopsis: "at TIME set LAYER prop=value ... [animated] [as NAME]", group: .animation,
                    summary: "Schedules a change at a scene time (a time expression); with `animated` it is an implicit 0.25s animation.",
                    positional: [.time], attributes: [], flags: ["set", "animated", "as"],
                    example: "shape triangle path=polygon((80, 120), (100, 80), (120, 120)) hidden=true\nanimate triangle opacity from=0 to=1 duration=0.5 as fadeIn\nat fadeIn.begin set triangle hidden=false\nat fadeIn.end + 0.1 set triangle fillColor=blue animated"),
        CommandInfo(name: "show", synopsis: "show [at=T] [size=COLSxROWS] [mode=ascii|blocks|braille] [color=auto|always|never]", group: .viewing,
                    summary: "Draws one frame in the terminal.", positional: [],
                    attributes: [.init(name: "at", meaning: "scene time", defaultValue: "the current time"),
                                 .init(name: "size", meaning: "frame size in cells", defaultValue: "fits the terminal"),
                                 .init(name: "mode", meaning: "ascii, blocks or braille", defaultValue: "blocks (ascii without UTF-8)"),
                                 .init(name: "color", meaning: "auto, always or never", defaultValue: "auto")],
                    flags: [], example: "show at=1.5 mode=braille"),
        CommandInfo(name: "play", synopsis: "play [from=T] [to=T] [speed=S] [fps=N] [loop]", group: .viewing,
                    summary: "Plays the scene in the terminal (space pauses, arrows step, +/- speed, q quits).", positional: [],
                    attributes: [.init(name: "from", meaning: "start time", defaultValue: "0"),
                                 .init(name: "to", meaning: "end time", defaultValue: "the scene duration"),
                                 .init(name: "speed", meaning: "playback rate", defaultValue: "1"),
                                 .init(name: "fps", meaning: "frames per second", defaultValue: "30")],
                    flags: ["loop"], example: "play speed=0.25 loop"),
        CommandInfo(name: "frames", synopsis: "frames [from=T] [to=T] [fps=N] [size=COLSxROWS] [mode=M] [color=C]", group: .viewing,
                    summary: "Prints frames one after another (for pipes), each under a `# t=…` line.", positional: [],
                    attributes: [.init(name: "from", meaning: "start time", defaultValue: "0"),
                                 .init(name: "to", meaning: "end time", defaultValue: "the scene duration"),
                                 .init(name: "fps", meaning: "frames per second", defaultValue: "10"),
                                 .init(name: "size", meaning: "frame size in cells", defaultValue: "fits the terminal (80x24 in a pipe)"),
                                 .init(name: "mode", meaning: "ascii, blocks or braille", defaultValue: "blocks at a terminal, ascii in a pipe"),
                                 .init(name: "color", meaning: "auto, always or never", defaultValue: "auto")],
                    flags: [], example: "frames to=1 fps=4"),
        CommandInfo(name: "seek", synopsis: "seek T", group: .viewing,
                    summary: "Sets the current time (used by show, inspect and set … animated).", positional: [.time],
                    attributes: [], flags: [], example: "shape dot path=circle(100, 100, 20)\nanimate dot opacity from=1 to=0 duration=2 as fade\nseek fade.end - 0.5"),
        CommandInfo(name: "preview", synopsis: "preview on|off", group: .viewing,
                    summary: "Shows a frame after every command that changes the document or the time.", positional: [.onOff],
                    attributes: [], flags: [], example: "preview on"),
        CommandInfo(name: "timeline", synopsis: "timeline", group: .viewing,
                    summary: "Charts every animation and event over scene time.", positional: [], attributes: [], flags: [],
                    example: "timeline"),
        CommandInfo(name: "tree", synopsis: "tree", group: .viewing,
                    summary: "Lists the canvas, paths, layer tree, animations and events.", positional: [], attributes: [],
                    flags: [], example: "tree"),
        CommandInfo(name: "inspect", synopsis: "inspect LAYER[.KEYPATH] [at=T]", group: .viewing,
                    summary: "Prints values as `LAYER.KEYPATH = VALUE`. With at=T: the presentation values at T. Without: a `# model` block (stored values plus events) and a `# presentation at T` block at the current time.",
                    positional: [.layerKeyPath], attributes: [.init(name: "at", meaning: "scene time", defaultValue: "model and presentation at the current time")],
                    flags: [], example: "shape ring path=circle(100, 100, 20) fillColor=clear strokeColor=red\nanimate ring strokeEnd from=0 to=1 duration=1\ninspect ring.strokeEnd at=0.5"),
        CommandInfo(name: "explain", synopsis: "explain LAYER.KEYPATH [at=T]", group: .viewing,
                    summary: "Explains a presentation value: the model value, each animation on the key path with its local time and phase, and the winner.",
                    positional: [.layerKeyPath], attributes: [.init(name: "at", meaning: "scene time", defaultValue: "the current time")],
                    flags: [], example: "shape oval path=circle(100, 100, 10) fillColor=red\nanimate oval path to=circle(100, 100, 40) duration=0.3 fillMode=forwards removedOnCompletion=false as expand\nexplain oval.path at=0.2"),
        CommandInfo(name: "undo", synopsis: "undo [N]", group: .history, summary: "Undoes the last N document changes (default 1).",
                    positional: [.count], attributes: [], flags: [], example: "undo 3"),
        CommandInfo(name: "redo", synopsis: "redo [N]", group: .history, summary: "Redoes N undone changes (default 1).",
                    positional: [.count], attributes: [], flags: [], example: "redo"),
        CommandInfo(name: "history", synopsis: "history", group: .history,
                    summary: "Lists the document changes; `*` marks the current state, later lines can be redone.",
                    positional: [], attributes: [], flags: [], example: "history"),
        CommandInfo(name: "new", synopsis: "new", group: .files, summary: "Starts an empty document (undoable).",
                    positional: [], attributes: [], flags: [], example: "new"),
        CommandInfo(name: "load", synopsis: "load FILE", group: .files,
                    summary: "Runs a .lab script (one undo step) or opens a JSON project (undoable).", positional: [.file],
                    attributes: [], flags: [], example: "load examples/loading-s.lab"),
        CommandInfo(name: "save", synopsis: "save [FILE]", group: .files,
                    summary: "Saves the document as a JSON project (to the last file name without FILE); `save! FILE` also replaces a file that is not a project.", positional: [.file],
                    attributes: [], flags: [], example: "save loading-s.json"),
        CommandInfo(name: "recover", synopsis: "recover", group: .files,
                    summary: "Brings back the unsaved work of a session that crashed or was killed (undoable).",
                    positional: [], attributes: [], flags: [], example: "recover"),
        CommandInfo(name: "export", synopsis: "export png|gif|lottie|swift|cast FILE [at= size= fps= from= to=]", group: .files,
                    summary: "Exports a frame (png), the animation (gif, cast), Lottie JSON or Swift source; it never replaces the document's own file, and `export! FORMAT FILE` also replaces a file of another kind.",
                    positional: [.format, .file],
                    attributes: [.init(name: "at", meaning: "time of the png frame", defaultValue: "the current time"),
                                 .init(name: "size", meaning: "image size in pixels (WxH)", defaultValue: "the canvas size"),
                                 .init(name: "fps", meaning: "frames per second", defaultValue: "30"),
                                 .init(name: "from", meaning: "start time", defaultValue: "0"),
                                 .init(name: "to", meaning: "end time", defaultValue: "the scene duration")],
                    flags: [], example: "shape dot path=circle(100, 100, 30) fillColor=red\nanimate dot transform.scale from=0.5 to=1 duration=1\nexport gif dot.gif fps=20"),
        CommandInfo(name: "help", synopsis: "help [COMMAND|keypaths|timing|values]", group: .session,
                    summary: "Lists commands, or explains one command or topic.", positional: [.topic], attributes: [],
                    flags: [], example: "help animate"),
        CommandInfo(name: "quit", synopsis: "quit", group: .session, summary: "Leaves LayerLab (asking first about unsaved changes at a terminal).",
                    positional: [], attributes: [], flags: [], example: "quit"),
    ]

    /// Every command word, including the layer kinds that share the `layer` entry.
    public static let names: [String] = all.map(\.name) + ["shape", "text", "image", "exit"]

    /// The entry for a command word (`shape` finds `layer`).
    public static func info(_ name: String) -> CommandInfo? {
        let key = ["shape", "text", "image"].contains(name) ? "layer" : name == "exit" ? "quit" : name
        return all.first { $0.name == key }
    }
}
