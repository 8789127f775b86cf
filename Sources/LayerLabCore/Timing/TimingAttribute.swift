/// A timing attribute's value, typed by what the attribute holds.
public enum TimingValue: Hashable, Sendable {
    case time(TimeExpr)
    case number(Double)
    case bool(Bool)
    case fillMode(FillMode)
    case timingFunction(TimingFunction)
}

/// One CAMediaTiming attribute: its name, where it lives in `MediaTiming`, what it accepts and
/// its help. The command language, the tree printer, the project format, the Swift exporter
/// and the test generator all walk `MediaTiming.attributes` instead of naming fields.
public struct TimingAttribute: Sendable {
    public enum Kind: Hashable, Sendable {
        /// A time expression in the parent's time (`after fade`, `grow.end + 0.1`).
        case time
        /// Seconds: a number that takes time units (`300ms`).
        case seconds
        /// A plain number.
        case number
        case bool, fillMode, timingFunction
    }

    public let name: String
    /// Where the attribute lives, so a front end can single one out (`\MediaTiming.duration`).
    public let keyPath: PartialKeyPath<MediaTiming> & Sendable
    public let kind: Kind
    /// The numbers a `.seconds` or `.number` attribute accepts.
    public let range: ValueRange
    /// The property's name on CAAnimation in Swift (`isRemovedOnCompletion`).
    public let swiftName: String
    /// One line for help.
    public let summary: String
    /// What help says about the default beyond its value (`once`, `unused`), or nil.
    let defaultNote: String?
    private let read: @Sendable (MediaTiming) -> TimingValue?
    private let write: @Sendable (inout MediaTiming, TimingValue) -> Void

    /// The attribute's value in `t`, or nil when it has its default (and is not written out).
    public func value(in t: MediaTiming) -> TimingValue? { read(t) }

    /// Sets the attribute; a value of another kind leaves `t` unchanged.
    public func set(_ v: TimingValue, in t: inout MediaTiming) { write(&t, v) }

    /// How the value is written in a synopsis: `T`, `N`, `true|false`, `removed|forwards|…`.
    public var placeholder: String {
        switch kind {
        case .time, .seconds: return "T"
        case .number: return "N"
        case .bool: return "true|false"
        case .fillMode: return FillMode.allCases.map(\.rawValue).joined(separator: "|")
        case .timingFunction: return "F"
        }
    }

    /// Values worth offering after `name=`.
    public var completions: [String] {
        switch kind {
        case .bool: return ["true", "false"]
        case .fillMode: return FillMode.allCases.map(\.rawValue)
        case .timingFunction: return TimingFunction.names + ["cubic("]
        case .seconds, .number: return range.allowsInfinity ? ["inf"] : []
        case .time: return []
        }
    }

    /// The default as help shows it: `1`, `removed`, `0 (once)`.
    public var defaultText: String {
        let d = MediaTiming()[keyPath: keyPath]
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
    /// Every attribute, in help (and file) order.
    public static let attributes: [TimingAttribute] = [
        .time("beginTime", \.beginTime, "when it starts, in the parent's time (a time expression)"),
        .seconds("duration", \.duration, range: .positive, "length of one iteration",
                 default: "0.25s (group child: the group; spring: settling)"),
        .number("speed", \.speed, "rate of its clock relative to the parent"),
        .seconds("timeOffset", \.timeOffset, "added to its local time"),
        .number("repeatCount", \.repeatCount, range: .nonNegativeOrInfinite, "iterations; fractions allowed, inf forever",
                default: "once"),
        .seconds("repeatDuration", \.repeatDuration, range: .nonNegativeOrInfinite, "active time instead of repeatCount",
                 default: "unused"),
        .bool("autoreverses", \.autoreverses, "play backwards after each forward iteration"),
        .fillMode("fillMode", \.fillMode, "what shows outside the active time"),
        .bool("removedOnCompletion", \.removedOnCompletion, swift: "isRemovedOnCompletion",
              "false keeps the end value (with fillMode forwards)"),
        .timingFunction("timingFunction", \.timingFunction,
                        "linear, easeIn, easeOut, easeInEaseOut, default or cubic(x1, y1, x2, y2)"),
        .bool("additive", \.additive, swift: "isAdditive", "add to the value beneath instead of replacing it"),
    ]

    /// The attribute names the command language and project files accept, in help order.
    public static let attributeNames = attributes.map(\.name)

    private static let byName = Dictionary(uniqueKeysWithValues: attributes.map { ($0.name, $0) })

    public static func attribute(named name: String) -> TimingAttribute? { byName[name] }
}

// MARK: - Declaring

extension TimingAttribute {
    private init(_ name: String, _ keyPath: PartialKeyPath<MediaTiming> & Sendable, _ kind: Kind,
                 range: ValueRange = .finite, swift: String?, _ summary: String, default note: String?,
                 read: @escaping @Sendable (MediaTiming) -> TimingValue?,
                 write: @escaping @Sendable (inout MediaTiming, TimingValue) -> Void) {
        self.name = name; self.keyPath = keyPath; self.kind = kind; self.range = range
        self.swiftName = swift ?? name; self.summary = summary; self.defaultNote = note
        self.read = read; self.write = write
    }

    /// Reads a field as nil when it holds its default.
    private static func reader<T: Equatable>(_ kp: Swift.KeyPath<MediaTiming, T> & Sendable,
                                             _ wrap: @escaping @Sendable (T) -> TimingValue?) -> @Sendable (MediaTiming) -> TimingValue? {
        { t in t[keyPath: kp] == MediaTiming()[keyPath: kp] ? nil : wrap(t[keyPath: kp]) }
    }

    static func time(_ name: String, _ kp: WritableKeyPath<MediaTiming, TimeExpr> & Sendable, _ summary: String) -> Self {
        Self(name, kp, .time, swift: nil, summary, default: nil, read: reader(kp) { .time($0) },
             write: { t, v in if case .time(let x) = v { t[keyPath: kp] = x } })
    }

    static func seconds(_ name: String, _ kp: WritableKeyPath<MediaTiming, Double> & Sendable, range: ValueRange = .finite,
                        _ summary: String, default note: String? = nil) -> Self {
        Self(name, kp, .seconds, range: range, swift: nil, summary, default: note, read: reader(kp) { .number($0) },
             write: { t, v in if case .number(let x) = v { t[keyPath: kp] = x } })
    }

    /// Seconds that may be left unset (duration: nil means "work it out").
    static func seconds(_ name: String, _ kp: WritableKeyPath<MediaTiming, Double?> & Sendable, range: ValueRange,
                        _ summary: String, default note: String) -> Self {
        Self(name, kp, .seconds, range: range, swift: nil, summary, default: note, read: reader(kp) { $0.map { .number($0) } },
             write: { t, v in if case .number(let x) = v { t[keyPath: kp] = x } })
    }

    static func number(_ name: String, _ kp: WritableKeyPath<MediaTiming, Double> & Sendable, range: ValueRange = .finite,
                       _ summary: String, default note: String? = nil) -> Self {
        Self(name, kp, .number, range: range, swift: nil, summary, default: note, read: reader(kp) { .number($0) },
             write: { t, v in if case .number(let x) = v { t[keyPath: kp] = x } })
    }

    static func bool(_ name: String, _ kp: WritableKeyPath<MediaTiming, Bool> & Sendable, swift: String? = nil,
                     _ summary: String) -> Self {
        Self(name, kp, .bool, swift: swift, summary, default: nil, read: reader(kp) { .bool($0) },
             write: { t, v in if case .bool(let x) = v { t[keyPath: kp] = x } })
    }

    static func fillMode(_ name: String, _ kp: WritableKeyPath<MediaTiming, FillMode> & Sendable, _ summary: String) -> Self {
        Self(name, kp, .fillMode, swift: nil, summary, default: nil, read: reader(kp) { .fillMode($0) },
             write: { t, v in if case .fillMode(let x) = v { t[keyPath: kp] = x } })
    }

    static func timingFunction(_ name: String, _ kp: WritableKeyPath<MediaTiming, TimingFunction?> & Sendable,
                               _ summary: String) -> Self {
        Self(name, kp, .timingFunction, swift: nil, summary, default: nil, read: reader(kp) { $0.map { .timingFunction($0) } },
             write: { t, v in if case .timingFunction(let x) = v { t[keyPath: kp] = x } })
    }
}
