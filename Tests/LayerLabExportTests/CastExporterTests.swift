import Foundation
import LayerLabCore
import LayerLabExport
import Testing

struct CastExporterTests {
    static func lines(_ data: Data) -> [String] {
        String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func headerThenOutputEvents() throws {
        let doc = try ExportFixtures.example("basics/02-from-to-duration.lab")
        let data = CastExporter.cast(for: doc, options: CastOptions(columns: 40, rows: 12, fps: 10))
        #expect(data.last == UInt8(ascii: "\n"))
        let lines = Self.lines(data)
        let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect((header["version"] as? NSNumber)?.intValue == 2)
        let width = try #require((header["width"] as? NSNumber)?.intValue)
        #expect(width >= 1 && width <= 40)
        #expect((header["height"] as? NSNumber)?.intValue ?? 0 >= 1)
        #expect((header["env"] as? [String: String])?["TERM"] == "xterm-256color")
        var last = -1.0
        var events: [String] = []
        for line in lines.dropFirst() {
            let e = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            #expect(e.count == 3)
            let t = try #require((e[0] as? NSNumber)?.doubleValue)
            #expect(t >= last)
            last = t
            #expect(e[1] as? String == "o")
            events.append(try #require(e[2] as? String))
        }
        // 1 s at 10 fps: 11 frames at most (unchanged frames write nothing), then the cursor back.
        #expect(events.count >= 3 && events.count <= 12)
        #expect(events[0].hasPrefix("\u{1B}[?25l\u{1B}[2J"))
        #expect(events[1].count < events[0].count, "later frames are diffs")
        #expect(events.last?.hasSuffix("\u{1B}[?25h") == true)
        #expect(last == 1)
    }

    @Test func escapesControlCharacters() throws {
        let data = CastExporter.cast(for: try ExportFixtures.example("basics/01-first-shape.lab"),
                                     options: CastOptions(columns: 20, rows: 10))
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("\u{1B}"))
        #expect(text.contains("\\u001b["))
    }

    @Test func deterministic() throws {
        let doc = try ExportFixtures.example("loading-s.lab")
        let options = CastOptions(columns: 60, rows: 20, mode: .braille, color: .ansi256, fps: 12)
        #expect(CastExporter.cast(for: doc, options: options) == CastExporter.cast(for: doc, options: options))
    }

    @Test func rangeAndStillScenes() throws {
        let doc = try ExportFixtures.example("basics/01-first-shape.lab")
        let lines = Self.lines(CastExporter.cast(for: doc, options: CastOptions(columns: 20, rows: 10)))
        #expect(lines.count == 3, "a still scene: header, one frame, cursor back")
        let loader = try ExportFixtures.example("loading-s.lab")
        let part = Self.lines(CastExporter.cast(for: loader, options: CastOptions(columns: 20, rows: 10, fps: 10, from: 1, to: 2)))
        #expect(part.count <= 1 + 11 + 1)
        #expect(part.last?.hasPrefix("[1, \"o\"") == true)
    }
}
