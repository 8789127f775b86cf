import LayerLabScript

/// `layerlab -c 'COMMAND; COMMAND'`: runs the commands, stopping at the first error.
enum InlineCommands {
    static func run(_ text: String, io: StandardIO) -> Int32 {
        var session = Session.forCommandLine(sourceName: "<command>", announceNames: false)
        return io.report(session.run(text, name: "<command>"), from: session).ok ? 0 : 1
    }
}
