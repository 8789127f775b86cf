import LayerLabCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The box-drawing block, U+2500–U+257F, built from a description of each cell rather than
/// drawn one by one: most characters are four arms (left, right, up, down) from the cell's
/// centre to its edges, each none, light, heavy or double. Cells are 0.6 em wide and a line
/// (1.2 em) tall, and every arm reaches the cell's edge, so neighbouring characters join into
/// unbroken frames across characters and lines.
extension VectorFont {
    /// A box-drawing cell's advance and width, in units.
    static let cellWidth = 0.6 * unitsPerEm
    /// The top and bottom of a line box in glyph units (y 0 is the cap height).
    static let cellTop = -(baseline - 0.7) * unitsPerEm
    static let cellBottom = cellTop + lineHeight * unitsPerEm

    /// Half the distance between the two lines of a double arm.
    static let doubleGap = 1.5
    /// Offset of the outer strokes that thicken a heavy arm.
    static let heavyOffset = 0.6

    /// One description per character from U+2500: four digits (left, right, up, down; 0 none,
    /// 1 light, 2 heavy, 3 double), `-N`/`|N` (N dashes across or down, light), `=N`/`!N`
    /// (heavy), `r`+corner (rounded: `rDR` joins down and right), `/`, `\`, `x` (diagonals).
    static let boxCells: [String] = [
        "1100", "2200", "0011", "0022", "-3", "=3", "|3", "!3", "-4", "=4", "|4", "!4",
        "0101", "0201", "0102", "0202", "1001", "2001", "1002", "2002",
        "0110", "0210", "0120", "0220", "1010", "2010", "1020", "2020",
        "0111", "0211", "0121", "0112", "0122", "0221", "0212", "0222",
        "1011", "2011", "1021", "1012", "1022", "2021", "2012", "2022",
        "1101", "2101", "1201", "2201", "1102", "2102", "1202", "2202",
        "1110", "2110", "1210", "2210", "1120", "2120", "1220", "2220",
        "1111", "2111", "1211", "2211", "1121", "1112", "1122", "2121",
        "1221", "2112", "1212", "2221", "2212", "2122", "1222", "2222",
        "-2", "=2", "|2", "!2",
        "3300", "0033", "0301", "0103", "0303", "3001", "1003", "3003",
        "0310", "0130", "0330", "3010", "1030", "3030",
        "0311", "0133", "0333", "3011", "1033", "3033",
        "3301", "1103", "3303", "3310", "1130", "3330", "3311", "1133", "3333",
        "rDR", "rDL", "rUL", "rUR", "/", "\\", "x",
        "1000", "0010", "0100", "0001", "2000", "0020", "0200", "0002",
        "1200", "0012", "2100", "0021",
    ]

    static let boxDrawing: [(Character, [[Point]])] = boxCells.enumerated().map { i, cell in
        (Character(Unicode.Scalar(0x2500 + UInt32(i))!), boxStrokes(cell))
    }

    static func boxStrokes(_ cell: String) -> [[Point]] {
        let w = cellWidth, top = cellTop, bottom = cellBottom
        let cx = w / 2, cy = (top + bottom) / 2
        let chars = Array(cell)
        switch chars.first {
        case "-", "=", "|", "!":
            let n = Int(String(chars.dropFirst())) ?? 2
            let across = chars[0] == "-" || chars[0] == "="
            let heavy = chars[0] == "=" || chars[0] == "!"
            let (start, length) = across ? (0.0, w) : (top, bottom - top)
            let slot = length / Double(n)
            let dash = max(0, slot - 1.2 - 1.4)
            var out: [[Point]] = []
            for k in 0..<n {
                let a = start + slot * Double(k) + (slot - dash) / 2
                for off in heavy ? [-heavyOffset, 0, heavyOffset] : [0] {
                    let p0 = across ? Point(a, cy + off) : Point(cx + off, a)
                    let p1 = across ? Point(a + dash, cy + off) : Point(cx + off, a + dash)
                    out.append(dash > 0 ? [p0, p1] : [p0])
                }
            }
            return out
        case "r":
            let r = cx
            let down = chars[1] == "D", right = chars[2] == "R"
            let centre = Point(cx + (right ? r : -r), cy + (down ? r : -r))
            // The arc from the horizontal arm's end to the vertical arm's, then the arms.
            let a0: Double = down ? 270 : 90, a1: Double = right ? 180 : (down ? 360 : 0)
            var arc: [Point] = []
            let steps = 12
            for k in 0...steps {
                let a = (a0 + (a1 - a0) * Double(k) / Double(steps)) * Double.pi / 180
                arc.append(Point(centre.x + r * cos(a), centre.y + r * sin(a)))
            }
            arc.append(Point(cx, down ? bottom : top))
            return [arc]
        case "/": return [[Point(w, top), Point(0, bottom)]]
        case "\\": return [[Point(0, top), Point(w, bottom)]]
        case "x": return [[Point(w, top), Point(0, bottom)], [Point(0, top), Point(w, bottom)]]
        default:
            return armStrokes(chars.map { Int(String($0)) ?? 0 })
        }
    }

    /// Strokes for arms [left, right, up, down]. Double lines turn corners where two double
    /// arms meet and run straight through where the opposite arm continues them; a light or
    /// heavy arm stops at the near line of a double crossing it, or reaches the far line of a
    /// double that ends at it.
    static func armStrokes(_ arms: [Int]) -> [[Point]] {
        guard arms.count == 4 else { return [] }
        let w = cellWidth, top = cellTop, bottom = cellBottom
        let cx = w / 2, cy = (top + bottom) / 2
        let g = doubleGap, h = heavyOffset
        var out: [[Point]] = []
        for a in 0..<4 where arms[a] != 0 {
            let horizontal = a < 2
            let s: Double = a % 2 == 0 ? -1 : 1
            let edge = horizontal ? (a == 0 ? 0 : w) : (a == 2 ? top : bottom)
            let c = horizontal ? cx : cy, pc = horizontal ? cy : cx
            let perp = horizontal ? [arms[2], arms[3]] : [arms[0], arms[1]]
            let opposite = arms[a ^ 1]
            func point(_ along: Double, _ across: Double) -> Point {
                horizontal ? Point(along, across) : Point(across, along)
            }
            if arms[a] == 3 {
                for (side, sigma) in [(0, -1.0), (1, 1.0)] {
                    let other = perp[side], otherPerp = perp[1 - side]
                    let stop: Double
                    if other == 3 { stop = c + s * g }
                    else if opposite != 3 && otherPerp == 3 { stop = c - s * g }
                    else { stop = c }
                    out.append([point(edge, pc + sigma * g), point(stop, pc + sigma * g)])
                }
            } else {
                let stop: Double
                if perp[0] == 3 && perp[1] == 3 { stop = c + s * g }
                else if perp.contains(3) { stop = c - s * g }
                else { stop = c - s * (arms[a] == 2 && perp.contains(2) ? h : 0) }
                for off in arms[a] == 2 ? [-h, 0, h] : [0] {
                    out.append([point(edge, pc + off), point(stop, pc + off)])
                }
            }
        }
        return out
    }
}
