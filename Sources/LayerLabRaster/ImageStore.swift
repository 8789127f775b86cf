import LayerLabCore

/// Decoded images for image layers, by the name a layer's `contents` gives.
///
/// The rasterizer never reads files: the caller loads PNG and text-art files (see
/// `LayerLabTerminal`'s `ImageLoader`) and passes them in here.
package struct ImageStore: Hashable, Sendable {
    package var images: [String: Bitmap]

    package init(_ images: [String: Bitmap] = [:]) { self.images = images }

    package subscript(name: String) -> Bitmap? {
        get { images[name] }
        set { images[name] = newValue }
    }
}
