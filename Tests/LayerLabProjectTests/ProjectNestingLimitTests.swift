import Foundation
import LayerLabCore
import LayerLabProject
import Testing

/// A project may nest layers and animation groups exactly as deep as a script may, no deeper:
/// both read the limits from `Limits`.
struct ProjectNestingLimitTests {
    static func project(layers: String = #"{"name": "l", "kind": "layer", "properties": {}}"#,
                        animations: String = "") -> Data {
        Data("""
            {"format": "layerlab-project", "version": 1, "canvas": {"size": [200, 200], "background": "#ffffff"},
             "paths": [], "layers": [\(layers)], "animations": [\(animations)], "events": []}
            """.utf8)
    }

    static func nestedLayers(_ depth: Int) -> String {
        var json = #"{"name": "l\#(depth)", "kind": "layer", "properties": {}}"#
        for d in stride(from: depth - 1, through: 1, by: -1) {
            json = #"{"name": "l\#(d)", "kind": "layer", "properties": {}, "sublayers": [\#(json)]}"#
        }
        return json
    }

    /// `level` animations deep: groups around one basic animation.
    static func nestedGroups(_ level: Int) -> String {
        var json = #"{"kind": "basic", "keyPath": "opacity", "to": 0, "duration": 1}"#
        for d in stride(from: level - 1, through: 1, by: -1) {
            let head = d == 1 ? #""name": "g", "layer": "l1", "# : ""
            json = #"{\#(head)"kind": "group", "duration": 1, "children": [\#(json)]}"#
        }
        return json
    }

    @Test func layersNestAsDeepAsInAScript() throws {
        let doc = try ProjectFile.decode(Self.project(layers: Self.nestedLayers(Limits.layerDepth)))
        #expect(doc.indexPath(ofLayer: "l\(Limits.layerDepth)")?.count == Limits.layerDepth)
        #expect(Document.maxLayerDepth == Limits.layerDepth)
        let error = #expect(throws: ProjectFileError.self) {
            try ProjectFile.decode(Self.project(layers: Self.nestedLayers(Limits.layerDepth + 1)))
        }
        #expect(error?.description.contains("cannot nest more than \(Limits.layerDepth)") == true)
    }

    @Test func groupsNestAsDeepAsInAScript() throws {
        let layers = Self.nestedLayers(1)
        let doc = try ProjectFile.decode(Self.project(layers: layers, animations: Self.nestedGroups(Limits.groupDepth)))
        #expect(doc.animations.count == 1)
        #expect(Document.maxGroupDepth == Limits.groupDepth)
        let error = #expect(throws: ProjectFileError.self) {
            try ProjectFile.decode(Self.project(layers: layers, animations: Self.nestedGroups(Limits.groupDepth + 1)))
        }
        #expect(error?.description.contains("cannot nest more than \(Limits.groupDepth)") == true)
    }
}
