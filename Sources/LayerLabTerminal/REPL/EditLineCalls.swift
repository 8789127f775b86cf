import CEditLine
import Glibc

/// libedit's variadic entry points (`el_set`, `el_get`, `history`), called through the
/// fixed-signature C wrappers in `CEditLine/shim.h` (Swift cannot call variadic C functions).
enum EditLineCalls {
    /// The prompt callback type (`char *(*)(EditLine *)`).
    typealias PromptFunction = @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    /// The editor function type (`unsigned char (*)(EditLine *, int)`).
    typealias EditorFunction = @convention(c) (OpaquePointer?, Int32) -> UInt8

    static func set(_ el: OpaquePointer, _ op: Int32, _ p: UnsafeRawPointer?) {
        _ = layerlab_el_set_ptr(el, op, p)
    }

    static func set(_ el: OpaquePointer, _ op: Int32, _ p: UnsafeRawPointer?, char: Int32) {
        _ = layerlab_el_set_ptr_char(el, op, p, char)
    }

    static func set(_ el: OpaquePointer, _ op: Int32, _ p: UnsafeRawPointer?, _ q: UnsafeRawPointer?) {
        _ = layerlab_el_set_ptrs(el, op, p, q)
    }

    static func set(_ el: OpaquePointer, _ op: Int32, int: Int32) {
        _ = layerlab_el_set_int(el, op, int)
    }

    /// Adds a named editor function (`EL_ADDFN`).
    static func addFunction(_ el: OpaquePointer, _ name: String, _ help: String, _ fn: EditorFunction) {
        _ = layerlab_el_add_fn(el, name, help, fn)
    }

    /// The key-reading callback type (`int (*)(EditLine *, wchar_t *)`, `EL_GETCFN`).
    typealias GetCharFunction = @convention(c) (OpaquePointer?, UnsafeMutablePointer<wchar_t>?) -> Int32

    static func clientData(_ el: OpaquePointer?) -> UnsafeMutableRawPointer? {
        var p: UnsafeMutableRawPointer?
        _ = layerlab_el_get_ptr(el, EL_CLIENTDATA, &p)
        return p
    }

    @discardableResult
    static func history(_ h: OpaquePointer, _ op: Int32, int: Int32) -> Int32 {
        var ev = HistEvent()
        return layerlab_history_int(h, &ev, op, int)
    }

    @discardableResult
    static func history(_ h: OpaquePointer, _ op: Int32, string: String) -> Int32 {
        var ev = HistEvent()
        return layerlab_history_str(h, &ev, op, string)
    }

    /// Runs an editrc-style command (`bind ^R em-inc-search-prev`, `setty -d -isig`).
    static func parse(_ el: OpaquePointer, _ words: [String]) {
        let cStrings = words.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        var argv = cStrings.map { UnsafePointer<CChar>($0) }
        _ = argv.withUnsafeMutableBufferPointer { el_parse(el, Int32(words.count), $0.baseAddress) }
    }
}
