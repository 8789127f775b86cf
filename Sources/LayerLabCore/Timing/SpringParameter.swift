/// One number of a spring's form: its name, range, default and help, declared once for the
/// command language, the project format, the checks and help.
package struct SpringParameter: Sendable {
    package let name: String
    package let range: ValueRange
    package let defaultValue: Double
    /// How the value is written in a synopsis (`M`, `K`).
    package let placeholder: String
    package let summary: String
    /// Written even at its default: its presence chooses the form (`dampingRatio`).
    package let marksForm: Bool
}

extension Animation.Spring.Form {
    /// CASpringAnimation's physical form, in the order of `.physics`.
    package static let physicsParameters: [SpringParameter] = [
        .init(name: "mass", range: .positive, defaultValue: 1, placeholder: "M", summary: "mass of the object", marksForm: false),
        .init(name: "stiffness", range: .positive, defaultValue: 100, placeholder: "K", summary: "spring constant", marksForm: false),
        .init(name: "damping", range: .nonNegative, defaultValue: 10, placeholder: "D", summary: "friction", marksForm: false),
        .init(name: "initialVelocity", range: .finite, defaultValue: 0, placeholder: "V",
              summary: "start velocity, in distances per second", marksForm: false),
    ]

    /// UIKit's damping-ratio form, in the order of `.dampingRatio`.
    package static let ratioParameters: [SpringParameter] = [
        .init(name: "dampingRatio", range: .positive, defaultValue: 1, placeholder: "R",
              summary: "UIKit form: 1 = no overshoot (needs duration)", marksForm: true),
        .init(name: "initialSpringVelocity", range: .finite, defaultValue: 0, placeholder: "V",
              summary: "UIKit form: start velocity, distances per second", marksForm: false),
    ]

    /// Both forms' parameters, physical first.
    package static let parameters = physicsParameters + ratioParameters

    /// CASpringAnimation's defaults.
    package static let defaultPhysics = Self(physics: physicsParameters.map(\.defaultValue))

    /// The physical form from its numbers in `physicsParameters` order.
    package init(physics n: [Double]) {
        self = .physics(mass: n[0], stiffness: n[1], damping: n[2], initialVelocity: n[3])
    }

    /// The damping-ratio form from its numbers in `ratioParameters` order.
    package init(ratio n: [Double]) {
        self = .dampingRatio(n[0], initialVelocity: n[1])
    }

    /// This form's parameters and their values, in order.
    package var values: [(parameter: SpringParameter, value: Double)] {
        switch self {
        case .physics(let m, let k, let d, let v): return Array(zip(Self.physicsParameters, [m, k, d, v]))
        case .dampingRatio(let z, let v): return Array(zip(Self.ratioParameters, [z, v]))
        }
    }

    package var isPhysics: Bool { if case .physics = self { return true }; return false }
}
