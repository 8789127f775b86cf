import LayerLabScript

extension CommandSyntax {
    /// The commands of LayerLabScript's `CommandTable`, the table `help` prints, one entry per
    /// command word.
    ///
    /// NB: a synopsis with several forms (`set LAYER … | set LAYER.prop = value | set ANIMATION …`)
    /// is read by its first form, widened so its target may also be an animation; the
    /// `layer|shape|text|image` entry gives one entry per kind.
    public static let fromCommandTable: [CommandSyntax] = {
        var out: [CommandSyntax] = []
        for info in CommandTable.all {
            var synopsis = info.synopsis.firstForm
            if info.name == "set" { synopsis = synopsis.replacingFirst("set LAYER ", with: "set LAYER|ANIMATION ") }
            let words = synopsis.split(separator: " ", maxSplits: 1).map(String.init)
            let rest = words.count > 1 ? " " + words[1] : ""
            for name in words[0].split(separator: "|").map(String.init) {
                out.append(CommandSyntax(name: name, synopsis: name + rest))
            }
        }
        if let quit = out.first(where: { $0.name == "quit" }), !out.contains(where: { $0.name == "exit" }),
           CommandTable.names.contains("exit") {
            out.append(CommandSyntax(name: "exit", synopsis: "exit" + quit.synopsis.rest))
        }
        return out
    }()
}

extension String {
    /// The text before the first ` | ` (a synopsis's first form).
    var firstForm: String {
        guard let r = range(of: " | ") else { return self }
        return String(self[..<r.lowerBound])
    }
}
