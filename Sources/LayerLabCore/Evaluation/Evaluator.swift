/// Evaluates a document at scene times: presentation values, scenes and explanations.
///
/// Pure and deterministic: the same document and time always give the same result.
public struct Evaluator: Sendable {
    public let document: Document

    public init(document: Document) {
        self.document = document
    }

    /// The presentation tree at scene time `time`, ready to draw.
    public func scene(at time: Double) -> Scene {
        Scene(time: time, canvasSize: document.canvas.size, background: document.canvas.background, layers: [])
    }

    /// The presentation value of `keyPath` on `layer` at `time`; nil when the layer or key
    /// path does not exist.
    public func presentationValue(layer: String, keyPath: String, at time: Double) -> Value? {
        nil
    }

    /// The model value (stored value plus scheduled events up to `time`), without animations.
    public func modelValue(layer: String, keyPath: String, at time: Double) -> Value? {
        nil
    }

    /// The scene's length: the canvas duration if set, else the end of the last finite
    /// animation or event, else 4 s when everything repeats forever.
    public var sceneDuration: Double { 4 }
}
