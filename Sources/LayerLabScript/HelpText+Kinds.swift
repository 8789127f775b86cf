import LayerLabCore

/// `help KIND` (`help replicator`, `help emitter`, `help cell` …): what the kind is for, the
/// properties only it has, and an example that shows its point; `help KEYPATH` gives a key
/// path's line of `help keypaths`.
extension HelpText {
    /// What each kind is for, and an example that shows what is particular to it (each runs
    /// as printed in a fresh session; a test checks).
    static let kinds: [LayerKind: (about: String, example: String)] = [
        .shape: ("A shape layer (CAShapeLayer): a path filled and stroked; strokeStart/strokeEnd draw part of the stroke.",
                 "shape ring position=(100, 100) path=circle(0, 0, 40) fillColor=clear strokeColor=red lineWidth=6 strokeEnd=0.7"),
        .text: ("A text layer (CATextLayer), drawn with the built-in vector font; it shows only inside its bounds.",
                "text title position=(100, 100) bounds=rect(0, 0, 180, 40) string=\"Hello\" fontSize=30 foregroundColor=black alignment=center"),
        .image: ("An image layer: its contents come from a PNG or text-art file, drawn into the bounds by contentsGravity; a list of frames makes a flipbook.",
                 "image logo position=(100, 100) bounds=rect(0, 0, 64, 64) contents=\"logo.png\" contentsGravity=resizeAspect"),
        .replicator: ("A replicator (CAReplicatorLayer) draws its sublayers instanceCount times, each copy transformed by instanceTransform, delayed by instanceDelay and tinted a step further than the one before. Its sublayers sit in the replicator's own coordinates (0,0 is its bounds' corner), and instanceTransform turns about its anchor point.",
                      "replicator spinner position=(100, 100) bounds=rect(0, 0, 120, 120) instanceCount=12 instanceTransform=rotate(30deg) instanceDelay=1/12\nlayer dot in spinner position=(60, 10) bounds=rect(0, 0, 12, 12) cornerRadius=6 backgroundColor=gray\nanimate dot opacity from=1 to=0.2 duration=1 repeatCount=inf"),
        .gradient: ("A gradient layer (CAGradientLayer) fills its bounds with colors at locations (0…1), from startPoint to endPoint in unit coordinates of the bounds.",
                    "gradient sky position=(100, 100) bounds=rect(0, 0, 200, 200) colors=[#1e3c72, #2a5298, #ffffff] locations=[0, 0.6, 1] startPoint=(0.5, 0) endPoint=(0.5, 1)"),
        .transformLayer: ("A transform layer (CATransformLayer) draws nothing of its own: its sublayers share its 3D space, sorted by depth, so turning it turns them together (a card's two faces).",
                          "canvas size=200x200 background=white\nlayer stage position=(100, 100) bounds=rect(0, 0, 200, 200) sublayerTransform=perspective(500)\ntransformLayer card in stage position=(100, 100) bounds=rect(0, 0, 80, 110)\nlayer front in card position=(40, 55) bounds=rect(0, 0, 80, 110) backgroundColor=red isDoubleSided=false\nlayer back in card position=(40, 55) bounds=rect(0, 0, 80, 110) backgroundColor=blue transform.rotation.y=180deg isDoubleSided=false\nanimate card transform.rotation.y from=0 to=180deg duration=1"),
        .emitter: ("An emitter (CAEmitterLayer) emits particles, but only through its cells: an emitter without a cell shows nothing. Give the cells in a block, `{ cell NAME … }`, or as `cell NAME in EMITTER`; particles are seeded (seed=N), so every run draws the same frames.",
                   "emitter sparks position=(100, 100) bounds=rect(0, 0, 200, 200) emitterPosition=(100, 100) seed=7 {\n    cell spark birthRate=30 lifetime=1.5 velocity=60 emissionRange=360deg scale=0.8 color=orange\n}"),
        .emitterCell: ("A cell (CAEmitterCell) is not a layer but the recipe for one kind of particle: how many are born a second, how long they live, how they move, turn, scale and change colour. It lives in an emitter (or in a cell, whose particles then emit it).",
                       "emitter snow position=(100, 0) bounds=rect(0, 0, 200, 10) emitterShape=line emitterSize=200x0 seed=3\ncell flake in snow birthRate=10 lifetime=4 velocity=40 emissionLongitude=90deg scale=0.5 color=white"),
    ]

    /// `help KIND`, or nil when `word` names no kind of layer other than the plain one
    /// (`help layer` is the command's help).
    static func kindHelp(_ word: String) -> String? {
        guard let kind = LayerKind(rawValue: word), let info = kinds[kind] else { return nil }
        var out = ["\(word) NAME [in PARENT] [prop=value …]" + (kind == .emitter || kind == .emitterCell ? " [{ cell NAME … }]" : ""),
                   "", "  " + info.about]
        let own = PropertyTable.all.filter { $0.kinds?.contains(kind) == true && $0.kinds != Set(LayerKind.allCases) }
        if !own.isEmpty {
            out += ["", "Its own properties (besides every layer's; `help keypaths` lists them all):"]
            let w = own.map(\.name.count).max() ?? 0
            for s in own { out.append("  " + (s.animatable ? "* " : "  ") + s.name.padding(w) + "  " + s.summary) }
        }
        out += ["", "Example:"] + info.example.split(separator: "\n").map { "  " + $0 }
        out += ["", "`help layer` has the command's full synopsis."]
        return out.joined(separator: "\n")
    }

    /// `help KEYPATH`: the key path's line of `help keypaths` (its type, range, default,
    /// kinds and meaning), or nil when `word` is not a key path.
    static func keyPathHelp(_ word: String) -> String? {
        guard let kp = LayerKeyPath.resolve(word, for: nil) else { return nil }
        let lines = keyPaths().split(separator: "\n").map(String.init)
        let own = lines.first { $0.dropFirst(4).hasPrefix(kp.name + " ") }
        if let own { return own.trimmingCharacters(in: " ") + "\n\n(`*` marks a key path that animates; `help keypaths` lists them all.)" }
        let derived = lines.first { line in line.hasPrefix("  ") && line.split(separator: " ").contains { $0.trimmingCharacters(in: ",") == word } }
        return derived.map { $0.trimmingCharacters(in: " ") + "\n\n(a derived key path; `help keypaths` lists them all.)" }
    }
}

private extension StringProtocol {
    func trimmingCharacters(in set: Character) -> String {
        var s = Substring(self)
        while s.first == set { s.removeFirst() }
        while s.last == set { s.removeLast() }
        return String(s)
    }
}
