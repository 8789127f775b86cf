import LayerLabCore

/// Reading and writing files, injected so the session never touches the file system itself
/// (tests pass an in-memory table; the terminal front end passes real files, saved atomically).
public protocol FileAccess: Sendable {
    /// The file's bytes. Throw an error whose description reads well after "cannot read 'x': ".
    func read(_ path: String) throws -> [UInt8]
    /// Replaces the file's contents (atomically, in real front ends).
    func write(_ bytes: [UInt8], to path: String) throws
}

/// The JSON project format, injected so the command language need not know it.
public protocol ProjectCodec: Sendable {
    func encode(_ document: Document) -> [UInt8]
    /// Throws an error whose description names where the file is broken.
    func decode(_ bytes: [UInt8]) throws -> Document
}
