import LayerLabCore
import LayerLabRaster

/// Every command of the language, in help order, each declared once (see `CommandSpec`).
package enum CommandTable {
    /// The timing attributes every animation takes, from `MediaTiming.attributes`.
    package static let timing: [CommandSpec.Attribute] = MediaTiming.attributes.map {
        .init($0.name, $0.placeholder, $0.summary, default: $0.defaultText)
    }

    /// The timing attributes `command` takes: a group leaves out those about a key path's
    /// value (`additive`, `cumulative`), which CAAnimationGroup does not have.
    package static func timing(for command: String) -> [CommandSpec.Attribute] {
        command == "group" ? timing.filter { MediaTiming.attribute(named: $0.name)?.propertyOnly != true } : timing
    }

    static let fromTo: [CommandSpec.Attribute] = FromTo.all.map { $0.spec }

    /// CAValueFunction on an animation of a transform.
    static let valueFunction = CommandSpec.Attribute("valueFunction", words(ValueFunctionName.self),
        "on transform: the values are numbers (scale, translate: [x, y, z]) interpolated, then made a rotation, scale or translation", default: "none")

    /// CATransition's attributes on a scheduled change (`at … set … transition=push`).
    static let transition: [CommandSpec.Attribute] = [
        .init("transition", words(Transition.Kind.self), "draw the change as a CATransition of this type", default: "none"),
        .init("subtype", words(Transition.Subtype.self), "the side the transition starts from (not for fade)", default: "fromLeft"),
        .init("duration", "T", "the transition's length in seconds", default: MediaTiming.defaultDurationText),
        .init("timingFunction", "FUNC", "the transition's pacing: linear, easeIn, easeOut, easeInEaseOut, default or cubic(…)", default: "linear"),
        .init("startProgress", "P", "0…1: how far along the transition starts", default: "0"),
        .init("endProgress", "P", "0…1: how far along it ends (then the new state shows)", default: "1"),
    ]
    /// A closed set as a synopsis placeholder: `ascii|blocks|braille`.
    static func words<W: CaseIterable & RawRepresentable>(_: W.Type) -> String where W.RawValue == String {
        wordList(W.allCases.lazy.map(\.rawValue), separator: "|")
    }

    static let named: GrammarPart = .optional([.word("as"), .slot("NAME")])
    static let animationForm: [GrammarPart] = [.slot("LAYER"), .slot("KEYPATH"), .attributes, .timing, named]

    // The commands `layerlab` also runs from the shell (`layerlab export FILE OUT`), each
    // built on its own: a shell run builds only these six, not the whole table (building all
    // of it cost a small export about a tenth of its instructions and 80 page faults).
    package static let show = CommandSpec(Show.name, .viewing, [[.attributes]],
                attributes: Show.attributes,
                summary: "Draws one frame in the terminal.",
                example: "show at=1.5 mode=braille") { p, spec, _ throws(ScriptError) in
        .show(try p.arguments(spec))
    }
    package static let play = CommandSpec(Play.name, .viewing, [[.attributes, .flag(Play.loop)]],
                attributes: Play.attributes,
                flags: [Play.loop],
                summary: "Plays the scene in the terminal, then leaves its last frame on the screen. Keys: space pause, ←/→ step a frame, +/- speed, Home/End start/end, r restart, l loop on/off, ? keys, q quit.",
                example: "play speed=0.25 loop") { p, spec, _ throws(ScriptError) in
        .play(try p.arguments(spec))
    }
    package static let frames = CommandSpec(Frames.name, .viewing, [[.attributes]],
                attributes: Frames.attributes,
                summary: "Prints frames one after another (for pipes), each under a `# t=…` line.",
                example: "frames to=1 fps=4") { p, spec, _ throws(ScriptError) in
        .frames(try p.arguments(spec))
    }
    package static let inspect = CommandSpec(Inspect.name, .viewing, [[.slot("LAYER[.KEYPATH]"), .attributes]],
                attributes: Inspect.attributes,
                summary: "Prints values as `LAYER.KEYPATH = VALUE`. With at=T: the presentation values at T. Without: a `# model` block (stored values plus events) and a `# presentation at T` block at the current time.",
                example: "shape ring path=circle(100, 100, 20) fillColor=clear strokeColor=red\nanimate ring strokeEnd from=0 to=1 duration=1\ninspect ring.strokeEnd at=0.5") { p, spec, _ throws(ScriptError) in
        .inspect(try p.name("LAYER or LAYER.KEYPATH"), try p.arguments(spec))
    }
    package static let explain = CommandSpec(Explain.name, .viewing, [[.slot("LAYER.KEYPATH"), .attributes]],
                attributes: Explain.attributes,
                summary: "Explains a presentation value: the model value, each animation on the key path with its local time and phase, and the winner.",
                example: "shape oval path=circle(100, 100, 10) fillColor=red\nanimate oval path to=circle(100, 100, 40) duration=0.3 fillMode=forwards removedOnCompletion=false as expand\nexplain oval.path at=0.2") { p, spec, _ throws(ScriptError) in
        .explain(try p.name("LAYER.KEYPATH"), try p.arguments(spec))
    }
    package static let export = CommandSpec(Export.name, .files,
                [[.slot("FILE"), .attributes, .flag(Export.bake), .flag(Export.strict), .flag(Export.force)],
                 [.choice(ExportRequest.Format.allCases.map(\.rawValue)), .slot("FILE"), .attributes, .flag(Export.bake),
                  .flag(Export.strict), .flag(Export.force)]],
                attributes: Export.attributes,
                flags: [Export.bake, Export.strict, Export.force],
                summary: "Exports a frame (png, or sixel as .six), the animation (gif, cast), Lottie JSON, Swift source or the document as a script (.lab, as `save` writes it); the format comes from FILE's extension (\(ExportRequest.Format.extensionList)), or is named before FILE. It never replaces the document's own script or project, nor (without `export!` or `force`) a file of another kind.",
                example: "shape dot path=circle(100, 100, 30) fillColor=red\nanimate dot transform.scale from=0.5 to=1 duration=1\nexport dot.gif fps=10") { p, spec, _ throws(ScriptError) in
        // `export! …` is `export … force`.
        var bang: Name?
        if p.peek.isSymbol("!"), !p.peek.spaceBefore { bang = Name(text: Export.force.word, range: p.next().range) }
        guard case .export(let format, let file, var args) = try p.export(spec) else { return try p.export(spec) }
        if let bang, !args.has(Export.force) { args.flags.append(bang) }
        return .export(format, file, args)
    }

    package static let all: [CommandSpec] = [
        CommandSpec(Canvas.name, .document, [[.attributes]],
                    attributes: Canvas.attributes,
                    summary: "Sets the canvas size, background colour and scene duration.",
                    example: "canvas size=300x200 background=#202020") { p, spec, _ throws(ScriptError) in
            .canvas(try p.arguments(spec))
        },
        CommandSpec("path", .document, [[.slot("NAME"), .word("="), .slot("PATH")]],
                    summary: "Defines (or redefines) a named path; layers and animations that use the name follow it.",
                    example: "path small = oval(50, 50, 0, 0)") { p, _, _ throws(ScriptError) in
            let n = try p.name("a path name")
            _ = try p.expectSymbol("=", "'=' and a path")
            return .path(n, try p.expression())
        },
        CommandSpec("layer", aliases: LayerKind.allCases.dropFirst().map(\.rawValue), .document,
                    [[.slot("NAME"), .optional([.word("in"), .slot("PARENT")]), .optional([.properties])],
                     [.slot("NAME"), .optional([.word("in"), .slot("PARENT")]), .optional([.properties]), .optional([.block])]],
                    summary: "Adds a layer (CALayer, CAShapeLayer, CATextLayer, image, CAReplicatorLayer, CAGradientLayer, CATransformLayer or CAEmitterLayer) on top of its siblings. An emitter takes its cells (CAEmitterCell) in a block, `{ cell NAME prop=value … }`, or as `cell NAME in EMITTER …`; a cell's own block holds the cells its particles emit.",
                    example: "layer box position=(100, 100) bounds=rect(0, 0, 100, 100)\nshape ring in box path=circle(50, 50, 20) fillColor=clear strokeColor=red lineWidth=2") { p, spec, verb throws(ScriptError) in
            let n = try p.name("a layer name")
            let kind = LayerKind(rawValue: verb.text) ?? .layer
            let args = try p.arguments(spec)
            let cells = kind == .emitter || kind == .emitterCell ? try p.cellBlock() : []
            return .layer(kind, n, args, cells: cells)
        },
        CommandSpec("set", .document,
                    [[.choice(["LAYER", "ANIMATION"]), .properties, .flag(SetCommand.animated)],
                     [.slot("LAYER.KEYPATH"), .word("="), .slot("V")]],
                    flags: [SetCommand.animated],
                    summary: "Changes layer properties (with `animated`: an implicit " + MediaTiming.defaultDurationText + "s animation at the current time), or an animation's timing and values (attr=value).",
                    example: "shape ring path=circle(100, 100, 20) fillColor=clear strokeColor=red strokeEnd=0\nset ring strokeEnd=0.4 animated") { p, spec, _ throws(ScriptError) in
            let target = try p.name("a layer or animation name")
            if p.skip(symbol: "=") { return .setKeyPath(target, try p.expression()) }
            return .set(target, try p.arguments(spec))
        },
        CommandSpec("delete", .document, [[.choice(["LAYER", "ANIMATION", "EVENT", "PATH"])]],
                    summary: "Deletes a layer (with its sublayers, animations and events), an animation, an event or a path.",
                    example: "shape oval path=circle(100, 100, 40)\nanimate oval opacity from=1 to=0.5 as fade\ndelete fade") { p, _, _ throws(ScriptError) in
            .delete(try p.name("a name to delete"))
        },
        CommandSpec("rename", .document, [[.slot("OLD"), .slot("NEW")]],
                    summary: "Renames anything; masks, animations, events, time expressions and path uses follow.",
                    example: "shape oval path=circle(100, 100, 40)\nanimate oval path to=circle(100, 100, 60) duration=0.3\nrename oval.path expand") { p, _, _ throws(ScriptError) in
            let old = try p.name("the current name")
            return .rename(old, try p.name("the new name"))
        },
        CommandSpec(Move.name, .document, [[.slot("LAYER"), .optional([.word("in"), .slot("PARENT")]), .attributes]],
                    attributes: Move.attributes,
                    summary: "Moves a layer under another (or to the top level without `in`), at index N (default: on top).",
                    example: "layer box\nshape dot path=circle(0, 0, 5)\nmove dot in box index=0") { p, spec, _ throws(ScriptError) in
            let n = try p.name("a layer name")
            return .move(n, try p.arguments(spec))
        },
        CommandSpec("animate", .animation, [animationForm], attributes: fromTo + [valueFunction],
                    summary: "Adds a basic animation (CABasicAnimation). Unnamed animations are called LAYER.KEYPATH.",
                    example: "shape box position=(100, 100) path=rect(-20, -20, 40, 40)\nanimate box transform.rotation.z to=1turn duration=0.45s",
                    parse: animation),
        CommandSpec("keyframes", .animation, [animationForm],
                    attributes: Keyframes.all.map { $0.spec } + [valueFunction],
                    summary: "Adds a keyframe animation (CAKeyframeAnimation).",
                    example: "shape dot position=(100, 0) path=circle(0, 0, 10)\nkeyframes dot position.y values=[0, 80, 60, 80] keyTimes=[0, 0.5, 0.75, 1] duration=1",
                    parse: animation),
        CommandSpec("spring", .animation, [animationForm],
                    // From the spring forms' parameter tables; the ratio form is unused unless given.
                    attributes: fromTo + Animation.Spring.Form.parameters.map {
                        .init($0.name, $0.placeholder, $0.summary, default: $0.marksForm ? "unused" : formatNumber($0.defaultValue))
                    },
                    summary: "Adds a spring (CASpringAnimation's physics, or UIKit's dampingRatio form). See `help timing`.",
                    example: "text label position=(100, 100) bounds=rect(0, 0, 200, 120) string=\"S\" fontSize=100 foregroundColor=black alignment=center\nspring label transform.scale from=0.25 to=1 dampingRatio=0.7 initialSpringVelocity=0.1 duration=0.4",
                    parse: animation),
        CommandSpec("group", .animation,
                    [[.slot("NAME"), .word("on"), .slot("LAYER"), .flag(Group.sequence), .timing, .block]],
                    flags: [Group.sequence],
                    summary: "Adds an animation group (CAAnimationGroup); children are animate/keyframes/spring lines without the layer, or nested `group NAME { … }` blocks. With `sequence` each child starts when the previous ends.",
                    example: "path large = oval(2.5, 17.5, 95, 95)\npath squishV = oval(2.5, 20, 95, 90)\nshape oval path=large fillColor=red\ngroup wobble on oval sequence repeatCount=2 {\n    animate path from=large to=squishV duration=0.3\n    animate path from=squishV to=large duration=0.3\n}") { p, spec, _ throws(ScriptError) in
            try p.group(spec)
        },
        CommandSpec("at", .animation,
                    [[.slot("TIME"), .word("set"), .slot("LAYER"), .properties, .attributes, .flag(At.animated), named]],
                    attributes: transition,
                    flags: [At.animated],
                    summary: "Schedules a change at a scene time (a time expression); with `animated` it is an implicit " + MediaTiming.defaultDurationText + "s animation, with `transition=TYPE` a CATransition draws the layer moving or fading from how it looked before the change (help transitions). A named change that sets nothing (`at 2 set box as beat`) is a named moment, as a Lottie marker becomes.",
                    example: "shape triangle path=polygon((80, 120), (100, 80), (120, 120)) hidden=true\nanimate triangle opacity from=0 to=1 duration=0.5 as fadeIn\nat fadeIn.begin set triangle hidden=false\nat fadeIn.end + 0.1 set triangle fillColor=blue animated\nat 1.5 set triangle fillColor=green transition=push subtype=fromRight duration=0.4") { p, spec, _ throws(ScriptError) in
            let time = try p.expression()
            guard p.word("set") != nil else {
                throw .unexpected(found: p.peek.described, expected: "'set' after the time", p.peek.range)
            }
            let target = try p.name("a layer name")
            let value = p.skip(symbol: "=") ? try p.expression() : nil
            return .at(time, target, try p.arguments(spec), value: value)
        },
        show,
        play,
        frames,
        CommandSpec(Watch.name, .viewing, [[.slot("FILE"), .attributes, .flag(Watch.play)]],
                    attributes: Watch.attributes,
                    flags: [Watch.play],
                    summary: "Replays a script whenever the file changes and keeps a live preview of it, so you can edit it in your own editor; errors show under the last good frame. q or Ctrl-C leaves, and the document becomes the file's last good version (undo brings back the one before).",
                    example: "watch scene.lab play") { p, spec, _ throws(ScriptError) in
            .watch(try p.fileName(), try p.arguments(spec))
        },
        CommandSpec("seek", .viewing, [[.slot("T")]],
                    summary: "Sets the current time (used by show, inspect and set … animated).",
                    example: "shape dot path=circle(100, 100, 20)\nanimate dot opacity from=1 to=0 duration=2 as fade\nseek fade.end - 0.5") { p, _, _ throws(ScriptError) in
            .seek(try p.expression())
        },
        CommandSpec("preview", .viewing, [[.choice(["on", "off"])]],
                    summary: "Shows a frame after every command that changes the document or the time.",
                    example: "preview on") { p, _, _ throws(ScriptError) in
            guard let w = p.peek.word, w == "on" || w == "off" else {
                throw .unexpected(found: p.peek.described, expected: "'on' or 'off'", p.peek.range)
            }
            return .preview(Name(text: w, range: p.next().range))
        },
        CommandSpec("timeline", .viewing, [[]], summary: "Charts every animation and event over scene time.",
                    example: "timeline") { _, _, _ throws(ScriptError) in .timeline },
        CommandSpec("tree", .viewing, [[]], summary: "Lists the canvas, paths, layer tree, animations and events.",
                    example: "tree") { _, _, _ throws(ScriptError) in .tree },
        inspect,
        explain,
        CommandSpec("undo", .history, [[.optional([.slot("N")])]], summary: "Undoes the last N document changes (default 1).",
                    example: "undo 3") { p, _, _ throws(ScriptError) in
            .undo(p.atCommandEnd ? nil : try p.expression())
        },
        CommandSpec("redo", .history, [[.optional([.slot("N")])]], summary: "Redoes N undone changes (default 1).",
                    example: "redo") { p, _, _ throws(ScriptError) in
            .redo(p.atCommandEnd ? nil : try p.expression())
        },
        CommandSpec("history", .history, [[]],
                    summary: "Lists the document changes; `*` marks the current state, later lines can be redone.",
                    example: "history") { _, _, _ throws(ScriptError) in .history },
        CommandSpec("new", .files, [[]], summary: "Starts an empty document (undoable).",
                    example: "new") { _, _, _ throws(ScriptError) in .new },
        CommandSpec("load", .files, [[.slot("FILE"), .attributes, .flag(Load.strict)]],
                    attributes: Load.attributes,
                    flags: [Load.strict],
                    summary: "Opens a .lab script, a JSON project or a Lottie file: the document becomes what the file describes (one undoable step), and `save` without a name writes back to a script or project. A Lottie file is told by its content; what it uses that LayerLab does not draw is named in warnings, and with `strict` the file is refused instead. To add a script's commands to the current document, use `run`.",
                    example: "load examples/loading-s.lab\nload stickers.lottie animation=wave") { p, spec, _ throws(ScriptError) in
            let file = try p.fileName()
            let args = try p.arguments(spec)
            for a in args.arguments where a.key.text != Load.animation.name {
                throw .unknownAttribute(a.key.text, command: "load", a.key.range, suggestion: Suggestion.nearest(a.key.text, in: [Load.animation.name]))
            }
            if let id = args.arguments.first?.value { return .loadAnimation(file, animation: id, strict: args.has(Load.strict)) }
            return args.has(Load.strict) ? .loadStrict(file) : .load(file)
        },
        CommandSpec("run", .files, [[.slot("FILE")]],
                    summary: "Runs a .lab script's commands into the current document, as one undoable step (all of it, or at the first error none of it).",
                    example: "run extras.lab") { p, _, _ throws(ScriptError) in
            .run(try p.fileName())
        },
        CommandSpec("save", .files, [[.optional([.slot("FILE")])]],
                    summary: "Saves the document: FILE.json (or FILE without an extension) as a JSON project, FILE.lab as a script that `load` or `layerlab run` rebuilds exactly. Without FILE: the last file name. It replaces only projects and scripts it wrote; `save! FILE` replaces any file.",
                    example: "save loading-s.json\nsave loading-s.lab") { p, _, _ throws(ScriptError) in
            if p.peek.isSymbol("!"), !p.peek.spaceBefore { _ = p.next(); return .saveReplacing(try p.fileName()) }
            return .save(p.atCommandEnd ? nil : try p.fileName())
        },
        CommandSpec("recover", .files, [[]],
                    summary: "Brings back the unsaved work of a session that crashed or was killed (undoable).",
                    example: "recover") { _, _, _ throws(ScriptError) in .recover },
        CommandSpec("edit", .files, [[]],
                    summary: "Opens the document as a script in $VISUAL or $EDITOR (at a terminal); when the editor exits the script is replayed, and the result replaces the document as one undoable step. On an error the document stays as it was and LayerLab offers to reopen the script at the error's line.",
                    example: "edit") { _, _, _ throws(ScriptError) in .edit },
        export,
        CommandSpec("help", .session, [[.optional([.slot("COMMAND")])]],
                    summary: "Lists commands, or explains one command or topic (keypaths, timing, values).",
                    example: "help animate") { p, _, _ throws(ScriptError) in
            p.atCommandEnd ? .help(nil) : .help(try p.name("a command or topic"))
        },
        CommandSpec("clear", .session, [[]], summary: "Clears the terminal screen.",
                    example: "clear") { _, _, _ throws(ScriptError) in .clearScreen },
        CommandSpec("quit", aliases: ["exit"], .session, [[]],
                    summary: "Leaves LayerLab (asking first about unsaved changes at a terminal).",
                    example: "quit") { _, _, _ throws(ScriptError) in .quit },
    ]

    static let animation: CommandSpec.Parse = { p, spec, verb throws(ScriptError) in
        .animation(try p.animation(verb, spec, inGroup: false))
    }

    /// Every command word, aliases included.
    package static let names: [String] = all.flatMap(\.words)

    /// The command a word names (`shape` finds `layer`).
    package static func spec(_ word: String) -> CommandSpec? {
        // The shell's six first, without building the table (no other entry claims their words).
        switch word {
        case Show.name: show
        case Play.name: play
        case Frames.name: frames
        case Inspect.name: inspect
        case Explain.name: explain
        case Export.name: export
        default: indexByWord[word].map { all[$0] }
        }
    }

    /// Where each word's command is in `all` (the first command to claim a word keeps it);
    /// every command line looks its verb up here.
    static let indexByWord: [String: Int] = {
        var index: [String: Int] = [:]
        for (i, spec) in all.enumerated() {
            for w in spec.words where index[w] == nil { index[w] = i }
        }
        return index
    }()
}
