import LayerLabCore

/// Reading and writing files, injected so the session never touches the file system itself
/// (tests pass an in-memory table; the terminal front end passes real files, saved atomically).
package protocol FileAccess: Sendable {
    /// The file's bytes. Throw an error whose description reads well after "cannot read 'x': ".
    func read(_ path: String) throws -> [UInt8]
    /// Replaces the file's contents (atomically, in real front ends).
    func write(_ bytes: [UInt8], to path: String) throws
}

/// The JSON project format, injected so the command language need not know it.
package protocol ProjectCodec: Sendable {
    func encode(_ document: Document) -> [UInt8]
    /// Throws an error whose description names where the file is broken.
    func decode(_ bytes: [UInt8]) throws -> Document
    /// A file of another format told by its content (Lottie), as a document and warnings (one
    /// line per kind of thing not reproduced); nil when the bytes are not such a file. With
    /// `strict`, a file that would warn is refused (throws).
    func importDocument(_ bytes: [UInt8], strict: Bool) throws -> ImportedDocument?
    /// The same, opening the animation `animation` of a file that holds several (a dotLottie
    /// archive); throws when the file holds no such animation or is not such a file.
    func importDocument(_ bytes: [UInt8], strict: Bool, animation: String?) throws -> ImportedDocument?
}

extension ProjectCodec {
    package func importDocument(_ bytes: [UInt8], strict: Bool) throws -> ImportedDocument? { nil }
    package func importDocument(_ bytes: [UInt8], strict: Bool, animation: String?) throws -> ImportedDocument? {
        guard animation == nil else { return nil }
        return try importDocument(bytes, strict: strict)
    }
}

/// A document read from another format, with what could not be reproduced.
package struct ImportedDocument: Sendable {
    package var document: Document
    package var warnings: [String]
    /// The format's name for messages ("Lottie").
    package var format: String
    /// Where each animation came from, by animation name.
    package var origins: [String: ImportOrigin]
    package init(document: Document, warnings: [String], format: String, origins: [String: ImportOrigin] = [:]) {
        self.document = document; self.warnings = warnings; self.format = format; self.origins = origins
    }
}

/// What an imported animation was made from: the other format's layer and property
/// (`Ball ks.p`) and that format's frame of each keyframe, at `frameRate` frames a second.
package struct ImportOrigin: Hashable, Sendable {
    package var source: String
    package var frames: [Double]
    package var frameRate: Double
    package init(source: String, frames: [Double], frameRate: Double) {
        self.source = source; self.frames = frames; self.frameRate = frameRate
    }
}
