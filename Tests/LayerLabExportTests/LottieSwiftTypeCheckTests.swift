import Foundation
import LayerLabCore
import LayerLabExport
import LayerLabLottie
import Testing

/// A Lottie file opened as a document exports to Swift that type-checks against the stubs:
/// shapes, groups, gradients, trims, repeaters, masks, mattes, blend modes, precompositions
/// with time remapping, markers and motion paths. Skipped when no `swiftc` is on the PATH.
@Suite(.enabled(if: SwiftTypeCheck.compiler != nil, "no swiftc on the PATH"), .serialized)
struct LottieSwiftTypeCheckTests {
    static let file = #"""
    {"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"nm":"all",
     "markers":[{"cm":"intro","tm":0,"dr":30}],
     "assets":[{"id":"c","layers":[{"ty":4,"nm":"Inner","ind":1,"ip":0,"op":60,"st":0,"ks":{"r":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0.4],"y":[0]},"i":{"x":[0.6],"y":[1]}},{"t":60,"s":[360]}]}},
       "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":6}},{"ty":"fl","c":{"a":0,"k":[0,0.5,1,1]},"o":{"a":0,"k":100}}]}]}],
     "layers":[
      {"ty":0,"nm":"Pre comp","ind":1,"refId":"c","w":200,"h":200,"ip":0,"op":60,"st":0,"bm":1,"ks":{"p":{"a":0,"k":[100,100]}},
       "tm":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":60,"s":[1]}]}},
      {"ty":4,"nm":"Matte","ind":2,"td":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[{"ty":"el","p":{"a":0,"k":[100,100]},"s":{"a":0,"k":[120,120]}},{"ty":"fl","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100}}]},
      {"ty":4,"nm":"Art","ind":3,"tt":3,"ip":0,"op":60,"st":0,"ao":1,
       "ks":{"p":{"a":1,"k":[{"t":0,"s":[20,20],"to":[30,0],"ti":[0,-30],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":30,"s":[180,180]}]}},
       "masksProperties":[{"mode":"a","pt":{"a":0,"k":{"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]],"v":[[-50,-50],[50,-50],[0,50]],"c":true}},"o":{"a":0,"k":80}},
                          {"mode":"s","pt":{"a":0,"k":{"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]],"v":[[-5,-5],[5,-5],[0,5]],"c":true}},"o":{"a":0,"k":100}}],
       "shapes":[{"ty":"gr","nm":"G","it":[
          {"ty":"sr","sy":1,"p":{"a":0,"k":[0,0]},"pt":{"a":0,"k":5},"r":{"a":0,"k":0},"ir":{"a":0,"k":10},"or":{"a":0,"k":25},"is":{"a":0,"k":0},"os":{"a":0,"k":0}},
          {"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":3},"lc":2,"lj":2,"d":[{"n":"d","v":{"a":0,"k":4}},{"n":"g","v":{"a":0,"k":2}}]},
          {"ty":"gf","t":2,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[25,0]},"o":{"a":0,"k":100},"g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,1,1,0]}}},
          {"ty":"tm","s":{"a":0,"k":0},"e":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":30,"s":[100]}]},"o":{"a":0,"k":0},"m":1},
          {"ty":"rp","c":{"a":0,"k":3},"o":{"a":0,"k":0},"m":1,"tr":{"ty":"tr","p":{"a":0,"k":[30,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[90,90]},"r":{"a":0,"k":20},"so":{"a":0,"k":100},"eo":{"a":0,"k":50}}},
          {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]}
     ]}
    """#

    @Test(arguments: SwiftTypeCheckTests.platforms)
    func anImportedLottieFileExportsSwiftThatCompiles(_ platform: SwiftOptions.Platform) throws {
        let result = try LottieImport.document(from: Data(Self.file.utf8))
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        let source = SwiftTypeCheckTests.export(result.document, platform, file: "all.swift")
        let check = try SwiftTypeCheck.check([("all.swift", source)], platform: platform)
        #expect(check.ok, "\(check.errors)")
    }
}
