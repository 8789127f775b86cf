import LayerLabCore

/// Placing contents by gravity (the cases are declared with the property table).
extension ContentsGravity {
    /// The rectangle, in the layer's coordinates, that contents of `size` points occupy.
    package func rect(for size: Size, in bounds: Rect) -> Rect {
        let iw = size.width, ih = size.height
        switch self {
        case .resize:
            return bounds
        case .resizeAspect, .resizeAspectFill:
            guard iw > 0, ih > 0 else { return bounds }
            let sx = bounds.width / iw, sy = bounds.height / ih
            let s = self == .resizeAspect ? min(sx, sy) : max(sx, sy)
            let w = iw * s, h = ih * s
            return Rect(bounds.midX - w / 2, bounds.midY - h / 2, w, h)
        default:
            let x: Double, y: Double
            switch self {
            case .left, .topLeft, .bottomLeft: x = bounds.minX
            case .right, .topRight, .bottomRight: x = bounds.maxX - iw
            default: x = bounds.midX - iw / 2
            }
            switch self {
            case .top, .topLeft, .topRight: y = bounds.minY
            case .bottom, .bottomLeft, .bottomRight: y = bounds.maxY - ih
            default: y = bounds.midY - ih / 2
            }
            return Rect(x, y, iw, ih)
        }
    }
}
