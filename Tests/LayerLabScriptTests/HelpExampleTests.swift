import LayerLabCore
@testable import LayerLabScript
import Testing

/// Every command's help example runs as printed in a fresh session (typed line by line, as at
/// the prompt). Commands whose example needs the outside world are run for what they ask of it.
struct HelpExampleTests {
    /// Examples that need files or a crashed session: they must still parse and fail cleanly.
    static let needsTheOutside: Set<String> = ["load", "save", "recover"]

    static var commands: [CommandSpec] { CommandTable.all }

    @Test(arguments: commands.map(\.name))
    func exampleRunsAsPrinted(_ name: String) throws {
        let info = try #require(CommandTable.all.first { $0.name == name })
        #expect(!info.example.isEmpty, "\(name) has no example")
        var session = Session()
        var failures: [String] = []
        for line in info.example.split(separator: "\n", omittingEmptySubsequences: false) {
            if let d = session.handle(String(line)).diagnostic { failures.append(d.description) }
        }
        #expect(!session.isContinuing, "\(name): the example leaves a block open")
        if Self.needsTheOutside.contains(name) {
            #expect(failures.allSatisfy { !$0.contains("unknown") && !$0.contains("expected") })
        } else {
            #expect(failures.isEmpty, "\(name): \(failures.joined(separator: "\n"))")
        }
    }
}

/// `help compositing` is listed with the topics, and its example runs as printed.
@Test func compositingTopicExampleRuns() throws {
    #expect(HelpText.topics.contains("compositing"))
    let text = try #require(HelpText.text(for: "compositing"))
    let example = try #require(text.components(separatedBy: "Example:\n").last)
    var session = Session()
    for line in example.split(separator: "\n") {
        #expect(session.handle(line.trimmingCharacters(in: .whitespaces)).diagnostic == nil, "\(line)")
    }
    #expect(session.document.layers.map(\.name) == ["glow", "matte", "card"])
}
