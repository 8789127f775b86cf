import CEditLine
import Glibc

/// libedit's variadic entry points (`el_set`, `el_get`, `history`), called through fixed
/// signatures.
///
/// NB: Swift cannot call C variadic functions, and the shim target has no wrappers, so the
/// symbols are looked up with `dlsym` and called through the exact argument list each
/// operation takes. On the System V x86-64 and AAPCS64 (Linux) ABIs, integer and pointer
/// arguments of a variadic call travel exactly as in a fixed one, so this is well defined
/// there; no floating-point argument is ever passed.
enum EditLineCalls {
    typealias SetPointer = @convention(c) (OpaquePointer?, Int32, UnsafeRawPointer?) -> Int32
    typealias SetPointerChar = @convention(c) (OpaquePointer?, Int32, UnsafeRawPointer?, Int32) -> Int32
    typealias SetPointers = @convention(c) (OpaquePointer?, Int32, UnsafeRawPointer?, UnsafeRawPointer?) -> Int32
    typealias SetFunction = @convention(c) (OpaquePointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
                                            UnsafeRawPointer?) -> Int32
    typealias SetInt = @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
    typealias GetPointer = @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> Int32
    typealias HistoryInt = @convention(c) (OpaquePointer?, UnsafeMutablePointer<HistEvent>, Int32, Int32) -> Int32
    typealias HistoryString = @convention(c) (OpaquePointer?, UnsafeMutablePointer<HistEvent>, Int32,
                                              UnsafePointer<CChar>?) -> Int32

    /// The prompt callback type (`char *(*)(EditLine *)`).
    typealias PromptFunction = @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    /// The editor function type (`unsigned char (*)(EditLine *, int)`).
    typealias EditorFunction = @convention(c) (OpaquePointer?, Int32) -> UInt8

    nonisolated(unsafe) static let library = dlopen(nil, RTLD_NOW)
    nonisolated(unsafe) static let elSet = dlsym(library, "el_set")
    nonisolated(unsafe) static let elGet = dlsym(library, "el_get")
    nonisolated(unsafe) static let history = dlsym(library, "history")

    static var available: Bool { elSet != nil && elGet != nil && history != nil }

    static func set(_ el: OpaquePointer, _ op: Int32, _ p: UnsafeRawPointer?) {
        _ = unsafeBitCast(elSet, to: SetPointer.self)(el, op, p)
    }

    static func set(_ el: OpaquePointer, _ op: Int32, _ p: UnsafeRawPointer?, char: Int32) {
        _ = unsafeBitCast(elSet, to: SetPointerChar.self)(el, op, p, char)
    }

    static func set(_ el: OpaquePointer, _ op: Int32, _ p: UnsafeRawPointer?, _ q: UnsafeRawPointer?) {
        _ = unsafeBitCast(elSet, to: SetPointers.self)(el, op, p, q)
    }

    static func set(_ el: OpaquePointer, _ op: Int32, int: Int32) {
        _ = unsafeBitCast(elSet, to: SetInt.self)(el, op, int)
    }

    /// Adds a named editor function (`EL_ADDFN`).
    static func addFunction(_ el: OpaquePointer, _ name: String, _ help: String, _ fn: EditorFunction) {
        name.withCString { n in
            help.withCString { h in
                _ = unsafeBitCast(elSet, to: SetFunction.self)(el, EL_ADDFN, n, h, unsafeBitCast(fn, to: UnsafeRawPointer.self))
            }
        }
    }

    static func clientData(_ el: OpaquePointer?) -> UnsafeMutableRawPointer? {
        var p: UnsafeMutableRawPointer?
        _ = unsafeBitCast(elGet, to: GetPointer.self)(el, EL_CLIENTDATA, &p)
        return p
    }

    @discardableResult
    static func history(_ h: OpaquePointer, _ op: Int32, int: Int32) -> Int32 {
        var ev = HistEvent()
        return unsafeBitCast(history, to: HistoryInt.self)(h, &ev, op, int)
    }

    @discardableResult
    static func history(_ h: OpaquePointer, _ op: Int32, string: String) -> Int32 {
        var ev = HistEvent()
        return string.withCString { unsafeBitCast(history, to: HistoryString.self)(h, &ev, op, $0) }
    }

    /// Runs an editrc-style command (`bind ^R em-inc-search-prev`, `setty -d -isig`).
    static func parse(_ el: OpaquePointer, _ words: [String]) {
        let cStrings = words.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        var argv = cStrings.map { UnsafePointer<CChar>($0) }
        _ = argv.withUnsafeMutableBufferPointer { el_parse(el, Int32(words.count), $0.baseAddress) }
    }
}
