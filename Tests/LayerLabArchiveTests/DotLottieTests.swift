import Foundation
import LayerLabArchive
import Testing

/// dotLottie archives open at their first animation, or the one asked for, with their images,
/// in both the version 1 (`animations/`, `images/`) and version 2 (`a/`, `i/`) layouts.
@Suite struct DotLottieTests {
    typealias F = ArchiveFixtures

    @Test func opensTheFirstAnimationByDefault() throws {
        let file = try DotLottie(bytes: try F.corpus("multiple-animations.lottie"))
        #expect(file.animations.map(\.id) == ["0", "1", "2"])
        let first = try file.animation(nil)
        #expect(first.path == "animations/0.json")
        let json = try file.json(of: first)
        #expect(json.count == 213_709)
        #expect(try JSONSerialization.jsonObject(with: Data(json)) is [String: Any])
    }

    @Test func opensTheAnimationAskedFor() throws {
        let file = try DotLottie(bytes: try F.corpus("multiple-animations.lottie"))
        #expect(try file.json(of: try file.animation("2")).count == 77_235)
        #expect(throws: DotLottie.Error.unknownAnimation("7", available: ["0", "1", "2"])) { try file.animation("7") }
        #expect(DotLottie.Error.unknownAnimation("7", available: ["0", "1", "2"]).description
            == "the file has no animation \"7\"; it has \"0\", \"1\", \"2\"")
    }

    @Test func readsVersionTwoLayout() throws {
        let file = try DotLottie(bytes: try F.corpus("zen-v2.lottie"))
        #expect(file.animations.map { [$0.id, $0.path] } == [["Main Scene", "a/Main Scene.json"]])
        #expect(try file.json(of: file.animations[0]).count == 46_611)
    }

    @Test func givesTheImagesByTheirNames() throws {
        let file = try DotLottie(bytes: try F.corpus("images.lottie"))
        let images = try file.images()
        #expect(images.keys.sorted().prefix(2) == ["image_0.png", "image_1.png"])
        #expect(images.values.allSatisfy { $0.starts(with: [0x89, 0x50, 0x4E, 0x47]) })
        // Every image asset the animation names is in the archive.
        let json = try JSONSerialization.jsonObject(with: Data(try file.json(of: try file.animation(nil)))) as? [String: Any]
        let assets = (json?["assets"] as? [[String: Any]] ?? []).compactMap { $0["p"] as? String }
        #expect(!assets.isEmpty && assets.allSatisfy { images[$0] != nil })
    }

    @Test(.enabled(if: F.python != nil, "python3 is not installed"))
    func readsAnArchivePythonWrote() throws {
        let file = try DotLottie(bytes: try F.byPython("ZIP_DEFLATED"))
        #expect(file.animations.map(\.path) == ["a/Main Scene.json"])
        #expect(try file.images()["noise.bin"]?.count == 3000)
    }

    @Test(.enabled(if: F.zip != nil, "Info-ZIP's zip is not installed"))
    func refusesArchivesThatAreNotDotLottie() throws {
        let dir = try F.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        func archive(_ manifest: String?, _ files: [String] = ["a/Main Scene.json"]) throws -> [UInt8] {
            try? FileManager.default.removeItem(at: dir.appendingPathComponent("out.zip"))
            if let manifest { try Data(manifest.utf8).write(to: dir.appendingPathComponent("manifest.json")) }
            try F.run(F.zip!, ["-q", "out.zip"] + (manifest == nil ? [] : ["manifest.json"]) + files, in: dir)
            return [UInt8](try Data(contentsOf: dir.appendingPathComponent("out.zip")))
        }
        #expect(throws: DotLottie.Error.noManifest) { try DotLottie(bytes: try archive(nil)) }
        #expect(throws: DotLottie.Error.noAnimations) { try DotLottie(bytes: try archive("{\"animations\":[]}")) }
        #expect(throws: DotLottie.Error.missingAnimation("x")) { try DotLottie(bytes: try archive("{\"animations\":[{\"id\":\"x\"}]}")) }
        #expect(throws: DotLottie.Error.badManifest("it is not JSON")) { try DotLottie(bytes: try archive("{\"anim")) }
        #expect(throws: DotLottie.Error.archive(.notAZip)) { try DotLottie(bytes: Array("not a zip".utf8)) }
    }
}
