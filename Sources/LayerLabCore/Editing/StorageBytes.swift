#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An array's elements seen as the bytes they are stored in, to tell that an element is a copy
/// of another without comparing them field by field (`History`'s splices).
///
/// What makes this sound: a Swift value is entirely its bytes (inline fields, and references
/// to shared storage, which a copy shares), so two elements of one type with the same bytes
/// are copies of each other and equal as values. (The one exception, a NaN, is the same NaN,
/// which for "did this element change" is the right answer.) The converse does not hold:
/// padding between fields is not copied, so copies may differ there; such a difference only
/// sends the caller to `==`, never to a wrong answer. So the comparison is used only to say
/// "the same", never "different". Bytes are only read (as `UInt8`s, which any memory may be
/// viewed as), within the array's storage, while the array is alive. In debug builds "the same"
/// is checked against `==`.
struct StorageBytes<Element: Equatable> {
    let elements: UnsafeBufferPointer<Element>
    let size = MemoryLayout<Element>.size, stride = MemoryLayout<Element>.stride

    init(_ elements: UnsafeBufferPointer<Element>) { self.elements = elements }

    /// Whether runs of elements may be compared in one go: with padding after the last field,
    /// that padding would be compared too (and copies may differ there).
    var blocksComparable: Bool { size == stride && size > 0 }

    /// Whether `elements[i]` has the same bytes as `other.elements[j]` (then they are equal).
    func isCopy(_ i: Int, of other: StorageBytes, _ j: Int) -> Bool {
        guard size > 0 else { return true }
        let same = memcmp(UnsafeRawPointer(elements.baseAddress! + i), UnsafeRawPointer(other.elements.baseAddress! + j), size) == 0
        assert(!same || elements[i] == other.elements[j] || elements[i] != elements[i], "bytes equal, values not")
        return same
    }

    /// Whether `elements` from `i` and `other.elements` from `j` have the same bytes for `n`
    /// elements. Only when `blocksComparable`.
    func bytesEqual(_ i: Int, _ other: StorageBytes, _ j: Int, elements n: Int) -> Bool {
        precondition(blocksComparable && i >= 0 && j >= 0 && i + n <= elements.count && j + n <= other.elements.count)
        let same = memcmp(UnsafeRawPointer(elements.baseAddress! + i), UnsafeRawPointer(other.elements.baseAddress! + j), n * stride) == 0
        // (Checked on the first element only: checking all would make debug builds quadratic.)
        assert(!same || isCopy(i, of: other, j))
        return same
    }
}
