import LayerLabScript

extension Session {
    /// A session wired to the real file system and the project format.
    static func forCommandLine(sourceName: String, announceNames: Bool) -> Session {
        Session(files: LocalFiles(), codec: ProjectCodecs.current,
                settings: Settings(sourceName: sourceName, announceNames: announceNames))
    }
}
