// The target's only API is the inline function in include/CMemoryHints.h; SwiftPM needs a
// source file to build a C target.
#include "CMemoryHints.h"
