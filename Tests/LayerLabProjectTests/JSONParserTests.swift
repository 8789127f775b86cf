import LayerLabProject
import Testing

/// The parser's errors name the line, column (in Unicode scalars) and JSON path of the problem.
/// It works these out only when something goes wrong, so each case puts the error after
/// multi-byte text, inside nested containers or past the size where objects switch how they
/// find duplicate keys.
@Suite struct JSONParserTests {
    func failure(_ bytes: [UInt8]) -> String? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return "line \(error.line), column \(error.column): at \(error.path): \(error.message)"
        }
    }

    func failure(_ text: String) -> String? { failure(Array(text.utf8)) }

    @Test func duplicateKeysInSmallAndLargeObjects() {
        #expect(failure(#"{"a": 1, "é": "ü", "a": 2}"#)
                == #"line 1, column 20: at $.a: duplicate key "a" (first at line 1, column 2)"#)
        #expect(failure("{\n  \"name\": \"日本語\", \"x\": {\"k\": [1, 2, {\"z\": 1, \"z\": 2}]}\n}")
                == #"line 2, column 45: at $.x.k[2].z: duplicate key "z" (first at line 2, column 37)"#)
        let twenty = (0..<20).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        let seventeen = (0..<17).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        #expect(failure("{\"layers\": [{\(twenty)}, {\(seventeen), \"k16\": 1}]}")
                == #"line 1, column 383: at $.layers[1].k16: duplicate key "k16" (first at line 1, column 372)"#)
        #expect(failure("{\r\n \"a\": 1,\r\n \"a\": 2}")
                == #"line 3, column 2: at $.a: duplicate key "a" (first at line 2, column 2)"#)
    }

    @Test func errorsInsideAndAfterMultiByteText() {
        #expect(failure("{\"a\": \"ñandú\tx\"}")
                == #"line 1, column 13: at $.a: invalid JSON: a control character inside a string (write it as \u0009)"#)
        #expect(failure("{\"a\": [\"ok\", \"ñ\nx\"]}")
                == #"line 1, column 16: at $.a[1]: invalid JSON: a line break inside a string (write it as \n)"#)
        #expect(failure(#"{"a": "ñññ"#)
                == "line 1, column 11: at $.a: the file ends too early (truncated?): a string that is never closed (it starts at line 1, column 7)")
        #expect(failure(#"{"a": 1, ñ}"#) == "line 1, column 10: at $: invalid JSON: expected a key in double quotes, found 'ñ'")
        #expect(failure(#"{"é": ñ}"#) == #"line 1, column 7: at $["é"]: invalid JSON: expected a value, found 'ñ'"#)
        #expect(failure("{\t\"ä\":\t[\t1,\tx]}") == #"line 1, column 13: at $["ä"][1]: invalid JSON: expected a value, found 'x'"#)
        #expect(failure("\u{FEFF}{\"a\": 1,,}") == "line 1, column 9: at $: invalid JSON: expected a key in double quotes, found ','")
    }

    @Test func invalidUTF8AndEscapes() {
        #expect(failure(Array(#"{"a": [1, ""#.utf8) + [0xFF, 0xFE] + Array(#""]}"#.utf8))
                == "line 1, column 11: at $.a[1]: the string is not valid UTF-8 text")
        #expect(failure(Array(#"{""#.utf8) + [0xC3] + Array(#"": 1}"#.utf8))
                == "line 1, column 2: at $: the string is not valid UTF-8 text")
        #expect(failure(#"{"a": "\ud800x"}"#) == #"line 1, column 14: at $.a: invalid JSON: a lone UTF-16 surrogate in a \u escape"#)
        #expect(failure(#"{"a": {"b": "\udc00"}}"#) == #"line 1, column 20: at $.a.b: invalid JSON: a lone UTF-16 surrogate in a \u escape"#)
        #expect(failure(#"{"a": "\ud83d\ude00", "b": tru}"#) == "line 1, column 31: at $.b: invalid JSON: expected 'true', found '}'")
    }

    @Test func stringsDecode() throws {
        let root = try JSONParser.parse(Array(#"{"plain": "abc", "text": "ñandú 日本", "escaped": "a\"b\\c\/\n\t\u00e9\ud83d\ude00", "": ""}"#.utf8))
        guard case .object(let members) = root.kind else { Issue.record("not an object"); return }
        let strings = members.map { m -> String in
            if case .string(let s) = m.value.kind { return s }
            return "?"
        }
        #expect(members.map(\.key) == ["plain", "text", "escaped", ""])
        #expect(strings == ["abc", "ñandú 日本", "a\"b\\c/\n\té😀", ""])
        #expect(members.map(\.keyPosition.column) == [2, 18, 38, 84])
    }

    @Test func numbersConvertAsDoubleDoes() {
        let texts = ["0", "-0", "-0.0", "1", "0.1", "0.3", "-12.5", "123456789012345", "1234567890123456789",
                     "0.000001", "1e22", "1e23", "1.5e-7", "2.2250738585072014e-308", "1e-400", "1e999", "-1e999",
                     "9007199254740993", "0.1e1", "100E-2", "3.14159265358979", "12345678901234567890e-10", "7e+2"]
        for t in texts {
            let expected = Double(t)
            let got = JSONNode.double(t)
            #expect(got?.bitPattern == expected?.bitPattern, "\(t)")
        }
    }
}
