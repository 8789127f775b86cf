import Foundation
import LayerLabCore
@testable import LayerLabLottie

/// Small hand-written Lottie files: an animation at 10 fps, 100x100, frames 0…20 (2 s), with
/// the given layers (and assets, markers).
func lottie(_ layers: String, assets: String = "[]", markers: String = "[]", fr: Double = 10) -> Data {
    Data(#"{"v":"5.7.4","fr":\#(fr),"ip":0,"op":20,"w":100,"h":100,"nm":"t","ddd":0,"assets":\#(assets),"layers":[\#(layers)],"markers":\#(markers)}"#.utf8)
}

/// A null layer with transform `ks` (JSON members), index `ind` and extra members.
func nullLayer(_ name: String, ind: Int = 1, ks: String = "", extra: String = "") -> String {
    #"{"ty":3,"nm":"\#(name)","ind":\#(ind),"ip":0,"op":20,"st":0,"ks":{\#(ks)}\#(extra.isEmpty ? "" : "," + extra)}"#
}

/// A shape layer with `shapes` (a JSON list's members).
func shapeLayer(_ name: String, ind: Int = 1, ks: String = "", shapes: String, extra: String = "") -> String {
    #"{"ty":4,"nm":"\#(name)","ind":\#(ind),"ip":0,"op":20,"st":0,"ks":{\#(ks)},"shapes":[\#(shapes)]\#(extra.isEmpty ? "" : "," + extra)}"#
}

/// Linear easing handles for one dimension.
let linear = #""o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}"#

func imported(_ data: Data, strict: Bool = false) throws -> LottieImportResult {
    try LottieImport.document(from: data, options: LottieImportOptions(strict: strict))
}

func value(_ d: Document, _ layer: String, _ keyPath: String, _ t: Double) -> Value? {
    Evaluator(document: d).presentationValue(layer: layer, keyPath: keyPath, at: t)
}

func number(_ d: Document, _ layer: String, _ keyPath: String, _ t: Double) -> Double {
    value(d, layer, keyPath, t)?.number ?? .nan
}

func near(_ a: Double, _ b: Double, _ eps: Double = 1e-6) -> Bool { abs(a - b) < eps }
