// Small numeric kernels for the rasterizer's innermost loops, where Swift's checked
// conversions and per-channel code cost more than the arithmetic: a float-to-integer
// conversion without range checks (for values the caller has bounded; outside the
// integer's range they are undefined) and the blend of one RGBA pixel.
#ifndef LAYERLAB_CNUMERIC_H
#define LAYERLAB_CNUMERIC_H

#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// Every product and sum rounded on its own, as Swift evaluates them: no fused multiply-add.
#pragma STDC FP_CONTRACT OFF

static inline long layerlab_truncate(double x) { return (long)x; }

// The pixel `dst` (bytes r, g, b, a in memory order) blended with the straight colour
// (r, g, b, 255) at weight 0 < k < 1: each channel `c * k + d * (1 - k) + 0.5`, truncated,
// with the same float operations in the same order as a scalar blend, so the same bytes.
static inline uint32_t layerlab_blend(uint32_t dst, float r, float g, float b, float k) {
    float inv = 1.0f - k;
#if defined(__SSE2__)
    __m128i zero = _mm_setzero_si128();
    __m128i d16 = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)dst), zero);
    __m128 d = _mm_cvtepi32_ps(_mm_unpacklo_epi16(d16, zero));
    __m128 c = _mm_set_ps(255.0f, b, g, r);
    __m128 v = _mm_add_ps(_mm_add_ps(_mm_mul_ps(c, _mm_set1_ps(k)), _mm_mul_ps(d, _mm_set1_ps(inv))),
                          _mm_set1_ps(0.5f));
    __m128i i32 = _mm_cvttps_epi32(v);
    __m128i i16 = _mm_packs_epi32(i32, i32);
    return (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(i16, i16));
#else
    const float c[4] = { r, g, b, 255.0f };
    uint32_t out = 0;
    for (int i = 0; i < 4; i++) {
        float d = (float)((dst >> (8 * i)) & 0xFF);
        float t = c[i] * k;
        float u = d * inv;
        float v = t + u;
        v = v + 0.5f;
        out |= (uint32_t)(int)v << (8 * i);
    }
    return out;
#endif
}

// The pixel `dst` (bytes r, g, b, a in memory order) under the premultiplied colour
// (sr, sg, sb, sa) weighted by k: each channel `s * k * 255 + d * (1 - sa * k) + 0.5`,
// clamped to 0...255 and truncated (NaN gives 0), with the same float operations in the same
// order as a scalar blend, so the same bytes. The caller skips `sa * k <= 0`.
static inline uint32_t layerlab_over(uint32_t dst, float sr, float sg, float sb, float sa, float k) {
    float inv = 1.0f - sa * k;
#if defined(__SSE2__)
    __m128i zero = _mm_setzero_si128();
    __m128i d16 = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)dst), zero);
    __m128 d = _mm_cvtepi32_ps(_mm_unpacklo_epi16(d16, zero));
    __m128 s = _mm_set_ps(sa, sb, sg, sr);
    __m128 t = _mm_mul_ps(_mm_mul_ps(s, _mm_set1_ps(k)), _mm_set1_ps(255.0f));
    __m128 v = _mm_add_ps(_mm_add_ps(t, _mm_mul_ps(d, _mm_set1_ps(inv))), _mm_set1_ps(0.5f));
    // min(255, v): 255 when v is larger, v itself when v is NaN (then truncated to 0).
    v = _mm_min_ps(_mm_set1_ps(255.0f), v);
    __m128i i32 = _mm_cvttps_epi32(v);
    __m128i i16 = _mm_packs_epi32(i32, i32);
    return (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(i16, i16));
#else
    const float s[4] = { sr, sg, sb, sa };
    uint32_t out = 0;
    for (int i = 0; i < 4; i++) {
        float d = (float)((dst >> (8 * i)) & 0xFF);
        float t = s[i] * k;
        t = t * 255.0f;
        float u = d * inv;
        float x = t + u;
        x = x + 0.5f;
        uint32_t b = x > 0 ? (x >= 255.0f ? 255u : (uint32_t)x) : 0u;
        out |= b << (8 * i);
    }
    return out;
#endif
}

#endif
