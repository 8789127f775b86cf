import Foundation
import LayerLabCore
import LayerLabExport
import Testing

/// Transitions and value functions in the Swift export: a CATransition with its type, subtype and progress, added
/// by a marker's delegate at the change's moment on Core Animation's clock, together with the
/// change; the source type-checks against the stubs of Apple's signatures.
@Suite(.serialized) struct TransitionExportTests {
    static let script = """
        canvas size=200x120
        layer card position=(100, 60) bounds=rect(0, 0, 120, 80) backgroundColor=red
        text label in card position=(60, 40) bounds=rect(0, 0, 120, 40) string="1" fontSize=30 foregroundColor=white alignment=center
        at 0.5 set card backgroundColor=green
        at 1 set card backgroundColor=blue transition=push subtype=fromRight duration=0.4 timingFunction=easeOut as flip
        at 2 set label string="2" transition=fade startProgress=0.2 endProgress=0.8 as count
        at 3 set card opacity=0.5 transition=moveIn subtype=fromTop
        at 4 set card opacity=1 transition=reveal subtype=fromBottom
        animate card transform from=0 to=6.283185 valueFunction=rotateZ duration=2 as spin
        keyframes card sublayerTransform values=[[0, 0, 0], [10, 5, 0]] valueFunction=translate duration=1 as nudge
        """

    static func export(_ platform: SwiftOptions.Platform) -> String {
        SwiftExporter.export(ExportFixtures.document(Self.script),
                             options: SwiftOptions(platform: platform, typeName: "Transitions")).source
    }

    @Test func writesCATransitions() {
        let s = Self.export(.iOS)
        for needle in ["CATransition()", ".type = .push", ".subtype = .fromRight", ".duration = 0.4",
                       ".timingFunction = CAMediaTimingFunction(name: .easeOut)", ".type = .fade",
                       ".startProgress = 0.2", ".endProgress = 0.8", ".type = .moveIn", ".subtype = .fromTop",
                       ".type = .reveal", ".subtype = .fromBottom", "forKey: \"transition\"",
                       // The earlier hold of backgroundColor would hide the new model value.
                       "removeAnimation(forKey: \"card.at.backgroundColor\")",
                       // valueFunction: numbers in, the function named.
                       "spinAnimation.fromValue = 0", "spinAnimation.valueFunction = CAValueFunction(name: .rotateZ)",
                       "nudgeAnimation.valueFunction = CAValueFunction(name: .translate)"] {
            #expect(s.contains(needle), "missing \(needle)")
        }
        // A fade has no subtype; only moving types write one.
        #expect(s.components(separatedBy: ".subtype = ").count == 4)
    }

    @Test(.enabled(if: SwiftTypeCheck.compiler != nil, "no swiftc on the PATH"),
          arguments: [SwiftOptions.Platform.iOS, .macOS])
    func typeChecks(_ platform: SwiftOptions.Platform) throws {
        let result = try SwiftTypeCheck.check([("Transitions.swift", Self.export(platform))], platform: platform)
        #expect(result.ok, "\(result.errors)")
    }
}
