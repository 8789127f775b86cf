import LayerLabCore
import Testing
@testable import LayerLabScript

/// Past the tour: a set that a scheduled change hides, colours, units and sizes mistyped.
struct SecondTenMinutesTests {
    /// `set … animated` schedules a change at the current time that holds from then on; a
    /// plain `set` after it is not seen from then, and says so, naming the change.
    @Test func aPlainSetAfterAnAnimatedOneSaysWhatOverridesIt() {
        var s = Session.test()
        s.ok("shape dot path=circle(100, 100, 30)\nseek 1\nset dot fillColor=blue animated")
        let note = s.ok("set dot fillColor=green")
        #expect(note.contains("'dot.set' changes dot.fillColor at 1s") && note.contains("`delete dot.set`"))
        #expect(s.ok("set dot.fillColor = green").contains("dot.set"))
        #expect(s.ok("set dot opacity=0.5").isEmpty, "another property is not overridden")
        s.ok("seek 0.5")
        #expect(s.ok("set dot fillColor=green").isEmpty, "before the change the value shows")
        s.ok("seek 1\ndelete dot.set")
        #expect(s.ok("set dot fillColor=green").isEmpty)
        #expect(s.ok("inspect dot.fillColor at=1").contains("#00ff00ff"), "green shows once the change is gone")
    }

    /// In a value position `#` starts a colour; a wrong number of hex digits says what a
    /// colour takes instead of "expected a value, found end of input".
    @Test func aHexColourWithTheWrongDigitsSaysHowManyItTakes() {
        var s = Session.test()
        s.ok("layer a")
        for bad in ["#12345", "#ggg", "#ff00ff0"] {
            let e = s.fails("set a backgroundColor=\(bad)")
            #expect(e.contains("'\(bad)' is not a colour: a hex colour has 3, 4, 6 or 8 hex digits"), "\(e)")
            #expect(e.contains("1:23"), "it points at the colour: \(e)")
        }
        #expect(s.fails("set a colors=[#fff, #12]").contains("'#12' is not a colour"))
        s.ok("set a backgroundColor=#fff # a comment still works after a value")
        #expect(s.document.layer(named: "a")?.properties["backgroundColor"] != nil)
    }

    /// A rotation of many turns or a time of minutes written as a bare number is valid, and
    /// gets a one-line note on the unit that was probably meant; the command still runs.
    @Test func numbersInTheWrongUnitGetANote() {
        var s = Session.test()
        s.ok("layer card")
        #expect(s.ok("animate card transform.rotation.y from=0 to=180 duration=2") == "note: 180 rad is 28.6 turns; 180deg is half a turn")
        #expect(s.ok("animate card opacity to=0 duration=500") == "note: duration=500 is 8 min 20 s; 500ms is 0.5s")
        #expect(s.document.animations.count == 2, "both ran")
        #expect(s.ok("animate card transform.rotation.z to=180deg duration=400ms").isEmpty)
        #expect(s.ok("animate card transform.rotation.z to=6.28 duration=2").isEmpty, "a turn in radians is fine")
        #expect(s.ok("animate card position.x to=500 duration=2").isEmpty, "not an angle")
        #expect(s.ok("group g on card duration=90 { animate opacity to=1 }").contains("duration=90 is 1 min 30 s"))
    }

    /// A birth rate is refused above what the emission draws when set, but an animation may
    /// pass it (a `to` far beyond is typed as easily as a set); it is kept and drawn at the cap,
    /// and the command says so instead of capping silently.
    @Test func anAnimatedBirthRateBeyondTheCapSaysItIsCapped() {
        var s = Session.test()
        s.ok("emitter e position=(50,50)\ncell spark in e birthRate=10 lifetime=1")
        #expect(s.fails("set spark birthRate=1e6").contains("birthRate must be from 0 to 100000"))
        let note = s.ok("animate spark birthRate to=1e300 duration=2")
        #expect(note.contains("note: birthRate 1e+300 is drawn as 100000 a second") || note.contains("note: birthRate 1e300 is drawn as 100000 a second"), "\(note)")
        #expect(s.document.animations.count == 1, "the animation is kept as written")
        #expect(s.ok("animate spark birthRate from=0 to=500 duration=2").isEmpty, "within the cap: no note")
        #expect(s.ok("keyframes e birthRate values=[1, 2e5] duration=2").contains("drawn as 100000"), "the emitter's multiplier too")
    }

    /// What `inspect` prints reads back: a size with a negative side (`shadowOffset`'s default
    /// `0x-3`); and every number is checked against its range (`cornerRadius` as `lineWidth`).
    @Test func aSizeWithANegativeSideReadsBack() {
        var s = Session.test()
        s.ok("layer a")
        #expect(s.ok("inspect a.shadowOffset at=0") == "a.shadowOffset = 0x-3")
        s.ok("set a shadowOffset=0x-3")
        s.ok("set a shadowOffset=2x-4.5")
        #expect(s.ok("inspect a.shadowOffset at=0") == "a.shadowOffset = 2x-4.5")
        s.ok("set a shadowOffset=-2x-4")
        #expect(s.ok("inspect a.shadowOffset at=0") == "a.shadowOffset = -2x-4")
        #expect(s.fails("set a cornerRadius=-2").contains("cornerRadius must be 0 or more, found -2"))
        #expect(s.fails("shape b lineWidth=-3").contains("must be 0 or more"))
    }

    /// Timing written after a group's closing brace says where it goes, for nested groups too.
    @Test func groupTimingAfterTheBraceSaysItGoesBefore() {
        var s = Session.test()
        s.ok("layer box")
        let e = s.fails("group g on box {\n  animate opacity to=0\n} duration=0.3")
        #expect(e.contains("a group's timing goes before its '{'") && e.contains(":3:3:"), "\(e)")
        #expect(s.fails("group g on box { group inner { animate opacity to=0 } repeatCount=2 }").contains("goes before its '{'"))
        #expect(s.document.animations.isEmpty)
        s.ok("group g on box duration=0.3 { animate opacity to=0 }")
    }
}
