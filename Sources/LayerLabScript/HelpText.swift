import LayerLabCore

/// `help`, `help COMMAND` and the topics, all generated from `CommandTable` and the core's
/// tables so they cannot drift from what the parser accepts.
package enum HelpText {
    package static let topics = ["keypaths", "timing", "values", "compositing", "transitions"]

    static func render(_ topic: Name?) throws(ScriptError) -> String {
        guard let topic else { return overview() }
        if let text = text(for: topic.text) { return text }
        throw .unknown(what: "command or help topic", name: topic.text, topic.range,
                       suggestion: Suggestion.nearest(topic.text, in: CommandTable.names + topics + LayerKeyPath.names(for: nil)))
    }

    /// The help for a command or topic, or nil.
    package static func text(for topic: String) -> String? {
        switch topic {
        case "keypaths": return keyPaths()
        case "timing": return timing
        case "values": return values
        case "compositing": return compositing
        case "transitions", "transition": return transitions
        case "colors", "colours", "units", "color", "colour":
            return "(colours and units are written as values: see below)\n\n" + values
        default:
            return kindHelp(topic) ?? CommandTable.spec(topic).map(command) ?? keyPathHelp(topic)
        }
    }

    package static func overview() -> String {
        var out = ["Commands (help COMMAND for details; help keypaths, help timing, help values, help compositing, help transitions):"]
        let width = 12
        for group in CommandSpec.Group.allCases {
            out.append("")
            out.append(group.rawValue)
            for c in CommandTable.all where c.group == group {
                let name = c.words.joined(separator: "|")
                let summary = firstSentence(c.summary)
                out.append("  " + name.padding(width) + "  " + summary)
            }
        }
        return out.joined(separator: "\n")
    }

    static func command(_ c: CommandSpec) -> String {
        var out = c.synopsisLines + ["", "  " + c.summary]
        let attributes = c.helpAttributes
        if !attributes.isEmpty {
            out.append("")
            out.append("Attributes:")
            let w = attributes.map(\.name.count).max() ?? 0
            for a in attributes {
                out.append("  " + a.name.padding(w) + "  " + a.meaning + " (default: " + a.defaultValue + ")")
            }
        }
        let flags = c.flagWords.filter { c.flagMeanings[$0] != nil }
        if !flags.isEmpty {
            out.append("")
            out.append("Words:")
            let w = flags.map(\.count).max() ?? 0
            for f in flags { out.append("  " + f.padding(w) + "  " + (c.flagMeanings[f] ?? "")) }
        }
        out.append("")
        out.append("Example:")
        out += c.example.split(separator: "\n").map { "  " + $0 }
        return out.joined(separator: "\n")
    }

    static func keyPaths() -> String {
        var out = ["Layer properties (any layer unless a kind is named). Key paths marked * animate.", ""]
        let w = PropertyTable.all.map(\.name.count).max() ?? 0
        for s in PropertyTable.all {
            let kinds = s.kinds.map { ks in
                ks.count == LayerKind.allCases.count ? " [any, cells too]" : " [" + ks.map(\.rawValue).sorted().joined(separator: ", ") + "]"
            } ?? ""
            let range = s.range.shortText.isEmpty ? "" : (s.type == .rect ? ", size " : " ") + s.range.shortText
            let others = s.kindDefaults.sorted { $0.key.rawValue < $1.key.rawValue }.map { k, v in
                " (\(k.rawValue): " + (v == .path(EmitterCell.dot) ? "a dot 4 points across" : ValueFormatter.format(v, type: s.type)) + ")"
            }.joined()
            out.append("  " + (s.animatable ? "* " : "  ") + s.name.padding(w) + "  " + s.type.displayName + range
                       + ", default " + ValueFormatter.format(s.defaultValue, type: s.type) + others + kinds + ": " + s.summary)
        }
        out += ["", "Derived key paths (all animatable):",
                "  position.x, position.y, anchorPoint.x, anchorPoint.y        one coordinate of a point",
                "  bounds.size, bounds.size.width, bounds.size.height          the layer's size",
                "  bounds.origin, bounds.origin.x, bounds.origin.y             the bounds' origin",
                "  transform.rotation                                          alias of transform.rotation.z",
                "  transform.scale, transform.translation                      both axes at once",
                "  frame                                                       UIKit's frame: origin = position − anchorPoint·size"]
        return out.joined(separator: "\n")
    }

    static let compositing = """
    LayerLab's compositing extensions: what After Effects and Lottie say and Core Animation
    cannot. LayerLab draws them; the Swift export names each one Core Animation will not do.

      blendMode   how a layer combines with what is drawn beneath it (not animatable):
                  normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn,
                  hardLight, softLight, difference, exclusion, hue, saturation, color,
                  luminosity (the W3C blend modes, Lottie's bm 0-15 in that order), and the
                  Porter-Duff operators sourceIn, sourceOut, sourceAtop, destinationOver,
                  destinationIn, destinationOut, destinationAtop, xor, plusLighter.
                  A layer whose sublayers blend draws them offscreen: they blend with each
                  other and the layer, not with what is behind it (as in a precomposition).
      maskMode    how a layer reads its mask: alpha (Core Animation's), alphaInverted,
                  luminance, luminanceInverted (Lottie's track mattes tt 1-4).
      timeRemap   seconds: the time the layer's sublayers see instead of the layer's own
                  time (Lottie's precomposition time remapping). Animatable; it runs on the
                  layer's clock, and each sublayer's clock maps it as any parent time.
      tintAmount  0-1: After Effects' Tint (Lottie effect ty 20). Each pixel's luminance
                  picks a colour from tintBlack (dark) to tintWhite (light); the pixel moves
      tintBlack   that far towards it. Animatable; the layer and its sublayers are drawn
      tintWhite   offscreen first. Defaults: 0, black, white.
      tintMidtone After Effects' Tritone (Lottie effect ty 23): the colour mid grey maps to,
                  the tint running from tintBlack through it to tintWhite. Default clear:
                  straight from tintBlack to tintWhite.
      blurRadius  points, >= 0: After Effects' Gaussian Blur (Lottie effect ty 29) of the
                  layer and its sublayers, drawn offscreen; named as shadowRadius is (a
                  Gaussian of standard deviation blurRadius / 2, in the layer's own points).
                  Animatable. Default 0.

    Lottie's mask lists are mask layers whose sublayers combine by blendMode: add normal,
    subtract destinationOut, intersect destinationIn, difference xor; opacity is the
    mask's opacity; an inverted mask is a filled layer with maskMode=alphaInverted.

    Example:
      layer glow position=(100, 100) bounds=rect(0, 0, 80, 80) backgroundColor=orange blendMode=screen
      shape matte path=circle(100, 100, 50) fillColor=white
      layer card position=(100, 100) bounds=rect(0, 0, 160, 120) backgroundColor=teal mask=matte maskMode=luminance
    """

    static let transitions = """
    Transitions (CATransition) draw a scheduled change: for its duration the layer is shown
    moving or fading from how it looked just before the change to how it looks after.

      at T set LAYER prop=value … transition=TYPE [subtype=SIDE] [duration=S]
           [timingFunction=F] [startProgress=P] [endProgress=P] [as NAME]

      transition      fade: the old picture dissolves into the new one.
                      moveIn: the new picture slides in over the old one, which stays.
                      push: the new picture slides in and pushes the old one out.
                      reveal: the old picture slides away, uncovering the new one.
      subtype         fromLeft, fromRight, fromTop, fromBottom: the side it begins at (not for
                      fade). Unset, the moving types go as fromLeft.
      duration        seconds (0 or unset: \(MediaTiming.defaultDurationText)).
      timingFunction  paces the progress (linear unless given).
      startProgress   0…1: how far along it starts (default 0).
      endProgress     0…1, not below startProgress: how far along it ends (default 1); then
                      the transition is removed and the layer shows its new state.

    The old picture is frozen at the change; the new one is live. Both keep the layer's
    position, transform, opacity and mask, and are not clipped to its bounds unless it masks
    to bounds (put the layer in a container with masksToBounds=true to slide inside it).
    explain LAYER.KEYPATH at=T names the transition running then.

    Example:
      layer card position=(100, 60) bounds=rect(0, 0, 120, 80) backgroundColor=red
      at 1 set card backgroundColor=blue transition=push subtype=fromRight duration=0.4
    """

    static let timing = """
    Timing follows Core Animation (CAMediaTiming) exactly.

      beginTime       when the animation starts, in its parent's time: scene time (through its
                      layer's clock) for animations, the group's time for a group's children.
                      A time expression: 1.5, 300ms, wobble.end + 0.1, after spin.
      duration        one iteration. Unset: \(MediaTiming.defaultDurationText)s; a group's child spans its group; a spring
                      lasts its settling duration; a group lasts until its last timed child ends.
      speed           how fast local time runs relative to the parent (0 pauses).
      timeOffset      added to local time (speed=0 with timeOffset=T freezes at T).
      repeatCount     iterations: 0 and 1 mean once, 2.5 is two and a half, inf is forever.
      repeatDuration  total active time instead of repeatCount.
      autoreverses    each iteration plays forwards then backwards (twice as long).
      fillMode        outside the active interval: removed (the model value shows), forwards
                      (hold the end value; needs removedOnCompletion=false to last), backwards
                      (show the start value before beginTime), both.
      removedOnCompletion  true removes the animation when it ends, whatever fillMode says.
      timingFunction  maps time to progress: linear (the default for explicit animations),
                      easeIn, easeOut, easeInEaseOut, default (implicit animations' curve,
                      0.25 0.1 0.25 1), UIKit's curveEaseIn/curveEaseOut/curveEaseInOut/
                      curveLinear, or cubic(x1, y1, x2, y2).
      additive        add to the value beneath instead of replacing it.
      cumulative      each repetition goes on from where the last ended: repetition k shows
                      its own value plus k times the value a repetition ends on (a counter,
                      a staircase, a spinner that keeps turning). Not on groups.

    Local time = (parent time − beginTime) · speed + timeOffset, then folded by repeats and
    autoreverses. Several animations on one key path: the one added later wins, unless additive.
    Layers have beginTime, speed and timeOffset too; they time the layer's animations and
    sublayers. `set … animated` is an implicit action: 0.25s, the default curve, from the
    presentation value at the current time to the new value.

    Scene length (play, timeline, frames, exports): canvas duration= if set; otherwise until
    every animation and event has ended, with each endless one (repeatCount=inf) shown for one
    full cycle after it begins (there and back with autoreverses).

    Springs:
      CASpringAnimation form: mass (1), stiffness (100), damping (10), initialVelocity (0).
      Without duration a spring lasts its settling duration, as CASpringAnimation's
      settlingDuration: until its oscillation's envelope is within 1/1200 of the distance
      (2.85s for damping 5, 1.00s for damping 15).
      UIKit form: dampingRatio ζ (1 = no overshoot) and initialSpringVelocity, with duration d:
      LayerLab maps d to stiffness (2π/d)², mass 1 and damping 4πζ/d (SwiftUI's
      Spring(duration:bounce:) mapping with ζ = 1 − bounce), and the value snaps to its target
      at the end of d. Without duration the mapping uses d = 0.5 s and the spring lasts its
      settling duration, then rests exactly on its target.
    """

    /// `oval(x, y, w, h), circle(cx, cy, r), …` from `ValueFunction`, wrapped under `paths`.
    static var pathFunctionLines: String {
        let items = ["a path name"] + ValueFunction.all.filter { $0.kind == .path && $0.name != "polyline" }.map(\.signature)
        var lines: [String] = []
        var line = ""
        for item in items {
            let next = line.isEmpty ? item : line + ", " + item
            if next.count > 74, !line.isEmpty { lines.append(line + ","); line = item } else { line = next }
        }
        lines.append(line)
        return lines.joined(separator: "\n" + String(repeating: " ", count: 14))
    }

    static var values: String { """
    Values:
      numbers     1.5  -2  2*pi  (0.3 + 0.45)/2  inf (where allowed)
      units       300ms 0.3s (times; bare numbers are seconds)  90deg 1turn 2rad (angles; bare
                  numbers are radians)
      colours     red green blue orange purple brown gray darkGray lightGray cyan magenta yellow
                  black white clear (UIKit's values), CSS names (crimson, teal…), #rgb, #rgba,
                  #rrggbb, #rrggbbaa (the last digits are alpha, as in CSS: #ff00 is transparent
                  yellow), rgb(209, 42, 24), rgba(0, 0, 0, 0.5), color(0.82, 0.16, 0.09, 1)
                  (UIColor's 0…1 components, as `save FILE.lab` writes colours between bytes)
      points      (x, y)        sizes  WxH (200x100)        rects  rect(x, y, w, h)
      paths       \(pathFunctionLines)
      booleans    true false
      lists       [1, 2, 3]
      text        "with \\"escapes\\", \\n and \\u{263A}"
      times       1.2, NAME.begin, NAME.end, after NAME, and arithmetic on them

    inspect prints values the same way, one `LAYER.KEYPATH = VALUE` a line; paths print as
    absolute SVG data (M, L, C, Q, Z). Without at= it prints a `# model at t=T` block, then a
    `# presentation at t=T` block for the current time.
    """ }

    /// The text up to the first full stop that ends a sentence (`0.25 s` and `.lab` do not).
    static func firstSentence(_ text: String) -> String {
        var previous: Character = " "
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index] == ".", previous != " ", next == text.endIndex || text[next] == " " {
                return String(text[..<index])
            }
            previous = text[index]
            index = next
        }
        return text
    }
}
