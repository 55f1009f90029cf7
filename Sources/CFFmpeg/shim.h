#ifndef STROKESCOPE_CFFMPEG_SHIM_H
#define STROKESCOPE_CFFMPEG_SHIM_H
// FFmpeg's public API: containers (libavformat), codecs (libavcodec), colour conversion and
// scaling (libswscale), and the shared utilities (libavutil): frames, rationals, errors.
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libavutil/avutil.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libavutil/error.h>

// AVERROR(EAGAIN) and AVERROR_EOF are macros Swift cannot import; these are their values.
static inline int strokescope_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int strokescope_averror_eof(void) { return AVERROR_EOF; }
#endif
