/// Why an image could not be read or written; the message is for the user.
public struct ImagingError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
