import XCTest
import Foundation
@testable import LayerLabLottie

final class LottieSniffTests: XCTestCase {
    func testTellsLottieFromAProject() {
        XCTAssertTrue(LottieImport.looksLikeLottie(Data(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[]}"#.utf8)))
        XCTAssertTrue(LottieImport.looksLikeLottie(Data("\n  {\n \"nm\": \"x\", \"v\": \"4.8.0\", \"fr\": 25, \"layers\": []}".utf8)))
        XCTAssertFalse(LottieImport.looksLikeLottie(Data(#"{"format": "layerlab-project", "version": 1, "v": "1", "layers": []}"#.utf8)))
        XCTAssertFalse(LottieImport.looksLikeLottie(Data("layer box\n".utf8)))
        XCTAssertFalse(LottieImport.looksLikeLottie(Data(#"{"version":2,"width":80}"#.utf8)))
    }
}
