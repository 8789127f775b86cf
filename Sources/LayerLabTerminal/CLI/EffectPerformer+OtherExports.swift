import LayerLabScript

extension EffectPerformer {
    /// Exports other than png and gif.
    func exportOther(_ request: ExportRequest, _ io: StandardIO) -> Bool {
        unavailable("export \(request.format.rawValue)", io)
    }
}
