import LayerLabCore

/// Latin-1 Supplement (U+00A0–U+00FF) and a few typographic marks, in the units and commands
/// of `ascii`. Accented letters are composed: the base letter's strokes plus an accent centred
/// over (or, for the cedilla, under) the base's ink.
extension VectorFont {
    static let latin1: [Character: (width: Double, strokes: String)] = [
        "¡": (0, "M0 4.2 L0 4.2 M0 7 L0 13"),
        "¢": (5, "A3 7 3 3 45 315 M3 2.5 L3 11.5"),
        "£": (6, "M5.6 1.3 A3.4 2.6 2 2 -40 -180 L1.4 8.6 L0 10 L6 10 M0 5.6 L4 5.6"),
        "¤": (6, "A3 7 2 2 0 360 M0.6 4.6 L1.6 5.6 M5.4 4.6 L4.4 5.6 M0.6 9.4 L1.6 8.4 M5.4 9.4 L4.4 8.4"),
        "¥": (8, "M0 0 L4 5 L8 0 M4 5 L4 10 M1.5 6 L6.5 6 M1.5 8 L6.5 8"),
        "¦": (0, "M0 -0.5 L0 4.5 M0 7.5 L0 12.5"),
        "§": (6, "A3 2.5 2.3 1.5 330 90 A3 5.5 2.5 1.5 270 810 A3 8.5 2.3 1.5 270 510"),
        "¨": (2.6, "M0 1.6 L0 1.6 M2.6 1.6 L2.6 1.6"),
        "©": (10, "A5 5 5 5 0 360 M6.77 6.77 A5 5 2.5 2.5 45 315"),
        "ª": (3.6, "A1.8 2.4 1.8 1.8 0 360 M3.6 0.6 L3.6 4.2 M0 6 L3.6 6"),
        "«": (5.5, "M2.5 4.5 L0 7 L2.5 9.5 M5.5 4.5 L3 7 L5.5 9.5"),
        "¬": (6, "M0 6 L6 6 L6 8.5"),
        "®": (10, "A5 5 5 5 0 360 M3.6 7.8 L3.6 2.2 L5.4 2.2 A5.4 3.55 1.5 1.35 -90 90 L3.6 4.9 M5.1 4.9 L6.8 7.8"),
        "¯": (5, "M0 1 L5 1"),
        "°": (3.2, "A1.6 1.8 1.6 1.6 0 360"),
        "±": (6, "M0 5 L6 5 M3 2 L3 8 M0 10 L6 10"),
        "´": (1.8, "M0 2.6 L1.8 0.6"),
        "µ": (5.5, "M0 4 L0 13 M0 7 A2.75 7 2.75 3 180 0 M5.5 4 L5.5 10"),
        "¶": (6, "M6 0 L6 12 M4 0 L4 12 M6 0 L2.5 0 A2.5 2.5 2.5 2.5 270 90 L4 5"),
        "·": (0, "M0 6 L0 6"),
        "¸": (2.6, "M1.4 10 L1.4 11 A1.4 12 1.2 1 270 480"),
        "º": (3.6, "A1.8 2.4 1.8 1.8 0 360 M0 6 L3.6 6"),
        "»": (5.5, "M0 4.5 L2.5 7 L0 9.5 M3 4.5 L5.5 7 L3 9.5"),
        "Æ": (11, "M0 10 L5.5 0 L11 0 M5.5 0 L5.5 10 L11 10 M5.5 5 L10 5 M2.2 6.5 L5.5 6.5"),
        "Ð": (8.7, "M1.2 10 L1.2 0 L4 0 A4 5 4.7 5 -90 90 L1.2 10 M0 5 L3.4 5"),
        "×": (5, "M0 3.5 L5 8.5 M5 3.5 L0 8.5"),
        "Þ": (7, "M0 0 L0 10 M0 2.5 L4.2 2.5 A4.2 5 2.8 2.5 -90 90 L0 7.5"),
        "ß": (5.8, "M0 10 L0 2.6 A2.6 2.6 2.6 2.6 180 430 A3 7.6 2.8 2.4 280 500"),
        "æ": (11.1, "A2.75 7 2.75 3 0 360 M5.5 4 L5.5 10 M5.5 7 L11.1 7 A8.3 7 2.8 3 0 -315"),
        "ð": (5.6, "A2.8 7 2.8 3 0 360 M5.6 7 L5.2 3.6 L2.2 0 M1.8 2 L4.8 0.6"),
        "÷": (6, "M0 6 L6 6 M3 3.5 L3 3.5 M3 8.5 L3 8.5"),
        "þ": (5.5, "M0 0 L0 13 M5.5 7 A2.75 7 2.75 3 0 360"),
        // Typographic marks beyond Latin-1.
        "…": (7, "M0 10 L0 10 M3.5 10 L3.5 10 M7 10 L7 10"),
        "–": (6, "M0 6.5 L6 6.5"),
        "—": (11, "M0 6.5 L11 6.5"),
        "‘": (1, "M1 0 L0 2.8"),
        "’": (1, "M1 0 L0 2.8"),
        "‚": (1, "M1 9.5 L0 12"),
        "“": (3, "M1 0 L0 2.8 M3 0 L2 2.8"),
        "”": (3, "M1 0 L0 2.8 M3 0 L2 2.8"),
        "„": (3, "M1 9.5 L0 12 M3 9.5 L2 12"),
        "•": (2, "A1 6.5 1 1 0 360 M1 6.5 L1 6.5"),
        "€": (7.5, "M7.5 1.2 A4.6 5 4.2 5 -45 -315 M0 4 L5.5 4 M0 6.3 L5.5 6.3"),
        "‹": (2.5, "M2.5 4.5 L0 7 L2.5 9.5"),
        "›": (2.5, "M0 4.5 L2.5 7 L0 9.5"),
        "←": (9, "M0 6 L9 6 M3 3 L0 6 L3 9"),
        "→": (9, "M0 6 L9 6 M6 3 L9 6 L6 9"),
        "↑": (6, "M3 0 L3 10 M0 3 L3 0 L6 3"),
        "↓": (6, "M3 0 L3 10 M0 7 L3 10 L6 7"),
        "™": (10, "M0 0 L4 0 M2 0 L2 4.5 M5.5 4.5 L5.5 0 L7.75 3 L10 0 L10 4.5"),
    ]

    /// Accents, centred on x = 0 and placed for small letters (over the x-height); capitals
    /// take them `capitalLift` units higher.
    static let accents: [String: String] = [
        "grave": "M-0.9 0.6 L0.9 2.4",
        "acute": "M-0.9 2.4 L0.9 0.6",
        "circumflex": "M-1.7 2.4 L0 0.7 L1.7 2.4",
        "tilde": "A-1 1.7 1 0.7 180 360 A1 1.7 1 0.7 180 0",
        "diaeresis": "M-1.3 1.6 L-1.3 1.6 M1.3 1.6 L1.3 1.6",
        "ring": "A0 1.5 1.1 1.1 0 360",
    ]
    static let capitalLift = -3.9

    /// Letter + accent compositions: (character, base, accent).
    static let accented: [(Character, Character, String)] = {
        var out: [(Character, Character, String)] = []
        let sets: [(String, Character, String)] = [
            ("ÀÁÂÃÄÅ", "A", "grave acute circumflex tilde diaeresis ring"),
            ("ÈÉÊË", "E", "grave acute circumflex diaeresis"),
            ("ÌÍÎÏ", "I", "grave acute circumflex diaeresis"),
            ("Ñ", "N", "tilde"),
            ("ÒÓÔÕÖ", "O", "grave acute circumflex tilde diaeresis"),
            ("ÙÚÛÜ", "U", "grave acute circumflex diaeresis"),
            ("Ý", "Y", "acute"),
            ("àáâãäå", "a", "grave acute circumflex tilde diaeresis ring"),
            ("èéêë", "e", "grave acute circumflex diaeresis"),
            ("ìíîï", "ı", "grave acute circumflex diaeresis"),
            ("ñ", "n", "tilde"),
            ("òóôõö", "o", "grave acute circumflex tilde diaeresis"),
            ("ùúûü", "u", "grave acute circumflex diaeresis"),
            ("ýÿ", "y", "acute diaeresis"),
        ]
        for (chars, base, names) in sets {
            for (ch, name) in zip(chars, names.split(separator: " ")) { out.append((ch, base, String(name))) }
        }
        return out
    }()

    /// Glyphs built from others: accented letters, Ç ç Ø ø, superscripts, fractions, ¿ and ı.
    static func composed() -> [(Character, (width: Double, strokes: [[Point]]))] {
        func base(_ ch: Character) -> (width: Double, strokes: [[Point]]) {
            if ch == "ı" { return (0, parse("M0 4 L0 10")) }
            let src = ascii[ch] ?? latin1[ch]!
            return (src.width, parse(src.strokes))
        }
        func moved(_ strokes: [[Point]], dx: Double, dy: Double, scale: Double = 1) -> [[Point]] {
            strokes.map { $0.map { Point($0.x * scale + dx, $0.y * scale + dy) } }
        }
        func centre(_ strokes: [[Point]]) -> Double {
            let xs = strokes.flatMap { $0.map(\.x) }
            return ((xs.min() ?? 0) + (xs.max() ?? 0)) / 2
        }
        var out: [(Character, (width: Double, strokes: [[Point]]))] = [("ı", base("ı"))]
        for (ch, b, accent) in accented {
            let g = base(b)
            let capital = b.isUppercase
            let mark = parse(accents[accent]!)
            // A narrow base (ı) widens to the accent, so neighbouring accents keep apart.
            let xs = mark.flatMap { $0.map(\.x) }
            let markWidth = (xs.max() ?? 0) - (xs.min() ?? 0)
            let dx = max(0, (markWidth - g.width) / 2)
            out.append((ch, (max(g.width, markWidth), moved(g.strokes, dx: dx, dy: 0)
                + moved(mark, dx: centre(g.strokes) + dx, dy: capital ? capitalLift : 0))))
        }
        for (ch, b) in [("Ç", "C"), ("ç", "c")] as [(Character, Character)] {
            let g = base(b)
            out.append((ch, (g.width, g.strokes + moved(parse(latin1["¸"]!.strokes), dx: centre(g.strokes) - 1.4, dy: 0))))
        }
        out.append(("Ø", (8.5, base("O").strokes + parse("M0 10.5 L8.5 -0.5"))))
        out.append(("ø", (6, base("o").strokes + parse("M0 10.5 L6 3.5"))))
        // Superscripts: digits at half size, their tops on the cap height.
        for (ch, digit) in [("¹", "1"), ("²", "2"), ("³", "3")] as [(Character, Character)] {
            out.append((ch, (3, moved(base(digit).strokes, dx: 0, dy: 0, scale: 0.5))))
        }
        // Vulgar fractions: a small numerator, a slash, a small denominator.
        for (ch, n, d) in [("¼", "1", "4"), ("½", "1", "2"), ("¾", "3", "4")] as [(Character, Character, Character)] {
            let strokes = moved(base(n).strokes, dx: 0, dy: 0, scale: 0.5) + parse("M7.5 0 L1.5 10")
                + moved(base(d).strokes, dx: 6, dy: 5, scale: 0.5)
            out.append((ch, (9, strokes)))
        }
        // ¿ is ? turned half round and dropped to the descender; ¡ is drawn directly.
        let q = base("?")
        out.append(("¿", (q.width, q.strokes.map { $0.map { Point(q.width - $0.x, 13 - $0.y) } })))
        return out
    }
}
