import LayerLabScript

extension EffectPerformer {
    /// Performs `export`.
    func export(_ request: ExportRequest, _ io: StandardIO) -> Bool {
        unavailable("export", io)
    }
}
