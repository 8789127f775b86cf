import Foundation
import Testing
import LayerLabCore
@testable import LayerLabLottie

/// Layer transforms and keyframes, with values worked out by hand (10 fps: frame 5 is 0.5 s).
struct LottieTransformTests {
    @Test func linearPositionKeyframesMoveOnCoreAnimationsClock() throws {
        let ks = #""p":{"a":1,"k":[{"t":0,"s":[0,0],\#(linear)},{"t":10,"s":[100,50]}]}"#
        let r = try imported(lottie(nullLayer("Ball", ks: ks)))
        let d = r.document
        #expect(d.canvas.size == Size(100, 100))
        #expect(value(d, "Ball", "position", 0) == .point(Point(0, 0)))
        #expect(value(d, "Ball", "position", 0.5) == .point(Point(50, 25)))
        // Held after the last keyframe (fillMode both), as Lottie does.
        #expect(value(d, "Ball", "position", 1.7) == .point(Point(100, 50)))
        #expect(r.warnings.isEmpty)
    }

    @Test func easedSegmentsUseTheBezierHandlesAsTimingFunctions() throws {
        let ease = #""o":{"x":[0.42],"y":[0]},"i":{"x":[0.58],"y":[1]}"#
        let ks = #""o":{"a":1,"k":[{"t":0,"s":[0],\#(ease)},{"t":10,"s":[100]}]}"#
        let d = try imported(lottie(nullLayer("Fade", ks: ks))).document
        let a = try #require(d.animations.first { $0.keyPath == "opacity" })
        guard case .keyframes(let k) = a.body else { Issue.record("not keyframes"); return }
        #expect(k.timingFunctions == [.cubic(0.42, 0, 0.58, 1)])
        #expect(k.values == [.number(0), .number(1)])
        #expect(near(number(d, "Fade", "opacity", 0.5), 0.5))       // symmetric curve: half way at half time
        #expect(number(d, "Fade", "opacity", 0.25) < 0.2)            // slow start
    }

    @Test func holdKeyframesJumpAtTheNextKeyframe() throws {
        let ks = #""r":{"a":1,"k":[{"t":0,"s":[0],"h":1},{"t":10,"s":[90],"h":1},{"t":15,"s":[180]}]}"#
        let d = try imported(lottie(nullLayer("Tick", ks: ks))).document
        #expect(near(number(d, "Tick", "transform.rotation.z", 0.99), 0))
        #expect(near(number(d, "Tick", "transform.rotation.z", 1.0), .pi / 2))
        #expect(near(number(d, "Tick", "transform.rotation.z", 1.4), .pi / 2))
        #expect(near(number(d, "Tick", "transform.rotation.z", 1.5), .pi))
    }

    @Test func bodymovin4EndValuesAreRead() throws {
        // 4.x: each keyframe carries the next value as `e`; the last has only a time.
        let ks = #""s":{"a":1,"k":[{"t":0,"s":[100,100],"e":[200,50],\#(linear)},{"t":10}]}"#
        let d = try imported(lottie(nullLayer("Grow", ks: ks))).document
        #expect(near(number(d, "Grow", "transform.scale.x", 0.5), 1.5))
        #expect(near(number(d, "Grow", "transform.scale.y", 0.5), 0.75))
        #expect(near(number(d, "Grow", "transform.scale.x", 1.5), 2))
    }

    @Test func perDimensionEasingSplitsIntoComponentAnimations() throws {
        let ease = #""o":{"x":[0,0.5],"y":[0,0]},"i":{"x":[1,0.5],"y":[1,1]}"#
        let ks = #""p":{"a":1,"k":[{"t":0,"s":[0,0],\#(ease)},{"t":10,"s":[100,100]}]}"#
        let d = try imported(lottie(nullLayer("Dot", ks: ks))).document
        #expect(Set(d.animations.compactMap(\.keyPath)) == ["position.x", "position.y"])
        // x linear, y eased in and out: at a quarter of the time x is at 25, y well behind.
        let p = try #require(value(d, "Dot", "position", 0.25)?.point)
        #expect(near(p.x, 25))
        #expect(p.y < 15)
    }

    @Test func splitPositionAnimatesEachAxis() throws {
        let ks = #""p":{"s":true,"x":{"a":1,"k":[{"t":0,"s":[10],\#(linear)},{"t":10,"s":[30]}]},"y":{"a":0,"k":40}}"#
        let d = try imported(lottie(nullLayer("Split", ks: ks))).document
        #expect(value(d, "Split", "position", 0.5) == .point(Point(20, 40)))
    }

    @Test func anchorPointIsTheLayersOwnPointPlacedAtPosition() throws {
        // Anchor (10, 10) at position (50, 50), scaled 200 % and turned 90°: the layer's point
        // (20, 10) is 10 to the right of the anchor, so it lands 20 below (50, 50).
        let ks = #""a":{"a":0,"k":[10,10]},"p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[200,200]},"r":{"a":0,"k":90}"#
        let d = try imported(lottie(nullLayer("Pin", ks: ks))).document
        let scene = Evaluator(document: d).scene(at: 0)
        let layer = try #require(scene.layers.first)
        let p = layer.transformToSuperlayer.apply(Point(20, 10))
        #expect(near(p.x, 50, 1e-9) && near(p.y, 70, 1e-9))
    }

    @Test func parentingPassesTheTransformButNotTheOpacity() throws {
        let parent = nullLayer("Arm", ind: 1, ks: #""p":{"a":0,"k":[30,0]},"o":{"a":0,"k":50}"#)
        let child = nullLayer("Hand", ind: 2, ks: #""p":{"a":0,"k":[5,7]}"#, extra: #""parent":1"#)
        let d = try imported(lottie(parent + "," + child)).document
        // The hand sits inside a transform-only copy of the arm.
        let wrapper = try #require(d.layers.first { $0.sublayers.contains { $0.name == "Hand" } })
        #expect(wrapper.properties["position"] == .point(Point(30, 0)))
        #expect(wrapper.properties["opacity"] == nil)
        #expect(d.layer(named: "Arm")?.properties["opacity"] == .number(0.5))
        let scene = Evaluator(document: d).scene(at: 0)
        let w = try #require(scene.layers.first { $0.name == wrapper.name })
        let hand = try #require(w.sublayers.first)
        let p = w.transformToSuperlayer.apply(hand.transformToSuperlayer.apply(.zero))
        #expect(p == Point(35, 7))
    }

    /// Frame-by-frame animations (stickers) show one layer a frame: at the whole frame where
    /// one layer's `op` meets the next one's `ip`, only the next is shown (6/30 + 3/30 is a
    /// hair past 9/30 in floating point).
    @Test func aLayerEndingWhereTheNextBeginsHandsOverAtThatFrame() throws {
        let a = #"{"ty":3,"nm":"A","ind":1,"ip":6,"op":9,"st":6,"ks":{}}"#
        let b = #"{"ty":3,"nm":"B","ind":2,"ip":9,"op":12,"st":9,"ks":{}}"#
        let d = try imported(lottie(a + "," + b, fr: 30)).document
        #expect(value(d, "A", "hidden", 9.0 / 30) == .bool(true))
        #expect(value(d, "B", "hidden", 9.0 / 30) == .bool(false))
        #expect(value(d, "A", "hidden", 8.0 / 30) == .bool(false))
        #expect(value(d, "B", "hidden", 12.0 / 30) == .bool(true))
    }

    @Test func inAndOutPointsShowTheLayerOnlyBetweenThem() throws {
        let layer = #"{"ty":3,"nm":"Blink","ind":1,"ip":5,"op":10,"st":0,"ks":{}}"#
        let d = try imported(lottie(layer)).document
        #expect(value(d, "Blink", "hidden", 0.4) == .bool(true))
        #expect(value(d, "Blink", "hidden", 0.5) == .bool(false))
        #expect(value(d, "Blink", "hidden", 0.9) == .bool(false))
        #expect(value(d, "Blink", "hidden", 1.0) == .bool(true))
    }

    @Test func spatialTangentsMakeAMotionPath() throws {
        let ks = #""p":{"a":1,"k":[{"t":0,"s":[0,0],"to":[0,50],"ti":[0,50],\#(linear)},{"t":10,"s":[100,0]}]}"#
        let d = try imported(lottie(nullLayer("Arc", ks: ks, extra: #""ao":1"#))).document
        let a = try #require(d.animations.first { $0.keyPath == "position" })
        guard case .keyframes(let k) = a.body else { Issue.record("not keyframes"); return }
        #expect(k.path == .path(Path([.move(Point(0, 0)), .cubic(Point(0, 50), Point(100, 50), Point(100, 0))])))
        #expect(k.rotationMode == .auto)
        // Half way along the symmetric curve: its lowest point, (50, 37.5).
        let p = try #require(value(d, "Arc", "position", 0.5)?.point)
        #expect(near(p.x, 50, 1e-3) && near(p.y, 37.5, 1e-3))
    }

    @Test func precompositionStartTimeDelaysItsContent() throws {
        let inner = nullLayer("Inner", ks: #""p":{"a":1,"k":[{"t":0,"s":[0,0],\#(linear)},{"t":10,"s":[10,0]}]}"#)
        let assets = #"[{"id":"comp_0","layers":[\#(inner)]}]"#
        let pre = #"{"ty":0,"nm":"Pre","ind":1,"refId":"comp_0","w":100,"h":100,"ip":0,"op":20,"st":5,"ks":{}}"#
        let d = try imported(lottie(pre, assets: assets)).document
        // Content time = (frame - st): at 1 s (frame 10) the inner layer is at its frame 5.
        #expect(value(d, "Inner", "position", 1.0) == .point(Point(5, 0)))
        #expect(value(d, "Inner", "position", 0.4) == .point(Point(0, 0)))
    }

    @Test func aPointWrittenWithOneNumberIsXAndZero() throws {
        // Some exporters write an anchor or position as `[x]`: read as (x, 0), not dropped.
        let d = try imported(lottie(nullLayer("One", ks: #""a":{"a":0,"k":[9.5]},"p":{"a":0,"k":[40]}"#))).document
        #expect(value(d, "One", "bounds", 0) == .rect(Rect(9.5, 0, 0, 0)))
        #expect(value(d, "One", "position", 0) == .point(Point(40, 0)))
    }
}
