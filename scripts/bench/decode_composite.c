/*
 * decode_composite: the C baseline for scripts/bench-decode.sh.
 *
 *   cc -O2 -o decode_composite decode_composite.c -lgif
 *   decode_composite [--every-frame] FILE.gif
 *
 * Decodes and composites every frame of a GIF the way Sources/GIFCodec does (GIFDecoder.swift
 * and Compositor.swift), so that timing the two compares the Swift code against plain C doing
 * the same work, not against a cleverer algorithm:
 *
 *   - giflib's streaming record API: DGifGetRecordType loop, DGifGetImageDesc, then
 *     GifFreeSavedImages + ImageCount = 0 per image so memory does not grow with the frame
 *     count, DGifGetLine one row at a time in stored (interlace) order;
 *   - graphic control extensions (disposal, transparency, delay) and the NETSCAPE2.0 /
 *     ANIMEXTS1.0 loop block;
 *   - a 256-entry lookup from index to RGBA word (past the palette: opaque black; the
 *     transparent index: 0, which the row loop skips);
 *   - each row composited straight into one RGBA canvas; disposal 2 clears the frame's
 *     rectangle to transparent and 3 restores the saved rectangle, when the next frame begins.
 *
 * Prints `frames N loop L delay_cs D checksum HEX` (L is -1 without a loop block, D the sum of
 * the drawn frames' stored delays), where HEX is FNV-1a 64 over the final canvas (or, with
 * --every-frame, over every frame's canvas in turn). `strokescope-bench checksum` prints the
 * same line from GIFDecoder, so equal lines mean byte-identical compositing.
 */
#include <gif_lib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *path;

static void fail(const char *what, int code) {
    const char *why = GifErrorString(code);
    fprintf(stderr, "decode_composite: %s: %s (%s)\n", path, what, why ? why : "unknown giflib error");
    exit(1);
}

static void *checked_malloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "decode_composite: %s: out of memory\n", path);
        exit(1);
    }
    return p;
}

typedef struct { int x, y, w, h; } Rect;

static Rect intersect(Rect a, Rect b) {
    int x0 = a.x > b.x ? a.x : b.x, y0 = a.y > b.y ? a.y : b.y;
    int x1 = a.x + a.w < b.x + b.w ? a.x + a.w : b.x + b.w;
    int y1 = a.y + a.h < b.y + b.h ? a.y + a.h : b.y + b.h;
    Rect r = {x0, y0, 0, 0};
    if (x1 > x0 && y1 > y0) { r.w = x1 - x0; r.h = y1 - y0; }
    return r;
}

static uint64_t fnv1a(uint64_t h, const uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i++) { h ^= p[i]; h *= 0x100000001B3ULL; }
    return h;
}

int main(int argc, char **argv) {
    int every_frame = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--every-frame") == 0) every_frame = 1;
        else if (!path && argv[i][0] != '-') path = argv[i];
        else { fprintf(stderr, "usage: decode_composite [--every-frame] FILE.gif\n"); return 64; }
    }
    if (!path) { fprintf(stderr, "usage: decode_composite [--every-frame] FILE.gif\n"); return 64; }

    int error = 0;
    GifFileType *gif = DGifOpenFileName(path, &error);
    if (!gif) fail("cannot open", error);

    const int width = gif->SWidth, height = gif->SHeight;
    if (width <= 0 || height <= 0) { fprintf(stderr, "decode_composite: %s: zero-size screen\n", path); return 1; }
    const Rect screen = {0, 0, width, height};
    /* Copy the global palette now: giflib owns SColorMap, and we only need the colours. */
    GifColorType global[256];
    int global_count = 0;
    if (gif->SColorMap) {
        global_count = gif->SColorMap->ColorCount > 256 ? 256 : gif->SColorMap->ColorCount;
        memcpy(global, gif->SColorMap->Colors, sizeof(GifColorType) * (size_t)global_count);
    }

    uint32_t *canvas = calloc((size_t)width * height, 4);   /* starts transparent */
    if (!canvas) fail("canvas", D_GIF_ERR_NOT_ENOUGH_MEM);
    uint32_t *saved = NULL;                                  /* region under a disposal-3 frame */
    size_t saved_capacity = 0;
    GifPixelType *row = NULL;
    int row_capacity = 0;

    /* Graphic control waiting for the next image; the previous frame's disposal and rectangle. */
    int disposal = 0, transparent = -1, delay = 0;
    int pending_disposal = 0;
    Rect pending_rect = {0, 0, 0, 0};
    long loop = -1;
    long frames = 0, past_palette = 0, total_delay = 0;
    uint64_t hash = 0xCBF29CE484222325ULL;

    GifRecordType type;
    do {
        if (DGifGetRecordType(gif, &type) == GIF_ERROR) fail("block header", gif->Error);
        switch (type) {
        case EXTENSION_RECORD_TYPE: {
            int code;
            GifByteType *block;
            if (DGifGetExtension(gif, &code, &block) == GIF_ERROR) fail("extension", gif->Error);
            int first = 1, is_loop = 0;
            while (block) {
                int len = block[0];
                const GifByteType *d = block + 1;
                if (code == GRAPHICS_EXT_FUNC_CODE && first && len >= 4) {
                    disposal = (d[0] >> 2) & 7;
                    delay = d[1] | d[2] << 8;
                    transparent = (d[0] & 1) ? d[3] : -1;
                } else if (code == APPLICATION_EXT_FUNC_CODE && first) {
                    is_loop = len == 11 && (memcmp(d, "NETSCAPE2.0", 11) == 0 || memcmp(d, "ANIMEXTS1.0", 11) == 0);
                } else if (code == APPLICATION_EXT_FUNC_CODE && is_loop && len >= 3 && d[0] == 1) {
                    if (loop < 0) loop = d[1] | d[2] << 8;
                }
                first = 0;
                if (DGifGetExtensionNext(gif, &block) == GIF_ERROR) fail("extension", gif->Error);
            }
            break;
        }
        case IMAGE_DESC_RECORD_TYPE: {
            if (DGifGetImageDesc(gif) == GIF_ERROR) fail("image descriptor", gif->Error);
            /* As GIFDecoder does: drop giflib's record of every image seen so far. */
            GifFreeSavedImages(gif);
            gif->ImageCount = 0;

            GifImageDesc *desc = &gif->Image;
            Rect rect = {desc->Left, desc->Top, desc->Width, desc->Height};
            int frame_disposal = disposal, frame_transparent = transparent;
            total_delay += delay;
            disposal = 0; transparent = -1; delay = 0;

            if (rect.w <= 0 || rect.h <= 0) {
                /* A zero-size image draws nothing: read past its data. */
                int code_size;
                GifByteType *block;
                if (DGifGetCode(gif, &code_size, &block) == GIF_ERROR) fail("image data", gif->Error);
                while (block)
                    if (DGifGetCodeNext(gif, &block) == GIF_ERROR) fail("image data", gif->Error);
                break;
            }

            /* Colour lookup: palette colours opaque, past the palette opaque black, transparent 0.
             * Little-endian hosts: bytes R, G, B, A in memory. */
            uint32_t lut[256];
            const GifColorType *colors = global;
            int palette_size = global_count;
            if (desc->ColorMap) {
                colors = desc->ColorMap->Colors;
                palette_size = desc->ColorMap->ColorCount > 256 ? 256 : desc->ColorMap->ColorCount;
            }
            for (int i = 0; i < 256; i++) lut[i] = 0xFF000000u;
            for (int i = 0; i < palette_size; i++)
                lut[i] = (uint32_t)colors[i].Red | (uint32_t)colors[i].Green << 8 |
                         (uint32_t)colors[i].Blue << 16 | 0xFF000000u;
            if (frame_transparent >= 0) lut[frame_transparent] = 0;

            /* Previous frame's disposal, then save what this frame covers if it restores it. */
            Rect visible = intersect(rect, screen);
            if (pending_disposal == 2) {
                for (int y = pending_rect.y; y < pending_rect.y + pending_rect.h; y++)
                    memset(canvas + (size_t)y * width + pending_rect.x, 0, (size_t)pending_rect.w * 4);
            } else if (pending_disposal == 3 && pending_rect.w > 0) {
                for (int y = 0; y < pending_rect.h; y++)
                    memcpy(canvas + (size_t)(pending_rect.y + y) * width + pending_rect.x,
                           saved + (size_t)y * pending_rect.w, (size_t)pending_rect.w * 4);
            }
            if (frame_disposal == 3 && visible.w > 0) {
                size_t need = (size_t)visible.w * visible.h;
                if (need > saved_capacity) {
                    free(saved);
                    saved = checked_malloc(need * 4);
                    saved_capacity = need;
                }
                for (int y = 0; y < visible.h; y++)
                    memcpy(saved + (size_t)y * visible.w, canvas + (size_t)(visible.y + y) * width + visible.x,
                           (size_t)visible.w * 4);
            }
            pending_disposal = frame_disposal;
            pending_rect = visible;

            if (rect.w > row_capacity) {
                free(row);
                row = checked_malloc((size_t)rect.w);
                row_capacity = rect.w;
            }
            static const int starts[4] = {0, 4, 2, 1}, steps[4] = {8, 8, 4, 2};
            const int passes = desc->Interlace ? 4 : 1;
            for (int pass = 0; pass < passes; pass++) {
                const int start = desc->Interlace ? starts[pass] : 0, step = desc->Interlace ? steps[pass] : 1;
                for (int y = start; y < rect.h; y += step) {
                    if (DGifGetLine(gif, row, rect.w) == GIF_ERROR) fail("image data", gif->Error);
                    int cy = rect.y + y;
                    if (visible.w <= 0 || cy < visible.y || cy >= visible.y + visible.h) continue;
                    const GifPixelType *src = row + (visible.x - rect.x);
                    uint32_t *dst = canvas + (size_t)cy * width + visible.x;
                    const int n = visible.w;
                    if (palette_size >= 256) {
                        for (int i = 0; i < n; i++) {
                            uint32_t c = lut[src[i]];
                            if (c) dst[i] = c;
                        }
                    } else {
                        for (int i = 0; i < n; i++) {
                            if (src[i] >= palette_size) past_palette++;
                            uint32_t c = lut[src[i]];
                            if (c) dst[i] = c;
                        }
                    }
                }
            }
            frames++;
            if (every_frame) hash = fnv1a(hash, (const uint8_t *)canvas, (size_t)width * height * 4);
            break;
        }
        case TERMINATE_RECORD_TYPE:
            break;
        default:
            fail("unexpected record", D_GIF_ERR_WRONG_RECORD);
        }
    } while (type != TERMINATE_RECORD_TYPE);

    if (!every_frame) hash = fnv1a(hash, (const uint8_t *)canvas, (size_t)width * height * 4);
    printf("frames %ld loop %ld delay_cs %ld checksum %016llx\n", frames, loop, total_delay, (unsigned long long)hash);
    if (past_palette) fprintf(stderr, "decode_composite: %s: %ld pixels past the palette\n", path, past_palette);

    free(row);
    free(saved);
    free(canvas);
    DGifCloseFile(gif, &error);
    return 0;
}
