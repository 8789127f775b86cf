extension Subcommand {
    /// `layerlab play FILE [--from T] [--to T] [--speed S] [--fps N] [--size CxR] [--mode M]
    /// [--color C] [--loop]`: loads FILE and plays it as the `play` command does (frames
    /// printed one after another when output is not a terminal).
    static let play = Subcommand(
        name: "play", synopsis: "play FILE [--from T] [--to T] [--speed S] [--fps N] [--size CxR] [--mode M] [--color C] [--loop]",
        summary: "play in real time (? lists the keys; q quits)"
    ) { args, io in
        let flags = FlagCommand(valueFlags: ["--from": "from", "--to": "to", "--speed": "speed", "--fps": "fps",
                                              "--size": "size", "--mode": "mode", "--color": "color"],
                                switches: ["--loop": "loop"])
        switch flags.parse(args, command: "play") {
        case .failure(let e): return io.usageError(e.message)
        case .success(let p): return FlagCommand.run("play", file: p.file, words: p.words, io: io)
        }
    }
}
