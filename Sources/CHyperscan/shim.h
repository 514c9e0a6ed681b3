#ifndef SCENEROUTER_CHYPERSCAN_SHIM_H
#define SCENEROUTER_CHYPERSCAN_SHIM_H

// Debian installs the headers under hs/ (pkg-config's -I points there as well).
#include <hs/hs.h>

#endif
