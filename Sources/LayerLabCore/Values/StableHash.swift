/// Hashes that are the same in every run and on every machine (Swift's `Hasher` is seeded per
/// process): the emitters' particle streams and the shuffled text order draw from them, and
/// the JSON reader fingerprints keys with them.

/// SplitMix64's finaliser: a well-spread 64-bit hash.
package func mix64(_ x: UInt64) -> UInt64 {
    var z = x &+ 0x9E3779B97F4A7C15
    z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
    return z ^ (z >> 31)
}

/// FNV-1a of a string's UTF-8 bytes: a particle cell's part of every particle's hash, a JSON
/// key's fingerprint.
package func fnv(_ s: String) -> UInt64 {
    var s = s
    return s.withUTF8 { fnv($0) }
}

/// FNV-1a of bytes (a static key's, without making a string).
package func fnv(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var h: UInt64 = 0xCBF29CE484222325
    for b in bytes { h = (h ^ UInt64(b)) &* 0x100000001B3 }
    return h
}
