#ifndef STROKESCOPE_CMALLOCTUNING_SHIM_H
#define STROKESCOPE_CMALLOCTUNING_SHIM_H
// glibc's malloc tuning (mallopt, M_ARENA_MAX), which the Glibc module does not export.
// Linux only: the executable imports this module only there.
#include <malloc.h>
#endif
