import LayerLabCore

/// Decoded images for image layers, by the name a layer's `contents` gives.
///
/// The rasterizer never reads files: the caller loads PNG and text-art files (see
/// `LayerLabTerminal`'s `ImageLoader`) and passes them in here.
public struct ImageStore: Hashable, Sendable {
    public var images: [String: Bitmap]

    public init(_ images: [String: Bitmap] = [:]) { self.images = images }

    public subscript(name: String) -> Bitmap? {
        get { images[name] }
        set { images[name] = newValue }
    }
}
