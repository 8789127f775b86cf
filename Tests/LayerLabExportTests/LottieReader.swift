import Foundation
import Testing

/// Reads a Lottie file back the way a player does, for checking exports: animated values at a
/// frame (linear or hold keyframes, as the exporter writes them).
struct LottieReader {
    let root: [String: Any]

    init(_ data: Data) throws {
        root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    var layers: [[String: Any]] { root["layers"] as? [[String: Any]] ?? [] }
    var op: Double { (root["op"] as? NSNumber)?.doubleValue ?? 0 }

    /// The drawn layer called `name`, in the main composition or any precomposition (a null
    /// repeating a layer's transform in a precomposition only when nothing draws it).
    func layer(_ name: String) -> [String: Any]? {
        let all = layers + (root["assets"] as? [[String: Any]] ?? []).flatMap { $0["layers"] as? [[String: Any]] ?? [] }
        let named = all.filter { $0["nm"] as? String == name }
        return named.first { ($0["ty"] as? NSNumber)?.intValue != 3 } ?? named.first
    }

    /// The layers of the precomposition `id`.
    func comp(_ id: String?) -> [[String: Any]]? {
        (root["assets"] as? [[String: Any]] ?? []).first { $0["id"] as? String == id }?["layers"] as? [[String: Any]]
    }

    /// The value of an animatable property (`{"a":…,"k":…}`) at `frame`, as numbers.
    static func value(_ property: Any?, at frame: Double) -> [Double]? {
        guard let p = property as? [String: Any] else { return nil }
        if (p["a"] as? NSNumber)?.intValue != 1 { return numbers(p["k"]) }
        guard let keys = p["k"] as? [[String: Any]], !keys.isEmpty else { return nil }
        func t(_ k: [String: Any]) -> Double { (k["t"] as? NSNumber)?.doubleValue ?? 0 }
        if frame <= t(keys[0]) { return numbers(keys[0]["s"]) }
        for i in 0..<(keys.count - 1) {
            let a = keys[i], b = keys[i + 1]
            guard frame < t(b) else { continue }
            guard let va = numbers(a["s"]), let vb = numbers(b["s"]) else { return nil }
            if (a["h"] as? NSNumber)?.intValue == 1 { return va }
            let f = (frame - t(a)) / (t(b) - t(a))
            return zip(va, vb).map { $0 + ($1 - $0) * f }
        }
        return numbers(keys[keys.count - 1]["s"])
    }

    static func numbers(_ v: Any?) -> [Double]? {
        if let n = v as? NSNumber { return [n.doubleValue] }
        if let a = v as? [Any] { return a.compactMap { ($0 as? NSNumber)?.doubleValue } }
        return nil
    }

    /// The vertices of a shape property (`sh` or a mask's `pt`) at `frame`.
    static func shapeVertices(_ property: Any?, at frame: Double) -> [(x: Double, y: Double)]? {
        guard let p = property as? [String: Any] else { return nil }
        func vertices(_ shape: Any?) -> [[Double]]? {
            let s = (shape as? [Any])?.first ?? shape
            return ((s as? [String: Any])?["v"] as? [Any])?.compactMap { numbers($0) }
        }
        let keyed = (p["a"] as? NSNumber)?.intValue == 1
        guard keyed else { return vertices(p["k"])?.map { ($0[0], $0[1]) } }
        guard let keys = p["k"] as? [[String: Any]], !keys.isEmpty else { return nil }
        func t(_ k: [String: Any]) -> Double { (k["t"] as? NSNumber)?.doubleValue ?? 0 }
        var a = keys[0], b = keys[0]
        for k in keys where t(k) <= frame { a = k }
        b = keys.first { t($0) > t(a) } ?? a
        guard let va = vertices(a["s"]), let vb = vertices(b["s"]) else { return nil }
        let f = (a["h"] as? NSNumber)?.intValue == 1 || t(b) == t(a) ? 0 : (frame - t(a)) / (t(b) - t(a))
        return zip(va, vb).map { ($0[0] + ($1[0] - $0[0]) * f, $0[1] + ($1[1] - $0[1]) * f) }
    }

    /// Every shape item of a layer, groups opened, in order.
    static func items(_ layer: [String: Any]) -> [[String: Any]] {
        var out: [[String: Any]] = []
        func walk(_ items: [[String: Any]]) {
            for i in items {
                out.append(i)
                if let sub = i["it"] as? [[String: Any]] { walk(sub) }
            }
        }
        walk(layer["shapes"] as? [[String: Any]] ?? [])
        return out
    }
}
