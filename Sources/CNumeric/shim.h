// Float-to-integer conversions without Swift's range checks, for the per-pixel and per-edge
// loops of the rasterizer, whose values are bounded before they are converted. Each is one
// instruction once inlined; Swift's `Int(_:)` adds about eight (NaN and range tests) per call.
// Calling them with a value outside the integer's range is undefined.
#ifndef LAYERLAB_CNUMERIC_H
#define LAYERLAB_CNUMERIC_H

static inline long layerlab_truncate(double x) { return (long)x; }
static inline int layerlab_truncate_float(float x) { return (int)x; }

#endif
