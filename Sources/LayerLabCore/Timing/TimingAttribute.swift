/// A timing attribute's value, typed by what the attribute holds.
package enum TimingValue: Hashable, Sendable {
    case time(TimeExpr)
    case number(Double)
    case bool(Bool)
    case fillMode(FillMode)
    case timingFunction(TimingFunction)
}

/// One CAMediaTiming attribute: its name, where it lives in `MediaTiming`, what it accepts and
/// its help. The command language, the tree printer, the project format, the Swift exporter
/// and the test generator all walk `MediaTiming.attributes` instead of naming fields.
package struct TimingAttribute: Sendable {
    package enum Kind: Hashable, Sendable {
        /// A time expression in the parent's time (`after fade`, `grow.end + 0.1`).
        case time
        /// Seconds: a number that takes time units (`300ms`).
        case seconds
        /// A plain number.
        case number
        case bool, fillMode, timingFunction
    }

    package let name: String
    package let kind: Kind
    /// The numbers a `.seconds` or `.number` attribute accepts.
    package let range: ValueRange
    /// The property's name on CAAnimation in Swift (`isRemovedOnCompletion`).
    package let swiftName: String
    /// One line for help.
    package let summary: String
    /// A CAPropertyAnimation attribute (`isAdditive`, `isCumulative`): it concerns a key path's
    /// value, so a group (CAAnimationGroup has neither) does not take it.
    package let propertyOnly: Bool
    /// What help says about the default beyond its value (`once`, `unused`), or nil.
    let defaultNote: String?
    /// The field as stored (nil included): what help shows as the default.
    private let field: @Sendable (MediaTiming) -> Any
    private let read: @Sendable (MediaTiming) -> TimingValue?
    private let write: @Sendable (inout MediaTiming, TimingValue) -> Void

    /// The attribute's value in `t`, or nil when it has its default (and is not written out).
    package func value(in t: MediaTiming) -> TimingValue? { read(t) }

    /// The attribute's field in `t` as stored, its default included (`Double?` for a duration
    /// left to be worked out).
    package func storedValue(in t: MediaTiming) -> Any { field(t) }

    /// Sets the attribute; a value of another kind leaves `t` unchanged.
    package func set(_ v: TimingValue, in t: inout MediaTiming) { write(&t, v) }

    /// How the value is written in a synopsis: `T`, `N`, `true|false`, `removed|forwards|…`.
    package var placeholder: String {
        switch kind {
        case .time, .seconds: return "T"
        case .number: return "N"
        case .bool: return "true|false"
        case .fillMode: return FillMode.allCases.map(\.rawValue).joined(separator: "|")
        case .timingFunction: return "F"
        }
    }

    /// Values worth offering after `name=`.
    package var completions: [String] {
        switch kind {
        case .bool: return ["true", "false"]
        case .fillMode: return FillMode.allCases.map(\.rawValue)
        case .timingFunction: return TimingFunction.names + ["cubic("]
        case .seconds, .number: return range.allowsInfinity ? ["inf"] : []
        case .time: return []
        }
    }

    /// The default as help shows it: `1`, `removed`, `0 (once)`.
    package var defaultText: String {
        let d = field(MediaTiming())
        var s: String
        switch kind {
        case .time: s = (d as? TimeExpr)?.description ?? ""
        case .seconds, .number: s = (d as? Double).map(formatNumber) ?? ""
        case .bool: s = (d as? Bool).map { String($0) } ?? ""
        case .fillMode: s = (d as? FillMode)?.rawValue ?? ""
        case .timingFunction: s = (d as? TimingFunction)?.description ?? "linear"
        }
        if let defaultNote { s = s.isEmpty ? defaultNote : s + " (\(defaultNote))" }
        return s
    }
}

extension MediaTiming {
    /// Every attribute, in help (and file) order. (Fields are read and written through
    /// closures, not key paths: key paths are objects built at run time, and this table is
    /// built at every start.)
    package static let attributes: [TimingAttribute] = [
        .time("beginTime", { $0.beginTime }, { $0.beginTime = $1 }, "when it starts, in the parent's time (a time expression)"),
        .seconds("duration", { $0.duration }, { $0.duration = $1 }, range: .positive, "length of one iteration",
                 default: defaultDurationText + "s (group child: the group; spring: settling)"),
        .number("speed", { $0.speed }, { $0.speed = $1 }, "rate of its clock relative to the parent"),
        .seconds("timeOffset", { $0.timeOffset }, { $0.timeOffset = $1 }, "added to its local time"),
        .number("repeatCount", { $0.repeatCount }, { $0.repeatCount = $1 }, range: .nonNegativeOrInfinite,
                "iterations; fractions allowed, inf forever", default: "once"),
        .seconds("repeatDuration", { $0.repeatDuration }, { $0.repeatDuration = $1 }, range: .nonNegativeOrInfinite,
                 "active time instead of repeatCount", default: "unused"),
        .bool("autoreverses", { $0.autoreverses }, { $0.autoreverses = $1 }, "play backwards after each forward iteration"),
        .fillMode("fillMode", { $0.fillMode }, { $0.fillMode = $1 }, "what shows outside the active time"),
        .bool("removedOnCompletion", { $0.removedOnCompletion }, { $0.removedOnCompletion = $1 },
              swift: "isRemovedOnCompletion", "false keeps the end value (with fillMode forwards)"),
        .timingFunction("timingFunction", { $0.timingFunction }, { $0.timingFunction = $1 },
                        "linear, easeIn, easeOut, easeInEaseOut, default or cubic(x1, y1, x2, y2)"),
        .bool("additive", { $0.additive }, { $0.additive = $1 }, swift: "isAdditive", propertyOnly: true,
              "add to the value beneath instead of replacing it"),
        .bool("cumulative", { $0.cumulative }, { $0.cumulative = $1 }, swift: "isCumulative", propertyOnly: true,
              "each repetition goes on from where the last one ended"),
    ]

    /// The attribute names the command language and project files accept, in help order.
    package static let attributeNames = attributes.map(\.name)

    /// Those a group takes: not the ones about a key path's value.
    package static var groupAttributeNames: [String] { attributes.filter { !$0.propertyOnly }.map(\.name) }

    private static let byName = Dictionary(uniqueKeysWithValues: attributes.map { ($0.name, $0) })

    package static func attribute(named name: String) -> TimingAttribute? { byName[name] }
}

// MARK: - Declaring

extension TimingAttribute {
    /// A field's reader and writer.
    typealias Getter<T> = @Sendable (MediaTiming) -> T
    typealias Setter<T> = @Sendable (inout MediaTiming, T) -> Void

    private init<T: Equatable & SendableMetatype>(_ name: String, _ get: @escaping Getter<T>, _ kind: Kind, range: ValueRange = .finite,
                               swift: String?, propertyOnly: Bool = false, _ summary: String, default note: String?,
                               wrap: @escaping @Sendable (T) -> TimingValue?,
                               write: @escaping @Sendable (inout MediaTiming, TimingValue) -> Void) {
        self.name = name; self.kind = kind; self.range = range
        self.swiftName = swift ?? name; self.summary = summary; self.defaultNote = note
        self.propertyOnly = propertyOnly
        self.field = { get($0) }
        // Read as nil when the field holds its default.
        self.read = { t in get(t) == get(MediaTiming()) ? nil : wrap(get(t)) }
        self.write = write
    }

    static func time(_ name: String, _ get: @escaping Getter<TimeExpr>, _ set: @escaping Setter<TimeExpr>,
                     _ summary: String) -> Self {
        Self(name, get, .time, swift: nil, summary, default: nil, wrap: { .time($0) },
             write: { t, v in if case .time(let x) = v { set(&t, x) } })
    }

    static func seconds(_ name: String, _ get: @escaping Getter<Double>, _ set: @escaping Setter<Double>,
                        range: ValueRange = .finite, _ summary: String, default note: String? = nil) -> Self {
        Self(name, get, .seconds, range: range, swift: nil, summary, default: note, wrap: { .number($0) },
             write: { t, v in if case .number(let x) = v { set(&t, x) } })
    }

    /// Seconds that may be left unset (duration: nil means "work it out").
    static func seconds(_ name: String, _ get: @escaping Getter<Double?>, _ set: @escaping Setter<Double?>,
                        range: ValueRange, _ summary: String, default note: String) -> Self {
        Self(name, get, .seconds, range: range, swift: nil, summary, default: note, wrap: { $0.map { .number($0) } },
             write: { t, v in if case .number(let x) = v { set(&t, x) } })
    }

    static func number(_ name: String, _ get: @escaping Getter<Double>, _ set: @escaping Setter<Double>,
                       range: ValueRange = .finite, _ summary: String, default note: String? = nil) -> Self {
        Self(name, get, .number, range: range, swift: nil, summary, default: note, wrap: { .number($0) },
             write: { t, v in if case .number(let x) = v { set(&t, x) } })
    }

    static func bool(_ name: String, _ get: @escaping Getter<Bool>, _ set: @escaping Setter<Bool>, swift: String? = nil,
                     propertyOnly: Bool = false, _ summary: String) -> Self {
        Self(name, get, .bool, swift: swift, propertyOnly: propertyOnly, summary, default: nil, wrap: { .bool($0) },
             write: { t, v in if case .bool(let x) = v { set(&t, x) } })
    }

    static func fillMode(_ name: String, _ get: @escaping Getter<FillMode>, _ set: @escaping Setter<FillMode>,
                         _ summary: String) -> Self {
        Self(name, get, .fillMode, swift: nil, summary, default: nil, wrap: { .fillMode($0) },
             write: { t, v in if case .fillMode(let x) = v { set(&t, x) } })
    }

    static func timingFunction(_ name: String, _ get: @escaping Getter<TimingFunction?>,
                               _ set: @escaping Setter<TimingFunction?>, _ summary: String) -> Self {
        Self(name, get, .timingFunction, swift: nil, summary, default: nil, wrap: { $0.map { .timingFunction($0) } },
             write: { t, v in if case .timingFunction(let x) = v { set(&t, x) } })
    }
}
