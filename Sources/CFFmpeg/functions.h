#ifndef STROKESCOPE_CFFMPEG_FUNCTIONS_H
#define STROKESCOPE_CFFMPEG_FUNCTIONS_H
// FFmpeg's functions, resolved with dlopen/dlsym the first time a movie is read or written, so
// that a run that never touches a movie never maps FFmpeg's libraries (Debian's pull in about
// 130 shared libraries, ~25 ms and ~25 MB on every start when linked; see
// docs/internals/decisions.md, "Start-up cost of linking FFmpeg").
//
// Each entry of the table has the exact type the installed headers declare (`__typeof__`), so
// the table follows whichever FFmpeg major the package is built against, and every call through
// it is checked by the compiler as a direct call would be.
#include <dlfcn.h>
#include <stddef.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libavutil/avutil.h>
#include <libavutil/display.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>

// The stream side data moved from the stream (libavformat < 61) to its codec parameters.
#if LIBAVFORMAT_VERSION_MAJOR >= 61
#define STROKESCOPE_FFMPEG_SIDE_DATA(X) X(av_packet_side_data_get)
#else
#define STROKESCOPE_FFMPEG_SIDE_DATA(X) X(av_stream_get_side_data)
#endif

// After editing this list, recompile all of MovieCodec (`touch Sources/MovieCodec/*.swift`):
// an incremental debug build does not always recompile every Swift file when a system library's
// header changes, and a stale one reads the table at the old offsets (a crash on the first call).
//
// Every exported FFmpeg function StrokeScope calls: the libraries' symbols are never linked
// directly, so one called without being listed here fails to link on Linux. (The headers'
// static inline functions, such as av_q2d, are called directly: they have no symbol.)
#define STROKESCOPE_FFMPEG_FUNCTIONS(X) \
    X(avformat_version) X(avcodec_version) \
    X(av_log_get_level) X(av_log_set_level) X(av_strerror) \
    X(av_malloc) X(av_free) X(av_d2q) \
    X(av_dict_set) X(av_dict_get) X(av_dict_free) \
    X(av_find_input_format) X(avformat_open_input) X(avformat_find_stream_info) \
    X(av_find_best_stream) X(av_read_frame) X(avformat_close_input) \
    X(avformat_alloc_output_context2) X(avformat_new_stream) X(avformat_write_header) \
    X(av_interleaved_write_frame) X(av_write_trailer) X(avformat_free_context) \
    X(avio_alloc_context) X(avio_flush) X(avio_context_free) \
    X(avcodec_find_decoder) X(avcodec_find_encoder_by_name) X(avcodec_get_name) \
    X(avcodec_alloc_context3) X(avcodec_free_context) X(avcodec_open2) \
    X(avcodec_parameters_to_context) X(avcodec_parameters_from_context) \
    X(avcodec_send_packet) X(avcodec_receive_frame) X(avcodec_send_frame) X(avcodec_receive_packet) \
    X(av_packet_alloc) X(av_packet_free) X(av_packet_unref) X(av_packet_rescale_ts) \
    X(av_frame_alloc) X(av_frame_free) X(av_frame_ref) X(av_frame_unref) X(av_frame_get_buffer) \
    X(av_frame_make_writable) X(av_frame_apply_cropping) \
    X(av_pix_fmt_desc_get) X(av_get_pix_fmt_name) X(av_display_rotation_get) \
    X(sws_getContext) X(sws_freeContext) X(sws_scale) X(sws_getCoefficients) \
    X(sws_setColorspaceDetails) \
    STROKESCOPE_FFMPEG_SIDE_DATA(X)

/// The table of FFmpeg's functions; filled whole by strokescope_ffmpeg_load, never in part.
typedef struct strokescope_ffmpeg {
#define STROKESCOPE_FFMPEG_FIELD(name) __typeof__(&name) _Nonnull name;
    STROKESCOPE_FFMPEG_FUNCTIONS(STROKESCOPE_FFMPEG_FIELD)
#undef STROKESCOPE_FFMPEG_FIELD
} strokescope_ffmpeg;

#define STROKESCOPE_STRINGIFY_(x) #x
#define STROKESCOPE_STRINGIFY(x) STROKESCOPE_STRINGIFY_(x)
// The shared libraries whose ABI the headers describe: the major version is the soname's.
#if defined(__APPLE__)
#define STROKESCOPE_FFMPEG_LIBRARY(name, major) "lib" name "." STROKESCOPE_STRINGIFY(major) ".dylib"
#else
#define STROKESCOPE_FFMPEG_LIBRARY(name, major) "lib" name ".so." STROKESCOPE_STRINGIFY(major)
#endif

/// Fills `table` and returns NULL, or returns why it could not (a static or dlerror string)
/// and leaves `table` unspecified. When the process already has FFmpeg's functions (an
/// executable linked against them, as on macOS), those are used; otherwise the four libraries
/// are opened by their sonames, once per call: the caller keeps the table for the process.
static inline const char *strokescope_ffmpeg_load(strokescope_ffmpeg *table) {
    void *handles[4] = { RTLD_DEFAULT, NULL, NULL, NULL };
    size_t count = 1;
    if (dlsym(RTLD_DEFAULT, "avformat_version") == NULL || dlsym(RTLD_DEFAULT, "sws_scale") == NULL) {
        const char *names[4] = {
            STROKESCOPE_FFMPEG_LIBRARY("avutil", LIBAVUTIL_VERSION_MAJOR),
            STROKESCOPE_FFMPEG_LIBRARY("avcodec", LIBAVCODEC_VERSION_MAJOR),
            STROKESCOPE_FFMPEG_LIBRARY("avformat", LIBAVFORMAT_VERSION_MAJOR),
            STROKESCOPE_FFMPEG_LIBRARY("swscale", LIBSWSCALE_VERSION_MAJOR),
        };
        count = 0;
        for (size_t i = 0; i < 4; i++) {
            void *handle = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
            if (handle == NULL) {
                const char *why = dlerror();
                return why ? why : names[i];
            }
            handles[count++] = handle;
        }
    }
#define STROKESCOPE_FFMPEG_BIND(name) \
    { \
        void *symbol = NULL; \
        for (size_t i = 0; i < count && symbol == NULL; i++) symbol = dlsym(handles[i], #name); \
        if (symbol == NULL) return "missing function " #name; \
        table->name = (__typeof__(table->name))symbol; \
    }
    STROKESCOPE_FFMPEG_FUNCTIONS(STROKESCOPE_FFMPEG_BIND)
#undef STROKESCOPE_FFMPEG_BIND
    return NULL;
}
#endif
