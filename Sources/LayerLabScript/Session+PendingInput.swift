extension Session {
    /// The lines of a multi-line command typed so far (while `isContinuing`), so completion
    /// inside a `group … {` body knows the group's layer.
    public var pendingLines: [String] { pending }
}
