import LayerLabScript

extension EffectPerformer {
    /// Performs `play`.
    func play(_ request: PlayRequest, _ io: StandardIO) -> Bool {
        unavailable("play", io)
    }
}
