import Foundation
import FuzzSupport
import LayerLabCore
import LayerLabProject

// Project files: any bytes decode to a document or a positioned error. A document that decodes
// must encode, and the encoding must decode to the same document (the format is lossless).
runFuzzer { bytes in
    guard let document = try? ProjectFile.decode(Data(bytes)) else { return }
    let encoded = ProjectFile.encode(document)
    do {
        let again = try ProjectFile.decode(encoded)
        if again != document { fatalError("project does not round-trip:\n\(String(decoding: encoded, as: UTF8.self))") }
    } catch {
        fatalError("encoded project does not decode: \(error)")
    }
}
