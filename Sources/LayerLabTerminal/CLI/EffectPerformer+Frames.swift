import LayerLabScript

extension EffectPerformer {
    /// Performs `frames`.
    func frames(_ request: FramesRequest, _ io: StandardIO) -> Bool {
        unavailable("frames", io)
    }
}
