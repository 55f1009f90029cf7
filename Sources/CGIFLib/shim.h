#ifndef STROKESCOPE_CGIFLIB_SHIM_H
#define STROKESCOPE_CGIFLIB_SHIM_H
// giflib's public API (DGif* streaming decoder, EGif* encoder).
#include <gif_lib.h>
#endif
