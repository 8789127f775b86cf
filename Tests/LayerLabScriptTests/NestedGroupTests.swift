import LayerLabCore
@testable import LayerLabScript
import Testing

/// Groups inside groups, as CAAnimationGroup allows: timed in their parent group's time.
struct NestedGroupTests {
    let script = """
        shape s path=circle(0, 0, 10)
        group outer on s sequence {
            animate opacity from=1 to=0 duration=1
            group inner duration=1 {
                animate lineWidth from=0 to=10
                animate strokeEnd from=0 to=1 duration=0.5 as draw
            }
        }
        """

    @Test func nestedGroupsRunInTheirParentsTime() throws {
        var s = Session()
        #expect(s.runScript(script, name: "t").diagnostic == nil)
        let ev = Evaluator(document: s.document)
        #expect(ev.presentationValue(layer: "s", keyPath: "lineWidth", at: 1.5) == .number(5))
        #expect(ev.presentationValue(layer: "s", keyPath: "strokeEnd", at: 1.25) == .number(0.5))
        #expect(ev.presentationValue(layer: "s", keyPath: "strokeEnd", at: 1.75) == .number(1))
        #expect(ev.interval(of: "outer")?.end == 2)
        let outer = try #require(s.document.animations.first)
        guard case .group(let g) = outer.body, case .group(let inner) = g.children[1].body else {
            Issue.record("expected a nested group"); return
        }
        #expect(g.children[1].name == "inner")
        #expect(inner.children.map(\.name) == ["", "draw"])
    }

    @Test func namesAreUniqueAcrossLevels() {
        var s = Session()
        let d = s.runScript("""
            shape s
            group g on s {
                group h {
                    animate opacity to=0 as x
                }
                animate lineWidth to=2 as x
            }
            """, name: "t").diagnostic
        #expect(d?.message == "the name 'x' is already used by an animation")
    }

    @Test func treeShowsTheNesting() {
        var s = Session()
        _ = s.runScript(script, name: "t")
        let tree = s.handle("tree").responses.compactMap { if case .text(let t) = $0 { return t }; return nil }.joined()
        #expect(tree.contains("inner: group { animate lineWidth; draw: animate strokeEnd }"))
    }
}

/// `additive` and `cumulative` are about a key path's value (CAPropertyAnimation's): a group
/// has none, and CAAnimationGroup has neither property, so groups refuse them, plainly.
struct GroupPropertyOnlyAttributeTests {
    @Test(arguments: ["group g on s additive=true { animate opacity to=0 }",
                      "group g on s { group h cumulative=true { animate opacity to=0 } }",
                      "group g on s { animate opacity to=0 }\nset g cumulative=true"])
    func groupsRefuseAdditiveAndCumulative(_ line: String) {
        var s = Session()
        #expect(s.runScript("shape s path=circle(0, 0, 10)", name: "t").diagnostic == nil)
        let before = s.document
        let d = s.runScript(line, name: "t").diagnostic
        #expect(d?.message.contains("a group has none") == true, "\(String(describing: d?.message))")
        if !line.contains("\n") { #expect(s.document == before) }
    }

    @Test func animationsTakeCumulativeAndHelpForGroupsLeavesItOut() {
        var s = Session()
        #expect(s.runScript("shape s path=circle(0, 0, 10)\nanimate s lineWidth from=0 to=10 duration=1 repeatCount=3 cumulative=true",
                            name: "t").diagnostic == nil)
        #expect(s.document.animations.first?.timing.cumulative == true)
        #expect(Evaluator(document: s.document).presentationValue(layer: "s", keyPath: "lineWidth", at: 2.5) == .number(25))
        let group = CommandTable.spec("group")!.helpAttributes.map(\.name)
        #expect(!group.contains("cumulative") && !group.contains("additive"))
        #expect(CommandTable.spec("animate")!.helpAttributes.map(\.name).contains("cumulative"))
    }
}
