#ifndef STROKESCOPE_CLIBPNG_SHIM_H
#define STROKESCOPE_CLIBPNG_SHIM_H
// libpng's simplified write API (png_image_write_to_file / _to_memory).
#include <png.h>
#endif
