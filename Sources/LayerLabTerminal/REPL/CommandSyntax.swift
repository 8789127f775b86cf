/// One command as completion and hints see it: its name and its synopsis.
///
/// The interactive front end takes these from LayerLabScript's command table (the same table
/// that drives `help`, see `fromCommandTable`), so completion, hints and help never disagree.
public struct CommandSyntax: Hashable, Sendable {
    public var name: String
    public var synopsis: Synopsis

    /// - Parameter synopsis: the whole usage line, command word first
    ///   (`"seek T"`, `"animate LAYER KEYPATH [from=V] … [as NAME]"`).
    public init(name: String, synopsis: String) {
        self.name = name
        self.synopsis = Synopsis(synopsis)
    }
}
