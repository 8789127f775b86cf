import Testing
@testable import LayerLabCore

/// Long jobs are refused with their estimate; conversions of user numbers never trap.
struct LimitsTests {
    @Test func jobsOverThePixelBudgetAreRefusedWithTheirEstimate() {
        // `frames` of 100,000 frames at 2000x1000 braille cells: about 27 hours of drawing.
        let why = Limits.jobRefusal(frames: 100_000, pixelsPerFrame: 2000 * 1000 * 8)
        #expect(why?.contains("100000 frames of 16000000 pixels each is 1600 billion pixels") == true)
        #expect(Limits.jobRefusal(frames: 100, pixelsPerFrame: 640 * 480) == nil)
        #expect(Limits.jobRefusal(frames: Int.max, pixelsPerFrame: Int.max) != nil, "no overflow")
    }

    @Test func clampedConversionsAreTotal() {
        #expect(clampedInt(.nan, 0, 9) == 0)
        #expect(clampedInt(.infinity, 0, 9) == 9)
        #expect(clampedInt(-1e300, -5, 9) == -5)
        #expect(clampedInt(4.7, 0, 9) == 4)
        #expect(saturatingInt(1e300) == Int.max)
        #expect(saturatingInt(-1e300) == Int.min)
        #expect(saturatingInt(.nan) == 0)
        // The unchecked conversion at the ends of its range, and towards zero.
        #expect(saturatingInt(0x1p63.nextDown) == 9_223_372_036_854_774_784)
        #expect(saturatingInt(-0x1p63.nextDown) == -9_223_372_036_854_774_784)
        #expect(clampedInt(-4.7, -9, 9) == -4)
        #expect(truncatedInt(-0.5) == 0 && truncatedInt(7.999) == 7)
    }

    /// The rasterizer clamps with `larger(v, 0)`: a NaN becomes the bound, never an index.
    @Test func largerKeepsTheSecondUnlessTheFirstIsLarger() {
        #expect(larger(.nan, 0) == 0)
        #expect(larger(3, .nan).isNaN)
        #expect(larger(2, 1) == 2 && larger(1, 2) == 2)
        #expect(larger(-0.0, 0.0).sign == .plus && larger(0.0, -0.0).sign == .minus)
        #expect(larger(-.infinity, 0) == 0 && larger(.infinity, 0) == .infinity)
    }
}
