/// CAValueFunction's names: a `transform` animation whose values are plain numbers (or three
/// numbers) and a function that turns each interpolated value into a transform, so a rotation
/// from 0 to 2π turns a whole turn instead of interpolating two equal matrices.
///
/// The numbers are interpolated as numbers (by the animation's calculation mode and timing),
/// then the function makes the transform, as Apple documents: `rotateZ` with `from=0 to=π`
/// turns the layer half a turn about z.
package enum ValueFunctionName: String, Hashable, Sendable, CaseIterable {
    case rotateX, rotateY, rotateZ
    case scale, scaleX, scaleY, scaleZ
    case translate, translateX, translateY, translateZ

    /// How many numbers one value holds: three for `scale` and `translate` (x, y, z), one otherwise.
    package var inputCount: Int { self == .scale || self == .translate ? 3 : 1 }

    /// The numbers of a value given to the function: a finite number, or a list of three; nil
    /// when the value is not what the function takes.
    package func inputs(_ v: Value) -> [Double]? {
        let xs: [Double]
        switch v {
        case .number(let x) where inputCount == 1: xs = [x]
        case .list(let items) where inputCount == 3 && items.count == 3: xs = items.compactMap(\.number)
        default: return nil
        }
        return xs.count == inputCount && xs.allSatisfy(\.isFinite) ? xs : nil
    }

    /// The transform step the function makes of its numbers.
    package func step(_ x: [Double]) -> TransformOp {
        switch self {
        case .rotateX: return .rotate(x[0], 1, 0, 0)
        case .rotateY: return .rotate(x[0], 0, 1, 0)
        case .rotateZ: return .rotate(x[0], 0, 0, 1)
        case .scale: return .scale(x[0], x[1], x[2])
        case .scaleX: return .scale(x[0], 1, 1)
        case .scaleY: return .scale(1, x[0], 1)
        case .scaleZ: return .scale(1, 1, x[0])
        case .translate: return .translate(x[0], x[1], x[2])
        case .translateX: return .translate(x[0], 0, 0)
        case .translateY: return .translate(0, x[0], 0)
        case .translateZ: return .translate(0, 0, x[0])
        }
    }

    /// A value as the transform it stands for (a one-step list), or nil when it does not fit.
    /// One step of the same kind on both sides interpolates parameter by parameter, which is
    /// exactly interpolating the numbers and then applying the function.
    package func transform(_ v: Value) -> Value? {
        inputs(v).map { .transform([step($0)]) }
    }

    /// Whether the input is an angle (the rotations), so `360deg` and `1turn` may be written.
    package var takesAngle: Bool { self == .rotateX || self == .rotateY || self == .rotateZ }

    /// What a value must be, for messages: "a number" or "a list of three numbers [x, y, z]".
    package var inputDescription: String { inputCount == 1 ? "a number" : "a list of three numbers [x, y, z]" }
}

extension Animation {
    /// The animation with values given to a value function turned into the transforms they
    /// stand for (group children too); animations without one are returned as they are.
    package var valueFunctionApplied: Animation {
        var a = self
        switch body {
        case .basic(var b):
            guard let f = b.valueFunction else { return self }
            b.from = b.from.flatMap(f.transform); b.to = b.to.flatMap(f.transform); b.by = b.by.flatMap(f.transform)
            b.valueFunction = nil
            a.body = .basic(b)
        case .keyframes(var k):
            guard let f = k.valueFunction else { return self }
            k.values = k.values.map { f.transform($0) ?? .transform([]) }
            k.valueFunction = nil
            a.body = .keyframes(k)
        case .group(var g):
            g.children = g.children.map(\.valueFunctionApplied)
            a.body = .group(g)
        case .spring: return self
        }
        return a
    }
}
