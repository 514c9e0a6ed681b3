#ifndef SCENEROUTER_CPCRE2_SHIM_H
#define SCENEROUTER_CPCRE2_SHIM_H

// Only the 8-bit (UTF-8) library is used; pcre2.h needs the width before inclusion.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#endif
