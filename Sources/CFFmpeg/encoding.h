#ifndef STROKESCOPE_CFFMPEG_ENCODING_H
#define STROKESCOPE_CFFMPEG_ENCODING_H
// ---- Encoding helpers (MovieEncoder) ----
// Kept in their own header so that the decoding side's additions to shim.h never meet these.
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libavutil/frame.h>

// MKTAG is a macro Swift cannot import: a four-character code such as 'hvc1'.
static inline unsigned int strokescope_fourcc(char a, char b, char c, char d) {
    return MKTAG(a, b, c, d);
}

// sws_scale from one packed RGBA buffer into a frame's planes. AVFrame's `data` and `linesize`
// are fixed-size C arrays that Swift sees as tuples; passing the frame keeps them in C.
static inline int strokescope_scale_rgba_into_frame(struct SwsContext *sws, const uint8_t *rgba,
                                                    int stride, int height, AVFrame *frame) {
    const uint8_t *source[1] = { rgba };
    const int sourceStride[1] = { stride };
    return sws_scale(sws, source, sourceStride, 0, height, frame->data, frame->linesize);
}
#endif
