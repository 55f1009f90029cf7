#ifndef STROKESCOPE_CFFMPEG_ENCODING_H
#define STROKESCOPE_CFFMPEG_ENCODING_H
// ---- Encoding helpers (MovieEncoder) ----
// Kept in their own header so that the decoding side's additions to shim.h never meet these.
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libavutil/frame.h>
#include "functions.h"

// MKTAG is a macro Swift cannot import: a four-character code such as 'hvc1'.
static inline unsigned int strokescope_fourcc(char a, char b, char c, char d) {
    return MKTAG(a, b, c, d);
}

// sws_scale from one packed RGBA buffer into a frame's planes. AVFrame's `data` and `linesize`
// are fixed-size C arrays that Swift sees as tuples; passing the frame keeps them in C.
static inline int strokescope_scale_rgba_into_frame(const strokescope_ffmpeg *ff, struct SwsContext *sws, const uint8_t *rgba,
                                                    int stride, int height, AVFrame *frame) {
    const uint8_t *source[1] = { rgba };
    const int sourceStride[1] = { stride };
    return ff->sws_scale(sws, source, sourceStride, 0, height, frame->data, frame->linesize);
}

// avio_alloc_context for writing. FFmpeg 7 (libavformat 61) made the write callback's buffer
// const; Swift sees one signature, the const one, and this passes it as each version declares it
// (Homebrew's FFmpeg on macOS is 7.x, Debian's 5.1).
typedef int (*strokescope_avio_write)(void *opaque, const uint8_t *buffer, int size);
typedef int64_t (*strokescope_avio_seek)(void *opaque, int64_t offset, int whence);
static inline AVIOContext *strokescope_avio_alloc_writer(const strokescope_ffmpeg *ff, unsigned char *buffer, int size, void *opaque,
                                                         strokescope_avio_write write,
                                                         strokescope_avio_seek seek) {
#if LIBAVFORMAT_VERSION_MAJOR < 61
    return ff->avio_alloc_context(buffer, size, 1, opaque, NULL, (int (*)(void *, uint8_t *, int))write, seek);
#else
    return ff->avio_alloc_context(buffer, size, 1, opaque, NULL, write, seek);
#endif
}
#endif
