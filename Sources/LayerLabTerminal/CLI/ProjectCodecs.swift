#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayerLabCore
import LayerLabProject
import LayerLabScript

/// The project codec the command line uses: LayerLabProject's JSON format.
enum ProjectCodecs {
    static let current: (any ProjectCodec)? = JSONProjectCodec()
}

/// Adapts `ProjectFile` (Data in, Data out) to the session's byte-array codec.
struct JSONProjectCodec: ProjectCodec {
    func encode(_ document: Document) -> [UInt8] { [UInt8](ProjectFile.encode(document)) }
    func decode(_ bytes: [UInt8]) throws -> Document { try ProjectFile.decode(Data(bytes)) }
}
