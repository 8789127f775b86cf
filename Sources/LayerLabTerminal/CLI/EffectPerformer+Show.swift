import LayerLabScript

extension EffectPerformer {
    /// Performs `show`.
    func show(_ request: ShowRequest, _ io: StandardIO) -> Bool {
        unavailable("show", io)
    }
}
