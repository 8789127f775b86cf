// The kernels are `static inline` in include/CNumeric.h, so Swift inlines them at each call;
// this file makes CNumeric an ordinary C target, whose header SwiftPM tracks for rebuilds.
#include "CNumeric.h"
