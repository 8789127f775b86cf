import Foundation
import LayerLabCore
@testable import LayerLabRaster

/// Scenes built straight from Core types, one per layer kind and main property.
enum Fixtures {
    static func scene(_ layers: [PresentedLayer], size: Size = Size(200, 200),
                      background: Color = .white) -> Scene {
        Scene(time: 0, canvasSize: size, background: background, layers: layers)
    }

    static func shape(_ name: String, _ path: Path, fill: Color = .black, stroke: Color = .clear,
                      lineWidth: Double = 1) -> PresentedLayer {
        var l = PresentedLayer(name: name, kind: .shape)
        l.path = path; l.fillColor = fill; l.strokeColor = stroke; l.lineWidth = lineWidth
        return l
    }

    static func box(_ name: String, _ frame: Rect, color: Color) -> PresentedLayer {
        var l = PresentedLayer(name: name, kind: .layer)
        l.bounds = Rect(0, 0, frame.width, frame.height)
        l.position = Point(frame.midX, frame.midY)
        l.backgroundColor = color
        return l
    }

    static let red = Color(bytes: 209, 42, 24)
    static let blue = Color(0, 0, 1)
    static let green = Color(0, 1, 0)

    /// A small checker image, used by the image fixtures.
    static let checker: Bitmap = {
        // Known-good text art: 4x4 two-colour checker with a transparent corner.
        try! TextArt.parse("""
        R = #d12a18
        B = #0000ff
        RRBB
        RRBB
        BBRR
        BBR.
        """)
    }()

    /// Every golden scene, by name.
    static let all: [(String, Scene)] = [
        ("shape-fill-stroke", scene([shape("c", .circle(center: Point(100, 100), radius: 70), fill: red,
                                          stroke: blue, lineWidth: 16)])),
        ("shape-evenodd", {
            var star = shape("s", .polygon((0..<5).map { i in
                let a = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
                return Point(100 + 85 * cos(a), 105 + 85 * sin(a))
            }), fill: .black)
            star.fillRule = .evenOdd
            return scene([star])
        }()),
        ("stroke-caps-joins", {
            var layers: [PresentedLayer] = []
            let caps: [LineCap] = [.butt, .round, .square], joins: [LineJoin] = [.miter, .round, .bevel]
            for i in 0..<3 {
                var l = shape("z\(i)", .polyline([Point(30, 40 + 60 * Double(i)), Point(100, 20 + 60 * Double(i)),
                                                  Point(170, 50 + 60 * Double(i))]), fill: .clear, stroke: .black,
                              lineWidth: 18)
                l.lineCap = caps[i]; l.lineJoin = joins[i]
                layers.append(l)
            }
            return scene(layers)
        }()),
        ("stroke-dash", {
            var l = shape("d", .rect(Rect(30, 30, 140, 140)), fill: .clear, stroke: .black, lineWidth: 10)
            l.extras.lineDashPattern = [30, 15]; l.lineDashPhase = 5
            return scene([l])
        }()),
        ("stroke-trim", {
            var l = shape("t", .oval(in: Rect(20, 30, 160, 140)), fill: .clear, stroke: red, lineWidth: 20)
            l.strokeStart = 0.1; l.strokeEnd = 0.65; l.lineCap = .round
            return scene([l])
        }()),
        ("layer-background-border", {
            var l = box("b", Rect(40, 60, 120, 80), color: Color(0, 0.6, 0.3))
            l.cornerRadius = 20; l.extras.borderWidth = 8; l.extras.borderColor = .black; l.rotation = 0.35
            return scene([l])
        }()),
        ("layer-geometry", {
            var parent = box("p", Rect(50, 50, 100, 100), color: Color(0.9, 0.9, 0.2))
            parent.anchorPoint = Point(0, 0); parent.position = Point(40, 30); parent.scaleX = 1.2
            parent.scaleY = 0.8; parent.rotation = 0.2; parent.translationX = 10
            var child = box("c", Rect(50, 50, 40, 40), color: blue)
            child.rotation = Double.pi / 4
            parent.sublayers = [child]
            return scene([parent])
        }()),
        ("opacity-group", {
            var group = PresentedLayer(name: "g", kind: .layer)
            group.bounds = Rect(0, 0, 200, 200); group.position = Point(100, 100); group.opacity = 0.5
            group.sublayers = [box("a", Rect(30, 30, 100, 100), color: red),
                               box("b", Rect(70, 70, 100, 100), color: blue)]
            return scene([group])
        }()),
        ("masks-to-bounds", {
            var parent = box("p", Rect(40, 40, 120, 120), color: Color(0.85, 0.85, 0.85))
            parent.cornerRadius = 40; parent.masksToBounds = true
            parent.sublayers = [shape("c", .circle(center: Point(120, 120), radius: 60), fill: red)]
            return scene([parent])
        }()),
        ("mask-layer", {
            var l = box("m", Rect(20, 20, 160, 160), color: blue)
            l.extras.mask = [shape("mask", .circle(center: Point(80, 80), radius: 70), fill: .black)]
            return scene([l])
        }()),
        ("zposition-hidden", {
            var a = box("a", Rect(30, 30, 100, 100), color: red); a.zPosition = 2
            let b = box("b", Rect(70, 70, 100, 100), color: blue)
            var c = box("c", Rect(10, 150, 40, 40), color: .black); c.hidden = true
            return scene([a, b, c])
        }()),
        ("text", {
            var t = PresentedLayer(name: "t", kind: .text)
            t.extras.string = "Hello\nLab 42!"; t.extras.fontSize = 40; t.extras.foregroundColor = .black
            t.bounds = Rect(0, 0, 180, 100); t.position = Point(100, 100); t.extras.alignment = .center
            return scene([t])
        }()),
        ("text-rotated", {
            var t = PresentedLayer(name: "t", kind: .text)
            t.extras.string = "Spin"; t.extras.fontSize = 60; t.extras.foregroundColor = red
            t.bounds = Rect(0, 0, 160, 70); t.position = Point(100, 100); t.rotation = -Double.pi / 6
            return scene([t])
        }()),
        ("image-gravity", {
            var a = PresentedLayer(name: "a", kind: .image)
            a.extras.contents = "checker"; a.extras.contentsGravity = .resizeAspect
            a.bounds = Rect(0, 0, 180, 80); a.position = Point(100, 50)
            a.backgroundColor = Color(0.8, 0.8, 0.8)
            var b = PresentedLayer(name: "b", kind: .image)
            b.extras.contents = "checker"; b.extras.contentsGravity = .resize
            b.bounds = Rect(0, 0, 160, 80); b.position = Point(100, 145); b.rotation = 0.2
            return scene([a, b])
        }()),
    ]

    static let images = ImageStore(["checker": checker])
}
