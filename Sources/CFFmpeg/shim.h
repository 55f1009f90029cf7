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
#include <libavutil/display.h>
#include "functions.h"

// AVERROR(EAGAIN) and AVERROR_EOF are macros Swift cannot import; these are their values.
static inline int strokescope_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int strokescope_averror_eof(void) { return AVERROR_EOF; }
static inline int strokescope_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
static inline int strokescope_averror_stream_not_found(void) { return AVERROR_STREAM_NOT_FOUND; }
static inline int strokescope_averror_decoder_not_found(void) { return AVERROR_DECODER_NOT_FOUND; }
static inline int strokescope_averror_enomem(void) { return AVERROR(ENOMEM); }
/* AV_NOPTS_VALUE is a cast expression Swift does not import. */
static inline int64_t strokescope_nopts(void) { return AV_NOPTS_VALUE; }

/* Fields that moved between FFmpeg releases: these read them on 5.1 (Debian's) and on 7.x
   (Homebrew's) alike, so macOS builds against whichever is installed. */
static inline int64_t strokescope_frame_duration(const AVFrame *frame) {
#if LIBAVUTIL_VERSION_INT >= AV_VERSION_INT(57, 30, 100)
    return frame->duration;
#else
    return frame->pkt_duration;
#endif
}
static inline int strokescope_frame_is_key(const AVFrame *frame) {
#ifdef AV_FRAME_FLAG_KEY
    return (frame->flags & AV_FRAME_FLAG_KEY) != 0;
#else
    return frame->key_frame;
#endif
}
/* The stream's display rotation in degrees (counter-clockwise, as av_display_rotation_get
   gives it), or 0 when it has no display matrix. */
static inline double strokescope_stream_rotation(const strokescope_ffmpeg *ff, const AVStream *stream) {
    const uint8_t *matrix = NULL;
#if LIBAVFORMAT_VERSION_MAJOR >= 61
    const AVPacketSideData *sd = ff->av_packet_side_data_get(stream->codecpar->coded_side_data,
        stream->codecpar->nb_coded_side_data, AV_PKT_DATA_DISPLAYMATRIX);
    if (sd && sd->size >= 36) matrix = sd->data;
#else
    size_t size = 0;
    matrix = ff->av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size);
    if (size < 36) matrix = NULL;
#endif
    if (!matrix) return 0;
    double r = ff->av_display_rotation_get((const int32_t *)matrix);
    return r == r ? r : 0; /* NaN for a degenerate matrix */
}
#endif
