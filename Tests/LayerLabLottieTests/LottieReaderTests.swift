import Foundation
import Testing
import LayerLabCore
import LayerLabProject
@testable import LayerLabLottie

/// Bad files, limits, names, warnings and markers.
struct LottieReaderTests {
    /// Bodymovin before 4.4.18 wrote whether an outline is closed on its path item (`closed`)
    /// and mask (`cl`), not in the outline; lottie-web moves it into the outline, and so does
    /// the reader. From 4.4.18 on the outline's own `c` counts.
    @Test func oldFilesCloseOutlinesAsTheirItemsAndMasksSay() throws {
        let square = #"{"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]],"v":[[0,0],[10,0],[10,10]]}"#
        let still = #"{"ty":"sh","closed":true,"ks":{"a":0,"k":\#(square)}}"#
        let keyed = #"{"ty":"sh","closed":true,"ks":{"a":1,"k":[{"t":0,"s":[\#(square)],"e":[\#(square)]},{"t":10}]}}"#
        let mask = #""hasMask":true,"masksProperties":[{"mode":"a","cl":true,"pt":{"a":0,"k":\#(square)}}]"#
        func closed(_ version: String) throws -> [Bool?] {
            let file = String(decoding: lottie(shapeLayer("S", shapes: still + "," + keyed, extra: mask)), as: UTF8.self)
                .replacingOccurrences(of: #""v":"5.7.4""#, with: #""v":"\#(version)""#)
            var reader = LottieReader()
            let layer = try #require(try reader.read(Array(file.utf8)).layers.first)
            func outline(_ i: Int) -> LottieProperty? {
                if case .path(let p, _) = layer.shapes[i].item { return p }
                return nil
            }
            return [outline(0)?.value?.shape?.closed, outline(1)?.keyframes.first?.start?.shape?.closed,
                    outline(1)?.keyframes.first?.end?.shape?.closed, layer.masks.first?.path?.value?.shape?.closed]
        }
        #expect(try closed("4.0.0") == [true, true, true, true])
        #expect(try closed("4.4.18") == [false, false, false, false])
        #expect(bodymovinVersion("4.4.17", isBefore: [4, 4, 18]) && !bodymovinVersion("4.10.0", isBefore: [4, 4, 18])
                && !bodymovinVersion("", isBefore: [4, 4, 18]) && !bodymovinVersion("4.x.1", isBefore: [4, 4, 18]))
    }

    @Test func aTruncatedFileSaysWhereAndWhatWasExpected() {
        let text = "{\"v\":\"5.7.4\",\"fr\":30,\n\"layers\":[{\"ty\":4,"
        do {
            _ = try imported(Data(text.utf8))
            Issue.record("a truncated file was read")
        } catch let e as LottieImportError {
            #expect(e.line == 2 && e.column == 19, "\(e)")
            #expect(e.message.contains("truncated") && e.message.contains("expected a key"), "\(e)")
        } catch { Issue.record("\(error)") }
    }

    @Test func aPrecompositionThatIncludesItselfIsRefused() {
        let a = #"{"ty":0,"nm":"A","ind":1,"refId":"a","ip":0,"op":20,"st":0,"ks":{}}"#
        let b = #"{"ty":0,"nm":"B","ind":1,"refId":"b","ip":0,"op":20,"st":0,"ks":{}}"#
        let assets = #"[{"id":"a","layers":[\#(b)]},{"id":"b","layers":[\#(a)]}]"#
        #expect(throws: LottieImportError.self) { try imported(lottie(a, assets: assets)) }
        do { _ = try imported(lottie(a, assets: assets)) } catch {
            #expect("\(error)".contains("includes itself") && "\(error)".contains("\"a\" → \"b\" → \"a\""), "\(error)")
        }
    }

    @Test func absurdSizesRatesAndCountsAreRefused() {
        let huge = Data(#"{"v":"5.7.4","fr":30,"ip":0,"op":10,"w":1e9,"h":100,"layers":[]}"#.utf8)
        let fast = Data(#"{"v":"5.7.4","fr":1e6,"ip":0,"op":10,"w":10,"h":10,"layers":[]}"#.utf8)
        let long = Data(#"{"v":"5.7.4","fr":30,"ip":0,"op":1e12,"w":10,"h":10,"layers":[]}"#.utf8)
        let keys = (0...100_000).map { #"{"t":\#($0),"s":[0]}"# }.joined(separator: ",")
        let many = lottie(nullLayer("N", ks: #""o":{"a":1,"k":[\#(keys)]}"#))
        for (data, words) in [(huge, "canvas"), (fast, "frame rate"), (long, "frames"), (many, "keyframes")] {
            do { _ = try imported(data); Issue.record("accepted: \(words)") } catch {
                #expect("\(error)".contains(words), "\(error)")
            }
        }
    }

    @Test func namesAreMadeValidAndUnique() throws {
        let layers = [nullLayer("my layer!", ind: 1), nullLayer("my layer!", ind: 2), nullLayer("3D", ind: 3),
                      nullLayer("none", ind: 4), nullLayer("", ind: 5)].joined(separator: ",")
        let d = try imported(lottie(layers)).document
        #expect(d.layers.map(\.name).sorted() == ["_3D", "my_layer", "my_layer_2", "none_", "null"])
    }

    /// Repeated names count on from the last suffix handed out, skipping a name the file
    /// itself spells with a suffix ("a_3"), so hundreds of copies number in one pass.
    @Test func repeatedNamesNumberOnSkippingNamesTheFileTakes() throws {
        let names = ["a", "a", "a_3", "a", "a", "b", "a"]
        let layers = names.enumerated().map { nullLayer($0.element, ind: $0.offset + 1) }.joined(separator: ",")
        let d = try imported(lottie(layers)).document
        #expect(Set(d.layers.map(\.name)) == ["a", "a_2", "a_3", "a_4", "a_5", "b", "a_6"])
        #expect(d.layers.count == names.count)
    }

    /// Characters beyond ASCII letters and digits become one `_` each run; names keep their first 60
    /// characters (counted as characters, not bytes).
    @Test func namesKeepLettersDigitsAndTheirFirstSixtyCharacters() throws {
        let long = String(repeating: "é", count: 30) + String(repeating: "x", count: 40)
        let layers = [nullLayer("été—x 2", ind: 1), nullLayer(long, ind: 2), nullLayer("__a", ind: 3)].joined(separator: ",")
        let names = Set(try imported(lottie(layers)).document.layers.map(\.name))
        #expect(names == ["t_x_2", String(repeating: "x", count: 30), "__a"])
    }

    /// After Effects' layer styles are not drawn: each layer with some is named, with its styles.
    @Test func layerStylesAreNamedInAWarningAndStrictRefuses() throws {
        let data = lottie(nullLayer("Pole", extra: #""sy":[{"ty":0,"nm":"Stroke","s":{"a":0,"k":4}},{"ty":1,"nm":"Drop Shadow"},{"ty":2}]"#))
        let r = try imported(data)
        #expect(r.warnings.contains("1 layer's styles not drawn: Pole (Stroke, Drop Shadow, (unnamed))"), "\(r.warnings)")
        #expect(!r.warnings.contains { $0.contains("unknown fields") }, "\(r.warnings)")
        #expect(throws: LottieImportError.self) { try imported(data, strict: true) }
        #expect(try imported(lottie(nullLayer("Plain", extra: #""sy":[]"#))).warnings.isEmpty)
    }

    /// A warning's count agrees with its words: one effect, two effects.
    @Test func warningsSpeakOfOneInTheSingular() {
        let kind = "{expression|expressions} not run ({keyframed value|keyframed values} used)"
        #expect(LottieWarnings.phrase(kind, count: 1) == "expression not run (keyframed value used)")
        #expect(LottieWarnings.phrase(kind, count: 2) == "expressions not run (keyframed values used)")
        #expect(LottieWarnings.phrase("camera {layer|layers} ignored", count: 0) == "camera layers ignored")
        #expect(LottieWarnings.phrase("plain words", count: 1) == "plain words")
        #expect(LottieWarnings.phrase("{unclosed|bar", count: 1) == "{unclosed|bar")
        var w = LottieWarnings()
        w.add("{effect|effects} not drawn", "A")
        w.add("{blur's|blurs'} repeated edge pixels ignored", "A")
        w.add("{blur's|blurs'} repeated edge pixels ignored", "B")
        #expect(w.lines == ["1 effect not drawn: A", "2 blurs' repeated edge pixels ignored: A, B"])
    }

    @Test func unknownTypesAreSkippedWithAWarningAndStrictRefuses() throws {
        let odd = #"{"ty":42,"nm":"Mystery","ind":2,"ip":0,"op":20,"st":0,"ks":{}}"#
        let zig = shapeLayer("Z", ind: 3, shapes: #"{"ty":"zz","nm":"Zig"}"#)
        let expr = nullLayer("E", ind: 4, ks: #""p":{"a":0,"k":[1,2],"x":"wiggle(1,2)"},"r":{"a":0,"k":0,"x":"time*10"}"#)
        let data = lottie([odd, zig, expr].joined(separator: ","))
        let r = try imported(data)
        #expect(r.warnings.contains("1 layer of unknown types skipped: Mystery (ty 42)"), "\(r.warnings)")
        #expect(r.warnings.contains("1 shape item of unknown types skipped: Z (zz)"), "\(r.warnings)")
        #expect(r.warnings.contains("2 expressions not run (keyframed values used): E ks.p, E ks.r"), "\(r.warnings)")
        #expect(r.document.layer(named: "Mystery") == nil)
        #expect(throws: LottieImportError.self) { try imported(data, strict: true) }
        #expect(try imported(lottie(nullLayer("Fine")), strict: true).warnings.isEmpty)
    }

    @Test func markersBecomeNamedTimes() throws {
        let markers = #"[{"cm":"intro","tm":5,"dr":10},{"cm":"pop","tm":12,"dr":0}]"#
        let d = try imported(lottie(nullLayer("N"), markers: markers)).document
        let intro = try #require(d.animation(named: "intro"))
        #expect(intro.timing.beginTime == .number(0.5) && intro.timing.duration == 1)
        #expect(d.events.first?.name == "pop" && d.events.first?.time == .number(1.2))
        #expect(d.isTimeReference("intro") && d.isTimeReference("pop"))
    }

    @Test func importedDocumentsSaveAsProjectsExactly() throws {
        let shapes = #"{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":1,"k":[{"t":0,"s":[0,0],\#(linear)},{"t":10,"s":[20,20]}]}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
        let ks = #""p":{"a":1,"k":[{"t":0,"s":[0,0],"h":1},{"t":10,"s":[50,50]}]},"r":{"a":0,"k":45}"#
        let d = try imported(lottie(shapeLayer("Ball", ks: ks, shapes: shapes) + "," + nullLayer("Null", ind: 2))).document
        let back = try ProjectFile.decode(ProjectFile.encode(d))
        #expect(back == d)
    }

    @Test func sniffingTellsLottieFromProjectsAndScripts() {
        #expect(LottieImport.looksLikeLottie(Data(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[]}"#.utf8)))
        #expect(LottieImport.looksLikeLottie(Data("\n  {\n \"nm\": \"x\", \"v\": \"4.8.0\", \"fr\": 25, \"layers\": []}".utf8)))
        #expect(!LottieImport.looksLikeLottie(Data(#"{"format": "layerlab-project", "version": 1, "v": "1", "layers": []}"#.utf8)))
        #expect(!LottieImport.looksLikeLottie(Data("layer box\n".utf8)))
        // Assets first, an embedded image longer than the head: the version and frames come later.
        let image = String(repeating: "A", count: 70_000)
        #expect(LottieImport.looksLikeLottie(Data(#"{"assets":[{"id":"image_0","w":4,"h":2,"u":"","p":"data:image/png;base64,\#(image)"}],"v":"4.5.0"}"#.utf8)))
        #expect(!LottieImport.looksLikeLottie(Data(#"{"version":2,"width":80}"#.utf8)))
        // Precompositions first, their outlines longer than the head (lottie-android's
        // animated_graph.json): only the assets' layers and their `ks` are in the first 4 KB.
        let points = Array(repeating: "[1.5,2.5]", count: 2000).joined(separator: ",")
        let precompsFirst = #"{"assets":[{"id":"comp_0","layers":[{"ddd":0,"ind":0,"ty":4,"nm":"a","ks":{"o":{"k":100}},"shapes":[{"ty":"sh","ks":{"k":{"i":[\#(points)]}}}],"ip":0,"op":10}]}],"v":"4.5.3","fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[]}"#
        #expect(LottieImport.looksLikeLottie(Data(precompsFirst.utf8).prefix(4096)))
        #expect(!LottieImport.looksLikeLottie(Data(#"{"assets":[{"id":"a","layers":[{"name":"x"}]}],"format":"other"}"#.utf8)))
        // Whitespace between a key, its colon and the value, as pretty printers write.
        #expect(LottieImport.looksLikeLottie(Data("\u{FEFF}{ \"v\" :\t\"5.5.2\" ,\r\n \"fr\" : 60 }".utf8)))
        #expect(LottieImport.looksLikeLottie(Data("{\n  \"assets\" : [ {\"p\" :\n \"data:image/png;base64,AAAA\"}]}".utf8)))
        #expect(!LottieImport.looksLikeLottie(Data("{\n  \"v\": \"5.0\", \"fr\": 30,\n  \"format\" :  \"layerlab-project\"\n}".utf8)))
        // A key cut off by the end of the head, or a key only beginning like a sign, is no sign.
        #expect(!LottieImport.looksLikeLottie(Data(#"{"vv":"1","frame":2,"ipx":3,"layers":[]}"#.utf8)))
        #expect(!LottieImport.looksLikeLottie(Data(#"{"fr":30,"ip":0,"o"#.utf8)))
    }
}
