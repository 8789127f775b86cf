import LayerLabCore

/// What a plain `set` cannot show: a scheduled change (`at … set`, or `set … animated`, which
/// is one at the time it was typed) replaces the model value from its time on, so a later
/// plain `set` of the same property is not seen from then. Said at once, never silently.
extension Session {
    /// One note for each property of `arguments` that an event at or before the current time
    /// overrides, naming the event and how to change or delete it.
    func overrideNotes(_ arguments: [Argument], layer name: String) -> [String] {
        guard !document.events.isEmpty, let layer = document.layer(named: name) else { return [] }
        let ev = Evaluator(document: document)
        var out: [String] = []
        for a in arguments {
            guard let kp = LayerKeyPath.resolve(a.key.text, for: layer.kind) else { continue }
            let stored = Set(kp.storedProperties)
            // The last event to take effect by now is the one whose value shows.
            var latest: (event: Event, time: Double)?
            for e in document.events where e.layer == name {
                guard let t = e.time.evaluate({ ev.interval(of: $0) }), t <= time + 1e-9,
                      e.assignments.contains(where: { a in
                          LayerKeyPath.resolve(a.keyPath, for: layer.kind).map { !stored.isDisjoint(with: $0.storedProperties) } ?? false
                      }) else { continue }
                if latest == nil || t >= latest!.time { latest = (e, t) }
            }
            guard let (e, t) = latest else { continue }
            let what = "\(escapeForTerminal(name)).\(kp.name)"
            out.append("note: '\(escapeForTerminal(e.name))' changes \(what) at \(formatNumber(t))s and holds from then on, "
                       + "so at \(formatNumber(time))s this value does not show; `delete \(escapeForTerminal(e.name))` removes that change, "
                       + "or `set \(escapeForTerminal(name)) \(a.key.text)=… animated` schedules a new one now")
        }
        return out
    }
}
